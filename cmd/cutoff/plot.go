package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// Defaults of cutoff plot, chosen so that every kind draws in about a
// second.
const (
	plotDefaultAlgs      = "alphabeta,pvs,negascout,mtdf,sss"
	plotDefaultMaxLeaves = 1_000_000
	plotDefaultEBFLeaves = 1 << 22
	plotDefaultRandom    = "b=4,d=7,seed=1"
)

// plotKinds are the charts of cutoff plot, in the order of the help.
var plotKinds = []string{"depth", "ordering", "ebf", "iterations", "algorithms"}

// plotFlags are the flags of every kind of chart; each kind defines the
// ones it takes.
type plotFlags struct {
	pictureFlags
	pic                      []render.Option
	out, csvOut, title       string
	b, d, order, alg, p      string
	seeds                    int
	maxLeaves                int64
	tree, root, random, game string
	position, schedule, ref  string
	depth                    int
	maxNodes                 int64
	set                      map[string]bool
	fs                       *flag.FlagSet
	kind                     string
	charts, data             []byte
}

// newPlotFlags defines the flags of cutoff plot KIND on a silent flag set.
func newPlotFlags(kind string) (*flag.FlagSet, *plotFlags) {
	f := &plotFlags{kind: kind}
	fs := newFlagSet("plot " + kind)
	fs.StringVar(&f.out, "o", "", "")
	fs.StringVar(&f.csvOut, "csv", "", "")
	fs.StringVar(&f.title, "title", "", "")
	f.define(fs)
	switch kind {
	case "depth", "ordering":
		fs.StringVar(&f.b, "b", "4", "")
		fs.StringVar(&f.alg, "alg", plotDefaultAlgs, "")
		fs.IntVar(&f.seeds, "seeds", 3, "")
		fs.Int64Var(&f.maxLeaves, "max-leaves", plotDefaultMaxLeaves, "")
		if kind == "depth" {
			fs.StringVar(&f.d, "d", "2,3,4,5,6,7,8", "")
			fs.StringVar(&f.order, "order", "natural", "")
		} else {
			fs.StringVar(&f.d, "d", "6", "")
			fs.StringVar(&f.p, "p", "0,0.25,0.5,0.75,0.9,1", "")
		}
	case "ebf":
		fs.StringVar(&f.b, "b", "2..8", "")
		fs.StringVar(&f.d, "d", "0", "")
		fs.IntVar(&f.seeds, "seeds", 3, "")
		fs.Int64Var(&f.maxLeaves, "max-leaves", plotDefaultEBFLeaves, "")
	case "iterations", "algorithms":
		fs.StringVar(&f.tree, "tree", "", "")
		fs.StringVar(&f.root, "root", "max", "")
		fs.StringVar(&f.random, "random", plotDefaultRandom, "")
		fs.StringVar(&f.game, "game", "", "")
		fs.StringVar(&f.position, "position", "", "")
		fs.IntVar(&f.depth, "depth", 0, "")
		fs.Int64Var(&f.maxNodes, "max-nodes", defaultMaxNodes, "")
		if kind == "iterations" {
			fs.StringVar(&f.schedule, "schedule", "", "")
			fs.StringVar(&f.ref, "ref", "alphabeta", "")
		} else {
			fs.StringVar(&f.alg, "alg", "", "")
		}
	}
	f.fs = fs
	return fs, f
}

func runPlot(args []string, s streams) error {
	if len(args) == 0 {
		return fmt.Errorf("missing chart kind (one of: %s)", strings.Join(plotKinds, ", "))
	}
	kind := args[0]
	switch kind {
	case "-h", "-help", "--help", "help":
		return flag.ErrHelp
	}
	known := false
	for _, k := range plotKinds {
		known = known || k == kind
	}
	if !known {
		return fmt.Errorf("unknown chart kind %q (one of: %s)", kind, strings.Join(plotKinds, ", "))
	}
	fs, f := newPlotFlags(kind)
	var err error
	if f.set, err = parseFlags(fs, args[1:]); err != nil {
		return err
	}
	switch {
	case f.out == "":
		return errors.New("-o FILE is required (the chart: .svg, .png, .pdf or .tex; - for stdout)")
	case f.out == "-" && f.csvOut == "-":
		return errors.New("-o and -csv cannot both be - (stdout)")
	}
	pic, err := f.options(f.out)
	if err != nil {
		return err
	}
	f.pic = pic

	var svg []byte
	var data bytes.Buffer
	switch kind {
	case "depth":
		svg, err = plotDepth(f, &data)
	case "ordering":
		svg, err = plotOrdering(f, &data)
	case "ebf":
		svg, err = plotEBF(f, &data)
	case "iterations":
		svg, err = plotIterations(f, s.stdin, &data)
	case "algorithms":
		svg, err = plotAlgorithms(f, s.stdin, &data)
	}
	if err != nil {
		return err
	}
	if err := writeOutput(f.out, svg, s.stdout); err != nil {
		return err
	}
	if f.csvOut != "" {
		return writeOutput(f.csvOut, data.Bytes(), s.stdout)
	}
	return nil
}

