package quiz

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"
)

// Verdicts the HTML shows above the feedback.
const (
	VerdictRight = "Right!"
	VerdictWrong = "Not quite."
)

// optionData is an option as the page's script sees it; Correct and Why
// are left out of a live page until the kernel has checked an answer.
type optionData struct {
	Label   string `json:"label"`
	Correct *bool  `json:"correct,omitempty"`
	Why     string `json:"why,omitempty"`
}

type pageData struct {
	Kind    string       `json:"kind"`
	Live    bool         `json:"live"`
	Answer  string       `json:"answer,omitempty"` // live: the comms address answers go to
	Reply   string       `json:"reply,omitempty"`  // live: the comms address replies come from
	Options []optionData `json:"options"`
	Truth   string       `json:"truth,omitempty"`
	Hint    string       `json:"hint,omitempty"`
	Msgs    messages     `json:"msgs"`
}

type messages struct {
	Right    string `json:"right"`
	Wrong    string `json:"wrong"`
	NoChoice string `json:"noChoice"`
	OneOnly  string `json:"oneOnly"`
	Choose   string `json:"choose"`
	NoKernel string `json:"noKernel"`
	Waiting  string `json:"waiting"`
	Timeout  string `json:"timeout"`
}

func pageMessages() messages {
	return messages{
		Right: VerdictRight, Wrong: VerdictWrong, NoChoice: NoChoice, OneOnly: OneOnly,
		Choose:   "Choose an option first.",
		NoKernel: "This quiz is checked by its notebook cell, which is not running: run the cell again (Shift-Enter), then answer.",
		Waiting:  "Checking…",
		Timeout:  "No answer from the kernel: the cell has stopped (it waits 10 minutes for an answer). Run it again, then answer.",
	}
}

// Reply is what the kernel sends a live page after checking an answer
// (see LiveHTML): the feedback, and the whole answer, which the page keeps
// so that "Try again" works without the kernel.
type Reply struct {
	Correct bool         `json:"correct"`
	Mistake string       `json:"mistake"`
	Why     string       `json:"why,omitempty"`
	Truth   string       `json:"truth"`
	Options []optionData `json:"options"`
	Reveal  string       `json:"reveal"` // inline SVG
	Closed  string       `json:"closed,omitempty"`
}

// HTML returns the quiz as one self-contained HTML fragment (see the
// package documentation for its DOM contract): inline SVG, style and
// script, nothing loaded from anywhere. The answer, the explanations and
// the reveal picture are embedded (the picture hidden) and the page checks
// answers by itself, exactly as Check does. Each call uses a fresh random
// element id, so any number of quizzes work on one page.
func (q *Quiz) HTML() (string, error) {
	return q.page(pageData{}, false)
}

// LiveHTML returns the quiz as HTML with the same DOM contract as HTML, but
// without the answer: the page sends the chosen options (indices joined by
// commas, "" for none) with GoNB's front-end gonb_comm.send to the address
// answer, and waits for a JSON Reply on the address reply, which it shows.
// Without gonb_comm (no live kernel) it says so and does nothing else.
func (q *Quiz) LiveHTML(answer, reply string) (string, error) {
	if answer == "" || reply == "" {
		return "", errors.New("quiz: LiveHTML needs both comms addresses")
	}
	return q.page(pageData{Answer: answer, Reply: reply}, true)
}

// ReplyJSON returns the Reply to an answer checked with fb, as JSON.
func (q *Quiz) ReplyJSON(fb Feedback) (string, error) {
	svg, err := inlineSVG(q.Reveal, "cq-reveal-"+randomHex())
	if err != nil {
		return "", err
	}
	r := Reply{Correct: fb.Correct, Mistake: fb.Mistake, Why: fb.Why, Truth: fb.Truth, Options: q.optionData(true), Reveal: svg}
	b, err := json.Marshal(r)
	return string(b), err
}

// ClosedJSON returns the Reply that tells a live page the kernel no longer
// listens, with the message to show.
func ClosedJSON(message string) string {
	b, _ := json.Marshal(Reply{Closed: message})
	return string(b)
}

func (q *Quiz) optionData(answers bool) []optionData {
	out := make([]optionData, len(q.Options))
	for i, o := range q.Options {
		out[i] = optionData{Label: o.Label}
		if answers {
			c := o.Correct
			out[i].Correct, out[i].Why = &c, o.Why
		}
	}
	return out
}

func randomHex() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported platforms; keep going
		// with a fixed id rather than fail the quiz.
		return "0000000000000000"
	}
	return hex.EncodeToString(b[:])
}

// inlineSVG returns the <svg> element of an SVG document, its ids (and
// references to them) prefixed with prefix, so that several pictures on one
// page have unique ids.
func inlineSVG(svg, prefix string) (string, error) {
	i := strings.Index(svg, "<svg")
	if i < 0 {
		return "", errors.New("quiz: a picture is not SVG")
	}
	s := strings.TrimSpace(svg[i:])
	s = strings.NewReplacer(` id="`, ` id="`+prefix+`-`, `href="#`, `href="#`+prefix+`-`, `url(#`, `url(#`+prefix+`-`).Replace(s)
	return s, nil
}

