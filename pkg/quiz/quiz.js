(function (id, data) {
"use strict";
var root = document.getElementById(id);
if (!root || root.getAttribute("data-ready")) { return; }
root.setAttribute("data-ready", "1");
var msgs = data.msgs;
var opts = Array.prototype.slice.call(root.querySelectorAll(".cutoff-quiz-option"));
var leaves = Array.prototype.slice.call(root.querySelectorAll(".cq-picture g.cq-leaf"));
var checkBtn = root.querySelector(".cutoff-quiz-check"), retryBtn = root.querySelector(".cutoff-quiz-retry");
var answerBtn = root.querySelector(".cutoff-quiz-answer"), feedback = null, why = "";
var reveal = root.querySelector(".cutoff-quiz-reveal"), result = root.querySelector(".cq-result");
var status = root.querySelector(".cq-status");
var known = data.live ? null : data.options, truth = data.truth || "";
var sel = opts.map(function () { return false; });
var answered = false, waiting = null, sub = null;
function leafIndex(g) {
  var cs = (g.getAttribute("class") || "").split(/\s+/);
  for (var i = 0; i !== cs.length; i++) {
    if (cs[i].indexOf("cq-opt-") === 0) { return parseInt(cs[i].slice(7), 10); }
  }
  return -1;
}
function paint() {
  opts.forEach(function (o, i) {
    o.classList.toggle("selected", sel[i]);
    o.setAttribute("aria-pressed", sel[i] ? "true" : "false");
  });
  leaves.forEach(function (g) {
    var k = leafIndex(g);
    if (k !== -1) { g.classList.toggle("selected", !!sel[k]); }
  });
}
function toggle(i) {
  if (answered || waiting !== null || !(i in sel)) { return; }
  if (data.kind === "one") {
    sel = sel.map(function (_, j) { return j === i; });
  } else {
    sel[i] = !sel[i];
  }
  status.textContent = "";
  paint();
}
opts.forEach(function (o) {
  o.addEventListener("click", function () { toggle(parseInt(o.getAttribute("data-option"), 10)); });
});
leaves.forEach(function (g) {
  g.addEventListener("click", function () { toggle(leafIndex(g)); });
});
function chosen() {
  var c = [];
  sel.forEach(function (s, i) { if (s) { c.push(i); } });
  return c;
}
function grade(c) {
  if (data.kind === "one") {
    if (c.length === 0) { return { correct: false, mistake: msgs.noChoice }; }
    if (c.length !== 1) { return { correct: false, mistake: msgs.oneOnly }; }
    if (!known[c[0]].correct) { return { correct: false, mistake: data.hint || known[c[0]].why, why: known[c[0]].why }; }
  }
  for (var i = 0; i !== known.length; i++) {
    if (sel[i] !== !!known[i].correct) {
      return { correct: false, mistake: (data.kind === "leaves" ? "" : data.hint) || known[i].why, why: known[i].why };
    }
  }
  return { correct: true, mistake: "" };
}
function para(cls, text) {
  var p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}
function show(fb) {
  answered = true;
  result.textContent = "";
  feedback = document.createElement("div");
  feedback.className = "cutoff-quiz-feedback";
  feedback.setAttribute("data-correct", fb.correct ? "true" : "false");
  feedback.appendChild(para("cq-verdict", fb.correct ? msgs.right : msgs.wrong));
  if (fb.mistake) { feedback.appendChild(para("cq-mistake", fb.mistake)); }
  why = fb.why || "";
  result.appendChild(feedback);
  opts.forEach(function (o, i) {
    o.classList.toggle("wrong", sel[i] ? !known[i].correct : false);
    o.disabled = true;
  });
  checkBtn.disabled = true;
  retryBtn.hidden = false;
  status.textContent = "";
  root.setAttribute("data-state", "answered");
  // A right answer gets the answer and the picture at once; a wrong one
  // only its first mistake, so that "Try again" is worth it: the answer
  // waits for "Show the answer".
  if (fb.correct) { showAnswer(); } else { answerBtn.hidden = false; }
}
function showAnswer() {
  if (feedback === null) { return; }
  var m = feedback.querySelector(".cq-mistake");
  if (m !== null) {
    if (m.textContent === truth) { feedback.removeChild(m); }
  }
  // Why the chosen answer was wrong, when the hint did not say it.
  if (why !== "") {
    if (why !== truth) {
      if (m === null || m.textContent !== why) { feedback.appendChild(para("cq-why", why)); }
    }
  }
  feedback.appendChild(para("cq-truth", truth));
  opts.forEach(function (o, i) { o.classList.toggle("correct", !!known[i].correct); });
  reveal.hidden = false;
  answerBtn.hidden = true;
  root.setAttribute("data-state", "revealed");
}
function reset() {
  answered = false;
  feedback = null;
  why = "";
  result.textContent = "";
  reveal.hidden = true;
  answerBtn.hidden = true;
  sel = sel.map(function () { return false; });
  opts.forEach(function (o) { o.classList.remove("correct", "wrong"); o.disabled = false; });
  paint();
  checkBtn.disabled = false;
  retryBtn.hidden = true;
  status.textContent = "";
  root.setAttribute("data-state", "open");
}
function onReply(value) {
  var r;
  try { r = typeof value === "string" ? JSON.parse(value) : value; } catch (e) { return; }
  if (waiting !== null) { clearTimeout(waiting); waiting = null; }
  if (r.closed) {
    status.textContent = r.closed;
    checkBtn.disabled = false;
    root.setAttribute("data-state", "no-kernel");
    return;
  }
  known = r.options;
  truth = r.truth;
  reveal.innerHTML = r.reveal;
  show({ correct: r.correct, mistake: r.mistake, why: r.why });
}
checkBtn.addEventListener("click", function () {
  var c = chosen();
  if (data.kind === "one") {
    if (c.length === 0) { status.textContent = msgs.choose; return; }
  }
  if (known) {
    show(grade(c));
    return;
  }
  var gc = globalThis.gonb_comm;
  if (!gc) {
    status.textContent = msgs.noKernel;
    root.setAttribute("data-state", "no-kernel");
    return;
  }
  if (sub === null) { sub = gc.subscribe(data.reply, function (_, value) { onReply(value); }); }
  status.textContent = msgs.waiting;
  checkBtn.disabled = true;
  root.setAttribute("data-state", "waiting");
  waiting = setTimeout(function () {
    waiting = null;
    status.textContent = msgs.timeout;
    checkBtn.disabled = false;
    root.setAttribute("data-state", "no-kernel");
  }, 15000);
  gc.send(data.answer, c.join(","));
});
retryBtn.addEventListener("click", reset);
answerBtn.addEventListener("click", showAnswer);
root.setAttribute("data-state", "open");
})
