// Package feedback draws a student's search beside the reference's on one
// tree: the picture a failing check of the exercises writes (see
// exercises/checks), as SVG and as a self-contained HTML step-through.
//
// It is pure Go and links neither Graphviz nor anything of pkg/render's:
// every exercise's test binary imports it, and linking pkg/render
// (go-graphviz compiled to WebAssembly) would triple the time of a warm
// `go test` of an exercise (0.7 s → 2.1 s, a 6.7 MB test binary → 20 MB).
// Its layout is a simple one (leaves side by side in search order, each
// parent centred above its children), its marks those of the course's visual
// language (DESIGN.md, "Rendering — the visual language") plus the
// difference marks below.
//
// One tree carries both searches, rather than two trees side by side: the
// tree is the same for both, so one drawing puts each position in one
// place, and a learner sees at a glance which positions only one search
// touched, without matching nodes between two pictures. Under each node its
// visit numbers are written for both searches ("you 4 · ref 6").
//
// The marks:
//   - visited by both searches: black, as in every picture of the course;
//   - visited by the student's search only (the reference prunes it):
//     vermillion, a thick solid outline, class "extra";
//   - visited by the reference only (the student's search skipped it): sky
//     blue, a thick dashed outline, class "missed";
//   - visited by neither: grey and dashed, as pruned nodes always are, a
//     collapsed subtree as a stub "+N";
//   - a position the student's search visited more often than the
//     reference's: a badge "×k" (k visits by the student);
//   - calls on nodes of another tree (Step.Foreign: a node of an earlier
//     search's tree the student's code kept): not on this tree; a side
//     note under the title counts them and gives their visit numbers
//     (class "foreign"), and a row below the tree draws those nodes,
//     vermillion and dashed, without edges (group id "px" + path);
//   - the node a failure is about when it is not the visits' order (a
//     value returned, a flag stored, a window searched with: Diff.Wrong):
//     an orange dotted square, "wrong here" above it, class "wrong", and
//     in the legend what the student's search did there and what was
//     expected;
//   - the first difference (the visit the text feedback names): a ring
//     around the node the student's search visited there ("your visit N",
//     class "first-got") and around the node the reference visits there
//     ("expected visit N", class "first-want").
//
// Each node's SVG group has the id "p" + its path ("p" for the root,
// "p0.2" for the root's first child's third child) and a <title> with its
// name, so tests and tools can find it.
package feedback

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// Node is one position of the tree the searches ran on, as far as the
// picture draws it.
type Node struct {
	Path     string // its path of move indices from the root, as Step's
	Name     string
	Max      bool // Max to move (a box), else Min (an oval)
	Leaf     bool // no children: Value is its static value
	Value    int
	Children []*Node
	// Hidden counts the nodes of the subtree below this one that are not
	// drawn (neither search went there, or the drawing's budget ran out);
	// HiddenMore says the count stopped at its bound.
	Hidden     int
	HiddenMore bool
}

// Step is one visit of a search: the position's path of move indices from
// the root ("" for the root, "0.2" for its first child's third child) and
// whether it was evaluated (else expanded).
type Step struct {
	Path string
	Name string
	Eval bool
	// Foreign: a call on a node of another tree (an earlier search's);
	// Path and Name are in that tree, not in Diff.Tree.
	Foreign bool `json:",omitempty"`
}

// String is "evaluate b2" or "expand B" ("expand B of another tree").
func (s Step) String() string {
	v := "expand " + s.Name
	if s.Eval {
		v = "evaluate " + s.Name
	}
	if s.Foreign {
		v += " of another tree"
	}
	return v
}

// Diff is what the picture shows.
type Diff struct {
	Title     string // the check and its rule, one line
	Tree      *Node
	Student   []Step
	Reference []Step
	First     int    // index of the first visit where they differ (−1: none)
	Stopped   string // why the student's search stopped early (a runaway, a panic), or ""
	// Wrong marks the node a failure is about when it is not (only) the
	// order of the visits — a value returned, a flag stored, a window
	// searched with; nil when there is none.
	Wrong *Wrong `json:",omitempty"`
}

