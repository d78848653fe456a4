package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// input reads the input of cutoff search, render and plot: -tree, -game,
// else -random (checkSources has checked that at most one is given), and
// names it for a chart's title.
func (f *inputFlags) input(set map[string]bool, stdin io.Reader) (searchrun.Input, string, error) {
	switch {
	case set["tree"]:
		in, err := treeInput(f.tree, f.root, set["root"], stdin)
		name := "tree " + f.tree
		if len(name) > 40 || strings.HasPrefix(f.tree, "@") {
			name = "tree"
		}
		return in, name, err
	case set["game"]:
		in, err := gameInput(f.game, f.position, set["position"], set["depth"])
		name := f.game
		if set["position"] {
			name += " " + f.position
		}
		return in, name, err
	}
	in, err := randomInput(f.random)
	return in, "random " + f.random, err
}

// treeInput reads -tree (a literal, @FILE, @- (stdin) or fixture:NAME) and
// -root (input.ReadTree).
func treeInput(arg, root string, rootSet bool, stdin io.Reader) (searchrun.Input, error) {
	player, err := input.ParsePlayer(root)
	if err != nil {
		return searchrun.Input{}, fmt.Errorf("-root %w", err)
	}
	t, err := input.ReadTree(arg, player, rootSet, stdin)
	switch {
	case errors.Is(err, input.ErrRootOfFixture):
		return searchrun.Input{}, errors.New("-root does not apply to fixtures: they fix their own root player")
	case err != nil:
		return searchrun.Input{}, fmt.Errorf("-tree: %w", err)
	}
	return searchrun.FromTree(t), nil
}

// randomInput reads -random (input.ParseRandom) and builds its root.
func randomInput(spec string) (searchrun.Input, error) {
	in, err := searchrun.FromRandom(spec)
	if err != nil {
		return searchrun.Input{}, fmt.Errorf("-random: %w", err)
	}
	return in, nil
}

// gameInput reads -game (tictactoe, connect4, or nim:PILES such as
// nim:3,4,5) and -position (input.ParseGame), and builds the start
// position (searchrun.FromGame). depthSet says whether -depth was given:
// Connect Four needs it.
func gameInput(spec, position string, positionSet, depthSet bool) (searchrun.Input, error) {
	g, err := input.ParseGame(spec, position, positionSet)
	var pe *input.PositionError
	var ue *input.UnknownGameError
	switch {
	case errors.As(err, &ue):
		return searchrun.Input{}, fmt.Errorf("unknown -game %q (known: %s)", ue.Spec, input.KnownGames)
	case errors.Is(err, input.ErrPositionOfNim):
		return searchrun.Input{}, errors.New("-position applies to -game tictactoe and connect4 only; give nim's piles as nim:3,4,5")
	case errors.As(err, &pe):
		return searchrun.Input{}, fmt.Errorf("-position: %w", pe.Err)
	case err != nil:
		return searchrun.Input{}, fmt.Errorf("-game %w", err)
	}
	in, err := searchrun.FromGame(g, depthSet)
	if fe, ok := errors.AsType[*searchrun.FinishedError](err); ok {
		return in, fmt.Errorf("-position %s: the game is finished (%s); give a position with moves left", position, fe.How)
	}
	if de, ok := errors.AsType[*searchrun.DepthError](err); ok {
		return in, fmt.Errorf("-game connect4 needs -depth N (its full tree is too deep to search; -depth %d searches to the end)", de.ToEnd)
	}
	return in, err
}
