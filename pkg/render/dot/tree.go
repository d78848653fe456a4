package dot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TreeOptions selects what a tree diagram shows. The zero value draws the
// whole search with values, cutoffs, pruned subtrees, the principal
// variation, probes, re-searches and TT badges, and nothing optional.
type TreeOptions struct {
	Windows    bool // the [α, β] window each node was entered with, under the node
	VisitOrder bool // visit-order numbers ("#0" is the root)
	NodeTypes  bool // PV/CUT/ALL as found (Expected in brackets when different)
	// Budget is the most nodes drawn; 0 means no limit. Searched nodes are
	// chosen first, breadth first, then pruned ones; the children left out
	// of a drawn node collapse into one stub "+N", N counting every node of
	// the subtrees it stands for.
	Budget int
	// Step draws the search as it stood after its first Step events
	// (Recorder.All order); Step < 0 draws the whole search. Nodes not yet
	// entered are drawn in a light outline without values, the node being
	// searched is filled yellow. The nodes drawn and their IDs are the same
	// for every Step, so that frames line up.
	Step int
	// LeafValues shows, in a frame (Step ≥ 0), the values of the leaves not
	// yet evaluated, grey and not bold (evaluated ones are black and bold),
	// in the light outline of nodes not yet searched: the tree as given, on
	// which a reader can predict the search. Every leaf shows its value
	// alike, searched later or pruned, so a frame still does not tell which
	// leaves the search will skip. Off, a leaf's value shows only once it is
	// evaluated or pruned.
	LeafValues bool
	// Pass selects a root search of a driver with several (Recorder.Roots,
	// numbered from 1): 0 draws all of them, each in a cluster labelled
	// "pass k: depth, window, guess"; k draws pass k only.
	Pass  int
	Title string // drawn above the tree; "" for none
	// Boards draws each game position as a small board inside its node
	// (tic-tac-toe's squares, Connect Four's discs, Nim's piles: positions
	// that are gametree.Boarders), above its value.
	Boards bool
}

// The palette is Okabe and Ito's colour-blind-safe one; every distinction
// is also carried by line style or a text label, so it survives grey print.
const (
	ColInk       = "black"
	ColPruned    = "#999999"     // pruned: grey, dashed
	ColPending   = "#C8C8C8"     // not yet searched (Step): light outline
	ColProbe     = "#0072B2"     // null-window probe: blue, dotted edge
	ColReSearch  = "#E69F00"     // re-search: orange, solid edge
	ColCut       = "#D55E00"     // the scissors: vermillion
	ColTT        = "#009E73"     // TT badge: bluish green
	ColCurrent   = "#F0E442"     // the node being searched (Step): yellow fill
	ColSecondary = "#555555"     // windows, visit numbers, move names
	ColGhost     = "transparent" // a frame's label still to come (frameFit)
)

// Node kinds, the first word of a node's class in DOT and SVG.
const (
	KindVisited = "visited" // entered by the search
	KindPending = "pending" // entered later than Step
	KindPruned  = "pruned"  // never searched: a cutoff skipped it
	KindStub    = "stub"    // "+N": nodes left out by the Budget
)

// countCap bounds the nodes enumerated to size pruned subtrees for stubs.
const countCap = 20_000_000

// dnode is a node of the drawn tree: a searched node (tn) or a position
// under a pruned move.
type dnode[P gametree.Position[P]] struct {
	id       string
	tn       *algos.TraceNode[P] // nil for a pruned position
	pos      P
	move     int    // move from the parent; −1 at a root
	moveName string // the parent's name for move
	left     int    // plies left to search (pruned positions)
	parent   *dnode[P]
	children []*dnode[P]
	expanded bool   // children built (pruned positions are built lazily)
	size     int    // nodes in the subtree, this one included
	exact    bool   // size is exact (not capped)
	in       bool   // drawn
	pv       bool   // on the principal variation
	pruned   bool   // a pruned position (or under one)
	name     string // the node's name for TikZ (names)
}

