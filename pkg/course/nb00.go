package course

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// LegendTile is one picture of the legend: a tiny search, drawn with the
// marks it explains, and the words that explain them.
type LegendTile struct {
	Title   string   // the picture's title
	Caption string   // what its marks mean, in HTML
	Marks   []string // the marks it explains, as short keywords
	// Scale is how much larger or smaller than Graphviz draws it the
	// picture is shown (0: legendScale).
	Scale float64
	// dot draws the tile's search as Graphviz DOT.
	dot func() (string, error)
}

// legendTree is the tree most tiles search: Max at A, Min at B and C.
const legendTree = "A(B(3 5) C(2 9))"

// LegendTiles returns the legend of the course's pictures (notebook
// 00-welcome): one tiny search per group of marks, in the order the
// course meets them. Each tile is recorded with Record, as any picture of
// the course, so it shows exactly what the course's pictures show.
func LegendTiles() []LegendTile {
	tree := func(s string) gametree.Node { return Tree(s).Root() }
	draw := func(rec *algos.Recorder[gametree.Node], title string, marks ...Mark) func() (string, error) {
		return func() (string, error) {
			opt := render.TreeOptions{Step: -1, Title: title}
			applyMarks(&opt, marks)
			return render.TreeDOT(rec, opt)
		}
	}
	tile := func(title, caption string, marks []string, s *Search[gametree.Node], m ...Mark) LegendTile {
		return LegendTile{Title: title, Caption: caption, Marks: marks, dot: draw(s.Rec, title, m...)}
	}
	game := Must(games.ParseTicTacToe("xox oo. xx."))
	gs := Record(algos.Minimax, game, algos.FullDepth, nil)
	return []LegendTile{
		tile("Max and Min",
			"A <b>box</b>: Max moves there; an <b>oval</b>: Min moves. The number under the name is the node's value, "+
				"always from Max's point of view. <b>Bold</b>: the principal variation, the line both sides play. "+
				"The small number on an edge is the move's number (0 = first child).",
			[]string{"box", "oval", "bold"},
			Record(algos.Minimax, tree(legendTree), algos.FullDepth, nil)),
		tile("Bounds and a cutoff",
			"<b>≤3</b>: worth at most 3 (<b>≥3</b>: at least 3). <b>Grey, dashed</b>: pruned, never searched "+
				"(a grey number is the value the search never looked at, drawn for comparison). "+
				"<b>✂ shallow</b>: where a cutoff pruned something, with a bound set one ply up. "+
				"A cut at a node's last child prunes nothing: it shows only as the node's bound; "+
				"at the root the mark is a bare ✂. "+
				"<b>[α, β]</b> under a node: the window it was searched with (notebook 02).",
			[]string{"≤", "pruned", "shallow", "window"},
			Record(algos.AlphaBeta, tree(legendTree), algos.FullDepth, nil), Windows),
		tile("A deep cutoff",
			"<b>✂ deep</b>: the bound that cut E off was set three plies up, at A (B's 5), "+
				"not by E's parent. E is drawn ≤5, not ≤3, though the only leaf it searched is 3 "+
				"(fail-hard: returns α; notebook 02).",
			[]string{"deep"},
			Record(algos.AlphaBeta, tree("A(B=5 C(D(E(3 9) 7) 8))"), algos.FullDepth, nil)),
		tile("Null window and re-search",
			"<b>Blue, dotted</b>: a null-window search [α, α+1], a yes-or-no test (“is C better than 3?”). "+
				"<b>Orange “re-search”</b>: the test said yes, so C is searched again with a real window to get its value.",
			[]string{"null window", "re-search"},
			Record(algos.PVS, tree("A(B(3 4) C(6 7))"), algos.FullDepth, nil), Windows),
		tile("Passes and table badges",
			"A <b>rounded frame</b> is one pass of a search that searches the root again and again, "+
				"titled with its window and guess. A <b>green badge</b> TT EXACT, TT LOWER (a “≥” bound) or TT UPPER (a “≤” bound) "+
				"is what the transposition table already held when the search came in (here from pass 1); the value above it is what this pass found. "+
				"The bare ✂ in pass 1: a cutoff at the root.",
			[]string{"pass", "TT"},
			Record(algos.MTDF, tree(legendTree), algos.FullDepth, &algos.Options[gametree.Node]{TT: algos.NewMapTT()})),
		tile("Node types",
			"<b>PV</b>, <b>CUT</b>, <b>ALL</b>: the node's type as the search found it (PV: value inside the window; "+
				"CUT: a move reached β; ALL: every move stayed at or below α). <b>[CUT]</b> in brackets: the type expected before the search, "+
				"shown when it differs; a leaf shows only its expected type.",
			[]string{"PV", "CUT", "ALL"},
			Record(algos.AlphaBeta, tree("A(B(8 2) C(4 6))"), algos.FullDepth, nil), NodeTypes),
		{Title: "A game: boards and move names",
			Caption: "Each position drawn as its board: X black, O vermillion. An edge is named by the square played: " +
				"column a–c, row 1–3, a1 top left. Values from X's (Max's) point of view (scores: see 01).",
			Marks: []string{"board", "move name"},
			Scale: gameScale,
			dot: func() (string, error) {
				dot, err := render.TreeDOT(gs.Rec, render.TreeOptions{Step: -1, Title: "A game: boards and move names", Boards: true})
				// Drawn larger for its boards, the title as large as the other tiles'.
				return strings.Replace(dot, "fontsize=20,", gameTitleSize+",", 1), err
			}},
		tile("Step by step",
			"A search drawn part way: <b>yellow</b>, the node being searched; <b>light grey</b>, not reached yet; "+
				"<b>…</b>, no value yet. <b>#0</b>, <b>#1</b>, <b>#2</b>: the order in which the search entered the nodes.",
			[]string{"step", "visit order"},
			Record(algos.Minimax, tree(legendTree), algos.FullDepth, nil), Step(5), VisitOrder),
		tile("Big trees, folded",
			"<b>+3</b> in a rounded box is not a value: it counts the nodes folded away, 3 here, so that a big tree "+
				"fits on the page; <b>1 searched</b>: how many of them the search entered (a grey box: none, all were pruned).",
			[]string{"budget"},
			Record(algos.AlphaBeta, tree("A(B(3 12 8) C(2 4 6) D(14 5 2))"), algos.FullDepth, nil), Budget(7)),
	}
}

