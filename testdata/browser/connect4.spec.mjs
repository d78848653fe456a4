// Browser test of the site's Connect Four page (connect4.html: pkg/connect4
// and pkg/algos compiled to WebAssembly, in a Blob-URL Web Worker), in real
// headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core).
// internal/site's TestConnect4InBrowser runs it:
//
//	node testdata/browser/connect4.spec.mjs EXPECT.json
//
// EXPECT.json: {"dir": "/abs/site",               // a site with connect4.html
//               "origin": "http://127.0.0.1:PORT", // a static server of dir
//               "out": "/abs/dir",                 // screenshots
//               "position": "1232134743334",       // moves; the side to move loses
//               "scores": [{"column": 1, "score": -13, "text": "lose in 5"}, …],
//               "nodes": 1234,                       // the scores' negamax calls
//               "game": "3376272241",                // where the game starts
//               "more": [{"moves": …, "scores": […], "nodes": n}, …], // test-set lines' scores
//               "speed": [{"moves": …, "score": s, "nodes": n, "micros": µs}, …], // native solves
//               "slow": "11",                        // out of the book, minutes to solve
//               "draw": "…",                         // 38 moves; every way on is a draw
//               "bookPositions": n, "bookPlies": p}  // the opening book
//
// From the file:// URL and from the server, it waits for the solver to load,
// starts a game from position with the reader to move against the solver,
// asks for the scores and compares them with the expected ones (computed
// natively by internal/c4play, in as many nodes), then starts again from
// game and plays the leftmost free column with the keys 1–7, the scores
// shown, until the game ends and checks that the opponent won, with
// the opponent's node count shown; then a game where a search (alphabeta at
// depth 4) starts, a bad start position, Stop during the solver's search
// of a position out of the opening book (slow), a move played while the
// moves are being scored, and a game to a draw from draw. Over http only:
// a whole game against the solver from the empty board, the reader playing
// alphabeta's moves at depth 6, timed move by move (the opening book, then the
// solver); the solver's speed (op "solve" in a worker of its own) against
// the native one on speed's positions, in as many nodes; and the page at a
// phone's width (375 px): nothing wider than the screen. No console error,
// page error or request outside the site is allowed. Screenshots:
// connect4-start.png, connect4-scores.png, connect4-end.png,
// connect4-thinking.png, connect4-draw.png (of the http run),
// connect4-narrow.png.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, allowOnly, quietChecker, deadline } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { check, failures } = quietChecker();
const problems = [];


const timer = deadline(900);

const fileBase = pathToFileURL(expect.dir).href.replace(/\/?$/, "/");
const httpBase = expect.origin.replace(/\/?$/, "/");
const context = await launch(expect.out, { width: 1100, height: 820 }, expect.profile);