// TreeDOT draws the search rec recorded as a Graphviz DOT digraph, in the
// visual language of DESIGN.md ("Rendering — the visual language"):
//
//   - Max nodes are boxes, Min nodes ovals (circles for short labels);
//     searched nodes are black and show their value: a leaf its static
//     value, an interior node the value it returned, "≥v" for a lower bound
//     (fail high) and "≤v" for an upper bound (fail low). Values are from
//     Max's point of view.
//   - A node shows its label (gametree.Node.Label) when it has one; children
//     without one are named by the move on the edge above them.
//   - Pruned children and their whole subtrees, rebuilt from Pos.Children
//     down to the depth the search would have gone, are grey and dashed.
//   - A cutoff puts "✂ shallow" or "✂ deep" (vermillion) on the edge to the
//     first child it pruned ("✂" alone at the root, where no bound comes
//     from above); a cutoff that pruned nothing (at the last child) is
//     shown by the node's bound alone.
//   - The principal variation is bold: from each root, the child that
//     produced the node's value (the cutting child, else the first child
//     returning the same value, an exact one preferred).
//   - A null-window probe (β − α = 1) hangs from a dotted blue edge, a
//     re-search of the same move from a solid orange edge labelled
//     "re-search"; both results are drawn.
//   - A transposition-table hit carries a green badge "TT EXACT", "TT LOWER"
//     or "TT UPPER", plus "cut" when the entry settled the node.
//
// Node IDs are stable: "n<Visit>" for searched nodes, the parent's ID plus
// "_m<move>" under pruned moves, the parent's ID plus "_more" for stubs.
// Each node has a class attribute, which Graphviz copies into SVG: its kind
// (visited, pending, pruned or stub), then max or min, and pv, probe,
// research, tt, current when they apply; a stub's class adds searched or
// pending (emitStub). Each node has a posname attribute, its name in the
// TikZ: its label, else its moves from the root (names). The output is
// deterministic.
//
// Children are drawn in move order (Children order), a re-searched move's
// two searches side by side in search order.
func TreeDOT[P gametree.Position[P]](rec *algos.Recorder[P], opt TreeOptions) (string, error) {
	return treeDOT(rec, opt, nil)
}

// frameFit makes the frames of a step-through share one layout: every node
// gets the size it has in the picture of the whole search (fixedsize), and
// every edge label the search will write (✂, re-search) is there from the
// first frame, in transparent ink until its event. With the same sizes and
// labels, Graphviz lays out every frame exactly as the whole search, so
// nothing moves from one frame to the next.
type frameFit struct {
	sizes Sizes
}

// Sizes maps a node's ID (TreeDOT's) to its width and height in inches, as
// Graphviz writes them in its layout (LayoutSizes).
type Sizes map[string][2]string

// FrameDOT is TreeDOT for one frame of a step-through (opt.Step ≥ 0) that
// shares the layout of the whole search: every node gets its size in sizes
// (the whole search's layout, LayoutSizes), and every edge label the search
// will write (✂, re-search) is there from the first frame, in transparent
// ink until its event, so that Graphviz lays out every frame as the whole
// search and nothing moves from one frame to the next.
func FrameDOT[P gametree.Position[P]](rec *algos.Recorder[P], opt TreeOptions, sizes Sizes) (string, error) {
	return treeDOT(rec, opt, &frameFit{sizes: sizes})
}

// treeDOT is TreeDOT, fitted to the whole search's layout when fit is not
// nil (and opt.Step ≥ 0).
func treeDOT[P gametree.Position[P]](rec *algos.Recorder[P], opt TreeOptions, fit *frameFit) (string, error) {
	if rec == nil || len(rec.Roots) == 0 {
		return "", errors.New("render: TreeDOT: the recorder holds no search")
	}
	if opt.Budget < 0 {
		return "", fmt.Errorf("render: TreeDOT: Budget must be ≥ 0, got %d", opt.Budget)
	}
	roots := rec.Roots
	if opt.Pass != 0 {
		if opt.Pass < 0 || opt.Pass > len(roots) {
			return "", fmt.Errorf("render: TreeDOT: Pass %d out of range (the search has %d)", opt.Pass, len(roots))
		}
		roots = roots[opt.Pass-1 : opt.Pass]
	}

	d := &drawing[P]{opt: opt}
	d.replay(rec)
	if fit != nil && opt.Step >= 0 {
		d.fit = fit
		d.final = map[int]*algos.TraceNode[P]{}
		for _, r := range rec.Roots {
			for n := range algos.Preorder(r) {
				d.final[n.Visit] = n
			}
		}
	}
	var trees []*dnode[P]
	for _, r := range roots {
		t := d.build(r, nil, "")
		trees = append(trees, t)
		d.markPV(r)
	}
	d.choose(trees)
	names(trees)

	var b strings.Builder
	b.WriteString("digraph search {\n")
	b.WriteString("\tgraph [ordering=out, splines=line, nodesep=0.3, ranksep=0.5, fontname=\"DejaVu Sans\", fontsize=20, labelloc=t")
	if opt.Title != "" {
		fmt.Fprintf(&b, ", label=<<B>%s</B>>", htmlEsc(opt.Title))
	}
	b.WriteString("];\n")
	b.WriteString("\tnode [fontname=\"DejaVu Sans\", fontsize=14, margin=\"0.08,0.03\", penwidth=1.4];\n")
	b.WriteString("\tedge [fontname=\"DejaVu Sans\", fontsize=12, arrowhead=none, penwidth=1.4];\n")
	clusters := len(trees) > 1
	for i, t := range trees {
		indent := "\t"
		if clusters {
			r := t.tn
			k := r.Pass
			if k == 0 {
				k = i + 1
			}
			fmt.Fprintf(&b, "\tsubgraph cluster_pass%d {\n\t\tlabel=<%s>; fontsize=16; color=%q; style=rounded;\n",
				k, htmlEsc(passLabel(r, k)), ColSecondary)
			indent = "\t\t"
		}
		d.emit(&b, t, indent)
		if clusters {
			b.WriteString("\t}\n")
		}
	}
	b.WriteString("}\n")
	return b.String(), nil
}

