// The tree playground (tree.html). play/tree-wasm.js, loaded before by a
// <script> tag, defines cutoffPlaygroundWorker (the worker's source: Go's
// wasm_exec.js and wasm-worker.js) and cutoffPlaygroundWasm (the program,
// internal/wasm/playground, in base64); play/graphviz.js defines
// cutoffGraphviz (@hpcc-js/wasm-graphviz). The worker searches (package
// playground: the report, the DOT of the tree and of each step); this page
// lays the DOT out with Graphviz and shows it. The form and the step live
// in the URL's fragment, so a link reopens the same search at the same step.
// "Predict first" (hide=1, as the lessons' links open it) hides the result
// and starts from the tree before the search, until the last step or Show.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("pg-form");
  const algorithms = JSON.parse($("pg-algorithms").textContent);
  let worker = null;
  let gv = null;
  let nextId = 1;
  const waiting = new Map();
  let result = null; // the shown search's reply
  let step = 0; // 0: the whole search; 1..steps: after that many events
  let svgs = new Map(); // step → laid-out SVG
  let generation = 0; // bumps with each search: late frames are dropped
  let revealed = true; // false while "predict first" hides the result

  function startWorker() {
    const url = URL.createObjectURL(new Blob([cutoffPlaygroundWorker], { type: "text/javascript" }));
    worker = new Worker(url);
    return new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        if (e.data.ready !== undefined || e.data.error !== undefined) {
          worker.onmessage = (e) => {
            const done = waiting.get(e.data.id);
            waiting.delete(e.data.id);
            if (done) done(e.data.reply);
          };
          if (e.data.ready) resolve();
          else reject(new Error(e.data.error || "the program did not start"));
        }
      };
      worker.postMessage({ wasm: cutoffPlaygroundWasm, fn: "cutoffPlayground" });
    });
  }

  function call(req) {
    return new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      worker.postMessage({ id, req });
    });
  }

  // layout returns Graphviz's SVG of dot, without the XML prologue.
  function layout(dot) {
    const svg = gv.layout(dot, "svg", "dot");
    const at = svg.indexOf("<svg");
    return at >= 0 ? svg.slice(at) : svg;
  }

  function source() {
    return form.querySelector("input[name=source]:checked").value;
  }

  function showSource() {
    for (const div of form.querySelectorAll(".pg-src")) div.hidden = div.dataset.source !== source();
  }

  function showOptions() {
    const a = algorithms.find((x) => x.name === $("pg-alg").value);
    $("pg-doc").textContent = a ? a.doc : "";
    for (const el of form.querySelectorAll("[data-opt]")) el.hidden = !(a && a.uses.includes(el.dataset.opt));
  }

  // request reads the form into a playground request (package playground's
  // Request), leaving out the options the algorithm does not use.
  function request() {
    const a = algorithms.find((x) => x.name === $("pg-alg").value) || { uses: [] };
    const uses = (o) => a.uses.includes(o);
    const req = { alg: $("pg-alg").value };
    switch (source()) {
      case "literal":
        req.tree = $("pg-tree").value;
        if ($("pg-root").value === "min") req.root = "min";
        break;
      case "fixture":
        req.tree = "fixture:" + $("pg-fixture").value;
        break;
      case "random":
        req.random = `b=${$("pg-b").value},d=${$("pg-d").value},seed=${$("pg-seed").value},order=${$("pg-order").value}`;
        break;
    }
    // A number field holds a whole number or nothing: else the request is
    // refused here, in the command line's words for a bad flag value.
    const num = (id) => {
      const v = $(id).value.trim();
      if (v === "") return null;
      if (!/^-?\d+$/.test(v)) throw new Error(`-${$(id).name}: "${v}" is not a whole number`);
      return Number(v);
    };
    if (num("pg-depth")) req.depth = num("pg-depth");
    if (uses("tt") && num("pg-tt")) {
      req.tt = num("pg-tt");
      if ($("pg-replace").value) req.replace = $("pg-replace").value;
    }
    if (uses("guess") && num("pg-guess") !== null) req.guess = num("pg-guess");
    if (uses("delta") && num("pg-delta") !== null) req.delta = num("pg-delta");
    if (uses("schedule") && $("pg-schedule").value.trim()) req.schedule = $("pg-schedule").value.trim();
    if (uses("ordering") && $("pg-killers").checked) req.killers = true;
    if (uses("ordering") && $("pg-history").checked) req.history = true;
    return req;
  }

  // The fragment: the tree (the fields of its source), the algorithm, the
  // options that are set, and the step.
  const options = ["alg", "depth", "tt", "replace", "guess", "delta", "schedule", "killers", "history", "hide"];
  const fields = ["source", "tree", "root", "fixture", "b", "d", "seed", "order", ...options];
  const sourceFields = { literal: ["tree", "root"], fixture: ["fixture"], random: ["b", "d", "seed", "order"] };

  // formFields reads the form's fields into a fragment's pairs.
  function formFields() {
    const p = new URLSearchParams();
    const put = (name) => {
      const el = form.elements[name];
      if (el.type === "checkbox") {
        if (el.checked) p.set(name, "1");
      } else if (el.value !== "") p.set(name, el.value);
    };
    p.set("source", source());
    sourceFields[source()].forEach(put);
    options.forEach(put);
    return p;
  }
  let shownFields = null; // the fields of the search shown, as it was run

  // writeHash writes the shown search's fields and step: a form edited
  // since, not searched yet, is not what the link would reopen.
  function writeHash() {
    const p = new URLSearchParams(shownFields || formFields());
    if ($("pg-hide").checked) p.set("hide", "1");
    else p.delete("hide");
    if (step > 0) p.set("step", String(step));
    writtenHash = "#" + p.toString();
    history.replaceState(null, "", writtenHash);
  }
  let writtenHash = "";

  function readHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (![...p.keys()].length) return 0;
    for (const name of fields) {
      if (!p.has(name)) continue;
      const v = p.get(name);
      if (name === "source") {
        const r = form.querySelector(`input[name=source][value="${CSS.escape(v)}"]`);
        if (r) r.checked = true;
        continue;
      }
      const el = form.elements[name];
      if (!el) continue;
      if (el.type === "checkbox") el.checked = v === "1";
      else el.value = v;
    }
    return Math.max(0, parseInt(p.get("step") || "0", 10) || 0);
  }

  function clear(el) {
    while (el.firstChild) el.firstChild.remove();
  }

  function showError(msg) {
    $("pg-error").textContent = msg;
    $("pg-error").hidden = false;
  }

  async function search(atStep) {
    $("pg-run").disabled = true;
    $("pg-status").textContent = "Searching…";
    let req;
    try {
      req = request();
    } catch (err) {
      $("pg-run").disabled = false;
      $("pg-status").textContent = "";
      showError(err.message);
      document.body.dataset.pgErrors = String(Number(document.body.dataset.pgErrors || 0) + 1);
      return;
    }
    const fields = formFields();
    const t0 = performance.now();
    const res = await call(req);
    $("pg-run").disabled = false;
    if (res.error) {
      // A bad input changes nothing but this line; a search stopped at the
      // node budget also takes the last search off the page, which the
      // form no longer describes.
      if (res.stopped) {
        result = null;
        shownFields = null;
        $("pg-result").hidden = true;
        generation++;
        document.body.dataset.pgGen = String(generation);
      }
      showError(res.error);
      $("pg-status").textContent = "";
      document.body.dataset.pgErrors = String(Number(document.body.dataset.pgErrors || 0) + 1);
      return;
    }
    $("pg-error").hidden = true;
    shownFields = fields;
    generation++;
    document.body.dataset.pgGen = String(generation);
    result = res;
    svgs = new Map();
    revealed = !$("pg-hide").checked;
    showSummary();
    const notes = $("pg-notes");
    clear(notes);
    for (const n of res.notes || []) {
      const li = document.createElement("li");
      li.textContent = n;
      notes.append(li);
    }
    const code = $("pg-code");
    clear(code);
    for (const line of res.code || []) {
      const li = document.createElement("li");
      li.textContent = line;
      code.append(li);
    }
    const steps = (res.steps || []).length;
    $("pg-slider").max = String(steps);
    for (const id of ["pg-first", "pg-prev", "pg-next", "pg-end", "pg-slider"]) $(id).disabled = steps === 0;
    $("pg-result").hidden = false;
    if (res.dot) {
      // Every frame keeps the whole search's layout: its nodes' sizes.
      const fit = await call({ op: "fit", layout: gv.layout(res.dot, "json", "dot") });
      if (fit.error) showError(fit.error);
    }
    await show(Math.min(atStep, steps));
    $("pg-status").textContent = `Searched${res.dot ? " and drawn" : ""} in ${Math.round(performance.now() - t0)} ms.`;
  }

  // showSummary fills the value, the move, the PV and the counts, or masks
  // them while "predict first" hides the result.
  function showSummary() {
    $("pg-hidden").hidden = revealed;
    for (const id of ["pg-value", "pg-move", "pg-pv", "pg-counts"]) {
      $(id).classList.toggle("pg-masked", !revealed);
      if (!revealed) $(id).textContent = "?";
    }
    if (!revealed) return;
    const res = result;
    const s = res.search;
    $("pg-value").textContent = String(s.value);
    $("pg-move").textContent = s.move < 0 ? "none (the root is terminal)" : s.move_name ? `${s.move_name} (move ${s.move})` : `move ${s.move}`;
    $("pg-pv").textContent = s.pv.length ? (s.pv_names || s.pv).join(" → ") : "(empty)";
    const st = s.stats;
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    $("pg-counts").textContent = `${n(st.nodes, "node", "nodes")}, ${n(st.leaves, "leaf", "leaves")}, ${n(st.cutoffs, "cutoff", "cutoffs")} (${st.shallow_cutoffs} shallow, ${st.deep_cutoffs} deep), ${st.pruned} pruned` +
      (st.null_window ? `, ${n(st.null_window, "null window", "null windows")}` : "") + (st.researches ? `, ${n(st.researches, "re-search", "re-searches")}` : "") +
      (st.passes ? `, ${n(st.passes, "pass", "passes")}` : "") + (st.tt_probes ? `, table: ${n(st.tt_probes, "probe", "probes")}, ${n(st.tt_hits, "hit", "hits")}` : "");
  }

  function reveal() {
    if (revealed || !result) return;
    revealed = true;
    showSummary();
    show(step);
  }

  // frameSVG lays out step n of the shown search (0: the whole search),
  // once: into the cache of the search it was asked for, so that a frame
  // that arrives after a new search is not taken for one of its own.
  async function frameSVG(n) {
    const cache = svgs;
    const key = n === 0 && !revealed ? "before" : n;
    if (cache.has(key)) return cache.get(key);
    let dot = result.dot;
    if (key !== 0) {
      // Step 0 while the result is hidden: the tree before the search.
      const r = await call({ op: "frame", step: n });
      if (r.error) throw new Error(r.error);
      dot = r.dot;
    }
    const svg = layout(dot);
    cache.set(key, svg);
    return svg;
  }

  async function show(n) {
    if (!result) return;
    const steps = (result.steps || []).length;
    n = Math.max(0, Math.min(n, steps));
    step = n;
    if (!revealed && n === steps && steps > 0) {
      revealed = true; // the last step shows the whole result
      showSummary();
    }
    const gen = generation;
    $("pg-slider").value = String(n);
    const before = n === 0 && !revealed;
    // Step 0 is the tree before the search while the result is hidden, the
    // whole search once it is shown: the button says which.
    $("pg-first").textContent = revealed ? "Whole search" : "Start";
    $("pg-first").title = revealed ? "the whole search, as it ended" : "the tree before the search";
    if (!result.dot) {
      // Too large to record: counted only, the note says so.
      $("pg-stepno").textContent = "not drawn";
      $("pg-event").textContent = "";
      clear($("pg-stack"));
      clear($("pg-tree-svg"));
      writeHash();
      document.body.dataset.pgShown = `${gen}:${n}`;
      return;
    }
    $("pg-stepno").textContent = before ? "before the search" : n === 0 ? `the whole search (${result.events} events)` : `step ${n} of ${steps}`;
    const s = n > 0 ? result.steps[n - 1] : null;
    $("pg-event").textContent = s ? s.event : before ? "The tree before the search: predict, then press ▶ to step through it." : "The whole search: press ▶ to step through it from the start.";
    $("pg-alpha").textContent = s && s.alpha ? s.alpha : "–";
    $("pg-beta").textContent = s && s.beta ? s.beta : "–";
    const stack = $("pg-stack");
    clear(stack);
    for (const f of s ? s.stack : []) {
      const li = document.createElement("li");
      li.textContent = f;
      stack.append(li);
    }
    const lines = new Set(s ? s.lines : []);
    [...$("pg-code").children].forEach((li, i) => li.classList.toggle("on", lines.has(i)));
    writeHash();
    if (!result.dot) {
      clear($("pg-tree-svg"));
      document.body.dataset.pgShown = `${gen}:${n}`;
      return;
    }
    let svg;
    try {
      svg = await frameSVG(n);
    } catch (err) {
      showError(String(err.message || err));
      return;
    }
    if (gen !== generation || step !== n) return; // a later search or step won
    $("pg-tree-svg").innerHTML = svg;
    // A wide tree scrolls in its box: keep the node being searched in the
    // middle, or the root (the page itself does not move).
    const box = $("pg-tree-svg");
    const current = box.querySelector("g.node[class~=current]");
    const focus = current || box.querySelector("g.node");
    if (focus) {
      const r = focus.getBoundingClientRect(), b = box.getBoundingClientRect();
      box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
      if (current) box.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
    }
    document.body.dataset.pgShown = `${gen}:${n}`; // for the browser test
    // Lay out the next step while the reader reads this one.
    if (n < steps) {
      setTimeout(() => {
        if (gen === generation && step === n) frameSVG(n + 1).catch(() => {});
      }, 30);
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    search(0);
  });
  for (const r of form.querySelectorAll("input[name=source]")) r.addEventListener("change", showSource);
  $("pg-alg").addEventListener("change", showOptions);
  $("pg-reveal").addEventListener("click", reveal);
  $("pg-hide").addEventListener("change", () => {
    if (!result) return;
    revealed = !$("pg-hide").checked;
    showSummary();
    show(step);
  });
  $("pg-first").addEventListener("click", () => show(0));
  $("pg-prev").addEventListener("click", () => show(step - 1));
  $("pg-next").addEventListener("click", () => show(step + 1));
  $("pg-end").addEventListener("click", () => show((result.steps || []).length));
  $("pg-slider").addEventListener("input", () => show(Number($("pg-slider").value)));
  document.addEventListener("keydown", (e) => {
    if (!result || e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowRight") show(step + 1);
    else if (e.key === "ArrowLeft") show(step - 1);
  });

  // A link opened in this tab (pasted, or followed from the page) searches
  // what it says; the page's own writes (replaceState) fire no hashchange.
  window.addEventListener("hashchange", () => {
    if (location.hash === writtenHash || !worker || !gv) return;
    const at = readHash();
    showSource();
    showOptions();
    search(at);
  });

  const wanted = readHash();
  showSource();
  showOptions();
  Promise.all([startWorker(), cutoffGraphviz.Graphviz.load().then((g) => (gv = g))])
    .then(() => {
      $("pg-run").disabled = false;
      $("pg-status").textContent = "";
      return search(wanted);
    })
    .catch((err) => showError("The playground could not start: " + (err.message || err)));
})();
