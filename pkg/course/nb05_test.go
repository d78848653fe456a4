package course

import (
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestPlay: the same squares in another order reach the same position and
// key; a square that is not a move stops the cell.
func TestPlay(t *testing.T) {
	ttt := games.NewTicTacToe()
	a, b := Play(ttt, "a1", "b2", "c3"), Play(ttt, "c3", "b2", "a1")
	if a != b || a.Key() != b.Key() || a.String() != "x..\n.o.\n..x" {
		t.Errorf("a1 b2 c3:\n%s\nc3 b2 a1:\n%s", a, b)
	}
	defer func() {
		if _, ok := recover().(Error); !ok {
			t.Error("playing an occupied square did not stop with a course.Error")
		}
	}()
	Play(ttt, "a1", "a1")
}

// TestPositions: the tree sizes and position counts notebook 05 quotes.
func TestPositions(t *testing.T) {
	if n, p := Positions(games.NewTicTacToe()); n != 549946 || p != 5478 {
		t.Errorf("tic-tac-toe: %d nodes, %d positions; want 549946, 5478", n, p)
	}
	if testing.Short() {
		return
	}
	if n, p := Positions(Must(games.NewNim(3, 4, 5))); n != 1038768 || p != 232 {
		t.Errorf("Nim 3,4,5: %d nodes, %d positions; want 1038768, 232", n, p)
	}
}

// TestWrongBounds: after solving tic-tac-toe with a table, 218 bound entries
// are not their position's value; the first says "at most 0" where O wins.
func TestWrongBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("solves every bound entry's position")
	}
	tt := algos.NewMapTT()
	Must(algos.NegamaxAB(games.NewTicTacToe(), algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tt}))
	wrong := WrongBounds(tt)
	if len(wrong) != 218 {
		t.Fatalf("%d wrong bounds, want 218", len(wrong))
	}
	w := wrong[0]
	if w.Entry.Value != 0 || w.Entry.Bound != algos.Upper || w.Value != -11 || w.Position.String() != "xox\nxoo\n..x" {
		t.Errorf("first: %+v true %d in\n%s", w.Entry, w.Value, w.Position)
	}
	for _, w := range wrong {
		if w.Entry.Bound == algos.Exact || w.Entry.Value == w.Value {
			t.Errorf("%+v (true %d) is not a wrong bound", w.Entry, w.Value)
		}
		// A bound is still true: at most, or at least, the true value.
		if w.Entry.Bound == algos.Upper && w.Value > w.Entry.Value || w.Entry.Bound == algos.Lower && w.Value < w.Entry.Value {
			t.Errorf("%+v does not bound the true value %d", w.Entry, w.Value)
		}
	}
}

// negamaxAB is fail-soft negamax alpha-beta over Nodes, recorded with
// Node.RecordNegamax.
func negamaxAB(n *Node, alpha, beta int) (value int) {
	defer n.RecordNegamax(&value, alpha, beta)()
	if n.IsLeaf() {
		return n.Color() * n.Value()
	}
	value = -Inf
	for _, c := range n.Children() {
		value = max(value, -negamaxAB(c, -beta, -alpha))
		alpha = max(alpha, value)
		if alpha >= beta {
			break
		}
	}
	return value
}

// TestRecordNegamax: a negamax search recorded with Node.RecordNegamax is recorded
// exactly as the library's NegamaxAB records itself (Max's point of view),
// node by node, on every fixture and on random trees, Max or Min at the root.
func TestRecordNegamax05(t *testing.T) {
	trees := append(testTrees(20, 3, 4), testTrees(20, 3, 3, gametree.RootPlayer(gametree.Min))...)
	for i, tr := range trees {
		color := int(tr.RootPlayer())
		mine := Mine(tr, func(root *Node) int { return color * negamaxAB(root, -Inf, Inf) })
		lib := Record(algos.NegamaxAB, tr.Root(), algos.FullDepth, nil)
		if mine.Value != lib.Value {
			t.Errorf("tree %d: value %d, library %d", i, mine.Value, lib.Value)
		}
		a, b := summarize(mine.Rec), summarize(lib.Rec)
		if len(a) != len(b) {
			t.Fatalf("tree %d: %d nodes recorded, library %d", i, len(a), len(b))
		}
		for k := range a {
			if a[k].name != b[k].name || a[k].window != b[k].window || a[k].value != b[k].value ||
				a[k].leaf != b[k].leaf || a[k].cut != b[k].cut || !slices.Equal(a[k].pruned, b[k].pruned) {
				t.Errorf("tree %d node %d: mine %+v, library %+v", i, k, a[k], b[k])
			}
		}
	}
}

// ttEntry, ttNegamax: notebook 05's cell, the Persian Wikipedia article's
// negamax with a transposition table keyed by the node's name; bare stores
// every value as EXACT (the cell's "change this cell").
type ttEntry struct {
	value, depth int
	flag         string
}

