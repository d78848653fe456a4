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
			if res.Value != fx.Value {
				t.Errorf("%s on %s: value %d, want %d", name, fx.Name, res.Value, fx.Value)
			}
		}
	}
}

// Pinned evaluation orders. The AIMA and seed-004 figures are worked by hand
// in the comments; the π tree's order is pinned as a regression snapshot
// (perft-style) and cross-checked by the invariants above.
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