// Wrong is what the student's search did wrong at one node, beside what
// the reference does there, in words ("returned −11" against "exactly 0").
type Wrong struct {
	Path string // the node's path
	Got  string // what the student's search did there
	Want string // what the reference does (what was expected)
}

type placed struct {
	n        *Node
	path     string
	x, y     float64
	depth    int
	children []*placed
}

const (
	nodeW, nodeH = 48.0, 30.0
	gapX, gapY   = 62.0, 96.0
	margin       = 20.0
)

// layout places the nodes: leaves (and collapsed nodes) side by side in
// move order, each parent centred above its children.
func layout(root *Node) ([]*placed, float64, float64) {
	var all []*placed
	next := 0.0
	maxDepth := 0
	var walk func(n *Node, depth int) *placed
	walk = func(n *Node, depth int) *placed {
		p := &placed{n: n, path: n.Path, depth: depth, y: margin + 40 + float64(depth)*gapY}
		all = append(all, p)
		maxDepth = max(maxDepth, depth)
		for _, c := range n.Children {
			p.children = append(p.children, walk(c, depth+1))
		}
		if n.Hidden > 0 && len(n.Children) == 0 {
			maxDepth = max(maxDepth, depth+1)
		}
		if len(p.children) == 0 {
			p.x = margin + nodeW/2 + next*gapX
			next++
		} else {
			p.x = (p.children[0].x + p.children[len(p.children)-1].x) / 2
		}
		return p
	}
	walk(root, 0)
	w := 2*margin + max(1, next)*gapX
	h := margin + 40 + float64(maxDepth+1)*gapY + 20
	return all, w, h
}

// counts is the visit numbers (1-based) of each path, per search.
type counts struct{ stu, ref map[string][]int }

func count(d Diff) counts {
	c := counts{stu: map[string][]int{}, ref: map[string][]int{}}
	for i, s := range d.Student {
		if !s.Foreign { // not a position of this tree
			c.stu[s.Path] = append(c.stu[s.Path], i+1)
		}
	}
	for i, s := range d.Reference {
		c.ref[s.Path] = append(c.ref[s.Path], i+1)
	}
	return c
}

// Class returns the mark of the position at path: "visited" (both
// searches), "extra" (the student's only), "missed" (the reference's only)
// or "pruned" (neither).
func (d Diff) Class(path string) string { return classOf(count(d), path) }

func classOf(c counts, k string) string {
	s, r := len(c.stu[k]) > 0, len(c.ref[k]) > 0
	switch {
	case s && r:
		return "visited"
	case s:
		return "extra"
	case r:
		return "missed"
	}
	return "pruned"
}

const (
	colPruned = "#999999"
	colExtra  = "#D55E00" // vermillion: the student's search only
	colMissed = "#56B4E9" // sky blue: the reference's only
	colFirst  = "#CC79A7" // reddish purple: the first difference
	colSecond = "#555555"
	colWrong  = "#E69F00" // orange: the node a wrong value, flag or window is about
)