// passLabel is the title of the cluster of the root search r, pass k.
func passLabel[P gametree.Position[P]](r *algos.TraceNode[P], k int) string {
	s := fmt.Sprintf("pass %d: ", k)
	if r.Depth < algos.FullDepth {
		s += fmt.Sprintf("depth %d, ", r.Depth)
	}
	s += algos.FormatWindow(r.Alpha, r.Beta)
	if r.Pass != 0 {
		s += ", guess " + algos.FormatValue(r.Guess)
	}
	return s
}

// drawing holds the state of one TreeDOT call.
type drawing[P gametree.Position[P]] struct {
	opt TreeOptions
	// state maps a Visit number to the node as it stood at opt.Step (the
	// node itself when drawing the whole search); absent: not yet entered.
	state   map[int]*algos.TraceNode[P]
	current int // Visit of the node being searched at opt.Step, or −1
	pv      map[int]bool
	counted int // nodes enumerated for pruned subtree sizes
	// fit and final (the whole search's nodes by Visit) are set for a
	// frame that shares the whole search's layout (frameFit).
	fit   *frameFit
	final map[int]*algos.TraceNode[P]
}

// replay rebuilds the search as it stood at opt.Step.
func (d *drawing[P]) replay(rec *algos.Recorder[P]) {
	d.state = map[int]*algos.TraceNode[P]{}
	d.pv = map[int]bool{}
	d.current = -1
	roots := rec.Roots
	if d.opt.Step >= 0 {
		part := algos.NewRecorder[P]()
		k := 0
		for e := range rec.All() {
			if k >= d.opt.Step {
				break
			}
			part.Event(e)
			k++
		}
		roots = part.Roots
	}
	for _, r := range roots {
		for n := range algos.Preorder(r) {
			d.state[n.Visit] = n
			if d.opt.Step >= 0 && n.Bound == 0 && n.Visit > d.current {
				d.current = n.Visit // entered, not left: on the stack; the deepest is the latest
			}
		}
	}
}

// done reports whether the searched node n had returned at opt.Step.
func (d *drawing[P]) done(n *algos.TraceNode[P]) bool {
	s := d.state[n.Visit]
	return s != nil && s.Bound != 0
}

// markPV marks the principal variation from the root r, as it stood.
func (d *drawing[P]) markPV(r *algos.TraceNode[P]) {
	n := d.state[r.Visit]
	for n != nil && n.Bound != 0 {
		d.pv[n.Visit] = true
		n = n.Producer()
	}
}