try {
  await allowOnly(context, [httpBase, "file://", "data:", "blob:"], problems);
  for (const [mode, base] of [["file", fileBase], ["http", httpBase]]) {
    const page = await context.newPage();
    page.on("console", (m) => { if (m.type() === "error") problems.push(`${mode}: console: ${m.text()}`); });
    page.on("pageerror", (e) => problems.push(`${mode}: page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`${mode}: failed request ${r.url()}`));
    const t0 = Date.now();
    await page.goto(base + "connect4.html", { waitUntil: "load" });
    await page.waitForSelector("body[data-c4-ready]", { timeout: 120_000 });
    const loadMs = Date.now() - t0;
    console.log(`${mode}: the solver was ready ${loadMs} ms after navigation (the page reports ${await page.getAttribute("body", "data-c4-ready")} ms)`);
    const opponents = await page.locator("#c4-opponent option").allTextContents();
    check(opponents.length > 10 && opponents[0] === "the perfect solver" && opponents.some((o) => o.startsWith("mtdf")),
      `${mode}: the opponents are the solver and the registry's searches (${opponents.length})`);
    const ready = await page.textContent("#c4-status");
    check(ready.includes(`its opening book ${expect.bookPositions.toLocaleString("en")} positions of up to ${expect.bookPlies} stones`), `${mode}: the page names its opening book: "${ready}"`);
    if (mode === "http") await page.screenshot({ path: join(expect.out, "connect4-start.png"), fullPage: true });

    // Scores of a known position, the reader to move.
    await page.fill("#c4-start", expect.position);
    await page.check('input[name="first"][value="you"]');
    await page.selectOption("#c4-opponent", "solver");
    await page.click("#c4-new");
    await page.waitForFunction(() => !document.querySelector(".c4-col").disabled || document.querySelector("#c4-status").dataset.result, null, { timeout: 60_000 });
    check((await page.textContent("#c4-moves")) === expect.position, `${mode}: the game starts from ${expect.position}`);
    await page.click("#c4-show-scores");
    await page.waitForFunction((n) => [...document.querySelectorAll(".c4-score")].filter((s) => s.textContent).length === n,
      expect.scores.length, { timeout: 120_000 });
    for (const s of expect.scores) {
      const got = await page.textContent(`.c4-score[data-col="${s.column}"]`);
      const want = `${s.score > 0 ? "+" : ""}${s.score} ${s.text}`;
      check(got === want, `${mode}: column ${s.column} scores "${got}", want "${want}"`);
    }
    const scoresCost = await page.textContent("#c4-scores-cost");
    check(new RegExp(`^Scores: ${expect.nodes.toLocaleString("en")} nodes in \\d+\\.\\d\\d s\\.$`).test(scoresCost),
      `${mode}: the scores cost ${expect.nodes} nodes, as natively: "${scoresCost}"`);
    if (mode === "http") await page.screenshot({ path: join(expect.out, "connect4-scores.png"), fullPage: true });

    // More positions of the test sets: the shown scores are the native ones.
    for (const m of expect.more) {
      await page.fill("#c4-start", m.moves);
      await page.click("#c4-new");
      await page.waitForFunction((mv) => document.querySelector("#c4-moves").textContent === mv &&
        document.querySelector("#c4-scores-cost").textContent.startsWith("Scores:"), m.moves, { timeout: 120_000 });
      for (const s of m.scores) {
        const got = await page.textContent(`.c4-score[data-col="${s.column}"]`);
        const want = `${s.score > 0 ? "+" : ""}${s.score} ${s.text}`;
        check(got === want, `${mode}: ${m.moves}: column ${s.column} scores "${got}", want "${want}"`);
      }
      const c = await page.textContent("#c4-scores-cost");
      check(c.startsWith(`Scores: ${m.nodes.toLocaleString("en")} nodes in `), `${mode}: ${m.moves}: ${m.nodes} nodes, as natively: "${c}"`);
    }

    // From game, play the leftmost free column with the keyboard until the
    // game ends.
    await page.fill("#c4-start", expect.game);
    await page.click("#c4-new");
    await page.waitForFunction((g) => document.querySelector("#c4-moves").textContent === g &&
      document.querySelector("#c4-scores-cost").textContent.startsWith("Scores:") && document.querySelector(".c4-col:not([disabled])"),
      expect.game, { timeout: 120_000 });
    console.log(`${mode}: from ${expect.game}, ${await page.textContent("#c4-scores-cost")}`);
    const t1 = Date.now();
    let plies = 0;
    for (; plies < 42; plies++) {
      const result = await page.getAttribute("#c4-status", "data-result");
      if (result) break;
      const free = await page.locator(".c4-col:not([disabled])").first().getAttribute("data-col");
      const before = await page.textContent("#c4-moves");
      await page.keyboard.press(free);
      await page.waitForFunction((b) => document.querySelector("#c4-status").dataset.result ||
        (document.querySelector("#c4-moves").textContent.length >= b.length + 2 && document.querySelector(".c4-col:not([disabled])") !== null),
        before, { timeout: 120_000 });
    }
    console.log(`${mode}: the game from ${expect.game} took ${Date.now() - t1} ms: ${await page.textContent("#c4-moves")}`);
    const status = await page.textContent("#c4-status");
    check((await page.getAttribute("#c4-status", "data-result")) === "opponent" && status.startsWith("The opponent wins"),
      `${mode}: the game ends with the solver's win (${plies} moves of the reader): "${status}"`);
    check(/^Opponent's last move: column [1-7], [\d,]+ nodes in \d+\.\d{3} s; the position's score for it \+\d+\.$/.test(await page.textContent("#c4-cost")),
      `${mode}: the solver's last move's cost: "${await page.textContent("#c4-cost")}"`);
    const four = await page.locator(".c4-cell.c4-four.c4-o").count();
    check(four === 4 && / moves \((column [1-7] row [1-6](, |\)\. New game\?$)){4}/.test(status), `${mode}: the winning four is marked on the board (${four}) and named`);
    check((await page.locator(".c4-col:not([disabled])").count()) === 0, `${mode}: no column can be played after the end`);
    const stones = await page.locator(".c4-cell.c4-x, .c4-cell.c4-o").count();
    check(stones === (await page.textContent("#c4-moves")).length, `${mode}: the board shows ${stones} stones, one per move`);
    if (mode === "http") await page.screenshot({ path: join(expect.out, "connect4-end.png"), fullPage: true });

    // A search starts from the empty board (scores hidden: they would take
    // the solver minutes there).
    await page.click("#c4-show-scores");
    check((await page.textContent("#c4-show-scores")) === "Show scores", `${mode}: the scores are hidden`);
    await page.fill("#c4-start", "");
    await page.check('input[name="first"][value="opponent"]');
    await page.selectOption("#c4-opponent", "alphabeta");
    await page.fill("#c4-depth", "4");
    await page.click("#c4-new");
    await page.waitForFunction(() => document.querySelector("#c4-moves").textContent.length === 1, null, { timeout: 60_000 });
    const cost = await page.textContent("#c4-cost");
    check(/^Opponent's last move: column [1-7], [\d,]+ nodes in \d+\.\d{3} s; value -?\d+ \(X's side, heuristic\)\.$/.test(cost),
      `${mode}: alphabeta at depth 4 opens: "${cost}"`);

    // Bad input: the Go error in the status line, the game unchanged.
    const movesBefore = await page.textContent("#c4-moves");
    await page.fill("#c4-start", "48");
    await page.click("#c4-new");
    await page.waitForFunction(() => document.querySelector("#c4-status").textContent.startsWith("Start from:"), null, { timeout: 30_000 });
    check((await page.textContent("#c4-status")) === "Start from: connect four: offset 1: '8' is not a column digit 1-7" &&
      (await page.textContent("#c4-moves")) === movesBefore, `${mode}: a bad start position is one line: "${await page.textContent("#c4-status")}"`);

    // The solver out of its book with two stones thinks for long: the page
    // stays responsive, shows the time, and Stop ends it.
    await page.fill("#c4-start", expect.slow);
    await page.selectOption("#c4-opponent", "solver");
    await page.click("#c4-new");
    await page.waitForFunction(() => /^The solver is thinking… [1-9]\d*\.\d s \(out of the opening book, with fewer than ten stones the solver may need minutes/.test(document.querySelector("#c4-status").textContent), null, { timeout: 30_000 });
    if (mode === "http") await page.screenshot({ path: join(expect.out, "connect4-thinking.png"), fullPage: true });
    const clicked = Date.now();
    await page.click("#c4-stop");
    await page.waitForFunction(() => document.querySelector("#c4-status").textContent.startsWith("Stopped. Start a new game"), null, { timeout: 60_000 });
    check(Date.now() - clicked < 30_000 && (await page.textContent("#c4-moves")) === expect.slow, `${mode}: Stop ends the solver's search (${Date.now() - clicked} ms)`);
    await page.fill("#c4-start", expect.position);
    await page.check('input[name="first"][value="you"]');
    await page.click("#c4-new");
    await page.waitForFunction((p) => document.querySelector("#c4-status").textContent.startsWith("Your move") &&
      document.querySelector("#c4-moves").textContent === p && document.querySelector(".c4-col:not([disabled])"), expect.position, { timeout: 60_000 });
    check(true, `${mode}: after Stop a new game starts`);

    // While the reader's moves are being scored (minutes with three stones
    // out of the book), the reader may still move: the scoring stops.
    await page.click("#c4-show-scores");
    await page.fill("#c4-start", expect.slow);
    await page.selectOption("#c4-opponent", "alphabeta");
    await page.fill("#c4-depth", "2");
    await page.click("#c4-new");
    await page.waitForFunction(() => document.querySelector("#c4-status").textContent.startsWith("Scoring your moves (you may play meanwhile)… "), null, { timeout: 60_000 });
    await page.keyboard.press("4");
    await page.waitForFunction((n) => document.querySelector("#c4-moves").textContent.length === n, expect.slow.length + 2, { timeout: 60_000 });
    check((await page.textContent("#c4-moves"))[expect.slow.length] === "4", `${mode}: a move during the scoring is played: ${await page.textContent("#c4-moves")}`);

    // A game to a draw: the board fills without a four.
    await page.fill("#c4-start", expect.draw);
    await page.check('input[name="first"][value="you"]');
    await page.selectOption("#c4-opponent", "solver");
    await page.click("#c4-new");
    await page.waitForFunction((d) => document.querySelector("#c4-moves").textContent === d && document.querySelector(".c4-col:not([disabled])"), expect.draw, { timeout: 60_000 });
    for (let plies = 0; plies < 4; plies++) {
      if (await page.getAttribute("#c4-status", "data-result")) break;
      const free = await page.locator(".c4-col:not([disabled])").first().getAttribute("data-col");
      const before = await page.textContent("#c4-moves");
      await page.keyboard.press(free);
      await page.waitForFunction((b) => document.querySelector("#c4-status").dataset.result ||
        (document.querySelector("#c4-moves").textContent.length >= b.length + 2 && document.querySelector(".c4-col:not([disabled])") !== null),
        before, { timeout: 60_000 });
    }
    const drawStatus = await page.textContent("#c4-status");
    check((await page.getAttribute("#c4-status", "data-result")) === "draw" && drawStatus === "Draw: the board is full (42 moves). New game?" &&
      (await page.locator(".c4-cell.c4-four").count()) === 0 && (await page.locator(".c4-cell.c4-x, .c4-cell.c4-o").count()) === 42,
      `${mode}: from ${expect.draw} the game ends in a draw: "${drawStatus}"`);
    check((await page.locator(".c4-col:not([disabled])").count()) === 0, `${mode}: no column can be played after the draw`);
    if (mode === "http") await page.screenshot({ path: join(expect.out, "connect4-draw.png"), fullPage: true });

    if (mode === "http") {
      await wholeGame(page);
      await speed(page);
    }
    await page.close();
  }

  // The page at a phone's width: the board, the columns and the controls
  // fit; a game starts and a column can be played.
  const phone = await context.newPage();
  phone.on("pageerror", (e) => problems.push(`phone: page error: ${e.message}`));
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(httpBase + "connect4.html", { waitUntil: "load" });
  await phone.waitForSelector("body[data-c4-ready]", { timeout: 120_000 });
  const layout = await phone.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const boxes = [...document.querySelectorAll(".c4-col, .c4-board, .c4-cell, #c4-new, #c4-show-scores, #c4-status")].map((e) => e.getBoundingClientRect());
    return { w, scroll: document.documentElement.scrollWidth, outside: boxes.filter((b) => b.left < 0 || b.right > w + 0.5).length,
      cell: document.querySelector(".c4-cell").getBoundingClientRect().width };
  });
  check(layout.scroll <= layout.w && layout.outside === 0 && layout.cell >= 30,
    `phone: at 375 px nothing is wider than the screen (scroll width ${layout.scroll}, ${layout.outside} elements outside, cells ${layout.cell.toFixed(1)} px)`);
  await phone.fill("#c4-start", expect.position);
  await phone.click("#c4-new");
  await phone.waitForFunction(() => document.querySelector(".c4-col:not([disabled])"), null, { timeout: 60_000 });
  await phone.locator('.c4-col[data-col="4"]').click();
  await phone.waitForFunction((n) => document.querySelector("#c4-moves").textContent.length >= n, expect.position.length + 2, { timeout: 120_000 });
  check(true, `phone: a column clicked plays: ${await phone.textContent("#c4-moves")}`);
  await phone.screenshot({ path: join(expect.out, "connect4-narrow.png"), fullPage: true });
  await phone.close();
} finally {
  clearTimeout(timer);
  await context.close();
}
for (const p of problems) check(false, p);
console.log(failures.length ? `FAIL ${failures.length} check(s)` : "ok connect4.html from file:// and http");
process.exit(failures.length ? 1 : 0);

