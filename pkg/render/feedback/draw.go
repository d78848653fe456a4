package feedback

import (
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"
)

// The course's palette (pkg/render/dot: Okabe and Ito's colour-blind-safe
// colours), copied: this package imports nothing of pkg/render's. A test
// checks they are the same.
const (
	colPruned   = "#999999" // dot.ColPruned: grey, dashed
	colProbe    = "#0072B2" // dot.ColProbe: a null-window probe, dotted edge
	colReSearch = "#E69F00" // dot.ColReSearch: a re-search, solid edge
	colCut      = "#D55E00" // dot.ColCut: the scissors
	colCurrent  = "#F0E442" // dot.ColCurrent: the node being searched
	colTT       = "#009E73" // dot.ColTT: a table hit's badge
	colSecond   = "#555555" // dot.ColSecondary: windows, visit numbers
)

// The difference's own marks.
const (
	colExtra  = "#D55E00" // vermillion: the student's search only
	colMissed = "#56B4E9" // sky blue: the reference's only
	colFirst  = "#CC79A7" // reddish purple: the first difference
	colWrong  = "#E69F00" // orange: the node a wrong value, flag or window is about
)

// narrowAbove is the width above which a picture writes its windows on
// lines of their own (known.narrow): 800 px, shown a quarter larger, fills
// a 900 px notebook page with 8 px text at 9 px.
const narrowAbove = 800.0

const (
	nodeW, nodeH = 48.0, 30.0
	padX         = 10.0 // between two leaves' columns
	margin       = 20.0
	lineH        = 10.0 // a line of text under a node
	charW8       = 4.6  // a character at 8 px (Helvetica, about)
	charW10      = 6.0  // a bold character at 10 px
)

// line is a line of text under a node.
type line struct {
	text   string
	cls    string
	fill   string
	bold   bool
	at     int    // shown in a step-through from this visit on (0: always)
	data   string // extra attributes
	badge  string // a badge's colour: the text is white on it
	key    string // the legend's entry it needs, if any
	tail   string // a last part shown from visit tailAt on (a value returned)
	tailAt int
}

func (l line) width() float64 {
	n := float64(len([]rune(l.text + " " + l.tail)))
	if l.bold {
		return n * charW10
	}
	return n * charW8
}

type placed struct {
	n        *Node
	path     string
	x, y     float64
	w        float64 // the column it needs (the node or its widest line)
	depth    int
	children []*placed
	lines    []line
}

// known is what the picture knows of both searches, by path.
type known struct {
	c         counts
	ref       map[string][]Mark // the reference's entries, in search order
	you       map[string][]Mark // the student's cutoffs, inferred
	youPasses []Pass
	stored    map[string]Store
	windows   bool // the reference's marks carry windows
	// narrow writes a window on a line of its own under its visit number
	// ("ref 7" then "[3, 5]"): a wide picture's columns are half as wide,
	// and a notebook page shows it less shrunk.
	narrow bool
}

func knownOf(d Diff) known {
	k := known{c: count(d), ref: map[string][]Mark{}, you: map[string][]Mark{}, stored: map[string]Store{}}
	for _, m := range d.Ref {
		k.ref[m.Path] = append(k.ref[m.Path], m)
		k.windows = k.windows || m.Window != ""
	}
	for p := range k.ref {
		sort.SliceStable(k.ref[p], func(i, j int) bool { return k.ref[p][i].At < k.ref[p][j].At })
	}
	var cuts []Mark
	cuts, k.youPasses = studentKnown(d)
	if len(d.YouPasses) > 0 {
		k.youPasses = d.YouPasses
	}
	for _, m := range cuts {
		k.you[m.Path] = append(k.you[m.Path], m)
	}
	for _, s := range d.Stored {
		k.stored[s.Path] = s
	}
	return k
}

// stepPasses returns the root searches of a search's visits, each one
// starting where the root is expanded again; nil for one.
func stepPasses(steps []Step) []Pass {
	ps := []Pass{{K: 1, From: 1}}
	expanded := false
	for i, s := range steps {
		if s.Foreign || s.Path != "" || s.Eval {
			continue
		}
		if expanded {
			ps[len(ps)-1].To = i
			ps = append(ps, Pass{K: len(ps) + 1, From: i + 1})
		}
		expanded = true
	}
	if len(ps) < 2 {
		return nil
	}
	ps[len(ps)-1].To = len(steps)
	for i := range ps {
		ps[i].Label = fmt.Sprintf("pass %d", ps[i].K)
	}
	return ps
}