// DOT draws the tile's search as Graphviz DOT.
func (t LegendTile) DOT() (string, error) { return t.dot() }

// legendScale is how much smaller than the course's other pictures the
// legend's are drawn: a node's name is then 10.5 pt (14 px), a window 8 pt.
const legendScale = 0.75

// gameScale is the scale of the game's tile: its boards' squares are then
// 12 pt (16 px) wide, its marks 11 pt; gameTitleSize keeps its title as
// large as the other tiles' (20 pt at legendScale).
const (
	gameScale     = 1.2
	gameTitleSize = "fontsize=12.5"
)

// nb00SVGSize finds the width and height attributes of an SVG document.
var nb00SVGSize = regexp.MustCompile(`<svg[^>]*?width="([0-9.]+)pt"[^>]*?height="([0-9.]+)pt"`)

// LegendHTML draws the legend's tiles as one piece of HTML: the tiles side
// by side as the page's width allows, each picture at its natural size
// (the text of the course's other pictures) with its caption below.
func LegendHTML() (string, error) {
	ctx := context.Background()
	r, err := render.NewRenderer(ctx)
	if err != nil {
		return "", err
	}
	defer r.Close()
	var b strings.Builder
	b.WriteString(`<div class="cutoff-legend" style="display:flex;flex-wrap:wrap;gap:18px 28px;align-items:flex-start">` + "\n")
	for _, t := range LegendTiles() {
		dot, err := t.DOT()
		if err != nil {
			return "", fmt.Errorf("legend %q: %v", t.Title, err)
		}
		svg, err := r.SVG(ctx, dot)
		if err != nil {
			return "", fmt.Errorf("legend %q: %v", t.Title, err)
		}
		s := string(svg)
		if i := strings.Index(s, "<svg"); i >= 0 {
			s = s[i:] // no XML declaration or DOCTYPE inside HTML
		}
		width := 300.0 // px, the least, so that a caption has room
		if m := nb00SVGSize.FindStringSubmatchIndex(s); m != nil {
			w, _ := strconv.ParseFloat(s[m[2]:m[3]], 64)
			h, _ := strconv.ParseFloat(s[m[4]:m[5]], 64)
			scale := legendScale
			if t.Scale > 0 {
				scale = t.Scale
			}
			w, h = w*scale, h*scale
			width = max(width, w*4/3)
			s = s[:m[2]] + strconv.FormatFloat(w, 'f', 1, 64) + s[m[3]:m[4]] + strconv.FormatFloat(h, 'f', 1, 64) + s[m[5]:]
		}
		fmt.Fprintf(&b, `<figure style="margin:0;width:%.0fpx;max-width:100%%">`+"\n%s\n"+`<figcaption style="font-size:14px;line-height:1.35">%s</figcaption></figure>`+"\n",
			width, s, t.Caption)
	}
	b.WriteString("</div>\n")
	return b.String(), nil
}

// Legend shows the legend of the course's pictures (LegendHTML).
func Legend() {
	h, err := LegendHTML()
	if err != nil {
		stop(err)
	}
	HTML(h)
}

// Describe returns, one line per interior node in the order the search
// entered them, what the search s found there as its picture shows it: the
// node's name, its value or bound ("≤2": at most 2, "≥5": at least 5) and
// the children a cutoff pruned, such as "C: ≤2, pruned c2 c3". A node is
// named by its label, else by the moves from the root ("c2 b3"; "root").
func Describe[P gametree.Position[P]](s *Search[P]) string {
	var lines []string
	var walk func(n *algos.TraceNode[P], name string)
	walk = func(n *algos.TraceNode[P], name string) {
		if n.Leaf {
			return
		}
		line := name + ": " + algos.FormatBound(n.Value, n.Bound)
		kids := n.Pos.Children(nil)
		if len(n.Pruned) > 0 {
			var names []string
			for _, m := range n.Pruned {
				names = append(names, nb00ChildName(n.Pos, kids[m], m, name))
			}
			line += ", pruned " + strings.Join(names, " ")
		}
		lines = append(lines, line)
		for _, c := range n.Children {
			walk(c, nb00ChildName(n.Pos, c.Pos, c.Move, name))
		}
	}
	if root := s.Rec.Root(); root != nil {
		walk(root, nb00ChildName(root.Pos, root.Pos, -1, ""))
	}
	return strings.Join(lines, "\n")
}

// nb00ChildName names child, reached from parent (named parentName) by move
// m: its label, else the parent's name for the move after the parent's
// own name. The root (m < 0) is its label or "root".
func nb00ChildName[P gametree.Position[P]](parent, child P, m int, parentName string) string {
	if l, ok := any(child).(interface{ Label() string }); ok && l.Label() != "" {
		return l.Label()
	}
	if m < 0 {
		return "root"
	}
	move := fmt.Sprint(m)
	if mn, ok := any(parent).(gametree.MoveNamer); ok {
		move = mn.MoveName(m)
	}
	if parentName == "" || parentName == "root" {
		return move
	}
	return parentName + " " + move
}