// SVG draws the difference: the tree, both searches' visits on it, the
// first difference ringed, a legend.
func SVG(d Diff) []byte { return draw(d) }

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func draw(d Diff) []byte {
	all, w, h := layout(d.Tree)
	w = max(w, 640)
	titleLines := wrap(d.Title, min(110, int((w-2*margin)/6.5)))
	top := 14 * float64(len(titleLines)-1)
	if d.Stopped != "" {
		top += 14
	}
	foreign := foreignNote(d)
	if foreign != "" {
		top += 14
	}
	if d.Wrong != nil {
		top += 12 // room for "wrong here" above a root
	}
	for _, p := range all {
		p.y += top
	}
	h += top
	others := foreignNodes(d)
	rowY := h // the row of another tree's nodes, below the tree
	if len(others) > 0 {
		h += foreignRowH
		w = max(w, 2*margin+float64(len(others))*gapX)
	}
	legendH := 150.0
	var wrongLines []string
	if d.Wrong != nil {
		width := int((w - 2*margin - 28) / 5.6)
		wrongLines = []string{cut("your search: "+d.Wrong.Got, width), cut("expected: "+d.Wrong.Want, width)}
		legendH += 34
	}
	c := count(d)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", w, h+legendH, w, h+legendH)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	for i, l := range titleLines {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" font-weight="bold">%s</text>`+"\n", margin, margin+4+float64(i)*14, html.EscapeString(l))
	}
	if d.Stopped != "" {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" fill="%s">%s</text>`+"\n", margin, margin+4+float64(len(titleLines))*14, colExtra, html.EscapeString(d.Stopped))
	}
	if foreign != "" {
		y := margin + 4 + float64(len(titleLines))*14
		if d.Stopped != "" {
			y += 14
		}
		fmt.Fprintf(&b, `<text class="foreign" x="%.0f" y="%.0f" font-size="11" fill="%s">%s</text>`+"\n", margin, y, colExtra, html.EscapeString(foreign))
	}
	// The edges, then the nodes.
	for _, p := range all {
		for _, ch := range p.children {
			cls := classOf(c, ch.path)
			col, dash, sw := "black", "", 1.2
			switch cls {
			case "pruned":
				col, dash = colPruned, ` stroke-dasharray="4 3"`
			case "extra":
				col, sw = colExtra, 2
			case "missed":
				col, dash, sw = colMissed, ` stroke-dasharray="6 3"`, 2
			}
			fmt.Fprintf(&b, `<line class="edge %s" data-to="%s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`+"\n",
				cls, ch.path, p.x, p.y+nodeH/2, ch.x, ch.y-nodeH/2, col, sw, dash)
		}
		if p.n.Hidden > 0 {
			sy := p.y + gapY
			more := ""
			if p.n.HiddenMore {
				more = "+"
			}
			fmt.Fprintf(&b, `<g class="stub"><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-dasharray="4 3"/><text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="%s">+%d%s</text></g>`+"\n",
				p.x, p.y+nodeH/2, p.x, sy-10, colPruned, p.x, sy+2, colPruned, p.n.Hidden, more)
		}
	}
	gotK, wantK := "\x00", "\x00"
	if d.First >= 0 && d.First < len(d.Student) && !d.Student[d.First].Foreign {
		gotK = d.Student[d.First].Path
	}
	if d.First >= 0 && d.First < len(d.Reference) {
		wantK = d.Reference[d.First].Path
	}
	for _, p := range all {
		cls := classOf(c, p.path)
		stroke, fill, dash, sw, text := "black", "white", "", 1.2, "black"
		switch cls {
		case "pruned":
			stroke, dash, text = colPruned, ` stroke-dasharray="4 3"`, colPruned
		case "extra":
			stroke, sw, fill = colExtra, 3, "#FBE3D6"
		case "missed":
			stroke, dash, sw, fill = colMissed, ` stroke-dasharray="6 3"`, 3, "#E3F2FB"
		}
		role := "min"
		if p.n.Max {
			role = "max"
		}
		fmt.Fprintf(&b, `<g id="p%s" class="node %s %s" data-s="%s" data-r="%s">`, p.path, cls, role, ints(c.stu[p.path]), ints(c.ref[p.path]))
		fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(p.n.Name))
		if p.n.Max {
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x-nodeW/2, p.y-nodeH/2, nodeW, nodeH, fill, stroke, sw, dash)
		} else {
			fmt.Fprintf(&b, `<ellipse cx="%.1f" cy="%.1f" rx="%.0f" ry="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x, p.y, nodeW/2, nodeH/2, fill, stroke, sw, dash)
		}
		if p.n.Leaf {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y-3, fit(p.n.Name, 9), text, html.EscapeString(p.n.Name))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`, p.x, p.y+10, text, p.n.Value)
		} else {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y+4, fit(p.n.Name, 11), text, html.EscapeString(p.n.Name))
		}
		if v := c.stu[p.path]; len(v) > 0 {
			fmt.Fprintf(&b, `<text class="nums you" x="%.1f" y="%.1f" font-size="8" text-anchor="middle" fill="%s" stroke="white" stroke-width="2.5" paint-order="stroke">you %s</text>`, p.x, p.y+nodeH/2+15, colSecond, joinInts(v, 3))
		}
		if v := c.ref[p.path]; len(v) > 0 {
			fmt.Fprintf(&b, `<text class="nums ref" x="%.1f" y="%.1f" font-size="8" text-anchor="middle" fill="%s" stroke="white" stroke-width="2.5" paint-order="stroke">ref %s</text>`, p.x, p.y+nodeH/2+24, colSecond, joinInts(v, 3))
		}
		if s, r := c.stu[p.path], c.ref[p.path]; len(s) != len(r) && max(len(s), len(r)) > 1 {
			// visited more (or fewer) times than the reference: both counts
			col, at := colExtra, 0
			if len(s) < len(r) {
				col = colMissed
			}
			if len(s) > 1 {
				at = s[1]
			} else {
				at = r[1]
			}
			fmt.Fprintf(&b, `<g class="repeat" data-at="%d"><rect x="%.1f" y="%.1f" width="34" height="13" rx="3" fill="%s"/><text x="%.1f" y="%.1f" font-size="9" fill="white" text-anchor="middle">×%d/%d</text></g>`,
				at, p.x+nodeW/2-10, p.y-nodeH/2-9, col, p.x+nodeW/2+7, p.y-nodeH/2+1, len(s), len(r))
		}
		b.WriteString("</g>\n")
		if p.path == gotK {
			ring(&b, p, "first-got", fmt.Sprintf("your visit %d", d.First+1), -1, d.First+1)
		}
		if p.path == wantK {
			ring(&b, p, "first-want", fmt.Sprintf("expected visit %d", d.First+1), 1, d.First+1)
		}
		if d.Wrong != nil && p.path == d.Wrong.Path {
			wrongMark(&b, p)
		}
	}
	drawForeign(&b, others, rowY)
	fmt.Fprintf(&b, `<text id="caption" x="%.0f" y="%.0f" font-size="12"></text>`+"\n", margin, h+14)
	legend(&b, h+20, wrongLines)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func ring(b *strings.Builder, p *placed, cls, label string, side float64, at int) {
	title := p.n.Name
	fmt.Fprintf(b, `<g class="%s" data-path="%s" data-at="%d"><title>%s</title>`, cls, p.path, at, html.EscapeString(title))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="8" fill="none" stroke="%s" stroke-width="3"/>`,
		p.x-nodeW/2-6, p.y-nodeH/2-6, nodeW+12, nodeH+12, colFirst)
	y := p.y + nodeH/2 + 37 // below the visit numbers
	if side > 0 {
		y += 12
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke">%s</text></g>`+"\n", p.x, y, colFirst, html.EscapeString(label))
}

