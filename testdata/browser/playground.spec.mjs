// Browser test of the site's tree playground (tree.html: package playground
// compiled to WebAssembly in a Blob-URL Web Worker, @hpcc-js/wasm-graphviz
// laying out its DOT), in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). internal/site's TestPlaygroundInBrowser runs it:
//
//	node testdata/browser/playground.spec.mjs EXPECT.json
//
// EXPECT.json: {"dir": "/abs/site", "origin": "http://127.0.0.1:PORT", "out": "/abs/dir",
//               "tree": "A(B(3 12 8) …)",   // the literal typed
//               "searches": [{"alg": "alphabeta", "value": 3, "steps": 23, "first": "enter A …", "last": "exit A = 3"}, …],
//               "bad": "(1 (2", "badError": "-tree: literal: at byte 5: …"}
//
// From file:// and from the server: it types the tree, runs every algorithm,
// checks the value and the number of steps against the native ones, steps
// to the end (the last event) and back to the first (the first event, a
// highlighted pseudocode line, a picture that differs from the end's); opens
// the link of a search at a step in a new page and finds the same search,
// step and picture; types a bad literal and finds the command line's error
// and the previous result unchanged; opens a "predict first" link (hide=1)
// and finds the result masked and the tree before the search until the
// last step or Show. No console error, page error or
// request outside the site is allowed. Screenshots: tree-start.png,
// tree-step.png, tree-hidden.png, tree-error.png (of the http run).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, allowOnly, quietChecker, deadline } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { check, failures } = quietChecker();
const problems = [];
const timings = {};


const timer = deadline(300);

const fileBase = pathToFileURL(expect.dir).href.replace(/\/?$/, "/");
const httpBase = expect.origin.replace(/\/?$/, "/");
const context = await launch(expect.out, { width: 1280, height: 900 }, expect.profile);

