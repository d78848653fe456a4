package searchrun

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// FromTree is an explicit tree's input: its leaves numbered for
// Report.LeafOrder.
func FromTree(t *gametree.Tree) Input { return For(t.Root(), gametree.Node.LeafIndex) }

// FromRandom builds the root of the random tree spec describes
// (input.ParseRandom: "b=3,d=4,seed=1").
func FromRandom(spec string) (Input, error) {
	r, err := input.ParseRandom(spec)
	if err != nil {
		return Input{}, err
	}
	if r.Strong != nil {
		root, err := r.Strong.Root()
		return For(root, nil), err
	}
	root, err := r.Uniform.Root()
	return For(root, nil), err
}

// FinishedError is a Connect Four position whose game is over: it has no
// moves to search. How says how it ended.
type FinishedError struct{ How string }

func (e *FinishedError) Error() string { return "searchrun: the game is finished (" + e.How + ")" }

// DepthError is a Connect Four search without a depth: the game has some
// 4.5 × 10¹² positions, its tree far more nodes. A depth of ToEnd (the
// empty cells) searches every game to its end.
type DepthError struct{ ToEnd int }

func (e *DepthError) Error() string {
	return fmt.Sprintf("searchrun: connect4 needs a depth (%d searches to the end)", e.ToEnd)
}

// FromGame is a game's start position (input.ParseGame's). depthSet says
// whether the search has a depth: a Connect Four position needs one
// (*DepthError) and moves left (*FinishedError); with a depth its
// positions that many plies down are evaluated by Value's open-threats
// heuristic, and the search goes to the end when the depth reaches the
// empty cells.
func FromGame(g input.Game, depthSet bool) (Input, error) {
	switch {
	case g.TicTacToe != nil:
		return For(*g.TicTacToe, nil), nil
	case g.Nim != nil:
		return For(*g.Nim, nil), nil
	}
	c := *g.ConnectFour
	if c.Over() {
		how := "the board is full: a draw"
		if c.Won() {
			how = "X has won"
			if c.ToMove() == gametree.Max {
				how = "O has won"
			}
		}
		return Input{}, &FinishedError{how}
	}
	if !depthSet {
		return Input{}, &DepthError{connect4.Width*connect4.Height - c.Moves()}
	}
	return For(c, nil), nil
}