// build makes the drawn subtree of the searched node n.
func (d *drawing[P]) build(n *algos.TraceNode[P], parent *dnode[P], moveName string) *dnode[P] {
	x := &dnode[P]{id: "n" + strconv.Itoa(n.Visit), tn: n, pos: n.Pos, move: n.Move, moveName: moveName,
		parent: parent, expanded: true, exact: true}
	var kids []P
	var namer gametree.MoveNamer
	if len(n.Children) > 0 || len(n.Pruned) > 0 {
		namer, _ = any(n.Pos).(gametree.MoveNamer)
	}
	if len(n.Pruned) > 0 {
		kids = n.Pos.Children(nil)
	}
	name := func(m int) string {
		if namer != nil {
			return namer.MoveName(m)
		}
		return strconv.Itoa(m)
	}
	for _, c := range n.Children {
		x.children = append(x.children, d.build(c, x, name(c.Move)))
	}
	for _, m := range n.Pruned {
		if m < 0 || m >= len(kids) {
			continue
		}
		p := &dnode[P]{id: x.id + "_m" + strconv.Itoa(m), pos: kids[m], move: m, moveName: name(m),
			left: n.Depth - 1, parent: x, pruned: true}
		p.size, p.exact = d.count(p.pos, p.left)
		x.children = append(x.children, p)
	}
	// Move order; a re-searched move's searches stay in search order.
	slices.SortStableFunc(x.children, func(a, b *dnode[P]) int { return a.move - b.move })
	x.size = 1
	for _, c := range x.children {
		x.size += c.size
		x.exact = x.exact && c.exact
	}
	return x
}

// count returns the number of nodes of the subtree of pos searched left
// plies deep, and false if it stopped at countCap.
func (d *drawing[P]) count(pos P, left int) (int, bool) {
	n := 1
	d.counted++
	if left <= 0 {
		return n, true
	}
	exact := true
	for _, c := range pos.Children(nil) {
		if d.counted >= countCap {
			return n, false
		}
		k, ok := d.count(c, left-1)
		n += k
		exact = exact && ok
	}
	return n, exact
}

// expand builds the children of a pruned position.
func (x *dnode[P]) expand() {
	if x.expanded {
		return
	}
	x.expanded = true
	if x.left <= 0 {
		return
	}
	namer, _ := any(x.pos).(gametree.MoveNamer)
	for m, c := range x.pos.Children(nil) {
		name := strconv.Itoa(m)
		if namer != nil {
			name = namer.MoveName(m)
		}
		x.children = append(x.children, &dnode[P]{id: x.id + "_m" + strconv.Itoa(m), pos: c, move: m,
			moveName: name, left: x.left - 1, parent: x, pruned: true})
	}
	for _, c := range x.children {
		c.size, c.exact = sizeOf(c)
	}
}

// sizeOf counts a pruned position's subtree without a shared cap (it is
// only called for children of a subtree already counted).
func sizeOf[P gametree.Position[P]](x *dnode[P]) (int, bool) {
	d := drawing[P]{}
	return d.count(x.pos, x.left)
}

// choose marks the nodes to draw: all of them without a Budget; otherwise
// searched nodes breadth first, then pruned ones, up to the Budget (the
// roots are always drawn).
func (d *drawing[P]) choose(trees []*dnode[P]) {
	if d.opt.Budget == 0 {
		var all func(x *dnode[P])
		all = func(x *dnode[P]) {
			x.in = true
			x.expand()
			for _, c := range x.children {
				all(c)
			}
		}
		for _, t := range trees {
			all(t)
		}
		return
	}
	drawn := 0
	var pruned []*dnode[P]
	queue := slices.Clone(trees)
	for _, t := range trees {
		t.in = true
		drawn++
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, c := range x.children {
			switch {
			case c.pruned:
				pruned = append(pruned, c)
			case drawn < d.opt.Budget:
				c.in = true
				drawn++
				queue = append(queue, c)
			}
		}
	}
	for len(pruned) > 0 && drawn < d.opt.Budget {
		x := pruned[0]
		pruned = pruned[1:]
		x.in = true
		drawn++
		x.expand()
		pruned = append(pruned, x.children...)
	}
}

// names names the drawn nodes of trees for the TikZ: a node with a label
// by its label (A, b1), one without by the moves from the root, TeX-safe
// (TeXName) and joined by "-" ("root", "c3", "c3-e4", under a labelled
// node "B-2"), numbered "_2", "_3", … when a name is taken (a re-searched
// move, a second pass). Names follow the drawing order, so that they are
// the same for the same search and options.
func names[P gametree.Position[P]](trees []*dnode[P]) {
	used := map[string]bool{}
	var walk func(x *dnode[P])
	walk = func(x *dnode[P]) {
		if l, ok := any(x.pos).(interface{ Label() string }); ok && l.Label() != "" {
			x.name = l.Label() // as before: the TikZ keeps a shared label unique by the DOT ID
		} else {
			var base string
			switch {
			case x.parent == nil:
				base = "root"
			default:
				base = TeXName(x.moveName)
				if base == "" {
					base = "m" + strconv.Itoa(x.move)
				}
				if x.parent.parent != nil {
					base = x.parent.name + "-" + base
				}
			}
			x.name = base
			for k := 2; used[x.name]; k++ {
				x.name = base + "_" + strconv.Itoa(k)
			}
		}
		used[x.name] = true
		for _, c := range x.children {
			if c.in {
				walk(c)
			}
		}
	}
	for _, t := range trees {
		walk(t)
	}
}