func ttNegamax(table map[string]ttEntry, bare bool) func(n *Node, depth, alpha, beta int) int {
	var negamax func(n *Node, depth, alpha, beta int) int
	negamax = func(n *Node, depth, alpha, beta int) (value int) {
		defer n.RecordNegamax(&value, alpha, beta)()
		alphaOrig := alpha
		if e, ok := table[n.Name()]; ok && e.depth >= depth {
			switch e.flag {
			case "EXACT":
				return e.value
			case "LOWERBOUND":
				alpha = max(alpha, e.value)
			case "UPPERBOUND":
				beta = min(beta, e.value)
			}
			if alpha >= beta {
				return e.value
			}
		}
		if depth == 0 || n.IsLeaf() {
			return n.Color() * n.Value()
		}
		value = -Inf
		for _, c := range n.Children() {
			value = max(value, -negamax(c, depth-1, -beta, -alpha))
			alpha = max(alpha, value)
			if alpha >= beta {
				break
			}
		}
		e := ttEntry{value: value, depth: depth, flag: "EXACT"}
		if !bare && value <= alphaOrig {
			e.flag = "UPPERBOUND"
		} else if !bare && value >= beta {
			e.flag = "LOWERBOUND"
		}
		table[n.Name()] = e
		return value
	}
	return negamax
}

// TestTwoE: notebook 05's tree with a transposition (two nodes named E).
// With flags, the bound E ≥ 7 narrows the second search of E and the value
// is right; with bare values the second E takes 7 and A comes out 7.
func TestTwoE(t *testing.T) {
	twoE := Tree("A(B(D(d1=5 d2=1) E(e1=7 e2=12)) C(E(e1=7 e2=12) F(f1=8 f2=6)))")
	if v := Record(algos.Minimax, twoE.Root(), algos.FullDepth, nil).Value; v != 8 {
		t.Fatalf("minimax value %d, want 8", v)
	}
	table := map[string]ttEntry{}
	nm := ttNegamax(table, false)
	s := Mine(twoE, func(root *Node) int { return nm(root, 3, -Inf, Inf) })
	if want := "E entered with [−∞, 5] returns ≥ 7\nE entered with [5, +∞] returns 12\n"; s.Value != 8 || Visits(s, "E") != want {
		t.Errorf("with flags: value %d, visits\n%s", s.Value, Visits(s, "E"))
	}
	if e := table["E"]; e != (ttEntry{12, 1, "EXACT"}) {
		t.Errorf("E's entry at the end: %+v", e)
	}
	// The second E was searched again, with the window the bound narrowed.
	var windows []string
	for n := range algos.Preorder(s.Rec.Root()) {
		if n.Pos.Name() == "e2" {
			windows = append(windows, algos.FormatWindow(n.Alpha, n.Beta))
		}
	}
	if !slices.Equal(windows, []string{"[7, +∞]"}) {
		t.Errorf("e2 searched with %v, want only [7, +∞] (cut off below B)", windows)
	}
	bare := ttNegamax(map[string]ttEntry{}, true)
	s = Mine(twoE, func(root *Node) int { return bare(root, 3, -Inf, Inf) })
	if want := "E entered with [−∞, 5] returns ≥ 7\nE entered with [5, +∞] returns 7\n"; s.Value != 7 || Visits(s, "E") != want {
		t.Errorf("bare values: value %d, visits\n%s", s.Value, Visits(s, "E"))
	}
}

