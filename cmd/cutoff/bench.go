package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// defaultMaxLeaves is bench's default -max-leaves: the b=8, d=6 tree
// (262,144 leaves) is in, b=8, d=8 (16.8 million) is out, so that the
// default grid runs in seconds.
const defaultMaxLeaves = 300_000

// benchConfig is what the bench flags say, once checked.
type benchConfig struct {
	bs, ds    []int
	orders    []gametree.Ordering
	algs      []string
	seeds     int
	maxLeaves int64
	format    string // "text", "json" or "csv"
}

// benchRow is one line of cutoff bench (experiment.BenchRow, whose JSON
// keys -json prints).
type benchRow = experiment.BenchRow

func runBench(args []string, s streams) error {
	c, err := parseBench(args)
	if err != nil {
		return err
	}
	var rows []benchRow
	for _, b := range c.bs {
		for _, d := range c.ds {
			for _, o := range c.orders {
				r, err := benchTree(c, b, d, o)
				if err != nil {
					return err
				}
				rows = append(rows, r...)
			}
		}
	}
	switch c.format {
	case "json":
		enc := json.NewEncoder(s.stdout)
		return enc.Encode(rows)
	case "csv":
		return writeBenchCSV(s.stdout, rows)
	}
	writeBenchText(s.stdout, c, rows)
	return nil
}

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

func parseBench(args []string) (*benchConfig, error) {
	fs, f := newBenchFlags()
	if _, err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	c := &benchConfig{seeds: f.seeds, maxLeaves: f.maxLeaves, format: "text"}
	var err error
	if c.bs, err = intList("-b", f.b, 1); err != nil {
		return nil, err
	}
	if c.ds, err = intList("-d", f.d, 0); err != nil {
		return nil, err
	}
	for _, name := range strings.Split(f.order, ",") {
		o, err := gametree.ParseOrdering(name)
		if err != nil {
			return nil, fmt.Errorf("-order: unknown ordering %q (want natural, best or worst)", name)
		}
		c.orders = append(c.orders, o)
	}
	c.algs = algos.Names()
	if f.alg != "" {
		if c.algs, err = algList(f.alg); err != nil {
			return nil, err
		}
	}
	switch {
	case c.seeds < 1:
		return nil, fmt.Errorf("-seeds must be ≥ 1, got %d", c.seeds)
	case c.maxLeaves < 1:
		return nil, fmt.Errorf("-max-leaves must be ≥ 1, got %d", c.maxLeaves)
	case f.jsonOut && f.csvOut:
		return nil, errors.New("give only one of -json and -csv")
	case f.jsonOut:
		c.format = "json"
	case f.csvOut:
		c.format = "csv"
	}
	return c, nil
}

// benchTree measures every selected algorithm on the trees (b, d, o) of
// seeds 1..c.seeds (experiment.BenchShape, whose counts are those of cutoff
// plot depth) and returns their rows, or a skipped row.
func benchTree(c *benchConfig, b, d int, o gametree.Ordering) ([]benchRow, error) {
	if n := experiment.UniformLeaves(b, d, c.maxLeaves); n < 0 {
		return []benchRow{experiment.SkippedRow(b, d, o, fmt.Sprintf("%d^%d leaves > -max-leaves %d", b, d, c.maxLeaves))}, nil
	}
	rows, err := experiment.BenchShape(b, d, o, c.algs, c.seeds)
	if err != nil {
		return nil, fmt.Errorf("b=%d, d=%d: %w", b, d, err)
	}
	for i := range rows {
		rows[i].Skipped = oneLine(rows[i].Skipped)
	}
	return rows, nil
}

// formatLeaves prints a mean leaf count: an integer when it is one.
func formatLeaves(x float64) string {
	if x == float64(int64(x)) {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

func writeBenchText(w io.Writer, c *benchConfig, rows []benchRow) {
	fmt.Fprintf(w, "Leaves evaluated on random uniform trees (mean over seeds 1..%d), their ratio to\n", c.seeds)
	fmt.Fprintf(w, "alpha-beta's and to the Knuth-Moore minimal tree b^ceil(d/2)+b^floor(d/2)-1, and\n")
	fmt.Fprintf(w, "the untraced search's time per node (wall clock: compare ratios, not times).\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "b\td\torder\talgorithm\tleaves\tminimal\t×alphabeta\t×minimal\tns/node\t")
	for _, r := range rows {
		if r.Skipped != "" {
			fmt.Fprintf(tw, "%d\t%d\t%s\t-\t-\t%d\t-\t-\t-\t  skipped: %s\n", r.B, r.D, r.Order, r.Minimal, r.Skipped)
			continue
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%d\t%.2f\t%.2f\t%.1f\t\n", r.B, r.D, r.Order, r.Algorithm,
			formatLeaves(r.Leaves), r.Minimal, r.VsAlphaBeta, r.VsMinimal, r.NsPerNode)
	}
	tw.Flush()
}

func writeBenchCSV(w io.Writer, rows []benchRow) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"b", "d", "order", "algorithm", "leaves", "nodes", "minimal", "vs_alphabeta", "vs_minimal", "ns_per_node", "skipped"})
	for _, r := range rows {
		f := func(x float64, prec int) string {
			if r.Skipped != "" {
				return ""
			}
			return strconv.FormatFloat(x, 'f', prec, 64)
		}
		cw.Write([]string{strconv.Itoa(r.B), strconv.Itoa(r.D), r.Order, r.Algorithm, f(r.Leaves, -1), f(r.Nodes, -1),
			strconv.FormatInt(r.Minimal, 10), f(r.VsAlphaBeta, 4), f(r.VsMinimal, 4), f(r.NsPerNode, 1), r.Skipped})
	}
	cw.Flush()
	return cw.Error()
}

// benchUsage prints the help of cutoff bench; a test checks that it
// mentions every flag.
func benchUsage(w io.Writer) {
	help(w, "bench", map[string]any{"MaxLeaves": defaultMaxLeaves})
}