// emit writes the drawn subtree of x.
func (d *drawing[P]) emit(b *strings.Builder, x *dnode[P], indent string) {
	d.emitNode(b, x, indent)
	cutAt, cut := cutOf(x, d.state)
	var ghostAt *dnode[P] // with fit: the scissors still to come
	var ghost *algos.CutInfo
	if d.final != nil {
		if at, c := cutOf(x, d.final); at != nil && at != cutAt {
			ghostAt, ghost = at, c
		}
	}
	var out []*dnode[P]
	for _, c := range x.children {
		if !c.in {
			out = append(out, c)
			continue
		}
		if c == ghostAt {
			d.emitEdge(b, x, c, true, ghost, true, indent)
		} else {
			d.emitEdge(b, x, c, c == cutAt, cut, false, indent)
		}
		d.emit(b, c, indent)
	}
	if len(out) > 0 {
		d.emitStub(b, x, out, indent)
	}
}

// cutOf returns the child of x whose edge carries the scissors, and the
// cutoff, in state (a Visit → node map as at some step); nil if none.
func cutOf[P gametree.Position[P]](x *dnode[P], state map[int]*algos.TraceNode[P]) (*dnode[P], *algos.CutInfo) {
	if x.tn == nil {
		return nil, nil
	}
	s := state[x.tn.Visit]
	if s == nil || s.Cut == nil {
		return nil, nil
	}
	// A cutoff at a node's last child prunes nothing: it is shown by the
	// node's bound (≤ or ≥) alone, not by scissors on an edge where nothing
	// was cut.
	for _, c := range x.children {
		if c.pruned && c.in {
			return c, s.Cut
		}
	}
	return nil, s.Cut
}

// prunedNow reports whether the pruned position x is shown as pruned (its
// cutoff has happened by opt.Step) rather than as not yet searched.
func (d *drawing[P]) prunedNow(x *dnode[P]) bool {
	for p := x.parent; p != nil; p = p.parent {
		if p.tn != nil {
			s := d.state[p.tn.Visit]
			return s != nil && (s.Cut != nil || s.Bound != 0)
		}
	}
	return true
}

