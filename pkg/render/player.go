package render

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strconv"
)

// Player writes a step-through player for frames as one self-contained HTML
// page: the frames' SVG, the styles and the script are all inline, and the
// page loads nothing from anywhere, so it works opened from a file:// URL,
// served from anywhere, or mailed to students.
//
// The player has first, previous, play/pause, next and last buttons (with
// aria-labels), a slider, the frame counter "k / n", and each frame's event
// text. With the player focused (click it or Tab to it), ← and → step, Home
// and End jump to the first and last frame.
//
// See PlayerFragment for the same player without the page around it.
func Player(w io.Writer, frames []Frame, title string) error {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
	fmt.Fprintf(&b, "<title>%s</title>\n</head>\n<body>\n", html.EscapeString(playerTitle(title)))
	if err := writePlayer(&b, frames, title); err != nil {
		return err
	}
	b.WriteString("</body>\n</html>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// PlayerFragment writes the player of Player without the page around it: one
// <div> holding its style and script, for a notebook's HTML output (GoNB's
// gonbui.DisplayHTML) or for pasting into a page. Each call draws a player
// with a fresh random element id, its script is wrapped in a function that
// defines no global names, and its styles apply only inside the player, so
// any number of players work side by side on one page.
func PlayerFragment(w io.Writer, frames []Frame, title string) error {
	var b bytes.Buffer
	if err := writePlayer(&b, frames, title); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

func playerTitle(title string) string {
	if title == "" {
		return "Cutoff: search step by step"
	}
	return title
}

// playerData is what the player's script reads: the frames' inline SVG
// (without the XML prolog and DOCTYPE, which inline SVG must not have) and
// events.
type playerData struct {
	Title  string        `json:"title"`
	Frames []playerFrame `json:"frames"`
}

type playerFrame struct {
	Step  int    `json:"step"`
	Event string `json:"event"`
	SVG   string `json:"svg"`
}

// inlineSVG returns the <svg> element of an SVG file, without what precedes
// it (the XML declaration, a DOCTYPE with its DTD URL, comments).
func inlineSVG(svg []byte) ([]byte, bool) {
	i := bytes.Index(svg, []byte("<svg"))
	if i < 0 {
		return nil, false
	}
	return bytes.TrimSpace(svg[i:]), true
}

func writePlayer(b *bytes.Buffer, frames []Frame, title string) error {
	if len(frames) == 0 {
		return fmt.Errorf("render: Player: no frames")
	}
	if len(frames) > MaxFrames {
		return fmt.Errorf("render: Player: %d frames, more than MaxFrames = %d", len(frames), MaxFrames)
	}
	data := playerData{Title: playerTitle(title), Frames: make([]playerFrame, len(frames))}
	for i, f := range frames {
		svg, ok := inlineSVG(f.SVG)
		if !ok {
			return fmt.Errorf("render: Player: frame %d (step %d) is not SVG", i+1, f.Step)
		}
		data.Frames[i] = playerFrame{Step: f.Step, Event: f.Event, SVG: string(svg)}
	}
	// encoding/json escapes <, > and & as \u003c, \u003e and \u0026, and
	// U+2028 and U+2029, so the data can neither close the <script> element
	// nor end the CDATA section around it.
	js, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	id := "cutoff-player-" + hex.EncodeToString(rnd[:])
	n := strconv.Itoa(len(frames))
	t := html.EscapeString(playerTitle(title))

	fmt.Fprintf(b, "<div class=\"cutoff-player\" id=\"%s\" tabindex=\"0\" role=\"group\" aria-roledescription=\"step-through player\" aria-label=\"%s\">\n", id, t)
	b.WriteString("<style>/*<![CDATA[*/" + playerCSS + "/*]]>*/</style>\n")
	fmt.Fprintf(b, "<div class=\"cp-title\">%s</div>\n", t)
	b.WriteString("<div class=\"cp-controls\">\n")
	b.WriteString("<button type=\"button\" class=\"cp-first\" aria-label=\"First frame\" title=\"First frame (Home)\">|&#x25C0;</button>\n")
	b.WriteString("<button type=\"button\" class=\"cp-prev\" aria-label=\"Previous frame\" title=\"Previous frame (&#x2190;)\">&#x25C0;</button>\n")
	b.WriteString("<button type=\"button\" class=\"cp-play\" aria-label=\"Play\" title=\"Play\">Play</button>\n")
	b.WriteString("<button type=\"button\" class=\"cp-next\" aria-label=\"Next frame\" title=\"Next frame (&#x2192;)\">&#x25B6;</button>\n")
	b.WriteString("<button type=\"button\" class=\"cp-last\" aria-label=\"Last frame\" title=\"Last frame (End)\">&#x25B6;|</button>\n")
	fmt.Fprintf(b, "<input type=\"range\" class=\"cp-slider\" min=\"1\" max=\"%s\" value=\"1\" step=\"1\" aria-label=\"Frame\"/>\n", n)
	fmt.Fprintf(b, "<span class=\"cp-counter\" aria-live=\"polite\">1 / %s</span>\n", n)
	b.WriteString("</div>\n")
	b.WriteString("<div class=\"cp-event\" aria-live=\"polite\"></div>\n")
	b.WriteString("<div class=\"cp-stage\"></div>\n")
	b.WriteString("<noscript><p>The step-through player needs JavaScript.</p></noscript>\n")
	fmt.Fprintf(b, "<script>//<![CDATA[\n(function (id, data) {%s})(%q, %s);\n//]]></script>\n", playerJS, id, js)
	b.WriteString("</div>\n")
	return nil
}

// playerCSS is scoped to .cutoff-player so that it styles nothing else of a
// page or notebook.
const playerCSS = `
.cutoff-player{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;border:1px solid #ccc;border-radius:6px;padding:8px;margin:8px 0;max-width:100%;box-sizing:border-box;background:#fff;color:#222}
.cutoff-player:focus{outline:2px solid #4a7bd0;outline-offset:2px}
.cutoff-player .cp-title{font-weight:600;margin-bottom:6px}
.cutoff-player .cp-controls{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
.cutoff-player button{min-width:2.4em;padding:0 .4em;height:2em;font-size:1em;cursor:pointer;border:1px solid #999;border-radius:4px;background:#f4f4f4;color:#222}
.cutoff-player button:disabled{opacity:.4;cursor:default}
.cutoff-player .cp-slider{flex:1 1 12em;min-width:8em}
.cutoff-player .cp-counter{font-variant-numeric:tabular-nums;min-width:5em;text-align:right}
.cutoff-player .cp-event{font-family:ui-monospace,Menlo,Consolas,monospace;margin:6px 0;min-height:1.3em}
.cutoff-player .cp-stage{overflow:auto}
.cutoff-player .cp-stage svg{max-width:100%;height:auto;display:block}
`

// playerJS is the body of a function of the player's element id and its data
// (a JSON literal of playerData). It keeps all its state in locals.
// It has no "<" or "&" so that the page stays well-formed XML as well.
const playerJS = `
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
`
