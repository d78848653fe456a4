package algos_test

import (
	"fmt"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Search instability (Moreland's article on PVS, Chinese translation,
// "搜索不稳定性的问题"): PVS tests a move with the null window (α, α+1) and
// re-searches it with (α, β) when the test fails high, expecting the
// re-search to come back inside (α, β). With a transposition table filled by
// an earlier, deeper search it need not:
//
//	R(A=3 B:1(b=5))     R is Max; B is a Min node whose static value is 1
//	                    and whose only move leads to the leaf b = 5.
//
// Step 1. An earlier search asked whether B is worth more than 3, looking one
// ply deep (PVS of B to depth 1 with the null window (3, 4), the question
// MTD(f) or SCOUT's TEST asks): B = min(5) = 5, so yes, and the table keeps
// "B ≥ 4, searched to depth 1" (a lower bound: the search failed high).
//
// Step 2. PVS of R to depth 1, with the same table. A = 3 gives α = 3, and B
// is tested with the null window (3, 4). B needs depth 0 here; the table
// entry covers depth 1 ≥ 0, and its bound 4 ≥ β = 4 settles the test: B
// fails high with 4. Since 3 < 4 < +∞, B is re-searched with (3, +∞). Now the
// lower bound 4 settles nothing (it is not ≥ +∞), so B is searched at depth
// 0: its static value, 1. The re-search returns 1 ≤ α = 3 — outside the
// window it was asked about, the opposite of what the test said.
//
// Moreland's code is written so that this is harmless: after the re-search,
// val = 1 is neither ≥ β nor > α, so nothing changes and R keeps A: value 3,
// move A, PV [A] — the plain depth-1 answer, a legal move and a value a
// search actually produced. Code that assumed the re-search value to be exact
// (α := val unconditionally) would have returned 1 and the move B, a value no
// consistent search of R gives (depth 1 says 3, the table's deeper knowledge
// says at least 4).
//
// The table step matters: PVS probes the table as Moreland's ProbeHash does
// (use an entry only if it settles the window). The Persian Wikipedia negamax
// article's negamaxTT also narrows the window with a bound it cannot cut on;
// then B's re-search would run with (4, +∞) and be pinned at 4, hiding the
// instability.
const instabilityTree = "R(A=3 B:1(b=5))"

func TestSearchInstability(t *testing.T) {
	tree, err := gametree.Parse(instabilityTree)
	if err != nil {
		t.Fatal(err)
	}
	root := tree.Root()
	b := root.Children(nil)[1]
	for _, alg := range []string{"pvs", "pvs-soft"} {
		f := mustByName[gametree.Node](t, alg)
		// Step 1: the deeper null-window test of B.
		table := algos.NewMapTT()
		first, err := f(b, 1, &algos.Options[gametree.Node]{TT: table, Window: &algos.Window{Alpha: 3, Beta: 4}})
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := table.Probe(b.Key()); first.Bound != algos.Lower || !ok || e.Value != 4 || e.Bound != algos.Lower || e.Depth != 1 {
			t.Fatalf("%s step 1: %+v, table entry for B %v", alg, first, e)
		}
		// Step 2: PVS of R to depth 1 with the same table.
		rec := algos.NewRecorder[gametree.Node]()
		res, err := f(root, 1, &algos.Options[gametree.Node]{TT: table, Trace: rec})
		if err != nil {
			t.Fatal(err)
		}
		kids := rec.Root().Children
		if len(kids) != 3 {
			t.Fatalf("%s step 2: R searched %d children, want A, B (test), B (re-search)", alg, len(kids))
		}
		probe, again := kids[1], kids[2]
		// The test: B entered with (3, 4), settled by the table's B ≥ 4.
		if probe.Pos != b || probe.Alpha != 3 || probe.Beta != 4 || probe.TT == nil || !probe.TT.Cut ||
			probe.TT.Value != 4 || probe.TT.Bound != algos.Lower || probe.TT.Depth != 1 || probe.Value != 4 || probe.Bound != algos.Lower {
			t.Errorf("%s: the null-window test of B is %+v (TT %+v); want window [3,4] settled by the entry B ≥ 4 (depth 1)", alg, probe, probe.TT)
		}
		// The re-search: B entered again with (3, +∞); the entry is seen but
		// settles nothing; the static value 1 comes back, ≤ α = 3.
		if !again.ReSearch || again.Pos != b || again.Alpha != 3 || again.Beta != algos.Inf || again.TT == nil || again.TT.Cut ||
			!again.Leaf || again.Value != 1 || again.Value > again.Alpha {
			t.Errorf("%s: the re-search of B is %+v (TT %+v); want window [3,+Inf], the entry not used, value 1 ≤ α", alg, again, again.TT)
		}
		var events []algos.Event[gametree.Node]
		for e := range rec.All() {
			if e.Kind == algos.ReSearch {
				events = append(events, e)
			}
		}
		if len(events) != 1 || events[0].Ply != 0 || events[0].Move != 1 || events[0].Value != 4 || events[0].Alpha != 3 || events[0].Beta != algos.Inf {
			t.Errorf("%s: ReSearch events %+v; want one at ply 0, move 1 (B), null-window value 4, window [3,+Inf]", alg, events)
		}
		// Handled safely: R keeps A.
		if res.Value != 3 || res.Bound != algos.Exact || res.Move != 0 || fmt.Sprint(res.PV) != "[0]" ||
			res.Stats.NullWindow != 1 || res.Stats.ReSearches != 1 || rec.Root().Value != 3 {
			t.Errorf("%s step 2: %+v; want value 3 (exact) by move A, PV [0], one null window and one re-search", alg, res)
		}
		if err := checkPV(root, 1, res); err != nil {
			t.Errorf("%s step 2: %v", alg, err)
		}
	}
}

// TestSmallestInstability is the systematic search that found the tree
// above: every tree whose root has up to three children, each a leaf or a
// node with one leaf child (values 0–5, static values 0–5), step 1 being a
// null-window PVS of each inner child to depth 1 around every value, step 2
// a PVS of the root to depth 1 with that table. No tree with fewer than four
// nodes is unstable (a re-search needs a second root move, and the deeper
// knowledge a grandchild), and the pinned tree is among the four-node ones.
func TestSmallestInstability(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive search")
	}
	type child struct {
		leaf          bool
		value, static int // leaf value; or the grandchild's value and the node's static value
	}
	var kinds []child
	for v := range 6 {
		kinds = append(kinds, child{leaf: true, value: v})
		for s := range 6 {
			kinds = append(kinds, child{value: v, static: s})
		}
	}
	smallest, found := 1<<30, map[string]bool{}
	var try func(kids []child)
	try = func(kids []child) {
		if len(kids) > 0 {
			lit := "R("
			for i, k := range kids {
				name := string(rune('A' + i))
				if k.leaf {
					lit += fmt.Sprintf("%s=%d ", name, k.value)
				} else {
					lit += fmt.Sprintf("%s:%d(%s=%d) ", name, k.static, string(rune('a'+i)), k.value)
				}
			}
			lit = lit[:len(lit)-1] + ")"
			tree, err := gametree.Parse(lit)
			if err != nil {
				t.Fatal(err)
			}
			if n := tree.Len(); n <= smallest && unstable(t, tree) {
				if n < smallest {
					smallest, found = n, map[string]bool{}
				}
				found[lit] = true
			}
		}
		if len(kids) < 3 {
			for _, k := range kinds {
				try(append(kids, k))
			}
		}
	}
	try(nil)
	if smallest != 4 || !found[instabilityTree] {
		t.Errorf("smallest unstable trees have %d nodes (%d of them); %s among them: %v", smallest, len(found), instabilityTree, found[instabilityTree])
	}
}

// unstable reports whether, for some inner child C of tree's root and some
// v, a null-window PVS of B to depth 1 around v leaves a table with which a
// PVS of the root to depth 1 re-searches a move and gets a value at or below
// the re-search window's α (from the root's point of view).
func unstable(t *testing.T, tree *gametree.Tree) bool {
	root := tree.Root()
	pvs := mustByName[gametree.Node](t, "pvs")
	for _, c := range root.Children(nil) {
		if c.IsLeaf() {
			continue
		}
		for v := -1; v <= 5; v++ {
			table := algos.NewMapTT()
			if _, err := pvs(c, 1, &algos.Options[gametree.Node]{TT: table, Window: &algos.Window{Alpha: v, Beta: v + 1}}); err != nil {
				t.Fatal(err)
			}
			rec := algos.NewRecorder[gametree.Node]()
			if _, err := pvs(root, 1, &algos.Options[gametree.Node]{TT: table, Trace: rec}); err != nil {
				t.Fatal(err)
			}
			for _, n := range rec.Root().Children {
				if n.ReSearch && n.Value <= n.Alpha {
					return true
				}
			}
		}
	}
	return false
}