func (q *Quiz) page(data pageData, live bool) (string, error) {
	if q == nil {
		return "", errors.New("quiz: nil quiz")
	}
	if len(q.Options) == 0 {
		return "", errors.New("quiz: the quiz has no options")
	}
	uid := "cutoff-quiz-" + randomHex()
	pic, err := inlineSVG(q.Picture, uid+"-p")
	if err != nil {
		return "", err
	}
	data.Kind, data.Live, data.Msgs, data.Hint = q.Kind.String(), live, pageMessages(), q.Hint
	data.Options = q.optionData(!live)
	revealSVG := ""
	if !live {
		data.Truth = q.Truth
		if revealSVG, err = inlineSVG(q.Reveal, uid+"-r"); err != nil {
			return "", err
		}
	}
	// encoding/json escapes <, > and &, so the data can neither close the
	// <script> element nor end the CDATA section around it.
	js, err := json.Marshal(data)
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"cutoff-quiz\" id=\"%s\" data-quiz-id=\"%s\" data-kind=\"%s\" data-live=\"%t\" role=\"group\" aria-label=\"%s\">\n",
		uid, html.EscapeString(q.ID), q.Kind, live, html.EscapeString(q.Title))
	b.WriteString("<style>/*<![CDATA[*/" + quizCSS + "/*]]>*/</style>\n")
	fmt.Fprintf(&b, "<div class=\"cq-title\">%s</div>\n", html.EscapeString(q.Title))
	fmt.Fprintf(&b, "<p class=\"cq-question\">%s</p>\n", html.EscapeString(q.Question))
	fmt.Fprintf(&b, "<div class=\"cq-picture\">%s</div>\n", pic)
	hint := "Choose one:"
	switch q.Kind {
	case SeveralChoices:
		hint = "Choose all that apply (or none):"
	case ClickLeaves:
		hint = "Click the leaves in the picture, or here (or none):"
	}
	fmt.Fprintf(&b, "<div class=\"cq-hint\">%s</div>\n<div class=\"cq-options\" role=\"group\" aria-label=\"options\">\n", hint)
	for i, o := range q.Options {
		fmt.Fprintf(&b, "<button type=\"button\" class=\"cutoff-quiz-option\" data-option=\"%d\" aria-pressed=\"false\">%s</button>\n", i, html.EscapeString(o.Label))
	}
	b.WriteString("</div>\n<div class=\"cq-actions\">\n")
	b.WriteString("<button type=\"button\" class=\"cutoff-quiz-check\">Check</button>\n")
	b.WriteString("<button type=\"button\" class=\"cutoff-quiz-retry\" hidden=\"hidden\">Try again</button>\n")
	b.WriteString("<button type=\"button\" class=\"cutoff-quiz-answer\" hidden=\"hidden\">Show the answer</button>\n")
	b.WriteString("<span class=\"cq-status\" aria-live=\"polite\"></span>\n</div>\n")
	b.WriteString("<div class=\"cq-result\" aria-live=\"polite\"></div>\n")
	fmt.Fprintf(&b, "<div class=\"cutoff-quiz-reveal\" hidden=\"hidden\">%s</div>\n", revealSVG)
	b.WriteString("<noscript><p>This quiz needs JavaScript.</p></noscript>\n")
	fmt.Fprintf(&b, "<script>//<![CDATA[\n(function (id, data) {%s})(%q, %s);\n//]]></script>\n", quizJS, uid, js)
	b.WriteString("</div>\n")
	return b.String(), nil
}

// quizCSS is scoped to .cutoff-quiz. Selection is shown by colour and by
// weight and a mark, so it survives grey print and colour blindness.
const quizCSS = `
.cutoff-quiz{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;border:1px solid #ccc;border-radius:6px;padding:8px 10px;margin:8px 0;max-width:100%;box-sizing:border-box;background:#fff;color:#222}
.cutoff-quiz .cq-title{font-weight:600;margin-bottom:4px}
.cutoff-quiz .cq-question{margin:4px 0 6px}
.cutoff-quiz .cq-picture svg,.cutoff-quiz .cutoff-quiz-reveal svg{max-width:100%;height:auto;display:block}
.cutoff-quiz .cq-hint{font-size:.9em;color:#555}
.cutoff-quiz .cq-options{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 8px}
.cutoff-quiz button{font-size:1em;padding:.25em .7em;border:1px solid #999;border-radius:4px;background:#f4f4f4;color:#222;cursor:pointer}
.cutoff-quiz button:disabled{cursor:default;opacity:.75}
.cutoff-quiz .cutoff-quiz-option.selected{background:#fde9a9;border-color:#8a6500;font-weight:600}
.cutoff-quiz .cutoff-quiz-option.selected::before{content:"\2714\00a0"}
.cutoff-quiz .cutoff-quiz-option.correct{outline:3px solid #009E73;outline-offset:1px}
.cutoff-quiz .cutoff-quiz-option.wrong{outline:3px solid #D55E00;outline-offset:1px}
.cutoff-quiz .cutoff-quiz-option.selected.wrong::before{content:"\2718\00a0"}
.cutoff-quiz .cq-actions{display:flex;gap:8px;align-items:center}
.cutoff-quiz .cq-status{font-style:italic;color:#555}
.cutoff-quiz g.cq-leaf{cursor:pointer}
.cutoff-quiz g.cq-leaf.selected polygon,.cutoff-quiz g.cq-leaf.selected ellipse{fill:#fde9a9;stroke-width:3}
.cutoff-quiz .cutoff-quiz-feedback{margin:8px 0;padding:6px 8px;border-left:4px solid #999;background:#f8f8f8}
.cutoff-quiz .cutoff-quiz-feedback p{margin:2px 0}
.cutoff-quiz .cutoff-quiz-feedback[data-correct="true"]{border-left-color:#009E73}
.cutoff-quiz .cutoff-quiz-feedback[data-correct="false"]{border-left-color:#D55E00}
.cutoff-quiz .cq-verdict{font-weight:600}
`

// quizJS is the body of a function of the quiz's element id and its data
// (pageData as JSON). It keeps its state in locals and has no "<" or "&",
// so the fragment stays well-formed XML. Its grade function is Check's
// rule: the chosen option's Why for a one-choice quiz, otherwise the first
// option, in order, chosen but not correct or correct but not chosen.
const quizJS = `
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
`
