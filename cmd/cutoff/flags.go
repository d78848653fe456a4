package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/cliword"
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

// bind defines one flag per entry of vars, a flag's name and the variable
// it sets, whose value when bind is called is the flag's default: each
// command describes its flags in one table.
func bind(fs *flag.FlagSet, vars map[string]any) {
	for name, p := range vars {
		switch v := p.(type) {
		case *string:
			fs.StringVar(v, name, *v, "")
		case *int:
			fs.IntVar(v, name, *v, "")
		case *int64:
			fs.Int64Var(v, name, *v, "")
		case *uint64:
			fs.Uint64Var(v, name, *v, "")
		case *bool:
			fs.BoolVar(v, name, *v, "")
		case *time.Duration:
			fs.DurationVar(v, name, *v, "")
		default:
			panic(fmt.Sprintf("cutoff: flag -%s of type %T", name, p))
		}
	}
}

// rule is one rule of a command's flags: the error format and a say when
// bad holds, else nil.
func rule(bad bool, format string, a ...any) error {
	if !bad {
		return nil
	}
	return fmt.Errorf(format, a...)
}

// firstBroken returns the first error of rules that is not nil: a
// command's rules, checked in the order it lists them.
func firstBroken(rules ...error) error {
	for _, err := range rules {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeOut writes data to the file name, or to stdout for "-"; wrap words
// a file's error (os.WriteFile's) for the flag that named the file.
func writeOut(name string, data []byte, stdout io.Writer, wrap func(error) error) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return wrap(err)
	}
	return nil
}

// pathless is err without the path of an *os.PathError: the command's
// message names the file in its own words.
func pathless(err error) error {
	if pe, ok := errors.AsType[*os.PathError](err); ok {
		return pe.Err
	}
	return err
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
// none: cutoff search needs an input given), maxNodes -max-nodes'.
func (f *inputFlags) define(fs *flag.FlagSet, random string, maxNodes int64) {
	f.root, f.random, f.maxNodes = "max", random, maxNodes
	bind(fs, map[string]any{"tree": &f.tree, "root": &f.root, "random": &f.random, "game": &f.game,
		"position": &f.position, "depth": &f.depth, "max-nodes": &f.maxNodes})
}

// config checks -depth and -max-nodes into a search configuration of alg.
func (f *inputFlags) config(alg string, set map[string]bool) (*searchrun.Config, error) {
	c := &searchrun.Config{Alg: alg, Depth: algos.FullDepth, MaxNodes: f.maxNodes}
	if set["depth"] {
		c.Depth, c.DepthSet = f.depth, true
	}
	return c, firstBroken(rule(f.depth < 0, "-depth must be ≥ 0, got %d", f.depth),
		rule(f.maxNodes < 0, "-max-nodes must be ≥ 0 (0: no limit), got %d", f.maxNodes))
}

// flagReader reads a command's flag values in a row and keeps the first
// error, worded for its flag ("-b: …"): the command checks once, and the
// error is the one of the first flag it reads that is wrong.
type flagReader struct{ err error }

// keep records err, when it is the first, as the error of flag name (""
// for an error worded already).
func (r *flagReader) keep(name string, err error) {
	if r.err == nil && err != nil {
		r.err = err
		if name != "" {
			r.err = fmt.Errorf("%s: %w", name, err)
		}
	}
}

// rule records the error format, a when bad holds (rule).
func (r *flagReader) rule(bad bool, format string, a ...any) {
	if r.err == nil {
		r.err = rule(bad, format, a...)
	}
}

// ints reads a flag that holds a list of integers ≥ lo (input.Ints).
func (r *flagReader) ints(name, s string, lo int) []int {
	ns, err := input.Ints(s, lo)
	r.keep(name, err)
	return ns
}

// oneInt reads a flag that holds one integer of at least lo.
func (r *flagReader) oneInt(name, s string, lo int) int {
	ns := r.ints(name, s, lo)
	r.rule(len(ns) > 1, "%s takes one integer, got %q", name, s)
	if r.err != nil {
		return 0
	}
	return ns[0]
}

// algs reads -alg: a comma-separated list of algorithm names.
func (r *flagReader) algs(s string) []string {
	var names []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		r.keep("-alg", cliword.CheckAlgorithm(name))
		names = append(names, name)
	}
	return names
}
