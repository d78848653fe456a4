package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/cliword"
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

// plotKind is one chart of cutoff plot: its own flags with their defaults
// (besides -o, -csv, -title, -format and -dpi, which every kind takes;
// input adds cutoff search's input flags), and draw, which reads them and
// makes the kind's chart (searchrun's: checked, measured and drawn).
type plotKind struct {
	name  string
	flags map[string]any
	input bool
	draw  func(f *plotFlags, stdin io.Reader) (*searchrun.Chart, error)
}

// plotKinds are the charts of cutoff plot, in the order of the help.
var plotKinds = []plotKind{
	{"depth", map[string]any{"b": "4", "d": "2,3,4,5,6,7,8", "order": "natural", "alg": plotDefaultAlgs, "seeds": 3, "max-leaves": int64(plotDefaultMaxLeaves)}, false, plotDepth},
	{"ordering", map[string]any{"b": "4", "d": "6", "p": "0,0.25,0.5,0.75,0.9,1", "alg": plotDefaultAlgs, "seeds": 3, "max-leaves": int64(plotDefaultMaxLeaves)}, false, plotOrdering},
	{"ebf", map[string]any{"b": "2..8", "d": "0", "seeds": 3, "max-leaves": int64(plotDefaultEBFLeaves)}, false, plotEBF},
	{"iterations", map[string]any{"schedule": "", "ref": "alphabeta"}, true, plotIterations},
	{"algorithms", map[string]any{"alg": ""}, true, plotAlgorithms},
}

// plotFlags are the flags of every kind of chart; each kind defines the
// ones it takes.
type plotFlags struct {
	pictureFlags
	inputFlags
	pic                           []render.Option
	out, csvOut, title            string
	b, d, order, alg, p, schedule string
	ref                           string
	seeds                         int
	maxLeaves                     int64
	set                           map[string]bool
	r                             cliflag.Reader // the kinds' errors
}

// newPlotFlags defines the flags of cutoff plot KIND on a silent flag set.
func newPlotFlags(k plotKind) (*flag.FlagSet, *plotFlags) {
	f := &plotFlags{}
	fs := cliflag.NewSet("plot " + k.name)
	cliflag.Bind(fs, map[string]any{"o": &f.out, "csv": &f.csvOut, "title": &f.title})
	f.pictureFlags.define(fs)
	if k.input {
		f.inputFlags.define(fs, plotDefaultRandom, defaultMaxNodes)
	}
	cliflag.BindSome(fs, map[string]any{"b": &f.b, "d": &f.d, "order": &f.order, "alg": &f.alg, "p": &f.p, "schedule": &f.schedule,
		"ref": &f.ref, "seeds": &f.seeds, "max-leaves": &f.maxLeaves}, k.flags) // the kind's flags, with its defaults
	return fs, f
}

func runPlot(args []string, s streams) error {
	var names []string
	for _, k := range plotKinds {
		names = append(names, k.name)
	}
	i := slices.IndexFunc(plotKinds, func(k plotKind) bool { return len(args) > 0 && k.name == args[0] })
	switch {
	case len(args) == 0:
		return fmt.Errorf("missing chart kind (one of: %s)", strings.Join(names, ", "))
	case slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]):
		return flag.ErrHelp
	case i < 0:
		return fmt.Errorf("unknown chart kind %q (one of: %s)", args[0], strings.Join(names, ", "))
	}
	fs, f := newPlotFlags(plotKinds[i])
	var err error
	if f.set, err = cliflag.Parse(fs, args[1:]); err != nil {
		return err
	}
	if err := cliflag.FirstBroken(cliflag.Rule(f.out == "", "-o FILE is required (the chart: .svg, .png, .pdf or .tex; - for stdout)"),
		cliflag.Rule(f.out == "-" && f.csvOut == "-", "-o and -csv cannot both be - (stdout)")); err != nil {
		return err
	}
	if f.pic, err = f.options(f.out); err != nil {
		return err
	}
	c, err := plotKinds[i].draw(f, s.stdin)
	if err != nil {
		return treesError(err)
	}
	cannotWrite := func(name string) func(error) error {
		return func(err error) error { return fmt.Errorf("cannot write %s: %w", name, cliflag.Pathless(err)) }
	}
	if err := cliflag.WriteOut(f.out, c.Picture, s.stdout, cannotWrite(f.out)); err != nil {
		return err
	}
	if f.csvOut == "" {
		return nil
	}
	var data strings.Builder
	if err := c.CSV(&data); err != nil {
		return err
	}
	return cliflag.WriteOut(f.csvOut, []byte(data.String()), s.stdout, cannotWrite(f.csvOut))
}

// titled returns -title, or the kind's title when it is not given.
func (f *plotFlags) titled(title string) string {
	if f.title != "" {
		return f.title
	}
	return title
}