// emitNode writes x's node statement.
func (d *drawing[P]) emitNode(b *strings.Builder, x *dnode[P], indent string) {
	player := x.pos.ToMove()
	shape, side := "box", "max"
	if player == gametree.Min {
		shape, side = "ellipse", "min"
	}
	var lines []string
	var classes []string
	attrs := []string{"shape=" + shape}
	label := ""
	if l, ok := any(x.pos).(interface{ Label() string }); ok {
		label = l.Label()
	}
	nameLine := func(color string) {
		if label != "" {
			lines = append(lines, htmlFont(color, 0, false, htmlEsc(label)))
		}
	}
	switch {
	case x.tn == nil: // a pruned position
		kind := KindPruned
		color := ColPruned
		if !d.prunedNow(x) {
			kind, color = KindPending, ColPending
		}
		classes = append(classes, kind, side)
		nameLine(color)
		// A leaf's value shows once its cutoff has happened: before, it is
		// not yet searched, like the leaves the search will evaluate, whose
		// values show only when evaluated (a step-through must not tell
		// which leaves will be pruned).
		if (kind == KindPruned || d.opt.LeafValues) && (x.left <= 0 || len(x.pos.Children(nil)) == 0) {
			vc := color
			if kind == KindPending {
				vc = ColSecondary // LeafValues: readable, not bold as an evaluated leaf's
			}
			lines = append(lines, htmlFont(vc, 0, false, algos.FormatValue(x.pos.Value())))
		}
		if kind == KindPruned {
			attrs = append(attrs, "style=dashed")
		}
		attrs = append(attrs, "color=\""+color+"\"", "fontcolor=\""+color+"\"")
	default:
		n := x.tn
		s := d.state[n.Visit]
		if s == nil { // entered after opt.Step
			classes = append(classes, KindPending, side)
			nameLine(ColPending)
			if d.opt.LeafValues && n.Leaf {
				lines = append(lines, htmlFont(ColSecondary, 0, false, algos.FormatValue(n.Pos.Value())))
			}
			attrs = append(attrs, "color=\""+ColPending+"\"", "fontcolor=\""+ColPending+"\"")
			break
		}
		classes = append(classes, KindVisited, side)
		if d.opt.VisitOrder {
			lines = append(lines, htmlFont(ColSecondary, 11, false, "#"+strconv.Itoa(n.Visit)))
		}
		nameLine("")
		switch {
		case s.Leaf:
			lines = append(lines, htmlFont("", 0, true, algos.FormatValue(s.Value)))
		case s.Bound == 0:
			lines = append(lines, htmlFont(ColSecondary, 0, false, "…"))
		default:
			lines = append(lines, htmlFont("", 0, true, algos.FormatBound(s.Value, s.Bound)))
		}
		if d.opt.Windows {
			c := ColSecondary
			if n.NullWindow() {
				c = ColProbe
			}
			lines = append(lines, htmlFont(c, 11, false, algos.FormatWindow(n.Alpha, n.Beta)))
		}
		if d.opt.NodeTypes {
			t := ""
			switch {
			case s.Leaf || s.Bound == 0:
				t = "[" + n.Expected.String() + "]"
			case n.Type == n.Expected:
				t = n.Type.String()
			default:
				t = n.Type.String() + " [" + n.Expected.String() + "]"
			}
			lines = append(lines, htmlFont(ColSecondary, 11, false, t))
		}
		if s.TT != nil {
			t := "TT " + strings.ToUpper(s.TT.Bound.String())
			if s.TT.Cut {
				t += " cut"
			}
			lines = append(lines, htmlFont(ColTT, 11, true, t))
			classes = append(classes, "tt")
		}
		color := ColInk
		switch {
		case n.ReSearch:
			color = ColReSearch
			classes = append(classes, "research")
		case n.NullWindow():
			color = ColProbe
			classes = append(classes, "probe")
		}
		attrs = append(attrs, "color=\""+color+"\"")
		if d.pv[n.Visit] {
			classes = append(classes, "pv")
		}
		if n.Visit == d.current {
			classes = append(classes, "current")
			attrs = append(attrs, "style=filled", "fillcolor=\""+ColCurrent+"\"")
		}
		if d.pv[n.Visit] || n.Visit == d.current {
			attrs = append(attrs, "penwidth=3")
		}
	}
	if len(lines) == 0 {
		lines = append(lines, " ")
	}
	if d.fit != nil {
		if wh, ok := d.fit.sizes[x.id]; ok {
			attrs = append(attrs, "width="+wh[0], "height="+wh[1], "fixedsize=true")
		}
	}
	attrs = append(attrs, "class=\""+strings.Join(classes, " ")+"\"")
	if x.name != "" {
		// Not drawn by Graphviz: the TikZ names the node after it.
		attrs = append(attrs, "posname=\""+dotEsc(x.name)+"\"")
	}
	text := strings.Join(lines, "<BR/>")
	if bd, ok := any(x.pos).(gametree.Boarder); ok && d.opt.Boards {
		faded := x.tn == nil || d.state[x.tn.Visit] == nil
		text = `<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD>` +
			boardHTML(bd.Board(), faded) + `</TD></TR><TR><TD>` + text + `</TD></TR></TABLE>`
	}
	fmt.Fprintf(b, "%s%s [%s, label=<%s>];\n", indent, x.id, strings.Join(attrs, ", "), text)
}

// The boards' colours: X black and O vermillion; Connect Four's first
// player vermillion, second yellow (Okabe and Ito's, apart in grey too);
// Nim's tokens blue. A position not searched (pruned, or not yet reached)
// is drawn in greys.
const (
	ColBoardLine = "#999999"
	ColDiscMax   = "#D55E00"
	ColDiscMin   = "#F0E442"
	ColToken     = "#0072B2"
)

