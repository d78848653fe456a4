package algos_test

import (
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestRecorderMatchesStats: the recorded tree has exactly the nodes, leaves,
// cutoffs and pruned children the counters report, windows nest, and every
// exit bound agrees with the entry window.
func TestRecorderMatchesStats(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 4))
	for i := range 300 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -20, 40), gametree.Player(1-2*(i%2)))
		for _, name := range algos.Names() {
			rec := algos.NewRecorder[gametree.Node]()
			res, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec})
			if err != nil {
				t.Fatal(err)
			}
			var nodes, leaves, cuts, pruned int64
			for n := range recorded(rec) {
				nodes++
				if n.Leaf {
					leaves++
					if n.Value != n.Pos.Value() {
						t.Fatalf("%s: leaf %s recorded value %d, static value %d", name, n.Pos.Name(), n.Value, n.Pos.Value())
					}
				}
				if n.Cut != nil {
					cuts++
					pruned += int64(n.Cut.Skipped)
					if len(n.Pruned) != n.Cut.Skipped {
						t.Fatalf("%s: node %s lists pruned moves %v but the cutoff skipped %d", name, n.Pos.Name(), n.Pruned, n.Cut.Skipped)
					}
				} else if len(n.Pruned) > 0 && n.Pass == 0 { // a driver's pass may search only some root moves
					t.Fatalf("%s: node %s has pruned moves %v without a cutoff", name, n.Pos.Name(), n.Pruned)
				}
				if n.Bound != algos.BoundOf(n.Value, n.Alpha, n.Beta) && !n.Leaf {
					t.Fatalf("%s: node %s returned %d (%v) from window [%d,%d]", name, n.Pos.Name(), n.Value, n.Bound, n.Alpha, n.Beta)
				}
				tried := map[int]bool{} // a re-searched child appears twice
				for _, c := range n.Children {
					tried[c.Move] = true
				}
				settled := n.TT != nil && n.TT.Cut
				if !n.Leaf && !settled && n.Pass == 0 && len(tried)+len(n.Pruned) != n.Pos.NumChildren() {
					t.Fatalf("%s: node %s: %d searched + %d pruned ≠ %d children", name, n.Pos.Name(), len(tried), len(n.Pruned), n.Pos.NumChildren())
				}
			}
			st := res.Stats
			if nodes != st.Nodes || leaves != st.Leaves || cuts != st.Cutoffs || pruned != st.Pruned || st.Cutoffs != st.ShallowCutoffs+st.DeepCutoffs {
				t.Fatalf("%s on %v: trace has %d nodes, %d leaves, %d cutoffs, %d pruned; stats say %+v", name, tree, nodes, leaves, cuts, pruned, st)
			}
			if rec.Root().Value != res.Value && len(rec.Roots) == 1 && !boundOnly(name) {
				t.Fatalf("%s: root exit value %d, result %d", name, rec.Root().Value, res.Value)
			}
		}
	}
}

