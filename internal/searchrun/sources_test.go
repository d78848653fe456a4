package searchrun

import (
	"errors"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

func TestFromGame(t *testing.T) {
	game := func(spec, position string) input.Game {
		t.Helper()
		g, err := input.ParseGame(spec, position, position != "")
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for position, how := range map[string]string{"1212121": "X has won", "12121232": "O has won"} {
		_, err := FromGame(game("connect4", position), true)
		if fe, ok := errors.AsType[*FinishedError](err); !ok || fe.How != how {
			t.Errorf("%s: %v, want a *FinishedError, %s", position, err, how)
		}
	}
	_, err := FromGame(game("connect4", "4455"), false)
	if de, ok := errors.AsType[*DepthError](err); !ok || de.ToEnd != 38 {
		t.Errorf("4455 without a depth: %v, want a *DepthError with 38 plies to the end", err)
	}
	in, err := FromGame(game("connect4", "4455"), true)
	if err != nil {
		t.Fatal(err)
	}
	r, err := in.Search(&Config{Alg: "alphabeta", Depth: 3, DepthSet: true})
	if err != nil || r.Move != 2 && r.Move != 5 {
		t.Errorf("4455 to depth 3: %+v, %v; want X's winning 3 (move 2) or 6", r, err)
	}
	for _, spec := range []string{"tictactoe", "nim:1,2"} {
		in, err := FromGame(game(spec, ""), false)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if r, err := in.Search(&Config{Alg: "minimax", Depth: algos.FullDepth}); err != nil || r.Stats.Nodes == 0 {
			t.Errorf("%s: %+v, %v", spec, r, err)
		}
	}
}

func TestFromRandom(t *testing.T) {
	for _, spec := range []string{"b=3,d=2,seed=1", "b=3,d=2,seed=1,order=strong"} {
		in, err := FromRandom(spec)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := in.Search(&Config{Alg: "minimax", Depth: algos.FullDepth})
		if err != nil || rep.Stats.Leaves != 9 {
			t.Errorf("%s: %+v, %v; want 9 leaves", spec, rep, err)
		}
	}
	if _, err := FromRandom("b=x"); err == nil {
		t.Error("FromRandom(b=x): no error")
	}
}
