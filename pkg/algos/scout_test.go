package algos_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestNegaScoutDominance: on thousands of random trees, in natural order and
// in best-first order, the set of leaves NegaScout evaluates is a subset of
// the set alpha-beta evaluates (Reinefeld's dominance theorem), and NegaScout
// never re-searches a leaf.
func TestNegaScoutDominance(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 3))
	n := 4000
	if testing.Short() {
		n = 500
	}
	smaller := 0
	for i := range n {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(7), 4, -50, []int{2, 3, 10, 100}[i%4]), gametree.Player(1-2*(i%2)))
		opt := algos.Options[gametree.Node]{}
		if i%3 == 0 {
			opt.Order = algos.StaticOrder[gametree.Node]()
		}
		ab, _ := leafOrder(t, mustByName[gametree.Node](t, "alphabeta"), tree.Root(), opt)
		ns, res := leafOrder(t, mustByName[gametree.Node](t, "negascout"), tree.Root(), opt)
		rec := algos.NewRecorder[gametree.Node]()
		ropt := opt
		ropt.Trace = rec
		if _, err := algos.NegaScout(tree.Root(), algos.FullDepth, &ropt); err != nil {
			t.Fatal(err)
		}
		for n := range algos.Preorder(rec.Root()) {
			if n.ReSearch && n.Leaf {
				t.Fatalf("NegaScout re-searched the leaf %s of %v", n.Pos.Name(), tree)
			}
		}
		set := map[int]bool{}
		for _, x := range ab {
			set[x] = true
		}
		distinct := map[int]bool{}
		for _, x := range ns {
			if !set[x] {
				t.Fatalf("NegaScout evaluates leaf %d of %v; alpha-beta evaluates only %v", x, tree, ab)
			}
			distinct[x] = true
		}
		if len(distinct) < len(set) {
			smaller++
		}
		if int(res.Stats.Leaves) != len(ns) {
			t.Fatalf("Stats.Leaves %d, the trace saw %d", res.Stats.Leaves, len(ns))
		}
	}
	t.Logf("NegaScout evaluated strictly fewer distinct leaves than alpha-beta on %d of %d trees", smaller, n)
}

// TestScoutTies pins how SCOUT's TEST treats equality: only a strictly
// better child is EVALuated, for Max ("more than v?") and for Min ("less
// than v?", asked as "not more than v−1?"), so with ties the first move is
// kept and nothing is evaluated twice.
func TestScoutTies(t *testing.T) {
	tests := []struct {
		tree         string
		root         gametree.Player
		value, move  int
		leaves       []int
		testWindows  [][2]int // the windows the TESTs are entered with (Max's view)
		reSearches   int64
		reSearchFrom int // the TEST value a ReSearch event reports (if any)
	}{
		// Max: 3 then 3: TEST(3, 3, >) is false (window [3, 4], exits 3).
		{"(3 3)", gametree.Max, 3, 0, []int{0, 1}, [][2]int{{3, 4}}, 0, 0},
		// Min: 3 then 3: "less than 3?" is "not more than 2?"; 3 > 2, so no.
		{"(3 3)", gametree.Min, 3, 0, []int{0, 1}, [][2]int{{2, 3}}, 0, 0},
		// Min: 3 then 2: 2 is not more than 2, so it is less than 3: EVAL it.
		{"(3 2)", gametree.Min, 2, 1, []int{0, 1, 1}, [][2]int{{2, 3}}, 1, 2},
		// Max: 3 then 4: 4 > 3: EVAL it (the leaf is evaluated twice).
		{"(3 4)", gametree.Max, 4, 1, []int{0, 1, 1}, [][2]int{{3, 4}}, 1, 4},
	}
	for _, tc := range tests {
		tree, err := gametree.Parse(tc.tree, gametree.RootPlayer(tc.root))
		if err != nil {
			t.Fatal(err)
		}
		rec := algos.NewRecorder[gametree.Node]()
		res, err := algos.Scout(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec})
		if err != nil {
			t.Fatal(err)
		}
		var leaves []int
		for _, p := range rec.Leaves() {
			leaves = append(leaves, p.LeafIndex())
		}
		var windows [][2]int
		for _, c := range rec.Root().Children {
			if c.NullWindow() {
				windows = append(windows, [2]int{c.Alpha, c.Beta})
			}
		}
		if res.Value != tc.value || res.Move != tc.move || !slices.Equal(leaves, tc.leaves) || res.Stats.ReSearches != tc.reSearches ||
			!slices.Equal(windows, tc.testWindows) {
			t.Errorf("SCOUT on %s (%v to move): value %d, move %d, leaves %v, %d re-searches, TEST windows %v; want %d, %d, %v, %d, %v",
				tc.tree, tc.root, res.Value, res.Move, leaves, res.Stats.ReSearches, windows, tc.value, tc.move, tc.leaves, tc.reSearches, tc.testWindows)
		}
		// A TEST of a leaf is recorded as the leaf, with its static value; the
		// ReSearch event carries the TEST's fail-hard value.
		for e := range rec.All() {
			if e.Kind == algos.ReSearch && (e.Value != tc.reSearchFrom || e.Alpha != -algos.Inf || e.Beta != algos.Inf) {
				t.Errorf("SCOUT on %s: ReSearch event %+v, want value %d and window [-Inf, Inf]", tc.tree, e, tc.reSearchFrom)
			}
		}
	}
}

// TestScoutTestIsNullWindow: every TEST is drawn as a fail-hard null-window
// search — each node inside it is entered with the same window [v, v+1] and
// exits with v+1 (yes) or v (no), or is a leaf — and EVAL nodes have the
// whole window and exact values, and are never cut.
func TestScoutTestIsNullWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 1))
	for i := range 800 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -10, 20), gametree.Player(1-2*(i%2)))
		rec := algos.NewRecorder[gametree.Node]()
		res, err := algos.Scout(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != truth(tree.Root(), algos.FullDepth) {
			t.Fatalf("SCOUT on %v: %d", tree, res.Value)
		}
		var check func(n *algos.TraceNode[gametree.Node], inTest bool, w [2]int)
		check = func(n *algos.TraceNode[gametree.Node], inTest bool, w [2]int) {
			switch {
			case inTest && (n.Alpha != w[0] || n.Beta != w[1]):
				t.Fatalf("SCOUT on %v: node %s inside a TEST [%d,%d] entered with [%d,%d]", tree, n.Pos.Name(), w[0], w[1], n.Alpha, n.Beta)
			case inTest && !n.Leaf && n.Value != w[0] && n.Value != w[1]:
				t.Fatalf("SCOUT on %v: TEST node %s exits with %d, not %d or %d", tree, n.Pos.Name(), n.Value, w[0], w[1])
			case !inTest && (n.Alpha != -algos.Inf || n.Beta != algos.Inf || n.Cut != nil || n.Value != truth(n.Pos, algos.FullDepth)):
				t.Fatalf("SCOUT on %v: EVAL node %s: window [%d,%d], value %d, cut %v", tree, n.Pos.Name(), n.Alpha, n.Beta, n.Value, n.Cut)
			}
			for _, c := range n.Children {
				if !inTest && c.NullWindow() {
					check(c, true, [2]int{c.Alpha, c.Beta})
				} else {
					check(c, inTest, w)
				}
			}
		}
		check(rec.Root(), false, [2]int{})
	}
}
