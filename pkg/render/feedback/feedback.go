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
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"
)

// Node is one position of the tree the searches ran on, as far as the
// picture draws it.
type Node struct {
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
}

// String is "evaluate b2" or "expand B".
func (s Step) String() string {
	if s.Eval {
		return "evaluate " + s.Name
	}
	return "expand " + s.Name
}

// Diff is what the picture shows.
type Diff struct {
	Title     string // the check and its rule, one line
	Tree      *Node
	Student   []Step
	Reference []Step
	First     int    // index of the first visit where they differ (−1: none)
	Stopped   string // why the student's search stopped early (a runaway, a panic), or ""
}

func key(path string) string { return path }

type placed struct {
	n        *Node
	path     string
	x, y     float64
	depth    int
	parent   *placed
	children []*placed
}

const (
	nodeW, nodeH = 48.0, 30.0
	gapX, gapY   = 62.0, 86.0
	margin       = 20.0
)

func layout(root *Node) ([]*placed, float64, float64) {
	var all []*placed
	next := 0.0
	maxDepth := 0
	var walk func(n *Node, path string, depth int, parent *placed) *placed
	walk = func(n *Node, path string, depth int, parent *placed) *placed {
		p := &placed{n: n, path: path, depth: depth, parent: parent, y: margin + 40 + float64(depth)*gapY}
		all = append(all, p)
		maxDepth = max(maxDepth, depth)
		for i, c := range n.Children {
			cp := path + "." + strconv.Itoa(i)
			if path == "" {
				cp = strconv.Itoa(i)
			}
			p.children = append(p.children, walk(c, cp, depth+1, p))
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
	walk(root, "", 0, nil)
	w := 2*margin + max(1, next)*gapX
	h := margin + 40 + float64(maxDepth+1)*gapY + 20
	return all, w, h
}

// counts is how often each search visited each path within a prefix.
type counts struct {
	stu, ref       map[string][]int // visit numbers (1-based)
	stuEval, refEv map[string]bool
}

func count(d Diff, upTo int) counts {
	c := counts{stu: map[string][]int{}, ref: map[string][]int{}, stuEval: map[string]bool{}, refEv: map[string]bool{}}
	for i, s := range d.Student {
		if upTo >= 0 && i >= upTo {
			break
		}
		k := key(s.Path)
		c.stu[k] = append(c.stu[k], i+1)
		c.stuEval[k] = c.stuEval[k] || s.Eval
	}
	for i, s := range d.Reference {
		if upTo >= 0 && i >= upTo {
			break
		}
		k := key(s.Path)
		c.ref[k] = append(c.ref[k], i+1)
		c.refEv[k] = c.refEv[k] || s.Eval
	}
	return c
}

// Class returns the mark of the position at path in the whole picture:
// "visited" (both searches), "extra" (the student's only), "missed" (the
// reference's only) or "pruned" (neither).
func (d Diff) Class(path string) string {
	return classOf(count(d, -1), key(path))
}

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
	colPruned  = "#999999"
	colPending = "#C8C8C8"
	colExtra   = "#D55E00" // vermillion: the student's search only
	colMissed  = "#56B4E9" // sky blue: the reference's only
	colFirst   = "#CC79A7" // reddish purple: the first difference
	colCurrent = "#F0E442"
	colSecond  = "#555555"
)

// SVG draws the whole difference.
func SVG(d Diff) []byte { return draw(d, -1, "") }

// frame draws the two searches' first upTo visits; caption goes below.
func draw(d Diff, upTo int, caption string) []byte {
	all, w, h := layout(d.Tree)
	w = max(w, 560)
	top := 14 * float64(len(wrap(d.Title, int((w-2*margin)/6.5)))-1)
	if d.Stopped != "" {
		top += 14
	}
	for _, p := range all {
		p.y += top
	}
	h += top
	legendH := 96.0
	capH := 0.0
	if caption != "" {
		capH = 24
	}
	c := count(d, upTo)
	final := count(d, -1)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", w, h+legendH+capH, w, h+legendH+capH)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	titleLines := wrap(d.Title, int((w-2*margin)/6.5))
	for i, l := range titleLines {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" font-weight="bold">%s</text>`+"\n", margin, margin+4+float64(i)*14, html.EscapeString(l))
	}
	if d.Stopped != "" {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" fill="%s">%s</text>`+"\n", margin, margin+4+float64(len(titleLines))*14, colExtra, html.EscapeString(d.Stopped))
	}
	// edges first
	for _, p := range all {
		for _, ch := range p.children {
			cls := classOf(final, ch.path)
			col, dash, sw := "black", "", 1.2
			switch {
			case upTo >= 0 && classOf(c, ch.path) == "pruned" && cls != "pruned":
				col = colPending
			case cls == "pruned":
				col, dash = colPruned, ` stroke-dasharray="4 3"`
			case cls == "extra":
				col, sw = colExtra, 2
			case cls == "missed":
				col, dash, sw = colMissed, ` stroke-dasharray="6 3"`, 2
			}
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`+"\n",
				p.x, p.y+nodeH/2, ch.x, ch.y-nodeH/2, col, sw, dash)
		}
		if p.n.Hidden > 0 {
			sx, sy := p.x, p.y+gapY
			fmt.Fprintf(&b, `<g class="stub"><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-dasharray="4 3"/>`, p.x, p.y+nodeH/2, sx, sy-10, colPruned)
			more := ""
			if p.n.HiddenMore {
				more = "+"
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" fill="%s">+%d%s more</text></g>`+"\n", sx, sy+2, colPruned, p.n.Hidden, more)
		}
	}
	first := d.First
	var gotK, wantK string
	if first >= 0 && (upTo < 0 || first < upTo) {
		if first < len(d.Student) {
			gotK = key(d.Student[first].Path)
		}
		if first < len(d.Reference) {
			wantK = key(d.Reference[first].Path)
		}
	} else {
		gotK, wantK = "\x00", "\x00"
	}
	// the node being visited at this step
	curS, curR := "\x00", "\x00"
	if upTo > 0 {
		if upTo <= len(d.Student) {
			curS = key(d.Student[upTo-1].Path)
		}
		if upTo <= len(d.Reference) {
			curR = key(d.Reference[upTo-1].Path)
		}
	}
	for _, p := range all {
		cls := classOf(final, p.path)
		now := classOf(c, p.path)
		stroke, fill, dash, sw, text := "black", "white", "", 1.2, "black"
		switch cls {
		case "pruned":
			stroke, dash, text = colPruned, ` stroke-dasharray="4 3"`, colPruned
		case "extra":
			stroke, sw, fill = colExtra, 3, "#FBE3D6"
		case "missed":
			stroke, dash, sw, fill = colMissed, ` stroke-dasharray="6 3"`, 3, "#E3F2FB"
		}
		if upTo >= 0 && now == "pruned" && cls != "pruned" {
			stroke, fill, text = colPending, "white", colPending
		}
		if p.path == curS || p.path == curR {
			fill = colCurrent
		}
		role := "min"
		if p.n.Max {
			role = "max"
		}
		fmt.Fprintf(&b, `<g id="p%s" class="node %s %s">`, p.path, cls, role)
		fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(p.n.Name))
		if p.n.Max {
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x-nodeW/2, p.y-nodeH/2, nodeW, nodeH, fill, stroke, sw, dash)
		} else {
			fmt.Fprintf(&b, `<ellipse cx="%.1f" cy="%.1f" rx="%.0f" ry="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x, p.y, nodeW/2, nodeH/2, fill, stroke, sw, dash)
		}
		label := p.n.Name
		if p.n.Leaf {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="9" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y-3, text, html.EscapeString(label))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`, p.x, p.y+10, text, p.n.Value)
		} else {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y+4, text, html.EscapeString(label))
		}
		// visit numbers
		var nums []string
		if v := c.stu[p.path]; len(v) > 0 {
			nums = append(nums, "you "+joinInts(v, 3))
		}
		if v := c.ref[p.path]; len(v) > 0 {
			nums = append(nums, "ref "+joinInts(v, 3))
		}
		if len(nums) > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="8" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y+nodeH/2+17, colSecond, html.EscapeString(strings.Join(nums, " · ")))
		}
		if s, r := len(c.stu[p.path]), len(c.ref[p.path]); s > 1 && s > r {
			fmt.Fprintf(&b, `<g class="repeat"><rect x="%.1f" y="%.1f" width="22" height="13" rx="3" fill="%s"/><text x="%.1f" y="%.1f" font-size="9" fill="white" text-anchor="middle">×%d</text></g>`,
				p.x+nodeW/2-6, p.y-nodeH/2-9, colExtra, p.x+nodeW/2+5, p.y-nodeH/2+1, s)
		}
		b.WriteString("</g>\n")
		if p.path == gotK {
			ring(&b, p, "first-got", fmt.Sprintf("your visit %d", first+1), -1)
		}
		if p.path == wantK {
			ring(&b, p, "first-want", fmt.Sprintf("expected visit %d", first+1), 1)
		}
	}
	if caption != "" {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12">%s</text>`+"\n", margin, h+16, html.EscapeString(caption))
	}
	legend(&b, h+capH)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func ring(b *strings.Builder, p *placed, cls, label string, side float64) {
	title := p.n.Name
	fmt.Fprintf(b, `<g class="%s" data-path="%s"><title>%s</title>`, cls, p.path, html.EscapeString(title))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="8" fill="none" stroke="%s" stroke-width="3"/>`,
		p.x-nodeW/2-6, p.y-nodeH/2-6, nodeW+12, nodeH+12, colFirst)
	anchor, x := "end", p.x-nodeW/2-8
	if side > 0 {
		anchor, x = "start", p.x+nodeW/2+8
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="%s" fill="%s">%s</text></g>`+"\n", x, p.y-nodeH/2-8, anchor, colFirst, html.EscapeString(label))
}

