package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// newFlagSet is a silent flag set: run reports errors in one line, and
// each command's usage prints its help.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, which hold flags only, and returns the names of
// the flags given (set["depth"] for -depth).
func parseFlags(fs *flag.FlagSet, args []string) (map[string]bool, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	return visited(fs), nil
}

// visited returns the names of the flags given.
func visited(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// parseInterspersed parses flags before and after the positional arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(pos) // leaves them as fs.Args()
}

// inputFlags are the input flags of cutoff search, render and plot's
// iterations and algorithms: the tree (-tree and -root, -random, -game and
// -position), how deep to search it and the node budget.
type inputFlags struct {
	tree, root, random, game, position string
	depth                              int
	maxNodes                           int64
}

// define defines the input flags on fs; random is -random's default ("" for
// none: cutoff search needs an input given).
func (f *inputFlags) define(fs *flag.FlagSet, random string) {
	fs.StringVar(&f.tree, "tree", "", "")
	fs.StringVar(&f.root, "root", "max", "")
	fs.StringVar(&f.random, "random", random, "")
	fs.StringVar(&f.game, "game", "", "")
	fs.StringVar(&f.position, "position", "", "")
	fs.IntVar(&f.depth, "depth", 0, "")
	fs.Int64Var(&f.maxNodes, "max-nodes", defaultMaxNodes, "")
}

// config checks -depth and -max-nodes into a search configuration of alg.
func (f *inputFlags) config(alg string, set map[string]bool) (*searchrun.Config, error) {
	c := &searchrun.Config{Alg: alg, Depth: algos.FullDepth, MaxNodes: f.maxNodes}
	if set["depth"] {
		if f.depth < 0 {
			return nil, fmt.Errorf("-depth must be ≥ 0, got %d", f.depth)
		}
		c.Depth, c.DepthSet = f.depth, true
	}
	if f.maxNodes < 0 {
		return nil, fmt.Errorf("-max-nodes must be ≥ 0 (0: no limit), got %d", f.maxNodes)
	}
	return c, nil
}

// intList reads a flag that holds a list of integers ≥ lo (input.Ints).
func intList(flagName, s string, lo int) ([]int, error) {
	ns, err := input.Ints(s, lo)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flagName, err)
	}
	return ns, nil
}

// oneInt reads a flag that holds one integer of at least lo.
func oneInt(flagName, s string, lo int) (int, error) {
	ns, err := intList(flagName, s, lo)
	if err == nil && len(ns) != 1 {
		err = fmt.Errorf("%s takes one integer, got %q", flagName, s)
	}
	if err != nil {
		return 0, err
	}
	return ns[0], nil
}

// algList reads -alg: a comma-separated list of algorithm names.
func algList(s string) ([]string, error) {
	var names []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if err := checkAlgorithm(name); err != nil {
			return nil, fmt.Errorf("-alg: %w", err)
		}
		names = append(names, name)
	}
	return names, nil
}