// wrongMark draws the mark of the node a failure is about (Diff.Wrong):
// a thick dotted square around it, "wrong here" above it.
func wrongMark(b *strings.Builder, p *placed) {
	fmt.Fprintf(b, `<g class="wrong" data-path="%s"><title>%s</title>`, p.path, html.EscapeString(p.n.Name))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="2 3"/>`,
		p.x-nodeW/2-8, p.y-nodeH/2-8, nodeW+16, nodeH+16, colWrong)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke">wrong here</text></g>`+"\n",
		p.x, p.y-nodeH/2-12, colWrong)
}

func legend(b *strings.Builder, y float64, wrongLines []string) {
	type item struct {
		stroke, fill, dash string
		sw                 float64
		text               string
	}
	items := []item{
		{"black", "white", "", 1.2, "visited by both searches"},
		{colExtra, "#FBE3D6", "", 3, "your search only (the reference prunes it)"},
		{colMissed, "#E3F2FB", ` stroke-dasharray="6 3"`, 3, "the reference only (your search skipped it)"},
		{colPruned, "white", ` stroke-dasharray="4 3"`, 1.2, "neither (pruned by both)"},
	}
	fmt.Fprintf(b, `<g class="legend" font-size="10">`)
	for i, it := range items {
		x := margin + float64(i%2)*270
		yy := y + 10 + float64(i/2)*22
		fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="22" height="14" fill="%s" stroke="%s" stroke-width="%.1f"%s/><text x="%.0f" y="%.0f">%s</text>`,
			x, yy, it.fill, it.stroke, it.sw, it.dash, x+28, yy+11, html.EscapeString(it.text))
	}
	yy := y + 54
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="22" height="14" rx="4" fill="none" stroke="%s" stroke-width="3"/><text x="%.0f" y="%.0f">first difference: where your search went (your visit N) and where it should have (expected visit N)</text>`,
		margin, yy, colFirst, margin+28, yy+11)
	yy += 20
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="22" height="13" rx="3" fill="%s"/><text x="%.0f" y="%.0f">×k/m: visited k times by your search, m times by the reference (vermillion: more, blue: fewer)</text>`,
		margin, yy, colExtra, margin+28, yy+11)
	yy += 20
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f">"you 3 / ref 5": the visit numbers of each search; box: Max to move, oval: Min; "+N": nodes not drawn</text>`,
		margin+28, yy+11)
	if len(wrongLines) > 0 {
		yy += 20
		fmt.Fprintf(b, `<g class="wrong-legend"><rect x="%.0f" y="%.0f" width="22" height="14" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="2 3"/>`, margin, yy, colWrong)
		for i, l := range wrongLines {
			fmt.Fprintf(b, `<text x="%.0f" y="%.0f">%s</text>`, margin+28, yy+11+float64(i)*14, html.EscapeString(l))
		}
		b.WriteString("</g>")
	}
	b.WriteString("</g>\n")
}