// wholeGame plays against the solver from the empty board, the solver
// first, the reader's moves chosen by alphabeta at depth 6 with the
// heuristic (asked of a second worker of the page's program): the solver's
// first moves come from the opening book, and so do the scores of the
// reader's first moves (shown for that turn only: out of the book they cost
// the solver minutes); every move is timed.
async function wholeGame(page) {
  const started = await page.evaluate(async () => {
    const url = URL.createObjectURL(new Blob([cutoffConnect4Worker], { type: "text/javascript" }));
    const w = new Worker(url);
    let next = null;
    w.onmessage = (e) => next(e.data);
    window.c4Reader = (m) => new Promise((resolve) => { next = resolve; w.postMessage(m); });
    window.c4ReaderWorker = w;
    return (await window.c4Reader({ wasm: cutoffConnect4Wasm, fn: "cutoffConnect4" })).ready;
  });
  check(started, "http: the reader's worker starts");
  await page.fill("#c4-start", "");
  await page.check('input[name="first"][value="opponent"]');
  await page.selectOption("#c4-opponent", "solver");
  if ((await page.textContent("#c4-show-scores")) === "Show scores") await page.click("#c4-show-scores");
  await page.evaluate(() => {
    window.c4Costs = [];
    const el = document.querySelector("#c4-cost");
    new MutationObserver(() => { if (el.textContent) window.c4Costs.push(`${document.querySelector("#c4-moves").textContent}: ${el.textContent}`); })
      .observe(el, { childList: true, characterData: true, subtree: true });
  });
  const t0 = Date.now();
  await page.click("#c4-new");
  for (let n = 1; n < 42; n += 2) {
    await page.waitForFunction((k) => document.querySelector("#c4-status").dataset.result ||
      (document.querySelector(".c4-col:not([disabled])") && document.querySelector("#c4-moves").textContent.length === k), n, { timeout: 300_000 });
    if (await page.getAttribute("#c4-status", "data-result")) break;
    const moves = await page.textContent("#c4-moves");
    if (n === 1) {
      await page.waitForFunction(() => document.querySelector("#c4-scores-cost").textContent.startsWith("Scores:"), null, { timeout: 30_000 });
      const cost = await page.textContent("#c4-scores-cost");
      check(moves === "4" && cost.endsWith("(7 of 7 from the opening book)."), `http: after 4 the reader's scores are the book's: "${cost}"`);
      await page.click("#c4-show-scores");
    }
    const col = await page.evaluate(async (m) => (await window.c4Reader({ id: 1, req: { op: "move", moves: m, opponent: "alphabeta", depth: 6 } })).reply.column, moves);
    await page.keyboard.press(String(col));
    await page.waitForFunction((k) => document.querySelector("#c4-status").dataset.result ||
      document.querySelector("#c4-moves").textContent.length >= k, n + 2, { timeout: 300_000 });
  }
  const took = Date.now() - t0;
  await page.evaluate(() => window.c4ReaderWorker.terminate());
  const costs = await page.evaluate(() => window.c4Costs);
  check(costs.length > 0 && /^[^:]*: Opponent's last move: column 4, 0 nodes in \d+\.\d{3} s \(from the opening book\); the position's score for it \+1\.$/.test(costs[0]),
    `http: the solver's first move is the book's: "${costs[0]}"`);
  console.log(`http: a whole game against the solver from the empty board, the reader playing alphabeta's moves at depth 6, took ${took} ms:\n  ${costs.join("\n  ")}`);
  const moves = await page.textContent("#c4-moves");
  check((await page.getAttribute("#c4-status", "data-result")) === "opponent" && moves[0] === "4",
    `http: the solver, X, opens with 4 and wins the whole game: ${moves}`);
}

