package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
)

// The flags' machinery (silent flag sets, flags bound from a table, rules
// checked in order, a reader that keeps the first error) is
// internal/cliflag's; here are the flags that several commands share.

// inputFlags are the input flags of cutoff search, render and plot's
// iterations and algorithms: the tree (-tree and -root, -random, -game and
// -position), how deep to search it and the node budget.
type inputFlags struct {
	tree, root, random, game, position string
	depth                              int
	maxNodes                           int64
}

// define defines the input flags on fs; random is -random's default ("" for
// none: cutoff search needs an input given), maxNodes -max-nodes'.
func (f *inputFlags) define(fs *flag.FlagSet, random string, maxNodes int64) {
	f.root, f.random, f.maxNodes = "max", random, maxNodes
	cliflag.Bind(fs, map[string]any{"tree": &f.tree, "root": &f.root, "random": &f.random, "game": &f.game,
		"position": &f.position, "depth": &f.depth, "max-nodes": &f.maxNodes})
}

// config checks -depth and -max-nodes into a search configuration of alg.
func (f *inputFlags) config(alg string, set map[string]bool) (*searchrun.Config, error) {
	c := &searchrun.Config{Alg: alg, Depth: algos.FullDepth, MaxNodes: f.maxNodes}
	if set["depth"] {
		c.Depth, c.DepthSet = f.depth, true
	}
	return c, cliflag.FirstBroken(cliflag.Rule(f.depth < 0, "-depth must be ≥ 0, got %d", f.depth),
		cliflag.Rule(f.maxNodes < 0, "-max-nodes must be ≥ 0 (0: no limit), got %d", f.maxNodes))
}

// algs reads -alg, a comma-separated list of algorithm names, into r.
func algs(r *cliflag.Reader, s string) []string {
	var names []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		r.Keep("-alg", cliword.CheckAlgorithm(name))
		names = append(names, name)
	}
	return names
}

// treesError words the argument errors of a measurement on uniform trees
// (experiment.CheckTrees: cutoff bench's grid, plot's charts) in their
// flags.
func treesError(err error) error {
	if re, ok := errors.AsType[*experiment.RangeError](err); ok {
		return fmt.Errorf("-%s must be ≥ %d, got %d", map[string]string{"seeds": "seeds", "maxLeaves": "max-leaves"}[re.Arg], re.Min, re.Got)
	}
	if se, ok := errors.AsType[*experiment.SizeError](err); ok {
		return fmt.Errorf("b=%d, d=%d: %d^%d leaves > -max-leaves %d (lower -d or raise -max-leaves)", se.B, se.D, se.B, se.D, se.MaxLeaves)
	}
	return err
}