// passOf returns the pass of visit v in passes (0 when there is one).
func passOf(passes []Pass, v int) int {
	if len(passes) < 2 {
		return 0
	}
	for _, p := range passes {
		if v >= p.From && v <= p.To {
			return p.K
		}
	}
	return 0
}

func visitLabel(passes []Pass, v int) string {
	if k := passOf(passes, v); k > 0 {
		return "p" + strconv.Itoa(k) + "·" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// studentKnown infers, from the student's visits alone, what the picture
// may say of its search beyond them: its cutoffs (an expanded position
// left with some of its children entered and a drawn one not: "✂" on the
// edge to the first one not entered, its kind unknown) and its passes (the
// root expanded again starts one). Its windows and the values its interior
// positions returned are not known and not guessed.
func studentKnown(d Diff) ([]Mark, []Pass) {
	nodes := map[string]*Node{}
	var index func(n *Node)
	index = func(n *Node) {
		nodes[n.Path] = n
		for _, c := range n.Children {
			index(c)
		}
	}
	if d.Tree != nil {
		index(d.Tree)
	}
	type frame struct {
		path     string
		at       int
		expanded bool
		tried    map[string]bool
	}
	var stack []*frame
	var cuts []Mark
	var passes []Pass
	within := func(anc, path string) bool {
		return anc == path || anc == "" || strings.HasPrefix(path, anc+".")
	}
	pop := func(done int) {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := nodes[f.path]
		if !f.expanded || len(f.tried) == 0 || n == nil {
			return
		}
		last := -1
		for i, c := range n.Children {
			if f.tried[c.Path] {
				last = i
			}
		}
		at := ""
		for i, c := range n.Children {
			if !f.tried[c.Path] && (at == "" || i > last && !strings.HasPrefix(at, "!")) {
				if i > last {
					at = c.Path
					break
				}
				if at == "" {
					at = "!" + c.Path // untried before the last tried: used if none after
				}
			}
		}
		at = strings.TrimPrefix(at, "!")
		if at != "" {
			cuts = append(cuts, Mark{Path: f.path, At: f.at, Done: done, Cut: "✂", CutAt: at})
		}
	}
	passes = append(passes, Pass{K: 1, From: 1})
	for i, s := range d.Student {
		v := i + 1
		if s.Foreign { // not a position of this tree
			continue
		}
		if s.Path == "" && !s.Eval && len(stack) > 0 && stack[0].expanded {
			for len(stack) > 0 { // the root expanded again: a new pass
				pop(v - 1)
			}
			passes[len(passes)-1].To = v - 1
			passes = append(passes, Pass{K: len(passes) + 1, From: v})
		}
		for len(stack) > 0 && !within(stack[len(stack)-1].path, s.Path) {
			pop(v - 1)
		}
		// enter the positions between the one the search is in and s's
		fs := []string{}
		if s.Path != "" {
			fs = strings.Split(s.Path, ".")
		}
		for ply := len(stack); ply <= len(fs); ply++ {
			if len(stack) > 0 && depthOf(stack[len(stack)-1].path) >= ply {
				continue
			}
			p := strings.Join(fs[:ply], ".")
			if len(stack) > 0 {
				stack[len(stack)-1].tried[p] = true
			}
			stack = append(stack, &frame{path: p, at: v, tried: map[string]bool{}})
		}
		if !s.Eval {
			stack[len(stack)-1].expanded = true
		}
	}
	if d.Stopped != "" {
		stack = nil // stopped inside them: it never left them, it cut nothing there
	}
	for len(stack) > 0 {
		pop(len(d.Student))
	}
	passes[len(passes)-1].To = len(d.Student)
	if len(passes) < 2 {
		passes = nil
	}
	for i := range passes {
		passes[i].Label = fmt.Sprintf("pass %d", passes[i].K)
	}
	return cuts, passes
}

func depthOf(path string) int {
	if path == "" {
		return 0
	}
	return strings.Count(path, ".") + 1
}

// linesOf returns the lines under p's node: the visit numbers of both
// searches (the reference's with its windows, and its values where it
// entered the node more than once), the badge of a repeat, the entries
// stored there.
func linesOf(d Diff, k known, p *placed) []line {
	var ls []line
	path := p.path
	if v := k.c.stu[path]; len(v) > 0 {
		labels := make([]string, len(v))
		for i, x := range v {
			labels[i] = visitLabel(k.youPasses, x)
		}
		ls = append(ls, line{text: "you " + joinLabels(labels, 3), cls: "nums you", fill: colSecond,
			data: fmt.Sprintf(` data-l="%s"`, html.EscapeString(strings.Join(labels, ",")))})
	}
	v := k.c.ref[path]
	ms := k.ref[path]
	switch {
	case len(v) == 0:
	case len(ms) == 0 || !k.windows && len(ms) < 2:
		labels := make([]string, len(v))
		for i, x := range v {
			labels[i] = visitLabel(d.RefPasses, x)
		}
		ls = append(ls, line{text: "ref " + joinLabels(labels, 3), cls: "nums ref", fill: colSecond,
			data: fmt.Sprintf(` data-l="%s"`, html.EscapeString(strings.Join(labels, ",")))})
	default:
		// One line per entry: its visit, its window, its value when the
		// node has several (the node itself shows the last one).
		for i, m := range ms {
			if i == 3 {
				ls = append(ls, line{text: fmt.Sprintf("ref +%d more", len(ms)-3), cls: "nums ref-more", fill: colSecond, at: m.At})
				break
			}
			t := "ref " + visitLabel(d.RefPasses, m.At)
			if m.NoVisit {
				// no visit number of its own (a table hit settled it): its
				// pass only
				t = "ref"
				if m.Pass > 0 && len(d.RefPasses) > 1 {
					t += " p" + strconv.Itoa(m.Pass)
				}
			}
			if m.Window != "" && !k.narrow {
				t += " " + m.Window
			}
			l := line{text: t, cls: "nums ref", fill: colSecond, at: m.At}
			if m.Window != "" && k.narrow {
				ls = append(ls, l)
				l = line{text: m.Window, cls: "nums ref window", fill: colSecond, at: m.At}
			}
			if len(ms) > 1 && !p.n.Leaf && m.Value != "" {
				l.tail, l.tailAt = m.Value, m.Done
			}
			ls = append(ls, l)
			if m.TT != "" {
				ls = append(ls, line{text: "ref " + m.TT, cls: "tt", fill: colTT, bold: true, at: m.At, key: "tt"})
			}
		}
	}
	if s, r := k.c.stu[path], k.c.ref[path]; len(s) != len(r) && max(len(s), len(r)) > 1 {
		col, at := colExtra, 0
		if len(s) < len(r) {
			col = colMissed
		}
		if len(s) > 1 {
			at = s[1]
		} else {
			at = r[1]
		}
		ls = append(ls, line{text: fmt.Sprintf("×%d/%d", len(s), len(r)), cls: "repeat", badge: col, at: at,
			data: fmt.Sprintf(` data-n="%d/%d"`, len(s), len(r))})
	}
	if s, ok := k.stored[path]; ok {
		ls = append(ls, line{text: "you stored " + s.Got, cls: "stored you", fill: colExtra, bold: true, key: "stored"},
			line{text: "ref stored " + s.Want, cls: "stored ref", fill: colSecond, bold: true, key: "stored"})
	}
	return ls
}

func joinLabels(v []string, max int) string {
	if len(v) > max {
		return strings.Join(v[:max], ",") + ",…"
	}
	return strings.Join(v, ",")
}

// below is how far under a node's centre its block of text reaches: its
// lines, then k labels (the first difference's, "wrong here") of 12 px.
func below(p *placed, k int) float64 {
	b := nodeH/2 + 5 + float64(len(p.lines))*lineH
	if k > 0 {
		b += 10 + float64(k)*12
	}
	return b + 6
}

// layout places the nodes: leaves (and collapsed nodes) side by side in
// move order, each in a column as wide as its widest line, each parent
// centred above its children; each row as tall as its nodes' lines need.
func layout(d Diff, k known, root *Node, first map[string]int) ([]*placed, float64, float64) {
	var all []*placed
	rowLines := map[int]float64{}
	maxDepth := 0
	var walk func(n *Node, depth int) *placed
	walk = func(n *Node, depth int) *placed {
		p := &placed{n: n, path: n.Path, depth: depth}
		all = append(all, p)
		p.lines = linesOf(d, k, p)
		h := below(p, first[p.path]) - nodeH/2
		p.w = nodeW + 8
		for _, l := range p.lines {
			p.w = max(p.w, l.width()+8)
		}
		if first[p.path] > 0 {
			p.w = max(p.w, float64(len("expected visit 0000"))*charW10)
		}
		if n.Hidden > 0 && len(n.Children) == 0 {
			maxDepth = max(maxDepth, depth+1)
		}
		rowLines[depth] = max(rowLines[depth], h)
		maxDepth = max(maxDepth, depth)
		for _, c := range n.Children {
			p.children = append(p.children, walk(c, depth+1))
		}
		return p
	}
	walk(root, 0)
	// rows
	rowY := make([]float64, maxDepth+2)
	rowY[0] = margin + 40
	for i := 1; i <= maxDepth+1; i++ {
		rowY[i] = rowY[i-1] + nodeH + rowLines[i-1] + 40
	}
	// columns
	cursor := margin
	var place func(p *placed)
	place = func(p *placed) {
		p.y = rowY[p.depth]
		if len(p.children) == 0 {
			p.x = cursor + p.w/2
			cursor += p.w + padX
			return
		}
		for _, c := range p.children {
			place(c)
		}
		p.x = (p.children[0].x + p.children[len(p.children)-1].x) / 2
		// a parent whose lines are wider than its children's span: push
		// what comes after it
		cursor = max(cursor, p.x+p.w/2+padX)
	}
	place(all[0])
	// a parent whose lines are wider than its children's span: shift the
	// picture right until its lines clear the left margin; the width to the
	// rightmost line
	lo, hi := margin, 0.0
	for _, p := range all {
		lo, hi = min(lo, p.x-p.w/2), max(hi, p.x+p.w/2)
	}
	for _, p := range all {
		p.x += margin - lo
	}
	w := hi + (margin - lo) + margin
	h := rowY[maxDepth] + nodeH/2 + rowLines[maxDepth] + 24
	if maxDepth > 0 && all[0] != nil {
		// a stub below the deepest row
		h = max(h, rowY[maxDepth]+nodeH)
	}
	return all, w, h
}

// legendItem is one line of the legend: a swatch and its words.
type legendItem struct {
	swatch string // SVG drawn at (0, 0), 22 × 14
	text   string // its words; a newline starts a new line
	cls    string
}

func (b *svgBuilder) legend(items []legendItem, x, y, width float64) float64 {
	chars := int((width - 36) / 5.6)
	fmt.Fprintf(b, `<g class="legend" font-size="10">`)
	for _, it := range items {
		if it.cls != "" {
			fmt.Fprintf(b, `<g class="%s">`, it.cls)
		}
		fmt.Fprintf(b, `<g transform="translate(%.0f,%.0f)">%s</g>`, x, y, it.swatch)
		var lines []string
		for _, para := range strings.Split(it.text, "\n") {
			lines = append(lines, wrapAll(para, chars)...)
		}
		for i, l := range lines {
			fmt.Fprintf(b, `<text x="%.0f" y="%.0f">%s</text>`, x+34, y+11+float64(i)*13, html.EscapeString(l))
		}
		y += 20 + 13*float64(len(lines)-1)
		if it.cls != "" {
			b.WriteString("</g>")
		}
	}
	b.WriteString("</g>\n")
	return y
}

type svgBuilder struct{ strings.Builder }

// wrapAll breaks s into lines of at most width characters, at spaces.
func wrapAll(s string, width int) []string {
	width = max(width, 20)
	var lines []string
	var cur []rune
	var words []string
	for _, w := range strings.Fields(s) {
		for r := []rune(w); ; r = r[width:] {
			if len(r) <= width {
				words = append(words, string(r))
				break
			}
			words = append(words, string(r[:width]))
		}
	}
	for _, word := range words {
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
	return lines
}

// draw draws the picture; steps adds what the HTML step-through needs (the
// tags of the current nodes and their legend).
func draw(d Diff, steps bool) []byte {
	if len(d.RefPasses) == 0 {
		// Not recorded again (a lesson of a driver): its passes are its
		// root's expansions, as the student's are (studentKnown).
		d.RefPasses = stepPasses(d.Reference)
	}
	k := knownOf(d)
	gotK, wantK := "\x00", "\x00"
	if d.First >= 0 && d.First < len(d.Student) && !d.Student[d.First].Foreign {
		gotK = d.Student[d.First].Path
	}
	if d.First >= 0 && d.First < len(d.Reference) {
		wantK = d.Reference[d.First].Path
	}
	first := map[string]int{}
	first[gotK]++
	first[wantK]++
	if d.Wrong != nil {
		first[d.Wrong.Path]++ // "wrong here" under the node
	}
	all, w, h := layout(d, k, d.Tree, first)
	if w > narrowAbove && k.windows {
		k.narrow = true
		all, w, h = layout(d, k, d.Tree, first)
	}
	w = max(w, 700)
	titleLines := wrap(d.Title, int((w-2*margin)/7))
	var head []line // under the title: why it stopped, the passes
	for _, l := range wrapAll(d.Stopped, int((w-2*margin)/5.8)) {
		if d.Stopped != "" {
			head = append(head, line{text: l, fill: colExtra})
		}
	}
	if note := foreignNote(d); note != "" {
		for _, l := range wrapAll(note, int((w-2*margin)/5.8)) {
			head = append(head, line{text: l, fill: colExtra, cls: "foreign"})
		}
	}
	if len(k.youPasses) > 1 || len(d.RefPasses) > 1 {
		var ys, rs []string
		for _, p := range k.youPasses {
			ys = append(ys, fmt.Sprintf("%s: visits %d–%d", p.Label, p.From, p.To))
		}
		for _, p := range d.RefPasses {
			rs = append(rs, fmt.Sprintf("%s: visits %d–%d", p.Label, p.From, p.To))
		}
		if len(ys) == 0 {
			ys = []string{"one pass"}
		}
		if len(rs) == 0 {
			rs = []string{"one pass"}
		}
		for _, l := range wrapAll("your searches from the root — "+strings.Join(ys, "; "), int((w-2*margin)/5.8)) {
			head = append(head, line{text: l, fill: colSecond, cls: "passes you"})
		}
		for _, l := range wrapAll("the reference's — "+strings.Join(rs, "; "), int((w-2*margin)/5.8)) {
			head = append(head, line{text: l, fill: colSecond, cls: "passes ref"})
		}
	}
	top := 14*float64(len(titleLines)-1) + 14*float64(len(head))
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

	var b svgBuilder
	var body svgBuilder
	for i, l := range titleLines {
		fmt.Fprintf(&body, `<text x="%.0f" y="%.0f" font-size="11" font-weight="bold">%s</text>`+"\n", margin, margin+4+float64(i)*14, html.EscapeString(l))
	}
	for i, l := range head {
		fmt.Fprintf(&body, `<text class="%s" x="%.0f" y="%.0f" font-size="10" fill="%s">%s</text>`+"\n", l.cls, margin, margin+4+float64(len(titleLines)+i)*14, l.fill, html.EscapeString(l.text))
	}
	used := map[string]bool{}
	if len(k.youPasses) > 1 || len(d.RefPasses) > 1 {
		used["passes"] = true
	}
	byPath := map[string]*placed{}
	for _, p := range all {
		byPath[p.path] = p
	}
	pvOf := func(path string) bool {
		ms := k.ref[path]
		return len(ms) > 0 && ms[len(ms)-1].PV
	}
	// The edges, then the nodes.
	for _, p := range all {
		for _, ch := range p.children {
			cls := classOf(k.c, ch.path)
			used[cls] = true
			col, dash, sw := "black", "", 1.2
			switch cls {
			case "pruned":
				col, dash = colPruned, ` stroke-dasharray="4 3"`
			case "extra":
				col, sw = colExtra, 2
			case "missed":
				col, dash, sw = colMissed, ` stroke-dasharray="6 3"`, 2
			}
			// from under the node's lines, so that no edge crosses them
			x1, y1, x2, y2 := p.x, p.y+nodeH/2, ch.x, ch.y-nodeH/2
			if len(p.lines)+first[p.path] > 0 {
				y1 = p.y + below(p, first[p.path])
			}
			extraCls := ""
			if pvOf(p.path) && pvOf(ch.path) {
				sw += 2.2
				extraCls = " pv"
				used["pv"] = true
			}
			fmt.Fprintf(&body, `<line class="edge %s%s" data-to="%s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`+"\n",
				cls, extraCls, ch.path, x1, y1, x2, y2, col, sw, dash)
			// A probe and a re-search of the child: lines beside the edge,
			// as the course draws their edges.
			var probeAt, reAt int
			for _, m := range k.ref[ch.path] {
				if m.Probe && probeAt == 0 {
					probeAt = m.At
				}
				if m.ReSearch && reAt == 0 {
					reAt = m.At
				}
			}
			nx, ny := normal(x1, y1, x2, y2)
			if probeAt > 0 {
				used["probe"] = true
				fmt.Fprintf(&body, `<line class="probe" data-at="%d" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.2" stroke-dasharray="1.5 3" stroke-linecap="round"/>`+"\n",
					probeAt, x1+5*nx, y1+5*ny, x2+5*nx, y2+5*ny, colProbe)
			}
			var labels []line
			if reAt > 0 {
				used["research"] = true
				fmt.Fprintf(&body, `<line class="research" data-at="%d" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.2"/>`+"\n",
					reAt, x1-5*nx, y1-5*ny, x2-5*nx, y2-5*ny, colReSearch)
				labels = append(labels, line{text: "re-search", fill: colReSearch, at: reAt, cls: "research"})
			}
			cutSeen := map[string]bool{}
			for _, m := range k.ref[p.path] {
				t := "ref " + m.Cut
				if m.Pass > 0 && len(d.RefPasses) > 1 {
					t = "ref p" + strconv.Itoa(m.Pass) + " " + m.Cut
				}
				if m.Cut != "" && m.CutAt == ch.path && !cutSeen[t] {
					cutSeen[t] = true
					labels = append(labels, line{text: t, fill: colCut, at: m.Done, cls: "cut ref"})
					used["cut-ref"] = true
				}
			}
			for _, m := range k.you[p.path] {
				if m.CutAt == ch.path {
					t := "you ✂"
					if p := passOf(k.youPasses, m.At); p > 0 {
						t = "you p" + strconv.Itoa(p) + " ✂"
					}
					labels = append(labels, line{text: t, fill: colCut, at: m.Done, cls: "cut you"})
					used["cut-you"] = true
					break
				}
			}
			// the labels beside the edge, nearer its parent (a mark above
			// the child, "wrong here", keeps clear of them), on its outer side
			mx, my := x1+0.4*(x2-x1), y1+0.4*(y2-y1)
			anchor, dx := "start", 10.0
			if ch.x < p.x-1 {
				anchor, dx = "end", -10
			}
			for i, l := range labels {
				fmt.Fprintf(&body, `<text class="%s" data-at="%d" x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="%s" fill="%s" stroke="white" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
					l.cls, l.at, mx+dx, my+float64(i)*12-float64(len(labels)-1)*6+3, anchor, l.fill, html.EscapeString(l.text))
			}
		}
		if p.n.Hidden > 0 {
			used["stub"] = true
			top := p.y + below(p, first[p.path])
			sy := max(top+30, p.y+nodeH+40)
			more := ""
			if p.n.HiddenMore {
				more = "+"
			}
			fmt.Fprintf(&body, `<g class="stub"><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-dasharray="4 3"/><text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="%s">+%d%s</text></g>`+"\n",
				p.x, top, p.x, sy-10, colPruned, p.x, sy+2, colPruned, p.n.Hidden, more)
			h = max(h, sy+14)
		}
	}
	for _, p := range all {
		cls := classOf(k.c, p.path)
		used[cls] = true
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
		if pvOf(p.path) {
			role += " pv"
			if cls == "visited" {
				sw = 2.6
			}
		}
		fmt.Fprintf(&body, `<g id="p%s" class="node %s %s" data-s="%s" data-r="%s" data-x="%.1f" data-y="%.1f">`, p.path, cls, role, ints(k.c.stu[p.path]), ints(k.c.ref[p.path]), p.x, p.y)
		fmt.Fprintf(&body, `<title>%s</title>`, html.EscapeString(p.n.Name))
		if p.n.Max {
			fmt.Fprintf(&body, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x-nodeW/2, p.y-nodeH/2, nodeW, nodeH, fill, stroke, sw, dash)
		} else {
			fmt.Fprintf(&body, `<ellipse cx="%.1f" cy="%.1f" rx="%.0f" ry="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
				p.x, p.y, nodeW/2, nodeH/2, fill, stroke, sw, dash)
		}
		// The value: a leaf's static value; an interior node's, the one the
		// reference returned (its last entry's), "…" where only the
		// student's search went (what it returned is not known).
		val, valAt, valFill := "", 0, text
		if p.n.Leaf {
			val = strconv.Itoa(p.n.Value)
		} else if ms := k.ref[p.path]; len(ms) > 0 && ms[len(ms)-1].Value != "" {
			val, valAt = ms[len(ms)-1].Value, ms[len(ms)-1].Done
			used["value"] = true
			if strings.HasPrefix(val, "≥") || strings.HasPrefix(val, "≤") {
				used["bound"] = true
			}
		} else if cls == "extra" || cls == "visited" && len(d.Ref) > 0 {
			val, valFill = "…", colSecond
			used["unknown"] = true
		}
		if val != "" {
			fmt.Fprintf(&body, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y-3, fit(p.n.Name, 9), text, html.EscapeString(p.n.Name))
			fmt.Fprintf(&body, `<text class="value" data-at="%d" x="%.1f" y="%.1f" font-size="%.1f" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`, valAt, p.x, p.y+10, fit(val, 11), valFill, html.EscapeString(val))
		} else {
			fmt.Fprintf(&body, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`, p.x, p.y+4, fit(p.n.Name, 11), text, html.EscapeString(p.n.Name))
		}
		y := p.y + nodeH/2 + 15
		for _, l := range p.lines {
			if l.key != "" {
				used[l.key] = true
			}
			at := ""
			if l.at > 0 {
				at = fmt.Sprintf(` data-at="%d"`, l.at)
			}
			if l.badge != "" {
				used["repeat"] = true
				wb := float64(len([]rune(l.text)))*5.4 + 8
				fmt.Fprintf(&body, `<g class="%s"%s%s><rect x="%.1f" y="%.1f" width="%.0f" height="11" rx="3" fill="%s"/><text x="%.1f" y="%.1f" font-size="9" fill="white" text-anchor="middle">%s</text></g>`,
					l.cls, at, l.data, p.x-wb/2, y-9, wb, l.badge, p.x, y, html.EscapeString(l.text))
			} else {
				weight := ""
				if l.bold {
					weight = ` font-weight="bold"`
				}
				tail := ""
				if l.tail != "" {
					tail = fmt.Sprintf(` <tspan class="value" data-at="%d" font-weight="bold" fill="black">%s</tspan>`, l.tailAt, html.EscapeString(l.tail))
				}
				if strings.Contains(l.text, "[") {
					used["window"] = true
				}
				fmt.Fprintf(&body, `<text class="%s"%s%s x="%.1f" y="%.1f" font-size="8"%s text-anchor="middle" fill="%s" stroke="white" stroke-width="2.5" paint-order="stroke">%s%s</text>`,
					l.cls, at, l.data, p.x, y, weight, l.fill, html.EscapeString(l.text), tail)
			}
			y += lineH
		}
		body.WriteString("</g>\n")
		ry := y + 8
		if p.path == gotK {
			used["first"] = true
			ring(&body, p, "first-got", fmt.Sprintf("your visit %d", d.First+1), ry, d.First+1)
			ry += 12
		}
		if p.path == wantK {
			used["first"] = true
			ring(&body, p, "first-want", fmt.Sprintf("expected visit %d", d.First+1), ry, d.First+1)
			ry += 12
		}
		if d.Wrong != nil && p.path == d.Wrong.Path {
			used["wrong"] = true
			wrongMark(&body, p, ry)
		}
	}
	if len(others) > 0 {
		used["extra"] = true
		drawForeign(&body.Builder, others, rowY)
	}
	if steps {
		fmt.Fprintf(&body, `<g id="tags" font-size="10" font-weight="bold" stroke="white" stroke-width="3" paint-order="stroke"><text id="tag-you" text-anchor="end" visibility="hidden">you ▸</text><text id="tag-ref" visibility="hidden">◂ ref</text></g>`+"\n")
	}
	fmt.Fprintf(&body, `<text id="caption" x="%.0f" y="%.0f" font-size="12"></text>`+"\n", margin, h+14)
	legendY := h + 24
	var legendB svgBuilder
	end := legendB.legend(legendItems(d, used, steps), margin, legendY, w-2*margin)
	total := end + 10
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", w, total, w, total)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	b.WriteString(body.String())
	b.WriteString(legendB.String())
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// normal returns the unit normal of the segment (x1, y1)–(x2, y2).
func normal(x1, y1, x2, y2 float64) (float64, float64) {
	dx, dy := x2-x1, y2-y1
	n := dx*dx + dy*dy
	if n == 0 {
		return 1, 0
	}
	l := sqrt(n)
	return -dy / l, dx / l
}

func sqrt(x float64) float64 {
	z := x / 2
	for range 30 {
		z = (z + x/z) / 2
	}
	return z
}

// legendItems lists the marks the picture uses, and only those.
func legendItems(d Diff, used map[string]bool, steps bool) []legendItem {
	box := func(stroke, fill, dash string, sw float64) string {
		return fmt.Sprintf(`<rect width="22" height="14" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`, fill, stroke, sw, dash)
	}
	text := func(s, fill string) string {
		return fmt.Sprintf(`<text x="11" y="11" font-size="10" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`, fill, html.EscapeString(s))
	}
	var items []legendItem
	add := func(key, swatch, words string) {
		if used[key] {
			items = append(items, legendItem{swatch, words, ""})
		}
	}
	add("visited", box("black", "white", "", 1.2), "visited by both searches (box: Max to move, oval: Min)")
	add("extra", box(colExtra, "#FBE3D6", "", 3), "your search only (the reference prunes it)")
	add("missed", box(colMissed, "#E3F2FB", ` stroke-dasharray="6 3"`, 3), "the reference only (your search skipped it)")
	add("pruned", box(colPruned, "white", ` stroke-dasharray="4 3"`, 1.2), "neither (pruned by both)")
	add("stub", text("+N", colPruned), "N positions not drawn (neither search went there, or the picture's budget ran out)")
	add("first", `<rect x="1" y="1" width="20" height="12" rx="4" fill="none" stroke="`+colFirst+`" stroke-width="3"/>`,
		"the first difference: where your search went (your visit N) and where it should have gone (expected visit N)")
	add("value", text("5", "black"), "in an interior node: the value the reference returned there (a leaf shows its static value); values are Max's")
	add("bound", text("≥5", "black"), "≥v: a lower bound (it failed high), ≤v: an upper bound (it failed low)")
	add("unknown", text("…", colSecond), "what your search returned there: not known to the grader, which sees only your visits")
	add("window", text("[α,β]", colSecond), "\"ref 7 [3, 5]\": the reference entered the node at its visit 7 with the window [3, 5]; \"you 8\": your visit 8 (your windows are not known)")
	if !used["window"] {
		items = append(items, legendItem{text("3", colSecond), "\"you 3\", \"ref 5\": the visit numbers of each search", ""})
	}
	add("tt", text("TT", colTT), "\"ref TT EXACT\", \"ref TT LOWER\", \"ref TT UPPER\": the reference found the position in its table, an entry of that kind; \"cut\": the entry settled it, nothing searched below")
	add("passes", text("p2·9", colSecond), "visit 9, in the search's pass 2 (a new search from the root: the passes are listed under the title)")
	add("pv", `<line x1="0" y1="7" x2="22" y2="7" stroke="black" stroke-width="3.4"/>`, "bold: the reference's principal variation")
	add("cut-ref", text("✂", colCut), "\"ref ✂ shallow\", \"ref ✂ deep\": the reference's cutoff, on the edge to the first child it pruned (\"✂\" alone at the root)")
	add("cut-you", text("✂", colCut), "\"you ✂\": your search left the node with children it never entered (shallow or deep is not known)")
	add("probe", `<line x1="0" y1="7" x2="22" y2="7" stroke="`+colProbe+`" stroke-width="2.2" stroke-dasharray="1.5 3" stroke-linecap="round"/>`,
		"dotted blue beside an edge: the reference searched the child with a null window (a probe)")
	add("research", `<line x1="0" y1="7" x2="22" y2="7" stroke="`+colReSearch+`" stroke-width="2.2"/>`,
		"orange beside an edge, \"re-search\": the reference searched the child again (its probe failed high inside the window)")
	add("repeat", `<rect width="28" height="12" rx="3" fill="`+colExtra+`"/><text x="14" y="9" font-size="9" fill="white" text-anchor="middle">×k/m</text>`,
		"visited k times by your search, m times by the reference (vermillion: more, blue: fewer)")
	add("stored", text("TT", colExtra), "\"you stored\", \"ref stored\": the table entry each search left for that position (flag, value for the side to move there, depth), where they differ")
	if used["wrong"] && d.Wrong != nil {
		items = append(items, legendItem{`<rect width="22" height="14" fill="none" stroke="` + colWrong + `" stroke-width="3" stroke-dasharray="2 3"/>`,
			"wrong here — your search: " + d.Wrong.Got + "\nexpected: " + d.Wrong.Want, "wrong-legend"})
	}
	if steps {
		items = append(items, legendItem{`<rect width="22" height="14" fill="` + colCurrent + `" stroke="black"/>`,
			"yellow (step by step): the node each search is at in this step, \"you ▸\" at yours, \"◂ ref\" at the reference's", ""})
	}
	return items
}

func ring(b *svgBuilder, p *placed, cls, label string, y float64, at int) {
	fmt.Fprintf(b, `<g class="%s" data-path="%s" data-at="%d"><title>%s</title>`, cls, p.path, at, html.EscapeString(p.n.Name))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="8" fill="none" stroke="%s" stroke-width="3"/>`,
		p.x-nodeW/2-6, p.y-nodeH/2-6, nodeW+12, nodeH+12, colFirst)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke">%s</text></g>`+"\n", p.x, y, colFirst, html.EscapeString(label))
}

// wrongMark draws the mark of the node a failure is about (Diff.Wrong):
// a thick dotted square around it, "wrong here" under its lines (where no
// edge or edge label goes), after the first difference's labels.
func wrongMark(b *svgBuilder, p *placed, y float64) {
	fmt.Fprintf(b, `<g class="wrong" data-path="%s"><title>%s</title>`, p.path, html.EscapeString(p.n.Name))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="2 3"/>`,
		p.x-nodeW/2-8, p.y-nodeH/2-8, nodeW+16, nodeH+16, colWrong)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="middle" fill="%s" stroke="white" stroke-width="3" paint-order="stroke">wrong here</text></g>`+"\n",
		p.x, y, colWrong)
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

// SVG draws the difference: the tree, both searches' visits on it, the
// first difference ringed, a legend.
func SVG(d Diff) []byte { return draw(d, false) }

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
