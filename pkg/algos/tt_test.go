package algos_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestNegamaxTTTicTacToe: the Persian Wikipedia article's negamax with a
// transposition table solves tic-tac-toe (a draw), stores at most the game's
// 5,478 distinct positions, and needs far fewer nodes than without the table.
func TestNegamaxTTTicTacToe(t *testing.T) {
	plain, err := algos.NegamaxAB(games.NewTicTacToe(), algos.FullDepth, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, fail := range []algos.Fail{algos.FailSoft, algos.FailHard} {
		tt := algos.NewMapTT()
		res, err := algos.NegamaxAB(games.NewTicTacToe(), algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tt, Fail: fail})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 || tt.Len() > 5478 || res.Stats.Nodes*3 > plain.Stats.Nodes {
			t.Errorf("%v: value %d, %d entries, %d nodes (%d without a table)", fail, res.Value, tt.Len(), res.Stats.Nodes, plain.Stats.Nodes)
		}
		st := res.Stats
		if st.TTProbes != st.Nodes || st.TTHits == 0 || st.TTStores == 0 || st.TTCutExact+st.TTCutLower+st.TTCutUpper == 0 {
			t.Errorf("%v: table counters %+v", fail, st)
		}
		// The best move really is a best move: its subtree has the value.
		if child := games.NewTicTacToe().Children(nil)[res.Move]; truth(child, algos.FullDepth) != res.Value {
			t.Errorf("%v: move %d does not keep the draw", fail, res.Move)
		}
	}
}

// TestNegamaxTTDepths: a table reused by searches of increasing depth, as
// iterative deepening does, never changes a value (shallower entries only
// order moves). After a deep search a shallower one is answered by the deep
// entry — the article's rule "ttEntry.depth ≥ depth" — so it returns the
// deeper value: the root of search instability.
func TestNegamaxTTDepths(t *testing.T) {
	start, _ := games.ParseTicTacToe("x.. ... ...")
	tt := algos.NewMapTT()
	for depth := range 9 {
		res, err := algos.NegamaxAB(start, depth, &algos.Options[games.TicTacToe]{TT: tt})
		if err != nil {
			t.Fatal(err)
		}
		if want := truth(start, depth); res.Value != want {
			t.Errorf("depth %d after depths 0..%d: %d, want %d", depth, depth-1, res.Value, want)
		}
	}
	deep := truth(start, 8)
	for _, depth := range []int{0, 3, 5} {
		res, _ := algos.NegamaxAB(start, depth, &algos.Options[games.TicTacToe]{TT: tt})
		if res.Value != deep || res.Stats.Nodes != 1 || res.Stats.TTCutExact != 1 {
			t.Errorf("depth %d after a depth-8 search: %d in %d nodes; want the depth-8 value %d from the table in 1 node (static value at depth %d: %d)",
				depth, res.Value, res.Stats.Nodes, deep, depth, truth(start, depth))
		}
	}
	g, _ := games.NewNim(3, 4, 5)
	res, err := algos.NegamaxAB(g, algos.FullDepth, &algos.Options[games.Nim]{TT: algos.NewMapTT()})
	if err != nil || res.Value != 1 || res.Stats.Nodes > 5000 {
		t.Errorf("nim 3,4,5 with a table: %d after %d nodes, %v; want 1 (nim-sum 2) in a few thousand nodes", res.Value, res.Stats.Nodes, err)
	}
}

// TestNegamaxTTUnkeyed: positions without keys are an error, not a panic.
func TestNegamaxTTUnkeyed(t *testing.T) {
	if _, err := algos.NegamaxAB(Sticks{Left: 5, Player: gametree.Max}, algos.FullDepth, &algos.Options[Sticks]{TT: algos.NewMapTT()}); err == nil {
		t.Error("a table with unkeyed positions was accepted")
	}
}