// TestCutoffOrigin checks every window and every cutoff's kind against the
// path, independently of the search's own bookkeeping: walking down from the
// root, a Max ancestor raises α to a child's value when it is strictly
// larger, a Min ancestor lowers β likewise. The window a node is entered
// with must be the result, and a cutoff is shallow exactly when the bound
// that caused it (β at a Max node, α at a Min node) was last moved by the
// cutting node's parent (or is the root's own window at the root or its
// children).
func TestCutoffOrigin(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	var shallow, deep int
	for range 600 {
		tree := gametree.MustTree(randomSpec(r, 2+r.IntN(5), 3, 0, 30), gametree.Max)
		for _, name := range []string{"alphabeta-soft", "negamax-ab"} {
			rec := algos.NewRecorder[gametree.Node]()
			if _, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
				t.Fatal(err)
			}
			var path []*algos.TraceNode[gametree.Node]
			var walk func(n *algos.TraceNode[gametree.Node])
			walk = func(n *algos.TraceNode[gametree.Node]) {
				path = append(path, n)
				defer func() { path = path[:len(path)-1] }()
				alpha, beta, aFrom, bFrom := path[0].Alpha, path[0].Beta, 0, 0
				for k, a := range path[:len(path)-1] {
					for _, c := range a.Children {
						if c == path[k+1] {
							break
						}
						if a.ToMove == gametree.Max && c.Value > alpha {
							alpha, aFrom = c.Value, a.Ply
						}
						if a.ToMove == gametree.Min && c.Value < beta {
							beta, bFrom = c.Value, a.Ply
						}
					}
				}
				if n.Alpha != alpha || n.Beta != beta {
					t.Fatalf("%s on %v: %s entered with [%d,%d], the path gives [%d,%d]", name, tree, n.Pos.Name(), n.Alpha, n.Beta, alpha, beta)
				}
				if n.Cut != nil {
					origin := bFrom
					if n.ToMove == gametree.Min {
						origin = aFrom
					}
					want := algos.Deep
					if origin >= n.Ply-1 {
						want = algos.Shallow
					}
					if n.Cut.Kind != want || n.Cut.From != origin {
						t.Fatalf("%s on %v: cutoff at %s is %v from ply %d; the path says %v from ply %d",
							name, tree, n.Pos.Name(), n.Cut.Kind, n.Cut.From, want, origin)
					}
					if want == algos.Deep {
						deep++
					} else {
						shallow++
					}
				}
				for _, c := range n.Children {
					walk(c)
				}
			}
			walk(rec.Root())
		}
	}
	if deep == 0 || shallow == 0 {
		t.Fatalf("corpus exercised %d shallow and %d deep cutoffs; need both", shallow, deep)
	}
}

// TestOrderHook: an ordering changes which leaves are searched first but not
// the value, and moves keep referring to Children order.
func TestOrderHook(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 1))
	reverse := func(_, _ gametree.Node, move int) int { return move } // last move first
	for range 300 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(5), 4, 0, 100), gametree.Max)
		want := truth(tree.Root(), algos.FullDepth)
		for _, name := range algos.Names() {
			for _, order := range []func(_, _ gametree.Node, move int) int{reverse, algos.StaticOrder[gametree.Node]()} {
				rec := algos.NewRecorder[gametree.Node]()
				res, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Order: order, Trace: rec})
				if err != nil {
					t.Fatal(err)
				}
				if boundOnly(name) {
					if err := checkBoundOnly(tree.Root(), algos.FullDepth, want, res); err != nil {
						t.Fatalf("%s with ordering on %v: %v", name, tree, err)
					}
					continue
				}
				if res.Value != want {
					t.Fatalf("%s with ordering on %v: %d, want %d", name, tree, res.Value, want)
				}
				if err := checkPV(tree.Root(), algos.FullDepth, res); err != nil {
					t.Fatalf("%s with ordering on %v: %v", name, tree, err)
				}
				for n := range algos.Preorder(rec.Root()) {
					if p, ok := n.Pos.Parent(); ok && p.NumChildren() > n.Move && p.Tree().Node(p.ID()).Children(nil)[n.Move] != n.Pos {
						t.Fatalf("%s: recorded move %d does not lead to %s", name, n.Move, n.Pos.Name())
					}
				}
			}
		}
	}
	// Reversed order on the AIMA tree searches D, C, B, each right to left:
	// D = min(2,5,14) = 2 sets α = 2; C's leaves 6 and 4 stay above it and its
	// last, 2, only ties it; B's 8, 12, 3 all stay above. Nothing is pruned:
	// the worst ordering costs alpha-beta every leaf.
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	got, res := leafOrder(t, mustByName[gametree.Node](t, "alphabeta"), fx.Tree().Root(), algos.Options[gametree.Node]{Order: reverse})
	if want := []int{8, 7, 6, 5, 4, 3, 2, 1, 0}; !slices.Equal(got, want) || res.Move != 0 || res.Value != 3 {
		t.Errorf("reversed alpha-beta on AIMA evaluates %v (value %d, move %d), want %v (value 3, move 0)", got, res.Value, res.Move, want)
	}
}