// speed solves expect.speed's positions in a worker of the page's program
// (op "solve": the table cleared first, as cutoff solve) and compares the
// nodes and the time with the native ones.
async function speed(page) {
  const got = await page.evaluate(async (list) => {
    const url = URL.createObjectURL(new Blob([cutoffConnect4Worker], { type: "text/javascript" }));
    const w = new Worker(url);
    const replies = [];
    let next = null;
    w.onmessage = (e) => next(e.data);
    const ask = (m) => new Promise((resolve) => { next = resolve; w.postMessage(m); });
    const ready = await ask({ wasm: cutoffConnect4Wasm });
    if (!ready.ready) return { error: ready.error };
    for (let i = 0; i < list.length; i++) replies.push((await ask({ id: i + 1, req: { op: "solve", moves: list[i].moves } })).reply);
    w.terminate();
    return { replies };
  }, expect.speed);
  check(!got.error, `http: the speed worker starts (${got.error || "ok"})`);
  for (const [i, r] of (got.replies || []).entries()) {
    const n = expect.speed[i];
    const rate = r.nodes / (r.micros / 1e6), native = n.nodes / (n.micros / 1e6);
    console.log(`http: ${n.moves} solved in the browser (score ${r.score}) in ${r.nodes} nodes, ${(r.micros / 1e6).toFixed(3)} s: ${rate.toFixed(0)} nodes/s; natively ${native.toFixed(0)} nodes/s (browser/native time ${(r.micros / n.micros).toFixed(2)})`);
    check(r.score === n.score && r.nodes === n.nodes, `http: ${n.moves}: the browser's solve equals the native one (score ${r.score}, ${r.nodes} nodes)`);
  }
}
