package main

import (
	"encoding/json"
	"flag"
	"io"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// defaultMaxLeaves is bench's default -max-leaves: the b=8, d=6 tree
// (262,144 leaves) is in, b=8, d=8 (16.8 million) is out, so that the
// default grid runs in seconds.
const defaultMaxLeaves = 300_000

// benchFlags are the flags of cutoff bench.
type benchFlags struct {
	b, d, order, alg string
	seeds            int
	maxLeaves        int64
	jsonOut, csvOut  bool
}

// newBenchFlags defines the flags of cutoff bench on a silent flag set.
func newBenchFlags() (*flag.FlagSet, *benchFlags) {
	f := &benchFlags{b: "2,3,4,8", d: "4,6,8", order: "natural,best,worst", seeds: 1, maxLeaves: defaultMaxLeaves}
	fs := cliflag.NewSet("bench")
	cliflag.Bind(fs, map[string]any{"b": &f.b, "d": &f.d, "order": &f.order, "alg": &f.alg, "seeds": &f.seeds,
		"max-leaves": &f.maxLeaves, "json": &f.jsonOut, "csv": &f.csvOut})
	return fs, f
}

// runBench is cutoff bench: the grid of shapes the flags give, measured by
// experiment.Grid, printed as a table, JSON (experiment.BenchRow's keys) or
// CSV.
func runBench(args []string, s streams) error {
	fs, f := newBenchFlags()
	if _, err := cliflag.Parse(fs, args); err != nil {
		return err
	}
	var r cliflag.Reader
	g := experiment.Grid{Bs: r.Ints("-b", f.b, 1), Ds: r.Ints("-d", f.d, 0), Seeds: f.seeds, MaxLeaves: f.maxLeaves, LimitName: "-max-leaves", Algs: algos.Names()}
	orders, err := input.Orderings(f.order)
	r.Keep("-order", err)
	g.Orders = orders
	if f.alg != "" {
		g.Algs = algs(&r, f.alg)
	}
	r.Keep("", treesError(g.Check()))
	if r.Rule(f.jsonOut && f.csvOut, "give only one of -json and -csv"); r.Err != nil {
		return r.Err
	}
	rows, err := g.Run()
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].Skipped = cliword.OneLine(rows[i].Skipped)
	}
	switch {
	case f.jsonOut:
		return json.NewEncoder(s.stdout).Encode(rows)
	case f.csvOut:
		return experiment.WriteBenchCSV(s.stdout, rows)
	}
	return experiment.WriteBenchText(s.stdout, g.Seeds, rows)
}

// benchUsage prints the help of cutoff bench; a test checks that it
// mentions every flag.
func benchUsage(w io.Writer) {
	help(w, "bench", map[string]any{"MaxLeaves": defaultMaxLeaves})
}