func plotDepth(f *plotFlags, _ io.Reader) (*searchrun.Chart, error) {
	b, ds := f.r.OneInt("-b", f.b, 1), f.r.Ints("-d", f.d, 0)
	order, err := random.ParseOrdering(f.order)
	f.r.Rule(err != nil, "-order: unknown ordering %q (want natural, best or worst)", f.order)
	if names := algs(&f.r, f.alg); f.r.Err == nil {
		return searchrun.DepthChart(b, ds, order, names, f.seeds, f.maxLeaves, f.titled(fmt.Sprintf("Leaves vs depth, b = %d, %s order", b, order)), f.pic...)
	}
	return nil, f.r.Err
}

func plotOrdering(f *plotFlags, _ io.Reader) (*searchrun.Chart, error) {
	b, d := f.r.OneInt("-b", f.b, 1), f.r.OneInt("-d", f.d, 0)
	ps, err := input.Probabilities(f.p)
	f.r.Keep("-p", err)
	if names := algs(&f.r, f.alg); f.r.Err == nil {
		return searchrun.OrderingChart(b, d, ps, names, f.seeds, f.maxLeaves, f.titled(fmt.Sprintf("Leaves vs move ordering, b = %d, d = %d", b, d)), f.pic...)
	}
	return nil, f.r.Err
}

func plotEBF(f *plotFlags, _ io.Reader) (*searchrun.Chart, error) {
	bs, err := input.Ranges(f.b, 2)
	f.r.Keep("-b", err)
	if d := f.r.OneInt("-d", f.d, 0); f.r.Err == nil {
		return searchrun.EBFChart(bs, d, f.maxLeaves, f.seeds, f.titled("Alpha-beta's effective branching factor"), f.pic...)
	}
	return nil, f.r.Err
}

func plotIterations(f *plotFlags, stdin io.Reader) (*searchrun.Chart, error) {
	c, err := f.config("id", f.set)
	f.r.Keep("", err)
	f.r.Keep("-ref", cliword.CheckAlgorithm(f.ref))
	if f.set["schedule"] {
		c.Schedule, err = input.Schedule(f.schedule)
		if f.r.Keep("-schedule", err); f.r.Err == nil {
			f.r.Err = validate(c)
		}
	}
	if f.r.Err != nil {
		return nil, f.r.Err
	}
	run, name, err := f.plotInput(stdin)
	if err != nil {
		return nil, err
	}
	ch, err := run.IterationsChart(c.Depth, c.Schedule, f.ref, c.MaxNodes, f.titled("Iterative deepening on "+name), f.pic...)
	return ch, measureError(err, "-ref ")
}

func plotAlgorithms(f *plotFlags, stdin io.Reader) (*searchrun.Chart, error) {
	names := algos.Names()
	if f.alg != "" {
		if names = algs(&f.r, f.alg); f.r.Err != nil {
			return nil, f.r.Err
		}
	}
	c, err := f.config("", f.set)
	if err != nil {
		return nil, err
	}
	run, name, err := f.plotInput(stdin)
	if err != nil {
		return nil, err
	}
	title := "Every algorithm on " + name
	if f.set["depth"] {
		title += fmt.Sprintf(", depth %d", f.depth)
	}
	ch, err := run.AlgorithmsChart(c.Depth, names, c.MaxNodes, f.titled(title), f.pic...)
	return ch, measureError(err, "")
}

// plotInput reads -tree, -random or -game (default: -random
// plotDefaultRandom) as cutoff search does.
func (f *plotFlags) plotInput(stdin io.Reader) (searchrun.Input, string, error) {
	if err := checkSources(f.set, true); err != nil {
		return searchrun.Input{}, "", err
	}
	return f.input(f.set, stdin)
}

// measureError words the errors of plot's measurements
// (searchrun.Input.IterationsChart and AlgorithmsChart) as cutoff search
// words a search's; prefix comes before a failing search's name.
func measureError(err error, prefix string) error {
	if se, ok := errors.AsType[*experiment.SearchError](err); ok {
		return fmt.Errorf("%s%s: %w", prefix, se.Alg, searchError(se.Err))
	}
	if errors.Is(err, experiment.ErrNoIterations) {
		return errors.New("iterative deepening made no iterations (is the root terminal?)")
	}
	return searchError(err)
}

// plotUsage prints cutoff plot's help; a test checks that it mentions every
// flag of every kind.
func plotUsage(w io.Writer) {
	help(w, "plot", map[string]any{"Algs": plotDefaultAlgs, "MaxLeaves": plotDefaultMaxLeaves, "EBFLeaves": plotDefaultEBFLeaves, "Random": plotDefaultRandom, "MaxNodes": defaultMaxNodes})
}