// boardHTML draws a board as a Graphviz HTML table.
func boardHTML(bd gametree.Board, faded bool) string {
	var b strings.Builder
	cellBorder, spacing, size := 1, 0, 10
	switch bd.Kind {
	case gametree.Discs:
		size = 7
	case gametree.Piles:
		cellBorder, spacing, size = 0, 1, 7
	}
	fmt.Fprintf(&b, `<TABLE BORDER="0" CELLBORDER="%d" CELLSPACING="%d" CELLPADDING="0" COLOR="%s">`, cellBorder, spacing, ColBoardLine)
	for _, row := range bd.Cells {
		b.WriteString("<TR>")
		for _, c := range row {
			fmt.Fprintf(&b, `<TD FIXEDSIZE="TRUE" WIDTH="%d" HEIGHT="%d"`, size, size)
			switch bd.Kind {
			case gametree.Marks:
				mark, col := "", ColInk
				switch c {
				case gametree.MaxPiece:
					mark = "X"
				case gametree.MinPiece:
					mark, col = "O", ColCut
				}
				if faded {
					col = ColPending
				}
				if mark == "" {
					b.WriteString("> </TD>")
				} else {
					fmt.Fprintf(&b, `><FONT POINT-SIZE="9" COLOR="%s"><B>%s</B></FONT></TD>`, col, mark)
				}
				continue
			case gametree.Discs:
				col := "white"
				switch c {
				case gametree.MaxPiece:
					col = ColDiscMax
				case gametree.MinPiece:
					col = ColDiscMin
				}
				if faded && c != gametree.Empty {
					col = map[gametree.Cell]string{gametree.MaxPiece: "#999999", gametree.MinPiece: "#DDDDDD"}[c]
				}
				fmt.Fprintf(&b, ` BGCOLOR="%s"> </TD>`, col)
				continue
			default: // piles
				if c == gametree.Token {
					col := ColToken
					if faded {
						col = ColPending
					}
					fmt.Fprintf(&b, ` BGCOLOR="%s"> </TD>`, col)
				} else {
					b.WriteString("> </TD>")
				}
			}
		}
		b.WriteString("</TR>")
	}
	b.WriteString("</TABLE>")
	return b.String()
}

// emitEdge writes the edge from x to its child c. A ghost cut's scissors
// are written in transparent ink (frameFit).
func (d *drawing[P]) emitEdge(b *strings.Builder, x, c *dnode[P], scissors bool, cut *algos.CutInfo, ghostCut bool, indent string) {
	var attrs, label, classes []string
	hasLabel := false
	if l, ok := any(c.pos).(interface{ Label() string }); ok && l.Label() != "" {
		hasLabel = true
	}
	if !hasLabel && c.moveName != "" {
		// An xlabel is placed after the layout: a label would make dot add a
		// node per edge and double the layout time of a large tree.
		attrs = append(attrs, "xlabel=<"+htmlFont(ColSecondary, 11, false, htmlEsc(c.moveName))+">")
	}
	switch {
	case c.tn == nil:
		// Before its cutoff, the edge is one still to search, class and all:
		// a frame's SVG must not tell which moves will be pruned.
		color, class := ColPruned, "to-pruned"
		if !d.prunedNow(c) {
			color, class = ColPending, "to-pending"
		} else {
			attrs = append(attrs, "style=dashed")
		}
		attrs = append(attrs, "color=\""+color+"\"")
		classes = append(classes, class)
	case d.state[c.tn.Visit] == nil:
		attrs = append(attrs, "color=\""+ColPending+"\"")
		classes = append(classes, "to-pending")
		if d.fit != nil && c.tn.ReSearch {
			label = append(label, htmlFont(ColGhost, 11, true, "re-search"))
		}
	default:
		n := c.tn
		pen := ""
		switch {
		case n.ReSearch:
			attrs = append(attrs, "color=\""+ColReSearch+"\"")
			label = append(label, htmlFont(ColReSearch, 11, true, "re-search"))
			classes = append(classes, "research")
			pen = "2.2"
		case n.NullWindow():
			attrs = append(attrs, "color=\""+ColProbe+"\"", "style=dotted")
			classes = append(classes, "probe")
			pen = "2.2"
		}
		if d.pv[n.Visit] && d.pv[x.tn.Visit] {
			classes = append(classes, "pv")
			pen = "4"
		}
		if pen != "" {
			attrs = append(attrs, "penwidth="+pen)
		}
	}
	if scissors && cut != nil {
		mark := "✂ " + cut.Kind.String()
		if x.parent == nil {
			mark = "✂" // at the root shallow and deep mean nothing: no bound comes from above
		}
		if ghostCut {
			label = append(label, htmlFont(ColGhost, 12, true, mark))
		} else {
			label = append(label, htmlFont(ColCut, 12, true, mark))
			classes = append(classes, "cut")
		}
	}
	if len(label) > 0 {
		attrs = append(attrs, "label=<"+strings.Join(label, "<BR/>")+">")
	}
	if len(classes) > 0 {
		attrs = append(attrs, "class=\""+strings.Join(classes, " ")+"\"")
	}
	fmt.Fprintf(b, "%s%s -> %s", indent, x.id, c.id)
	if len(attrs) > 0 {
		fmt.Fprintf(b, " [%s]", strings.Join(attrs, ", "))
	}
	b.WriteString(";\n")
}

