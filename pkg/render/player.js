(function (id, data) {
"use strict";
var root = document.getElementById(id);
if (!root || root.getAttribute("data-ready")) { return; }
root.setAttribute("data-ready", "1");
function q(sel) { return root.querySelector(sel); }
var frames = data.frames, n = frames.length, cur = -1, timer = null;
var stage = q(".cp-stage"), counter = q(".cp-counter"), eventText = q(".cp-event");
var slider = q(".cp-slider"), play = q(".cp-play");
var prevBtn = q(".cp-prev"), nextBtn = q(".cp-next"), firstBtn = q(".cp-first"), lastBtn = q(".cp-last");
var parser = new DOMParser();
function svgNode(text) {
  var doc = parser.parseFromString(text, "image/svg+xml");
  var el = doc.documentElement;
  if (!el || el.getElementsByTagName("parsererror").length) {
    var holder = document.createElement("div");
    holder.innerHTML = text;
    return holder.firstElementChild;
  }
  return document.importNode(el, true);
}
function show(i) {
  i = Math.max(0, Math.min(n - 1, i));
  if (i === cur) { return; }
  cur = i;
  var f = frames[i];
  var svg = svgNode(f.svg);
  stage.textContent = "";
  if (svg) { stage.appendChild(svg); }
  counter.textContent = (i + 1) + " / " + n;
  eventText.textContent = f.event;
  slider.value = String(i + 1);
  root.setAttribute("data-frame", String(i + 1));
  prevBtn.disabled = firstBtn.disabled = (i === 0);
  nextBtn.disabled = lastBtn.disabled = (i === n - 1);
  if (i === n - 1) { stop(); }
}
function stop() {
  if (timer !== null) { clearInterval(timer); timer = null; }
  play.textContent = "Play";
  play.setAttribute("aria-label", "Play");
  play.title = "Play";
}
function start() {
  if (cur === n - 1) { show(0); }
  timer = setInterval(function () { show(cur + 1); }, 800);
  play.textContent = "Pause";
  play.setAttribute("aria-label", "Pause");
  play.title = "Pause";
}
prevBtn.addEventListener("click", function () { stop(); show(cur - 1); });
nextBtn.addEventListener("click", function () { stop(); show(cur + 1); });
firstBtn.addEventListener("click", function () { stop(); show(0); });
lastBtn.addEventListener("click", function () { stop(); show(n - 1); });
play.addEventListener("click", function () { if (timer === null) { start(); } else { stop(); } });
slider.addEventListener("input", function () { stop(); show(parseInt(slider.value, 10) - 1); });
root.addEventListener("keydown", function (e) {
  if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
  var to = null;
  switch (e.key) {
  case "ArrowLeft": to = cur - 1; break;
  case "ArrowRight": to = cur + 1; break;
  case "Home": to = 0; break;
  case "End": to = n - 1; break;
  }
  if (to === null) { return; }
  e.preventDefault();
  stop();
  show(to);
});
stage.addEventListener("click", function () { root.focus(); });
show(0);
})
