package course

import (
	"cmp"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// depthAlphaBeta is notebook 04's depth-limited fail-hard alpha-beta over
// Nodes.
func depthAlphaBeta(n *Node, depth, alpha, beta int) (v int) {
	defer n.Record(&v, alpha, beta)()
	if depth == 0 || n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		for _, c := range n.Children() {
			alpha = max(alpha, depthAlphaBeta(c, depth-1, alpha, beta))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range n.Children() {
		beta = min(beta, depthAlphaBeta(c, depth-1, alpha, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}

// deepen and rootPass are notebook 04's driver: the textbook's iterative
// deepening, reordering the root's moves after each pass.
func deepen(root *Node, schedule []int) (v int) {
	value := map[string]int{}
	for _, depth := range schedule {
		moves := root.Children()
		slices.SortStableFunc(moves, func(a, b *Node) int { return cmp.Compare(value[b.Name()], value[a.Name()]) })
		v = rootPass(root, moves, depth, value)
	}
	return v
}

func rootPass(root *Node, moves []*Node, depth int, value map[string]int) (v int) {
	defer root.Record(&v, -Inf, Inf)()
	v = -Inf
	for _, c := range moves {
		value[c.Name()] = depthAlphaBeta(c, depth-1, v, Inf)
		v = max(v, value[c.Name()])
	}
	return v
}

// small is notebook 04's tree.
func small(t *testing.T) (*gametree.Tree, random.OrderedNode) {
	t.Helper()
	so, err := random.StronglyOrdered{B: 2, D: 3, Seed: 26, P: 0.7, Range: 100}.Root()
	if err != nil {
		t.Fatal(err)
	}
	return Explicit(so, 3), so
}

// TestExplicit: the copy has the game's shape, static values and value,
// and a search of it runs as the same search of the game.
func TestExplicit(t *testing.T) {
	tr, so := small(t)
	if tr.Len() != 15 || tr.Leaves() != 8 || tr.Height() != 3 || tr.RootPlayer() != gametree.Max {
		t.Fatalf("%d nodes, %d leaves, height %d, root %v; want 15, 8, 3, Max", tr.Len(), tr.Leaves(), tr.Height(), tr.RootPlayer())
	}
	// Every node keeps its static value, in the same place.
	var walk func(p random.OrderedNode, n gametree.Node)
	walk = func(p random.OrderedNode, n gametree.Node) {
		if p.Value() != n.Value() || p.ToMove() != n.ToMove() {
			t.Errorf("node %s: value %d to move %v, the game's %d %v", n.Name(), n.Value(), n.ToMove(), p.Value(), p.ToMove())
		}
		pk, nk := p.Children(nil), n.Children(nil)
		if len(nk) != len(pk) && n.Depth() < 3 {
			t.Fatalf("node %s: %d children, the game's %d", n.Name(), len(nk), len(pk))
		}
		for i := range nk {
			walk(pk[i], nk[i])
		}
	}
	walk(so, tr.Root())
	lib := Record(algos.AlphaBeta, tr.Root(), 3, nil)
	game := Must(algos.AlphaBeta(so, 3, nil))
	if lib.Value != 68 || game.Value != 68 || so.MinimaxValue() != 68 || lib.Stats.Nodes != game.Stats.Nodes {
		t.Errorf("value %d (game %d, minimax %d), nodes %d (game %d); want 68 and the same nodes", lib.Value, game.Value, so.MinimaxValue(), lib.Stats.Nodes, game.Stats.Nodes)
	}
	// A shallower copy ends at the horizon with the inner nodes' static values.
	tr2 := Explicit(so, 2)
	if tr2.Leaves() != 4 || tr2.Node(3).Value() != so.Children(nil)[0].Children(nil)[0].Value() {
		t.Errorf("depth-2 copy: %d leaves, first leaf %d", tr2.Leaves(), tr2.Node(3).Value())
	}
}

// TestDeepenDriver: notebook 04's cells. The direct search is recorded like
// the library's AlphaBeta; the driver's depth-3 pass searches move 1 first
// and needs 11 nodes instead of 14, and the library's iterative deepening
// does the same work on this tree.
func TestDeepenDriver(t *testing.T) {
	tr, _ := small(t)
	direct := Mine(tr, func(root *Node) int { return depthAlphaBeta(root, 3, -Inf, Inf) })
	lib := Record(algos.AlphaBeta, tr.Root(), 3, nil)
	if direct.Value != 68 || PassNodes(direct, 1) != 14 || int64(PassNodes(direct, 1)) != lib.Stats.Nodes {
		t.Errorf("direct: value %d, %d nodes (library %d); want 68, 14", direct.Value, PassNodes(direct, 1), lib.Stats.Nodes)
	}
	var kids []int
	for _, c := range direct.Rec.Root().Children {
		kids = append(kids, c.Value)
	}
	if !slices.Equal(kids, []int{46, 68}) {
		t.Errorf("direct: the root's moves are worth %v, want [46 68]", kids)
	}
	id := Mine(tr, func(root *Node) int { return deepen(root, []int{2, 3}) })
	if len(id.Rec.Roots) != 2 || id.Value != 68 || PassNodes(id, 1) != 7 || PassNodes(id, 2) != 11 {
		t.Fatalf("deepen: %d passes, value %d, nodes %d and %d; want 2, 68, 7, 11", len(id.Rec.Roots), id.Value, PassNodes(id, 1), PassNodes(id, 2))
	}
	var got []int
	for _, c := range id.Rec.Roots[0].Children {
		got = append(got, c.Move, c.Value)
	}
	if want := []int{0, 43, 1, 73}; !slices.Equal(got, want) {
		t.Errorf("pass 1 (move, value): %v, want %v", got, want)
	}
	second := id.Rec.Roots[1]
	if second.Children[0].Move != 1 || second.Children[1].Move != 0 || second.Children[1].Value != 68 || second.Children[1].Bound != algos.Upper {
		t.Errorf("pass 2 searched moves %d then %d (value %d %v); want 1 then 0 returning ≤68", second.Children[0].Move, second.Children[1].Move, second.Children[1].Value, second.Children[1].Bound)
	}
	// Move 0's first Max node returns the bound α = 68 over its leaves 52 and 42.
	first := second.Children[1].Children[0]
	if first.Value != 68 || first.Bound != algos.Upper || len(first.Children) != 2 || first.Children[0].Value != 52 || first.Children[1].Value != 42 || len(second.Children[1].Pruned) != 1 {
		t.Errorf("pass 2, move 0: first child %d %v, pruned %v", first.Value, first.Bound, second.Children[1].Pruned)
	}
	res := Must(algos.IterativeDeepening(tr.Root(), 3, &algos.Options[gametree.Node]{Schedule: []int{2}}))
	want := "pass 1: depth 2, window [−∞, +∞] → 73 exact, 7 nodes\npass 2: depth 3, window [−∞, +∞] → 68 exact, 11 nodes\ntotal: 18 nodes in 2 passes, 0 re-searches\n"
	if got := Passes(res); got != want {
		t.Errorf("Passes:\n%s\nwant:\n%s", got, want)
	}
}

// TestPasses: an aspiration search that fails high and re-searches, line
// by line.
func TestPasses(t *testing.T) {
	misled := Tree("(:0(100 120) :0(110 130))")
	res := Must(algos.Aspiration(misled.Root(), 2, nil))
	want := "pass 1: depth 1, window [−∞, +∞] → 0 exact, 3 nodes\n" +
		"pass 2: depth 2, window [−50, 50] → ≥ 100 (fail high), 4 nodes\n" +
		"pass 3: depth 2, window [−50, +∞] → 110 exact, 6 nodes (re-search)\n" +
		"total: 13 nodes in 3 passes, 1 re-search\n"
	if got := Passes(res); got != want {
		t.Errorf("Passes:\n%s\nwant:\n%s", got, want)
	}
	if got := passValue(-3, algos.Upper); got != "≤ −3 (fail low)" {
		t.Errorf("passValue(−3, upper) = %q", got)
	}
}

// TestPassNodesRange: a pass that does not exist stops the cell.
func TestPassNodesRange(t *testing.T) {
	defer func() {
		if _, ok := recover().(Error); !ok {
			t.Error("PassNodes(s, 2) of a one-pass search did not stop with a course.Error")
		}
	}()
	PassNodes(Record(algos.AlphaBeta, Tree("(1 2)").Root(), algos.FullDepth, nil), 2)
}