// TestBadInput: errors, not panics.
func TestBadInput(t *testing.T) {
	root := games.NewTicTacToe()
	for _, name := range algos.Names() {
		f := mustByName[games.TicTacToe](t, name)
		if _, err := f(root, -1, nil); err == nil {
			t.Errorf("%s accepted depth -1", name)
		}
		res, err := f(root, algos.FullDepth, &algos.Options[games.TicTacToe]{MaxNodes: 1000})
		if !errors.Is(err, algos.ErrBudget) || res.Stats.Nodes != 1001 {
			t.Errorf("%s with a 1000-node budget: err %v after %d nodes", name, err, res.Stats.Nodes)
		}
		if _, err := f(root, 3, &algos.Options[games.TicTacToe]{MaxNodes: -1}); err == nil {
			t.Errorf("%s accepted MaxNodes -1", name)
		}
	}
	for _, name := range []string{"alphabeta", "negamax-ab"} {
		for _, w := range []algos.Window{{Alpha: 3, Beta: 3}, {Alpha: 5, Beta: 1}, {Alpha: -algos.Inf - 1, Beta: 0}} {
			if _, err := mustByName[games.TicTacToe](t, name)(root, 2, &algos.Options[games.TicTacToe]{Window: &w}); err == nil {
				t.Errorf("%s accepted window %+v", name, w)
			}
		}
	}
	if _, err := algos.ByName[gametree.Node]("alphabeat"); err == nil {
		t.Error("ByName accepted an unknown name")
	}
}

// TestTerminalRoot: a terminal root has no move and its own value.
func TestTerminalRoot(t *testing.T) {
	tree, err := gametree.Parse("-7")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range algos.Names() {
		res, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, nil)
		if err != nil || res.Value != -7 || res.Move != -1 || len(res.PV) != 0 || res.Stats.Nodes != 1 || res.Stats.Leaves != 1 {
			t.Errorf("%s on a single leaf: %+v, %v", name, res, err)
		}
	}
}

// TestTracedEqualsUntraced: the generated untraced searches (untraced.go)
// behave exactly like the traced ones: same value, move, PV and counters,
// for every algorithm, with and without a window, ordering or budget.
func TestTracedEqualsUntraced(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 2))
	nop := algos.TracerFunc[gametree.Node](func(algos.Event[gametree.Node]) {})
	for i := range 400 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -9, 19), gametree.Player(1-2*(i%2)))
		opt := algos.Options[gametree.Node]{}
		if i%3 == 0 {
			opt.Window = &algos.Window{Alpha: -3, Beta: 2}
		}
		if i%4 == 0 {
			opt.Order = algos.StaticOrder[gametree.Node]()
		}
		if i%5 == 0 {
			opt.MaxNodes = int64(1 + r.IntN(tree.Len()))
		}
		depth := algos.FullDepth
		if i%2 == 0 {
			depth = r.IntN(tree.Height() + 1)
		}
		for _, name := range algos.Names() {
			f := mustByName[gametree.Node](t, name)
			plain, err1 := f(tree.Root(), depth, &opt)
			traced := opt
			traced.Trace = nop
			got, err2 := f(tree.Root(), depth, &traced)
			if !errors.Is(err1, err2) || plain.Value != got.Value || plain.Move != got.Move ||
				!slices.Equal(plain.PV, got.PV) || plain.Stats != got.Stats || plain.Bound != got.Bound {
				t.Fatalf("%s on %v (depth %d, %+v):\nuntraced %+v %v\ntraced   %+v %v", name, tree, depth, opt, plain, err1, got, err2)
			}
		}
	}
}

// recorded iterates over every node of every root search the recorder kept
// (one per pass for the drivers).
func recorded[P gametree.Position[P]](rec *algos.Recorder[P]) iter.Seq[*algos.TraceNode[P]] {
	return func(yield func(*algos.TraceNode[P]) bool) {
		for _, root := range rec.Roots {
			for n := range algos.Preorder(root) {
				if !yield(n) {
					return
				}
			}
		}
	}
}