// writeOutput writes data to the file name, or to stdout for "-".
func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %w", name, err)
	}
	return nil
}

// plotAlgs reads -alg: a comma-separated list of algorithm names.
func plotAlgs(s string) ([]string, error) {
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

// oneInt reads a flag that holds one integer of at least lo.
func oneInt(flagName, s string, lo int) (int, error) {
	ns, err := intList(flagName, s, lo)
	if err != nil {
		return 0, err
	}
	if len(ns) != 1 {
		return 0, fmt.Errorf("%s takes one integer, got %q", flagName, s)
	}
	return ns[0], nil
}

// checkSize refuses trees of more than maxLeaves leaves.
func checkSize(b, d int, maxLeaves int64) error {
	if maxLeaves < 1 {
		return fmt.Errorf("-max-leaves must be ≥ 1, got %d", maxLeaves)
	}
	if leavesOf(b, d, maxLeaves) < 0 {
		return fmt.Errorf("b=%d, d=%d: %d^%d leaves > -max-leaves %d (lower -d or raise -max-leaves)", b, d, b, d, maxLeaves)
	}
	return nil
}

func plotDepth(f *plotFlags, data io.Writer) ([]byte, error) {
	b, err := oneInt("-b", f.b, 1)
	if err != nil {
		return nil, err
	}
	ds, err := intList("-d", f.d, 0)
	if err != nil {
		return nil, err
	}
	order, err := random.ParseOrdering(f.order)
	if err != nil {
		return nil, fmt.Errorf("-order: unknown ordering %q (want natural, best or worst)", f.order)
	}
	names, err := plotAlgs(f.alg)
	if err != nil {
		return nil, err
	}
	if f.seeds < 1 {
		return nil, fmt.Errorf("-seeds must be ≥ 1, got %d", f.seeds)
	}
	for _, d := range ds {
		if err := checkSize(b, d, f.maxLeaves); err != nil {
			return nil, err
		}
	}
	series, err := experiment.MeasureLeavesByDepth(b, ds, order, names, f.seeds)
	if err != nil {
		return nil, err
	}
	title := f.title
	if title == "" {
		title = fmt.Sprintf("Leaves vs depth, b = %d, %s order", b, order)
	}
	svg, err := render.LeavesByDepthChart(series, b, title, f.pic...)
	if err != nil {
		return nil, err
	}
	return svg, render.WriteCSV(data, "depth", "leaves", series)
}

func plotOrdering(f *plotFlags, data io.Writer) ([]byte, error) {
	b, err := oneInt("-b", f.b, 1)
	if err != nil {
		return nil, err
	}
	d, err := oneInt("-d", f.d, 0)
	if err != nil {
		return nil, err
	}
	var ps []float64
	for _, part := range strings.Split(f.p, ",") {
		p, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || !(p >= 0 && p <= 1) {
			return nil, fmt.Errorf("-p: %q is not a probability in [0, 1] (want a list such as 0,0.5,1)", part)
		}
		ps = append(ps, p)
	}
	names, err := plotAlgs(f.alg)
	if err != nil {
		return nil, err
	}
	if f.seeds < 1 {
		return nil, fmt.Errorf("-seeds must be ≥ 1, got %d", f.seeds)
	}
	if err := checkSize(b, d, f.maxLeaves); err != nil {
		return nil, err
	}
	series, err := experiment.MeasureLeavesByOrdering(b, d, ps, names, f.seeds)
	if err != nil {
		return nil, err
	}
	title := f.title
	if title == "" {
		title = fmt.Sprintf("Leaves vs move ordering, b = %d, d = %d", b, d)
	}
	svg, err := render.LeavesByOrderingChart(series, b, d, title, f.pic...)
	if err != nil {
		return nil, err
	}
	return svg, render.WriteCSV(data, "p", "leaves", series)
}

// rangeList reads a flag that holds integers ≥ lo with ranges (input.Ranges).
func rangeList(flagName, s string, lo int) ([]int, error) {
	ns, err := input.Ranges(s, lo)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flagName, err)
	}
	return ns, nil
}

func plotEBF(f *plotFlags, data io.Writer) ([]byte, error) {
	bs, err := rangeList("-b", f.b, 2)
	if err != nil {
		return nil, err
	}
	d, err := oneInt("-d", f.d, 0)
	if err != nil {
		return nil, err
	}
	switch {
	case f.seeds < 1:
		return nil, fmt.Errorf("-seeds must be ≥ 1, got %d", f.seeds)
	case f.maxLeaves < 4:
		return nil, fmt.Errorf("-max-leaves must be ≥ 4, got %d", f.maxLeaves)
	}
	if d > 0 {
		for _, b := range bs {
			if err := checkSize(b, d, f.maxLeaves); err != nil {
				return nil, err
			}
		}
	}
	points, err := experiment.MeasureEBF(bs, d, f.maxLeaves, f.seeds)
	if err != nil {
		return nil, err
	}
	title := f.title
	if title == "" {
		title = "Alpha-beta's effective branching factor"
	}
	svg, err := render.EBFChart(points, title, f.pic...)
	if err != nil {
		return nil, err
	}
	return svg, render.WriteEBFCSV(data, points)
}