func joinInts(v []int, max int) string {
	var s []string
	for i, x := range v {
		if i == max {
			s = append(s, "…")
			break
		}
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, ",")
}

// MaxSteps bounds the step-through: at most this many steps, ending three
// visits past the first difference.
const MaxSteps = 2000

// StepRange returns the steps [from, to] (numbers of visits shown) the
// step-through goes through: to three visits past the first difference (or
// to the end of the longer search), at most MaxSteps of them.
func StepRange(d Diff) (from, to int) {
	n := max(len(d.Student), len(d.Reference))
	to = n
	if d.First >= 0 {
		to = min(n, d.First+4)
	}
	from = max(0, to-MaxSteps+1)
	return from, to
}

// HTML writes a self-contained page (no network): the picture, with a
// step-through of both searches on it, visit by visit (← →, or the
// buttons), from the start to three visits past the first difference, where
// it opens. At step k the nodes neither search has reached in its first k
// visits are light grey outlines, the two nodes visited at step k are
// yellow, and the caption says what each search did.
func HTML(d Diff) []byte {
	from, to := StepRange(d)
	var caps []string
	for k := from; k <= to; k++ {
		caps = append(caps, caption(d, k))
	}
	capJSON, _ := json.Marshal(caps)
	cur := func(s []Step) []string {
		var out []string
		for k := from; k <= to; k++ {
			if k >= 1 && k <= len(s) && s[k-1].Foreign {
				out = append(out, "x"+s[k-1].Path) // drawForeign's node
			} else if k >= 1 && k <= len(s) {
				out = append(out, s[k-1].Path)
			} else {
				out = append(out, "\x00")
			}
		}
		return out
	}
	curS, _ := json.Marshal(cur(d.Student))
	curR, _ := json.Marshal(cur(d.Reference))
	start := to
	if d.First >= 0 {
		start = min(to, d.First+1)
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
	b.WriteString(html.EscapeString(d.Title))
	b.WriteString(`</title><style>
body{font-family:Helvetica,Arial,sans-serif;margin:1em}
button{font-size:1em;margin-right:.5em}
.pending rect,.pending ellipse{stroke:#C8C8C8;fill:white;stroke-dasharray:none;stroke-width:1.2}
.pending text{fill:#C8C8C8}
.edge.pending{stroke:#C8C8C8;stroke-dasharray:none}
.current rect,.current ellipse{fill:#F0E442}
.later{visibility:hidden}
</style></head><body>
`)
	fmt.Fprintf(&b, "<p><button id=\"prev\">← back</button><button id=\"next\">next →</button><button id=\"all\">whole searches</button> <span id=\"where\"></span></p>\n")
	b.Write(draw(d))
	fmt.Fprintf(&b, `<script>
(function(){
var from=%d,to=%d,k=%d,caps=%s,curS=%s,curR=%s;
function nums(a){return a?a.split(',').map(Number):[]}
function upTo(a,k){return a.filter(function(x){return x<=k})}
function fmt(a){return a.slice(0,3).join(',')+(a.length>3?',…':'')}
function show(j){
 if(j<from||j>to+1)return;k=j;var all=k>to,kk=all?1e9:k;
 document.querySelectorAll('g.node').forEach(function(g){
  var s=upTo(nums(g.dataset.s),kk),r=upTo(nums(g.dataset.r),kk),any=(g.dataset.s||g.dataset.r);
  g.classList.toggle('pending',!!any&&s.length+r.length==0);
  g.classList.toggle('current',!all&&(g.id=='p'+curS[k-from]||g.id=='p'+curR[k-from]));
  var ty=g.querySelector('text.you'),tr=g.querySelector('text.ref');
  if(ty)ty.textContent=s.length?'you '+fmt(s):'';if(tr)tr.textContent=r.length?'ref '+fmt(r):'';
 });
 document.querySelectorAll('line.edge').forEach(function(e){var g=document.getElementById('p'+e.dataset.to);e.classList.toggle('pending',!!g&&g.classList.contains('pending'));});
 document.querySelectorAll('[data-at]').forEach(function(e){e.classList.toggle('later',Number(e.dataset.at)>kk)});
 document.getElementById('caption').textContent=all?'':caps[k-from];
 document.getElementById('where').textContent=all?'the whole searches':'step '+k+' of '+to;
}
document.getElementById('prev').onclick=function(){show(Math.min(k,to)-1)};
document.getElementById('next').onclick=function(){show(k+1)};
document.getElementById('all').onclick=function(){show(to+1)};
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')show(Math.min(k,to)-1);if(e.key==='ArrowRight')show(k+1)});
show(k);
})();
</script>
</body></html>
`, from, to, start, capJSON, curS, curR)
	return []byte(b.String())
}

// caption says what each search did at visit k (1-based; 0: the start).
func caption(d Diff, k int) string {
	if k == 0 {
		return "Step 0: before the first visit"
	}
	say := func(s []Step) string {
		if k <= len(s) {
			return s[k-1].String()
		}
		return "(done)"
	}
	mark := ""
	if k == d.First+1 {
		mark = "  ← first difference"
	}
	return fmt.Sprintf("Step %d: you %s · reference %s%s", k, say(d.Student), say(d.Reference), mark)
}

// foreignRowH is the height of the row of another tree's nodes.
const foreignRowH = 78.0

// foreign is a node of another tree the student's search called, with its
// visit numbers.
type foreign struct {
	path, name string
	at         []int
}

// foreignNodes lists the nodes of another tree the student's search
// called, in the order of their first call.
func foreignNodes(d Diff) []foreign {
	var fs []foreign
	index := map[string]int{}
	for i, s := range d.Student {
		if !s.Foreign {
			continue
		}
		k := s.Path + "\x00" + s.Name
		j, ok := index[k]
		if !ok {
			j = len(fs)
			index[k] = j
			fs = append(fs, foreign{path: s.Path, name: s.Name})
		}
		fs[j].at = append(fs[j].at, i+1)
	}
	return fs
}

// drawForeign draws the nodes of another tree the student's search called
// in a row below the tree, vermillion and dashed, each with its visit
// numbers ("you 1"), its group's id "px" + its path (the step-through's
// highlight at those steps); no edges, their tree is not this one.
func drawForeign(b *strings.Builder, fs []foreign, y float64) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(b, `<g class="foreign-row"><text x="%.0f" y="%.0f" font-size="10" fill="%s">nodes of another tree (an earlier search's) that your search called:</text>`+"\n",
		margin, y+8, colExtra)
	for i, f := range fs {
		x, cy := margin+nodeW/2+float64(i)*gapX, y+34
		fmt.Fprintf(b, `<g id="px%s" class="node extra foreign" data-s="%s" data-r=""><title>%s (another tree)</title>`, f.path, ints(f.at), html.EscapeString(f.name))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="6" fill="#FBE3D6" stroke="%s" stroke-width="2" stroke-dasharray="3 2"/>`,
			x-nodeW/2, cy-nodeH/2, nodeW, nodeH, colExtra)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle">%s</text>`, x, cy+4, fit(f.name, 11), html.EscapeString(f.name))
		fmt.Fprintf(b, `<text class="nums you" x="%.1f" y="%.1f" font-size="8" text-anchor="middle" fill="%s">you %s</text></g>`+"\n", x, cy+nodeH/2+11, colSecond, joinInts(f.at, 3))
	}
	b.WriteString("</g>\n")
}

