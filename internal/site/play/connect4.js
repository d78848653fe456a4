// The Connect Four page (connect4.html). connect4-wasm.js, loaded before by
// a <script> tag, defines cutoffConnect4Worker (the worker's source: Go's
// wasm_exec.js and wasm-worker.js) and cutoffConnect4Wasm (the
// WebAssembly program in base64): a Blob-URL worker and no fetch(), so the
// page works from file:// as from a web server. Game logic, scores and moves
// are the Go program's (internal/c4play); this script draws and asks.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  // cost: the opponent's last move's; scoresCost: the shown scores' (two
  // lines: showing scores must not hide what the opponent's move cost).
  const status = $("c4-status"), cost = $("c4-cost"), scoresCost = $("c4-scores-cost"), movesEl = $("c4-moves");
  const colButtons = [...document.querySelectorAll(".c4-col")];
  const scoreEls = [...document.querySelectorAll(".c4-score")];
  const showBtn = $("c4-show-scores"), stopBtn = $("c4-stop"), newBtn = $("c4-new");
  const oppSel = $("c4-opponent"), depthIn = $("c4-depth"), startIn = $("c4-start");

  let worker = null, ready = null, nextId = 1, pending = new Map();
  let game = null; // {moves, you: "X"|"O", opponent, depth, over}
  let showScores = false, busy = false, scoring = false, ticker = null;

  function startWorker() {
    const url = URL.createObjectURL(new Blob([cutoffConnect4Worker], { type: "text/javascript" }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    ready = new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.id === undefined) {
          if (m.ready) resolve(); else reject(new Error(m.error || "the WebAssembly program did not start"));
          return;
        }
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (p) p(m.reply);
      };
      worker.onerror = (e) => reject(new Error(e.message));
    });
    worker.postMessage({ wasm: cutoffConnect4Wasm, fn: "cutoffConnect4" });
    return ready;
  }

  async function ask(req) {
    await ready;
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, req });
    });
  }

  function heights(moves) {
    const h = [0, 0, 0, 0, 0, 0, 0];
    for (const ch of moves) h[ch.charCodeAt(0) - 49]++;
    return h;
  }

  function draw() {
    const h = [0, 0, 0, 0, 0, 0, 0];
    document.querySelectorAll(".c4-cell").forEach((c) => { c.className = "c4-cell"; c.textContent = ""; });
    [...game.moves].forEach((ch, i) => {
      const col = ch.charCodeAt(0) - 49, row = h[col]++;
      const cell = document.querySelector(`.c4-cell[data-cell="${col + 1}-${row + 1}"]`);
      const who = i % 2 === 0 ? "X" : "O";
      cell.classList.add(who === "X" ? "c4-x" : "c4-o");
      if (i === game.moves.length - 1) cell.classList.add("c4-last");
      cell.setAttribute("aria-label", who);
    });
    movesEl.textContent = game.moves || "(none)";
    const lastCol = game.moves ? game.moves[game.moves.length - 1] : null;
    $("c4-board").setAttribute("aria-label", `The board after ${game.moves.length} moves` + (lastCol ? `, the last in column ${lastCol}` : ""));
  }

  // slowNote warns, while the solver works on a position with few stones,
  // that it may take minutes (the opening book answers at once the
  // positions a game against the solver reaches in the opening).
  function slowNote(moves) {
    return moves.length < 10 ? " (out of the opening book, with fewer than ten stones the solver may need minutes: Stop thinking, or start from a later position)" : "";
  }

  function setBusy(on, what, note = "") {
    busy = on;
    stopBtn.disabled = !on;
    clearInterval(ticker);
    if (on) {
      const begin = performance.now();
      const tick = () => { status.textContent = `${what}… ${((performance.now() - begin) / 1000).toFixed(1)} s${note}`; };
      tick();
      ticker = setInterval(tick, 250);
    }
  }

  function yourTurn() { return game && !game.over && !busy && game.toMove === game.you; }
  // canPlay: the reader may move now, also while their moves are being
  // scored (the move stops the scoring).
  function canPlay() { return game && !game.over && game.toMove === game.you && (!busy || scoring); }

  function enableColumns() {
    if (!game) { colButtons.forEach((b) => { b.disabled = true; }); return; }
    const h = heights(game.moves);
    colButtons.forEach((b, i) => { b.disabled = !canPlay() || h[i] >= 6; });
  }

  function clearScores() { scoreEls.forEach((s) => { s.textContent = ""; s.className = "c4-score"; s.title = ""; }); }

  async function fetchScores() {
    clearScores();
    if (!showScores || !yourTurn()) return;
    const moves = game.moves;
    setBusy(true, "Scoring your moves (you may play meanwhile)", slowNote(moves));
    scoring = true;
    enableColumns();
    const r = await ask({ op: "scores", moves });
    scoring = false;
    setBusy(false);
    if (!game || game.moves !== moves) return;
    if (r.error) { status.textContent = "Error: " + r.error; return; }
    for (const s of r.scores) {
      const el = scoreEls[s.column - 1];
      el.textContent = `${s.score > 0 ? "+" : ""}${s.score} ${s.text}`;
      el.className = "c4-score " + (s.score > 0 ? "c4-win" : s.score < 0 ? "c4-loss" : "c4-draw");
      el.title = `column ${s.column}: ${s.text} (score ${s.score})`;
    }
    const fromBook = r.book ? ` (${r.book} of ${r.scores.length} from the opening book)` : "";
    scoresCost.textContent = `Scores: ${r.nodes.toLocaleString("en")} nodes in ${(r.micros / 1e6).toFixed(2)} s${fromBook}.`;
    status.textContent = "Your move (you are " + (game.you === "X" ? "red, X" : "yellow, O") + "): click a column or press 1–7.";
    enableColumns();
  }

  async function turn() {
    const st = await ask({ op: "status", moves: game.moves });
    if (st.error) { status.textContent = "Error: " + st.error; game.over = true; enableColumns(); return; }
    draw();
    if (st.over) {
      game.over = true;
      const winner = st.winner || ""; // the reply leaves out an empty winner: a draw
      clearScores();
      for (const c of st.four || []) document.querySelector(`.c4-cell[data-cell="${c}"]`).classList.add("c4-four");
      enableColumns();
      const n = game.moves.length;
      const four = st.four ? ` (${st.four.map((c) => "column " + c.replace("-", " row ")).join(", ")})` : "";
      status.textContent = winner === "" ? `Draw: the board is full (${n} moves). New game?` :
        winner === game.you ? `You win! Four in a row after ${n} moves${four}. New game?` :
        `The opponent wins: four in a row after ${n} moves${four}. New game?`;
      status.dataset.result = winner === "" ? "draw" : winner === game.you ? "you" : "opponent";
      return;
    }
    game.toMove = st.toMove;
    if (game.toMove === game.you) {
      status.textContent = "Your move (you are " + (game.you === "X" ? "red, X" : "yellow, O") + "): click a column or press 1–7.";
      enableColumns();
      await fetchScores();
      return;
    }
    const moves = game.moves;
    if (game.opponent === "solver") setBusy(true, "The solver is thinking", slowNote(moves));
    else setBusy(true, `${game.opponent} at depth ${game.depth} is thinking`);
    enableColumns();
    const r = await ask({ op: "move", moves, opponent: game.opponent, depth: game.depth });
    setBusy(false);
    if (!game || game.moves !== moves) return;
    if (r.error) { status.textContent = "Error: " + r.error; game.over = true; enableColumns(); return; }
    const what = r.score !== undefined ? `the position's score for it ${r.score > 0 ? "+" : ""}${r.score}` : `value ${r.value} (X's side, heuristic)`;
    const fromBook = r.book ? " (from the opening book)" : "";
    cost.textContent = `Opponent's last move: column ${r.column}, ${r.nodes.toLocaleString("en")} nodes in ${(r.micros / 1e6).toFixed(3)} s${fromBook}; ${what}.`;
    game.moves += String(r.column);
    await turn();
  }

  async function play(col) {
    if (!canPlay() || heights(game.moves)[col - 1] >= 6) return;
    if (scoring) {
      // Stop the scoring: a new worker (the old one's table is lost).
      scoring = false;
      await restartWorker();
    }
    game.moves += String(col);
    game.toMove = game.you === "X" ? "O" : "X"; // until the status says
    clearScores();
    enableColumns();
    await turn();
  }

  async function newGame() {
    colButtons.forEach((b) => { b.disabled = true; }); // the old game is over
    // Its result goes now, before the worker answers: a reader (or a test)
    // who sees the new game must not see the old one's result.
    const oldResult = status.dataset.result;
    delete status.dataset.result;
    const start = startIn.value.trim();
    const opponent = oppSel.value, depth = Number(depthIn.value);
    // A search's depth is checked now, not when it first moves.
    const maxDepth = Number(depthIn.max) || 12;
    if (opponent !== "solver" && !(Number.isInteger(depth) && depth >= 1 && depth <= maxDepth)) {
      status.textContent = `Depth: ${depthIn.value || "(none)"}, want a whole number from 1 to ${maxDepth}.`;
      if (oldResult) status.dataset.result = oldResult;
      if (game) enableColumns();
      return;
    }
    const st = await ask({ op: "status", moves: start });
    if (st.error || st.over) {
      status.textContent = "Start from: " + (st.error || "that game is already over; give a position with moves left.");
      if (oldResult) status.dataset.result = oldResult;
      if (game) enableColumns();
      return;
    }
    const youFirst = document.querySelector('input[name="first"]:checked').value === "you";
    const first = start.length % 2 === 0 ? "X" : "O";
    const you = youFirst ? first : (first === "X" ? "O" : "X");
    game = { moves: start, you, opponent, depth, over: false, toMove: first };
    cost.textContent = "";
    scoresCost.textContent = "";
    clearScores();
    await turn();
  }

  colButtons.forEach((b) => b.addEventListener("click", () => play(Number(b.dataset.col))));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.key >= "1" && e.key <= "7") { e.preventDefault(); play(Number(e.key)); }
  });
  // stop ends the worker's search: it terminates the worker and starts a
  // new one (its table is lost); the current game ends.
  function stop() {
    if (game) game.over = true;
    return restartWorker();
  }

  // restartWorker ends the worker's search and starts a new worker.
  function restartWorker() {
    worker.terminate();
    pending.clear();
    scoring = false;
    setBusy(false);
    enableColumns();
    return startWorker();
  }

  $("c4-setup").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!busy) { newGame(); return; }
    status.textContent = "Stopping the search…";
    stop().then(newGame);
  });
  showBtn.addEventListener("click", () => {
    showScores = !showScores;
    showBtn.textContent = showScores ? "Hide scores" : "Show scores";
    showBtn.setAttribute("aria-pressed", String(showScores));
    if (showScores) fetchScores(); else clearScores();
  });
  stopBtn.addEventListener("click", () => {
    status.textContent = "Stopped. Restarting the solver…";
    stop().then(() => { status.textContent = "Stopped. Start a new game (perhaps from a position with more stones, or against a search at a depth)."; });
  });
  depthIn.disabled = true;
  oppSel.addEventListener("change", () => { depthIn.disabled = oppSel.value === "solver"; });

  const begin = performance.now();
  startWorker().then(async () => {
    const info = await ask({ op: "info" });
    for (const name of info.opponents.slice(1)) {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = name + " at a depth";
      oppSel.append(o);
    }
    showBtn.disabled = false;
    document.body.dataset.c4Ready = String(Math.round(performance.now() - begin));
    const book = info.bookPositions ? `, its opening book ${info.bookPositions.toLocaleString("en")} positions of up to ${info.bookPlies} stones` : "";
    status.textContent = `Ready (the solver loaded in ${((performance.now() - begin) / 1000).toFixed(1)} s, its table ${(info.tableBytes / 2 ** 20).toFixed(0)} MiB${book}). Choose who starts and the opponent, then New game.`;
  }, (err) => { status.textContent = "The solver could not start: " + err.message; });
})();
