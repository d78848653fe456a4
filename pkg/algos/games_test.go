package algos_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
)

// TestTicTacToeMinimax pins the size of tic-tac-toe's full game tree: minimax
// visits 549,946 nodes (the root included) and evaluates 255,168 terminal
// positions (the complete games); the value is a draw.
func TestTicTacToeMinimax(t *testing.T) {
	for _, name := range []string{"minimax", "negamax"} {
		res, err := mustByName[games.TicTacToe](t, name)(games.NewTicTacToe(), algos.FullDepth, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 || res.Stats.Nodes != 549946 || res.Stats.Leaves != 255168 || res.Stats.MaxPly != 9 {
			t.Errorf("%s: value %d, %d nodes, %d leaves, max ply %d; want 0, 549946, 255168, 9",
				name, res.Value, res.Stats.Nodes, res.Stats.Leaves, res.Stats.MaxPly)
		}
		if err := checkPV(games.NewTicTacToe(), algos.FullDepth, res); err != nil || len(res.PV) != 9 {
			t.Errorf("%s: PV %v: %v (a draw is a full board)", name, res.PV, err)
		}
	}
	for _, name := range []string{"alphabeta", "alphabeta-soft", "negamax-ab", "negamax-ab-hard"} {
		res, err := mustByName[games.TicTacToe](t, name)(games.NewTicTacToe(), algos.FullDepth, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 || res.Stats.Nodes >= 549946/10 {
			t.Errorf("%s: value %d with %d nodes; want a draw with a tenth of minimax's nodes at most", name, res.Value, res.Stats.Nodes)
		}
	}
}

// TestTicTacToeDepthLimited: at depth limits the heuristic values agree
// across algorithms and with the oracle.
func TestTicTacToeDepthLimited(t *testing.T) {
	start, err := games.ParseTicTacToe("x.. .o. ...")
	if err != nil {
		t.Fatal(err)
	}
	for depth := 0; depth <= 7; depth++ {
		want := truth(start, depth)
		for _, name := range algos.Names() {
			res, err := mustByName[games.TicTacToe](t, name)(start, depth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != want {
				t.Errorf("%s depth %d: %d, want %d", name, depth, res.Value, want)
			}
		}
	}
}

// TestNimValue: the searches agree with the nim-sum rule.
func TestNimValue(t *testing.T) {
	for _, piles := range [][]int{{1, 2, 3}, {1, 2, 4}, {2, 2}, {3, 4, 5}} {
		g, err := games.NewNim(piles...)
		if err != nil {
			t.Fatal(err)
		}
		x := 0
		for _, p := range piles {
			x ^= p
		}
		want := -1 // Max to move loses when the nim-sum is 0
		if x != 0 {
			want = 1
		}
		for _, name := range []string{"negamax-ab", "alphabeta"} {
			res, err := mustByName[games.Nim](t, name)(g, algos.FullDepth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != want {
				t.Errorf("%s on nim %v: %d, want %d", name, piles, res.Value, want)
			}
		}
	}
}