// plotInput reads -tree, -random or -game (default: -random
// plotDefaultRandom) as cutoff search does.
func plotInput(f *plotFlags, stdin io.Reader) (searchrun.Input, string, error) {
	if err := checkSources(f.set, true); err != nil {
		return searchrun.Input{}, "", err
	}
	switch {
	case f.set["tree"]:
		run, err := treeInput(f.tree, f.root, f.set["root"], stdin)
		name := "tree " + f.tree
		if len(name) > 40 || strings.HasPrefix(f.tree, "@") {
			name = "tree"
		}
		return run, name, err
	case f.set["game"]:
		g, err := gameInput(f.game, f.position, f.set["position"], f.set["depth"])
		name := f.game
		if f.set["position"] {
			name += " " + f.position
		}
		return g, name, err
	}
	run, err := randomInput(f.random)
	return run, "random " + f.random, err
}

// plotConfig turns -depth and -max-nodes into the search configuration.
func plotConfig(f *plotFlags, alg string) (*searchrun.Config, error) {
	c := &searchrun.Config{Alg: alg, Depth: algos.FullDepth, MaxNodes: f.maxNodes}
	if f.maxNodes < 0 {
		return nil, fmt.Errorf("-max-nodes must be ≥ 0 (0: no limit), got %d", f.maxNodes)
	}
	if f.set["depth"] {
		if f.depth < 0 {
			return nil, fmt.Errorf("-depth must be ≥ 0, got %d", f.depth)
		}
		c.Depth, c.DepthSet = f.depth, true
	}
	return c, nil
}

func plotIterations(f *plotFlags, stdin io.Reader, data io.Writer) ([]byte, error) {
	c, err := plotConfig(f, "id")
	if err != nil {
		return nil, err
	}
	if err := checkAlgorithm(f.ref); err != nil {
		return nil, fmt.Errorf("-ref: %w", err)
	}
	if f.set["schedule"] {
		if c.Schedule, err = parseSchedule(f.schedule); err != nil {
			return nil, err
		}
		if err := validate(c); err != nil {
			return nil, err
		}
	}
	run, input, err := plotInput(f, stdin)
	if err != nil {
		return nil, err
	}
	iters, ref, err := run.MeasureIterations(c.Depth, c.Schedule, f.ref, c.MaxNodes)
	if err != nil {
		return nil, measureError(err, c.MaxNodes, "-ref ")
	}
	title := f.title
	if title == "" {
		title = "Iterative deepening on " + input
	}
	svg, err := render.IterationsChart(iters, ref, title, f.pic...)
	if err != nil {
		return nil, err
	}
	return svg, render.WriteCSV(data, "depth", "nodes", []render.Series{iters, ref})
}

func plotAlgorithms(f *plotFlags, stdin io.Reader, data io.Writer) ([]byte, error) {
	names := algos.Names()
	if f.alg != "" {
		var err error
		if names, err = plotAlgs(f.alg); err != nil {
			return nil, err
		}
	}
	c, err := plotConfig(f, "")
	if err != nil {
		return nil, err
	}
	run, input, err := plotInput(f, stdin)
	if err != nil {
		return nil, err
	}
	metrics, err := run.MeasureAlgorithms(c.Depth, names, c.MaxNodes)
	if err != nil {
		return nil, measureError(err, c.MaxNodes, "")
	}
	title := f.title
	if title == "" {
		title = "Every algorithm on " + input
		if f.set["depth"] {
			title += fmt.Sprintf(", depth %d", f.depth)
		}
	}
	svg, err := render.AlgorithmsChart(names, metrics, title, f.pic...)
	if err != nil {
		return nil, err
	}
	return svg, render.WriteAlgorithmsCSV(data, names, metrics)
}

// measureError words the errors of plot's measurements
// (experiment.MeasureIterations and MeasureAlgorithms) as cutoff search
// words a search's; prefix comes before a failing search's name.
func measureError(err error, maxNodes int64, prefix string) error {
	budget := func(err error) error {
		if errors.Is(err, algos.ErrBudget) {
			return searchError(&searchrun.BudgetError{MaxNodes: maxNodes})
		}
		return err
	}
	if se, ok := errors.AsType[*experiment.SearchError](err); ok {
		return fmt.Errorf("%s%s: %w", prefix, se.Alg, budget(se.Err))
	}
	if errors.Is(err, experiment.ErrNoIterations) {
		return errors.New("iterative deepening made no iterations (is the root terminal?)")
	}
	return budget(err)
}

// plotUsage prints cutoff plot's help; a test checks that it mentions every
// flag of every kind.
func plotUsage(w io.Writer) {
	help(w, "plot", map[string]any{"Algs": plotDefaultAlgs, "MaxLeaves": plotDefaultMaxLeaves, "EBFLeaves": plotDefaultEBFLeaves, "Random": plotDefaultRandom, "MaxNodes": defaultMaxNodes})
}