func legend(b *strings.Builder, y float64) {
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
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="22" height="13" rx="3" fill="%s"/><text x="%.0f" y="%.0f">×k: your search visited it k times, more than the reference; "you 3 · ref 5": visit numbers; box: Max, oval: Min</text>`,
		margin, yy, colExtra, margin+28, yy+11)
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

// MaxFrames bounds the step-through: at most this many steps, ending a few
// steps past the first difference.
const MaxFrames = 60

// FrameRange returns the steps [from, to] (numbers of visits shown, from 0)
// the step-through draws: up to 3 steps past the first difference, at most
// MaxFrames of them.
func FrameRange(d Diff) (from, to int) {
	n := max(len(d.Student), len(d.Reference))
	to = n
	if d.First >= 0 {
		to = min(n, d.First+4)
	}
	from = max(0, to-MaxFrames+1)
	return from, to
}

// HTML writes a self-contained page: the whole difference, then a
// step-through of both searches side by side in time (the same tree, each
// frame k showing both searches' first k visits), from the start to three
// visits past the first difference. Keys ← → step; the page needs no
// network.
func HTML(d Diff) []byte {
	from, to := FrameRange(d)
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
	b.WriteString(html.EscapeString(d.Title))
	b.WriteString("</title><style>body{font-family:Helvetica,Arial,sans-serif;margin:1em}.frame{display:none}.frame.on{display:block}button{font-size:1em;margin-right:.5em}</style></head><body>\n")
	fmt.Fprintf(&b, "<h1 style=\"font-size:1.2em\">%s</h1>\n", html.EscapeString(d.Title))
	b.WriteString("<h2 style=\"font-size:1em\">Step by step (← →)</h2>\n<p><button id=\"prev\">← back</button><button id=\"next\">next →</button><span id=\"where\"></span></p>\n")
	for k := from; k <= to; k++ {
		on := ""
		if k == to || (d.First >= 0 && k == min(to, d.First+1)) {
			on = ""
		}
		fmt.Fprintf(&b, "<div class=\"frame%s\" data-step=\"%d\">", on, k)
		b.Write(draw(d, k, caption(d, k)))
		b.WriteString("</div>\n")
	}
	b.WriteString("<h2 style=\"font-size:1em\">The whole searches</h2>\n")
	b.Write(SVG(d))
	start := 0
	if d.First >= 0 {
		start = min(to, d.First+1) - from
	}
	fmt.Fprintf(&b, `<script>
(function(){var fs=document.querySelectorAll('.frame'),i=%d;
function show(j){if(j<0||j>=fs.length)return;fs[i].classList.remove('on');i=j;fs[i].classList.add('on');
document.getElementById('where').textContent=' step '+fs[i].dataset.step+' of %d';}
document.getElementById('prev').onclick=function(){show(i-1)};
document.getElementById('next').onclick=function(){show(i+1)};
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')show(i-1);if(e.key==='ArrowRight')show(i+1)});
fs[i].classList.add('on');show(i);})();
</script>
</body></html>
`, start, to)
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

// Paths lists the paths of the drawn nodes, sorted, for tests.
func Paths(root *Node) []string {
	all, _, _ := layout(root)
	var s []string
	for _, p := range all {
		s = append(s, p.path)
	}
	sort.Strings(s)
	return s
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
