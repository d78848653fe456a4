package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// treeInput reads -tree: a literal, @FILE, @- (stdin) or fixture:NAME.
func treeInput(arg, root string, rootSet bool, stdin io.Reader) (searchFunc, error) {
	t, err := readTree(arg, root, rootSet, stdin)
	if err != nil {
		return nil, err
	}
	return func(c *searchConfig) (*report, error) {
		return search(t.Root(), c, gametree.Node.LeafIndex)
	}, nil
}

// readTree reads -tree and -root (input.ReadTree), for cutoff search and
// render.
func readTree(arg, root string, rootSet bool, stdin io.Reader) (*gametree.Tree, error) {
	var player gametree.Player
	switch root {
	case "max":
		player = gametree.Max
	case "min":
		player = gametree.Min
	default:
		return nil, fmt.Errorf("-root must be max or min, got %q", root)
	}
	t, err := input.ReadTree(arg, player, rootSet, stdin)
	switch {
	case errors.Is(err, input.ErrRootOfFixture):
		return nil, errors.New("-root does not apply to fixtures: they fix their own root player")
	case err != nil:
		return nil, fmt.Errorf("-tree: %w", err)
	}
	return t, nil
}

// randomInput reads -random (input.ParseRandom).
func randomInput(spec string) (searchFunc, error) {
	var f searchFunc
	err := withRandom(spec, func(root gametree.UniformNode) {
		f = func(c *searchConfig) (*report, error) { return search(root, c, nil) }
	},
		func(root gametree.OrderedNode) {
			f = func(c *searchConfig) (*report, error) { return search(root, c, nil) }
		})
	return f, err
}

// withRandom builds -random's root and hands it to uniform or strong,
// whichever its order makes.
func withRandom(spec string, uniform func(gametree.UniformNode), strong func(gametree.OrderedNode)) error {
	r, err := input.ParseRandom(spec)
	if err != nil {
		return fmt.Errorf("-random: %w", err)
	}
	if r.Strong != nil {
		root, err := r.Strong.Root()
		if err != nil {
			return fmt.Errorf("-random: %w", err)
		}
		strong(root)
		return nil
	}
	root, err := r.Uniform.Root()
	if err != nil {
		return fmt.Errorf("-random: %w", err)
	}
	uniform(root)
	return nil
}

// game is a -game input: its start position, built once by gameInput and
// hidden, with its type, behind what the commands do with it.
type game struct {
	search searchFunc                 // cutoff search and plot
	render func(job *renderJob) error // cutoff render
}

// newGame wraps the start position root.
func newGame[P gametree.Position[P]](root P) game {
	return game{
		search: func(c *searchConfig) (*report, error) { return search(root, c, nil) },
		render: func(job *renderJob) error { return renderSearch(job, root) },
	}
}

// gameInput reads -game (tictactoe, connect4, or nim:PILES such as
// nim:3,4,5) and -position (input.ParseGame), and builds the start
// position: the one place that knows the games, for cutoff search, render
// and plot. depthSet says whether -depth was given: Connect Four's full
// tree is too deep to search, so it needs one (-depth 42 searches to the
// end of any game).
func gameInput(spec, position string, positionSet, depthSet bool) (game, error) {
	g, err := input.ParseGame(spec, position, positionSet)
	var pe *input.PositionError
	switch {
	case errors.Is(err, input.ErrPositionOfNim):
		return game{}, errors.New("-position applies to -game tictactoe and connect4 only; give nim's piles as nim:3,4,5")
	case errors.As(err, &pe):
		return game{}, fmt.Errorf("-position: %w", pe.Err)
	case err != nil:
		return game{}, fmt.Errorf("-game %w", err)
	case g.TicTacToe != nil:
		return newGame(*g.TicTacToe), nil
	case g.ConnectFour != nil:
		if err := connectFourSearchable(*g.ConnectFour, position, depthSet); err != nil {
			return game{}, err
		}
		return newGame(*g.ConnectFour), nil
	}
	return newGame(*g.Nim), nil
}

// connectFourSearchable refuses a Connect Four position that is not worth
// a search: a finished game (it has no moves to search), or any position
// without -depth (the game has some 4.5 × 10¹² positions, its tree far more
// nodes; -depth N evaluates the positions N plies down with Value's
// open-threats heuristic, and searches to the end when N ≥ the empty cells).
func connectFourSearchable(g gametree.ConnectFour, position string, depthSet bool) error {
	if g.Over() {
		how := "the board is full: a draw"
		if g.Won() {
			how = "X has won"
			if g.ToMove() == gametree.Max {
				how = "O has won"
			}
		}
		return fmt.Errorf("-position %s: the game is finished (%s); give a position with moves left", position, how)
	}
	if !depthSet {
		return fmt.Errorf("-game connect4 needs -depth N (its full tree is too deep to search; -depth %d searches to the end)", gametree.C4Width*gametree.C4Height-g.Moves())
	}
	return nil
}
