package algos_test

import (
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestFixturesValue: every algorithm gets every named fixture's value.
func TestFixturesValue(t *testing.T) {
	for _, fx := range gametree.Fixtures() {
		for _, name := range algos.Names() {
			res, err := mustByName[gametree.Node](t, name)(fx.Tree().Root(), algos.FullDepth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if boundOnly(name) {
				if err := checkBoundOnly(fx.Tree().Root(), algos.FullDepth, fx.Value, res); err != nil {
					t.Errorf("%s on %s: %v", name, fx.Name, err)
				}
				continue
			}
			if res.Value != fx.Value {
				t.Errorf("%s on %s: value %d, want %d", name, fx.Name, res.Value, fx.Value)
			}
		}
	}
}

// Pinned evaluation orders. The AIMA and textbook (§6.4) figures are worked
// by hand in the comments; the π tree's order is pinned as a regression
// snapshot (perft-style) and cross-checked by the invariants above.
func TestFixtureLeafOrder(t *testing.T) {
	tests := []struct {
		fixture, alg string
		leaves       []int // evaluated leaves, left-to-right indices, in order
		shallow      int64
		deep         int64
	}{
		// AIMA Fig. 5.2: B = min(3,12,8) = 3 sets α = 3 at A; C's first leaf
		// 2 ≤ 3 cuts c2 and c3 (a shallow cutoff); D needs all three leaves
		// (14 and 5 stay above 3; the last leaf, 2 ≤ 3, fires the cutoff test
		// with nothing left to prune: counted as a cutoff, Pruned stays 2).
		{"aima-fig5.2", "alphabeta", []int{0, 1, 2, 3, 6, 7, 8}, 2, 0},
		{"aima-fig5.2", "minimax", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, 0, 0},
		// §6.4 of «Системы искусственного интеллекта», Fig. 6.8, S(A(5 8 6) B(C=2
		// b2=9 b3=1)): A = 5 sets α = 5 at S; B's first child C = 2 ≤ 5 cuts b2 and
		// b3 — the bound was set at S, B's parent: a shallow cutoff.
		{"shallow-cutoff", "alphabeta", []int{0, 1, 2, 3}, 1, 0},
		// §6.4, Fig. 6.9, S(A(5 8 6) B(X(Y(D=2 y2 y3) Z(6 9)) W(4 3))): A = 5 sets
		// α = 5 at S. Y, three plies below S, gets D = 2 ≤ 5 and cuts y2 and y3
		// with S's bound: a deep cutoff (no node between S and Y has an α that
		// high). X then gets Z = 6, B lowers β to 6, W's leaves 4 and 3 stay at or
		// below α = 5, and B fails low on its last child: a shallow cutoff with
		// nothing left to prune.
		{"deep-cutoff", "alphabeta", []int{0, 1, 2, 3, 6, 7, 8, 9}, 1, 1},
		{"deep-cutoff", "negamax-ab", []int{0, 1, 2, 3, 6, 7, 8, 9}, 1, 1},
		// (3 (-2 (5 1)) (4 -6)): 3 sets α = 3; −2 ≤ 3 cuts the subtree (5 1);
		// 4 stays above 3, −6 cuts on the last child.
		{"uneven", "alphabeta", []int{0, 1, 4, 5}, 2, 0},
		// All leaves 1: cutoffs fire on equality (α ≥ β), so ties prune too.
		{"all-ties", "alphabeta", []int{0, 1, 2, 4, 5}, 2, 0},
		{"single-leaf", "alphabeta", []int{0}, 0, 0},
		// Knuth and Moore's π tree: 31 of 81 leaves, the same count as the
		// independent alpha-beta in pkg/gametree's fixture test (which needs
		// 36 when it may only use shallow cutoffs: 7 of the cutoffs here are
		// deep). The order is pinned as a regression snapshot.
		{"knuth-moore-pi", "alphabeta", piOrder, 6, 7},
		{"knuth-moore-pi", "negamax-ab-hard", piOrder, 6, 7},
	}
	for _, tc := range tests {
		fx, ok := gametree.FixtureByName(tc.fixture)
		if !ok {
			t.Fatalf("no fixture %q", tc.fixture)
		}
		got, res := leafOrder(t, mustByName[gametree.Node](t, tc.alg), fx.Tree().Root(), algos.Options[gametree.Node]{})
		if !slices.Equal(got, tc.leaves) {
			t.Errorf("%s on %s evaluates leaves %v, want %v", tc.alg, tc.fixture, got, tc.leaves)
		}
		if res.Stats.ShallowCutoffs != tc.shallow || res.Stats.DeepCutoffs != tc.deep {
			t.Errorf("%s on %s: %d shallow and %d deep cutoffs, want %d and %d", tc.alg, tc.fixture,
				res.Stats.ShallowCutoffs, res.Stats.DeepCutoffs, tc.shallow, tc.deep)
		}
	}
}

// piOrder is alpha-beta's evaluation order on the knuth-moore-pi fixture.
var piOrder = []int{0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 18, 19, 20, 27, 28, 30, 31, 32, 33, 54, 57, 58, 59, 60, 63, 66, 67, 68, 69, 70, 71}

// TestFixtureCutoffKinds names the node of each textbook cutoff: in the
// shallow fixture B cuts with the bound set at S (ply 0) right above it; in
// the deep fixture Y cuts with S's bound from three plies up.
func TestFixtureCutoffKinds(t *testing.T) {
	tests := []struct {
		fixture, node string
		kind          algos.CutKind
		from          int
		pruned        []string
	}{
		{"shallow-cutoff", "B", algos.Shallow, 0, []string{"b2", "b3"}},
		{"deep-cutoff", "Y", algos.Deep, 0, []string{"y2", "y3"}},
	}
	for _, tc := range tests {
		fx, _ := gametree.FixtureByName(tc.fixture)
		for _, name := range []string{"alphabeta", "alphabeta-soft", "negamax-ab", "negamax-ab-hard"} {
			rec := algos.NewRecorder[gametree.Node]()
			if _, err := mustByName[gametree.Node](t, name)(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
				t.Fatal(err)
			}
			found := false
			for n := range algos.Preorder(rec.Root()) {
				if n.Pos.Label() != tc.node {
					continue
				}
				found = true
				var pruned []string
				for _, m := range n.Pruned {
					pruned = append(pruned, n.Pos.MoveName(m))
				}
				if n.Cut == nil || n.Cut.Kind != tc.kind || n.Cut.From != tc.from || !slices.Equal(pruned, tc.pruned) {
					t.Errorf("%s on %s: node %s has cut %+v pruning %v; want a %v cutoff from ply %d pruning %v",
						name, tc.fixture, tc.node, n.Cut, pruned, tc.kind, tc.from, tc.pruned)
				}
			}
			if !found {
				t.Errorf("%s on %s: node %s was not searched", name, tc.fixture, tc.node)
			}
		}
	}
}