// emitStub writes the stub standing for the children out of x that are not
// drawn: "+N", N the nodes of their subtrees (searched and pruned, as the
// whole search has them, the same in every frame, like the light outlines of
// the nodes still to come), and "k searched", k the nodes among them the
// search had entered by opt.Step, so that a frame never shows a count from
// later steps. The stub is black once something under it was searched, grey
// and dashed when all it stands for is pruned (and its cutoffs have
// happened), and in the light grey of a node not yet searched otherwise.
// Its class is "stub", plus "searched" or "pending" for those looks.
func (d *drawing[P]) emitStub(b *strings.Builder, x *dnode[P], out []*dnode[P], indent string) {
	total, searched, exact, settled := 0, 0, true, true
	for _, c := range out {
		total += c.size
		exact = exact && c.exact
		if c.tn == nil {
			settled = settled && d.prunedNow(c)
			continue
		}
		settled = false
		for n := range algos.Preorder(c.tn) {
			if d.state[n.Visit] != nil {
				searched++
			}
		}
	}
	count := "+" + strconv.Itoa(total)
	if !exact {
		count = "+≥" + strconv.Itoa(total)
	}
	lines := []string{htmlFont("", 0, true, count)}
	attrs := []string{"shape=box", "style=\"rounded,dashed\""}
	class := KindStub
	switch {
	case searched > 0:
		lines = append(lines, htmlFont(ColSecondary, 11, false, strconv.Itoa(searched)+" searched"))
		attrs = append(attrs, "color=\""+ColInk+"\"")
		class += " searched"
	case settled:
		attrs = append(attrs, "color=\""+ColPruned+"\"", "fontcolor=\""+ColPruned+"\"")
	default:
		attrs = append(attrs, "color=\""+ColPending+"\"", "fontcolor=\""+ColPending+"\"")
		class += " " + KindPending
	}
	id := x.id + "_more"
	attrs = append(attrs, fmt.Sprintf("class=\"%s\"", class), fmt.Sprintf("tooltip=\"%d\"", total))
	if x.name != "" {
		attrs = append(attrs, "posname=\""+dotEsc(x.name+"-more")+"\"") // the TikZ's name: (B-more)
	}
	fmt.Fprintf(b, "%s%s [%s, label=<%s>];\n", indent, id, strings.Join(attrs, ", "), strings.Join(lines, "<BR/>"))
	style := "dashed"
	fmt.Fprintf(b, "%s%s -> %s [style=%s, color=\"%s\", class=\"stub\"];\n", indent, x.id, id, style, ColPruned)
}

// htmlFont wraps s (already escaped) in an HTML-label FONT element; color ""
// and size 0 keep the defaults.
func htmlFont(color string, size int, bold bool, s string) string {
	if bold {
		s = "<B>" + s + "</B>"
	}
	var at []string
	if color != "" {
		at = append(at, "COLOR=\""+color+"\"")
	}
	if size > 0 {
		at = append(at, "POINT-SIZE=\""+strconv.Itoa(size)+"\"")
	}
	if len(at) == 0 {
		return s
	}
	return "<FONT " + strings.Join(at, " ") + ">" + s + "</FONT>"
}

// dotEsc escapes s for a quoted DOT string.
func dotEsc(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s)
}

// htmlEsc escapes s for an HTML-like label.
func htmlEsc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;").Replace(s)
}

// TeXName keeps the letters, digits, '-' and '_' of a position's name.
func TeXName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return -1
	}, s)
}

// LayoutSizes reads Graphviz's "json" output (of TreeDOT's graph) and
// returns every node's size, for FrameDOT.
func LayoutSizes(layout []byte) (Sizes, error) {
	var g struct {
		Objects []struct {
			Name   string `json:"name"`
			Width  string `json:"width"`
			Height string `json:"height"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(layout, &g); err != nil {
		return nil, fmt.Errorf("render: reading Graphviz's layout: %w", err)
	}
	sizes := Sizes{}
	for _, obj := range g.Objects {
		if obj.Name != "" && obj.Width != "" && obj.Height != "" {
			sizes[obj.Name] = [2]string{obj.Width, obj.Height}
		}
	}
	return sizes, nil
}