// foreignNote counts the student's calls on nodes of another tree, with
// their visit numbers, or "".
func foreignNote(d Diff) string {
	var at []string
	for i, s := range d.Student {
		if s.Foreign {
			s.Foreign = false // "expand A", without "of another tree"
			at = append(at, fmt.Sprintf("%d (%s)", i+1, s))
		}
	}
	if len(at) == 0 {
		return ""
	}
	n := len(at)
	if n > 4 {
		at = append(at[:4], "…")
	}
	calls := "calls"
	if n == 1 {
		calls = "call"
	}
	first := ""
	if d.First >= 0 && d.First < len(d.Student) && d.Student[d.First].Foreign {
		first = fmt.Sprintf(" (visit %d is the first difference)", d.First+1)
	}
	return fmt.Sprintf("%d %s on nodes of another tree (an earlier search's), drawn below the tree: your visits %s%s",
		n, calls, strings.Join(at, ", "), first)
}

// wrap breaks s into lines of at most width characters, at spaces; at most
// three lines, the last one cut with "…".
func wrap(s string, width int) []string {
	width = max(width, 20)
	var lines []string
	var cur []rune
	for _, word := range strings.Fields(s) {
		if len(cur) > 0 && len(cur)+1+len([]rune(word)) > width {
			lines = append(lines, string(cur))
			cur = nil
		}
		if len(cur) > 0 {
			cur = append(cur, ' ')
		}
		cur = append(cur, []rune(word)...)
	}
	if len(cur) > 0 || len(lines) == 0 {
		lines = append(lines, string(cur))
	}
	if len(lines) > 3 {
		lines = append(lines[:2], lines[2]+" …")
	}
	return lines
}

// cut returns s, or its first width−1 characters and "…".
func cut(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return string(r[:max(1, width-1)]) + "…"
}

// fit returns a font size at most size at which name fits in a node.
func fit(name string, size float64) float64 {
	n := float64(len([]rune(name)))
	return min(size, max(5, (nodeW-4)/(0.6*n)))
}