// TestTableHits: the four table hits of negamax with a table on Nim 1,3,
// each with what the entry said and what the node returned.
func TestTableHits(t *testing.T) {
	s := Record(algos.NegamaxAB, Must(games.NewNim(1, 3)), algos.FullDepth, &algos.Options[games.Nim]{TT: algos.NewMapTT()})
	plain := Must(algos.NegamaxAB(Must(games.NewNim(1, 3)), algos.FullDepth, nil))
	if s.Value != 1 || s.Stats.Nodes != 22 || plain.Stats.Nodes != 26 || s.Stats.TTHits != 4 || s.Stats.TTCutExact != 2 {
		t.Errorf("value %d, %d nodes (no table %d), %d hits, %d exact cuts; want 1, 22 (26), 4, 2", s.Value, s.Stats.Nodes, plain.Stats.Nodes, s.Stats.TTHits, s.Stats.TTCutExact)
	}
	want := []string{
		"0 2 (Max to move), entered with [−1, +∞]: the table says EXACT 1, enough: cut; the node returns 1 in its window",
		"0 1 (Min to move), entered with [−1, 1]: the table says EXACT −1, enough: cut; the node returns ≤ −1 in its window",
		"0 1 (Max to move), entered with [−1, +∞]: the table says LOWER 1, not enough: it does not close the window; the node returns 1 in its window",
		"1 0 (Min to move), entered with [1, +∞]: the table says UPPER −1, not enough: its depth is 2 short of this node's; the node returns ≤ −1 in its window",
	}
	if got := strings.Split(strings.TrimSuffix(TableHits(s), "\n"), "\n"); !slices.Equal(got, want) {
		t.Errorf("TableHits:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A tree node is named by its name.
	if got := positionName(Tree("A(b=1 c=2)").Root()); got != "A" {
		t.Errorf("positionName = %q, want A", got)
	}
}

// TestPageTableMin: notebook 05's negamax keeps the side to move's point of
// view, so on AIMA Fig. 5.2 it stores C, a Min node that fails low for Max
// (UPPERBOUND 2, the quiz's answer), as LOWERBOUND −2.
func TestPageTableMin(t *testing.T) {
	table := map[string]ttEntry{}
	nm := ttNegamax(table, false)
	s := Mine(Tree("aima-fig5.2"), func(root *Node) int { return nm(root, 2, -Inf, Inf) })
	if e := table["C"]; s.Value != 3 || e != (ttEntry{-2, 1, "LOWERBOUND"}) {
		t.Errorf("value %d, C's entry %+v; want 3, LOWERBOUND −2 at depth 1", s.Value, e)
	}
	lib := algos.NewMapTT()
	tr := Tree("aima-fig5.2")
	Must(algos.NegamaxAB(tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{TT: lib}))
	c := findNamed(t, tr, "C")
	if e, ok := lib.Probe(c.Key()); !ok || e.Bound != algos.Upper || e.Value != 2 {
		t.Errorf("the library's entry of C: %+v, %v; want UPPER 2 (Max's point of view)", e, ok)
	}
}

// findNamed returns the node of tr called name.
func findNamed(t *testing.T, tr *gametree.Tree, name string) gametree.Node {
	t.Helper()
	var walk func(n gametree.Node) (gametree.Node, bool)
	walk = func(n gametree.Node) (gametree.Node, bool) {
		if n.Name() == name {
			return n, true
		}
		for _, c := range n.Children(nil) {
			if x, ok := walk(c); ok {
				return x, true
			}
		}
		return gametree.Node{}, false
	}
	n, ok := walk(tr.Root())
	if !ok {
		t.Fatalf("no node %s", name)
	}
	return n
}

// TestDrawMoves05: DrawMoves's two halves of the Nim 1,3 search hold every
// node of it once (the root twice), the two exact hits in the first and the
// LOWER and UPPER hits in the second, and the shallow cutoff that pruned
// p1-2 below the root's move p1-1, as notebook 05 says.
func TestDrawMoves05(t *testing.T) {
	s := Record(algos.NegamaxAB, Must(games.NewNim(1, 3)), algos.FullDepth, &algos.Options[games.Nim]{TT: algos.NewMapTT()})
	count := func(rec *algos.Recorder[games.Nim]) (nodes int, hits []string) {
		for n := range algos.Preorder(rec.Roots[0]) {
			nodes++
			if n.TT != nil {
				hits = append(hits, n.TT.Bound.String())
			}
		}
		return nodes, hits
	}
	all, _ := count(s.Rec)
	first := Must(rootMoves(s, []string{"p0-1", "p1-1"}))
	second := Must(rootMoves(s, []string{"p1-2", "p1-3"}))
	n1, h1 := count(first)
	n2, h2 := count(second)
	if n1+n2-1 != all || !slices.Equal(h1, []string{"exact", "exact"}) || !slices.Equal(h2, []string{"lower", "upper"}) {
		t.Errorf("halves: %d + %d nodes of %d (root twice), hits %v and %v", n1, n2, all, h1, h2)
	}
	if s.Rec.Roots[0].Children[0].Move != 0 || len(s.Rec.Roots[0].Children) != 4 {
		t.Fatalf("the root's moves: %d searched", len(s.Rec.Roots[0].Children))
	}
	// Below p1-1: a Min node entered with [−1, +∞], cut after its second child
	// by α = −1 set at the root (shallow), its move p1-2 never searched.
	m := first.Roots[0].Children[1]
	if m.Pos.MoveName(0) != "p0-1" || m.Cut == nil || m.Cut.Kind != algos.Shallow || m.Cut.From != 0 ||
		len(m.Pruned) != 1 || m.Pos.MoveName(m.Pruned[0]) != "p1-2" || algos.FormatWindow(m.Alpha, m.Beta) != "[−1, +∞]" {
		t.Errorf("below p1-1: window %s, cut %+v, pruned %v", algos.FormatWindow(m.Alpha, m.Beta), m.Cut, m.Pruned)
	}
	for _, bad := range [][]string{{"p9-9"}, {"a1"}} {
		if _, err := rootMoves(s, bad); err == nil {
			t.Errorf("moves %v: no error", bad)
		}
	}
	deep := Record(algos.IterativeDeepening, Must(games.NewNim(1, 3)), algos.FullDepth, nil)
	if _, err := rootMoves(deep, []string{"p0-1"}); err == nil {
		t.Error("a search of the root in several passes: no error")
	}
}