function watch(page, mode) {
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${mode}: console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`${mode}: page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`${mode}: failed request ${r.url()}`));
}

// shown waits until the page shows step n of its latest search.
async function shown(page, n) {
  await page.waitForFunction((n) => document.body.dataset.pgShown === `${document.body.dataset.pgGen}:${n}`, n, { timeout: 60_000 });
}

async function state(page) {
  return page.evaluate(() => ({
    value: document.getElementById("pg-value").textContent,
    stepno: document.getElementById("pg-stepno").textContent,
    event: document.getElementById("pg-event").textContent,
    svg: document.getElementById("pg-tree-svg").innerHTML,
    on: document.querySelectorAll("#pg-code li.on").length,
    stack: document.querySelectorAll("#pg-stack li").length,
    alg: document.getElementById("pg-alg").value,
    tree: document.getElementById("pg-tree").value,
    error: document.getElementById("pg-error").hidden ? "" : document.getElementById("pg-error").textContent,
  }));
}

try {
  await allowOnly(context, [httpBase, "file://", "data:", "blob:"], problems);
  for (const [mode, base] of [["file", fileBase], ["http", httpBase]]) {
    const page = await context.newPage();
    watch(page, mode);
    const t0 = Date.now();
    await page.goto(base + "tree.html", { waitUntil: "load" });
    await shown(page, 0);
    timings[`${mode}: load to the first search drawn (ms)`] = Date.now() - t0;
    if (mode === "http") await page.screenshot({ path: join(expect.out, "tree-start.png"), fullPage: true });

    await page.fill("#pg-tree", expect.tree);
    let shared = null;
    for (const s of expect.searches) {
      await page.selectOption("#pg-alg", s.alg);
      const gen = await page.evaluate(() => document.body.dataset.pgGen);
      const t1 = Date.now();
      await page.click("#pg-run");
      await page.waitForFunction((g) => document.body.dataset.pgGen !== g, gen, { timeout: 60_000 });
      await shown(page, 0);
      timings[`${mode}: ${s.alg} searched and drawn (ms)`] = Date.now() - t1;
      let st = await state(page);
      check(st.value === String(s.value), `${mode} ${s.alg}: value ${st.value}, want ${s.value}`);
      await page.click("#pg-end");
      await shown(page, s.steps);
      const end = await state(page);
      check(end.stepno === `step ${s.steps} of ${s.steps}`, `${mode} ${s.alg}: at the end "${end.stepno}"`);
      check(end.event === s.last, `${mode} ${s.alg}: the last event "${end.event}", want "${s.last}"`);
      check(end.svg.includes("<svg"), `${mode} ${s.alg}: a picture at the end`);
      // Back: two steps, then to the whole search and one step forward.
      await page.click("#pg-prev");
      await page.click("#pg-prev");
      await shown(page, s.steps - 2);
      const back = await state(page);
      check(back.event === s.back2 && back.stepno === `step ${s.steps - 2} of ${s.steps}`, `${mode} ${s.alg}: two steps back "${back.event}", want "${s.back2}"`);
      await page.click("#pg-first");
      await shown(page, 0);
      await page.click("#pg-next");
      await shown(page, 1);
      const first = await state(page);
      check(first.event === s.first, `${mode} ${s.alg}: the first event "${first.event}", want "${s.first}"`);
      const stackWant = s.first.startsWith("pass ") ? 0 : 1; // a driver's first event announces its pass
      check(first.on >= 1 && first.stack === stackWant, `${mode} ${s.alg}: step 1 highlights ${first.on} pseudocode line(s), stack of ${first.stack}`);
      check(first.svg.includes("<svg") && first.svg !== end.svg, `${mode} ${s.alg}: step 1's picture differs from the end's`);
      if (s.alg === "pvs") {
        await page.click("#pg-next");
        await page.click("#pg-next");
        await shown(page, 3);
        shared = { url: page.url(), state: await state(page) };
        if (mode === "http") await page.screenshot({ path: join(expect.out, "tree-step.png"), fullPage: true });
      }
    }

    // A shared link reopens the same search at the same step.
    check(shared !== null && shared.url.includes("#") && shared.url.includes("step=3"), `${mode}: the link keeps the step (${shared && shared.url})`);
    if (shared) {
      const again = await context.newPage();
      watch(again, mode + " shared");
      await again.goto(shared.url, { waitUntil: "load" });
      await shown(again, 3);
      const st = await state(again);
      for (const k of ["alg", "tree", "stepno", "event", "value", "svg"]) {
        check(st[k] === shared.state[k], `${mode}: the shared link's ${k}: ${String(st[k]).slice(0, 80)}, want ${String(shared.state[k]).slice(0, 80)}`);
      }
      await again.close();
    }

    // "Predict first" (hide=1, as the lessons' links open it): the result is
    // masked and the picture is the tree before the search, every leaf's
    // value shown and nothing searched or pruned, until the last step; Show
    // reveals it at once.
    {
      const ab = expect.searches.find((x) => x.alg === "alphabeta");
      const link = `${base}tree.html#source=literal&tree=${encodeURIComponent(expect.tree)}&alg=alphabeta&hide=1`;
      const hid = await context.newPage();
      watch(hid, mode + " hidden");
      await hid.goto(link, { waitUntil: "load" });
      await shown(hid, 0);
      let st = await state(hid);
      const masked = await hid.evaluate(() => !document.getElementById("pg-hidden").hidden);
      check(masked && st.value === "?", `${mode} hidden: value "${st.value}", the note shown ${masked}`);
      check(st.stepno === "before the search", `${mode} hidden: "${st.stepno}"`);
      check(!/visited|pruned|current/.test(st.svg) && st.svg.includes(">12<") && st.svg.includes(">14<"), `${mode} hidden: the picture is not the tree before the search`);
      if (mode === "http") await hid.screenshot({ path: join(expect.out, "tree-hidden.png"), fullPage: true });
      await hid.click("#pg-next");
      await shown(hid, 1);
      check((await state(hid)).value === "?", `${mode} hidden: step 1 shows the value`);
      await hid.click("#pg-end");
      await shown(hid, ab.steps);
      st = await state(hid);
      check(st.value === String(ab.value), `${mode} hidden: at the last step the value is "${st.value}", want ${ab.value}`);
      await hid.click("#pg-first");
      await shown(hid, 0);
      st = await state(hid);
      check(st.stepno.startsWith("the whole search") && /visited/.test(st.svg), `${mode} hidden: after the end, Start shows the whole search ("${st.stepno}")`);
      // The link keeps the search shown, not a form edited since.
      await hid.selectOption("#pg-alg", "minimax");
      await hid.click("#pg-next");
      await shown(hid, 1);
      check(hid.url().includes("alg=alphabeta") && !hid.url().includes("alg=minimax"), `${mode}: an edited, unsearched form changed the link: ${hid.url()}`);
      // A link opened in the tab (its fragment changed) searches it.
      const mm = expect.searches.find((x) => x.alg === "minimax");
      const gen = await hid.evaluate(() => document.body.dataset.pgGen);
      await hid.evaluate((t) => { location.hash = `source=literal&tree=${encodeURIComponent(t)}&alg=minimax&step=2`; }, expect.tree);
      await hid.waitForFunction((g) => document.body.dataset.pgGen !== g, gen, { timeout: 60_000 });
      await shown(hid, 2);
      st = await state(hid);
      check(st.alg === "minimax" && st.stepno === `step 2 of ${mm.steps}`, `${mode}: a changed fragment shows ${st.alg} at "${st.stepno}"`);
      await hid.close();
      const again = await context.newPage();
      watch(again, mode + " hidden again");
      await again.goto(link, { waitUntil: "load" });
      await shown(again, 0);
      await again.click("#pg-reveal");
      await again.waitForFunction(() => document.getElementById("pg-hidden").hidden && document.getElementById("pg-tree-svg").innerHTML.includes("visited"), null, { timeout: 60_000 });
      st = await state(again);
      check(st.value === String(ab.value), `${mode} hidden: Show gives the value "${st.value}", want ${ab.value}`);
      await again.close();
    }

    // A bad literal: the command line's one-line error, nothing else changes.
    const before = await state(page);
    await page.fill("#pg-tree", expect.bad);
    const errs = await page.evaluate(() => document.body.dataset.pgErrors || "0");
    await page.click("#pg-run");
    await page.waitForFunction((n) => (document.body.dataset.pgErrors || "0") !== n, errs, { timeout: 60_000 });
    const after = await state(page);
    check(after.error === expect.badError, `${mode}: the error "${after.error}", want "${expect.badError}"`);
    for (const k of ["value", "stepno", "event", "svg"]) {
      check(after[k] === before[k], `${mode}: a bad literal leaves the ${k} as it was`);
    }
    if (mode === "http") await page.screenshot({ path: join(expect.out, "tree-error.png"), fullPage: true });
    // A number field that is not a whole number: refused in the page, in
    // the command line's words for a bad value; nothing else changes.
    await page.fill("#pg-tree", expect.tree);
    await page.selectOption("#pg-alg", "mtdf");
    await page.fill("#pg-guess", "1.5");
    const errs2 = await page.evaluate(() => document.body.dataset.pgErrors || "0");
    await page.click("#pg-run");
    await page.waitForFunction((n) => (document.body.dataset.pgErrors || "0") !== n, errs2, { timeout: 60_000 });
    const frac = await state(page);
    check(frac.error === '-guess: "1.5" is not a whole number' && frac.value === before.value && frac.svg === before.svg, `${mode}: guess 1.5 gives "${frac.error}"`);
    await page.close();
  }
} catch (err) {
  failures.push(String(err.stack || err));
  console.log("FAIL", err.stack || err);
} finally {
  clearTimeout(timer);
  for (const p of problems) check(false, p);
  writeFileSync(join(expect.out, "playground-timings.json"), JSON.stringify(timings, null, 1));
  console.log(JSON.stringify(timings));
  await context.close();
}
if (failures.length) {
  console.log(`${failures.length} failure(s)`);
  process.exit(1);
}
console.log("ok");
