package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
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
	f := &benchFlags{}
	fs := newFlagSet("bench")
	fs.StringVar(&f.b, "b", "2,3,4,8", "")
	fs.StringVar(&f.d, "d", "4,6,8", "")
	fs.StringVar(&f.order, "order", "natural,best,worst", "")
	fs.StringVar(&f.alg, "alg", "", "")
	fs.IntVar(&f.seeds, "seeds", 1, "")
	fs.Int64Var(&f.maxLeaves, "max-leaves", defaultMaxLeaves, "")
	fs.BoolVar(&f.jsonOut, "json", false, "")
	fs.BoolVar(&f.csvOut, "csv", false, "")
	return fs, f
}

// runBench is cutoff bench: the grid of shapes the flags give, measured by
// experiment.Grid, printed as a table, JSON (experiment.BenchRow's keys) or
// CSV.
func runBench(args []string, s streams) error {
	fs, f := newBenchFlags()
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	g := experiment.Grid{Seeds: f.seeds, MaxLeaves: f.maxLeaves, LimitName: "-max-leaves", Algs: algos.Names()}
	var err error
	if g.Bs, err = intList("-b", f.b, 1); err != nil {
		return err
	}
	if g.Ds, err = intList("-d", f.d, 0); err != nil {
		return err
	}
	for _, name := range strings.Split(f.order, ",") {
		o, err := random.ParseOrdering(name)
		if err != nil {
			return fmt.Errorf("-order: unknown ordering %q (want natural, best or worst)", name)
		}
		g.Orders = append(g.Orders, o)
	}
	if f.alg != "" {
		if g.Algs, err = algList(f.alg); err != nil {
			return err
		}
	}
	switch {
	case g.Seeds < 1:
		return fmt.Errorf("-seeds must be ≥ 1, got %d", g.Seeds)
	case g.MaxLeaves < 1:
		return fmt.Errorf("-max-leaves must be ≥ 1, got %d", g.MaxLeaves)
	case f.jsonOut && f.csvOut:
		return errors.New("give only one of -json and -csv")
	}
	rows, err := g.Run()
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].Skipped = oneLine(rows[i].Skipped)
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
