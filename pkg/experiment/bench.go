package experiment

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// Grid is the shapes of random uniform trees cutoff bench measures: every
// branching factor of Bs, depth of Ds and ordering of Orders, nested in
// that order, each searched by Algs on seeds 1..Seeds.
type Grid struct {
	Bs, Ds []int
	Orders []random.Ordering
	Algs   []string
	Seeds  int
	// MaxLeaves skips the shapes of more than MaxLeaves leaves: each is
	// one row whose Skipped says so, naming the bound LimitName
	// ("MaxLeaves" when empty).
	MaxLeaves int64
	LimitName string
}

// Check checks g's Seeds and MaxLeaves (≥ 1; CheckTrees): a shape over
// MaxLeaves is a skipped row, not an error.
func (g Grid) Check() error { return CheckTrees(g.Seeds, g.MaxLeaves, 1, nil, nil) }

// Run measures every shape of g (BenchShape) and returns their rows, in
// the grid's order, after Check.
func (g Grid) Run() ([]BenchRow, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	limit := g.LimitName
	if limit == "" {
		limit = "MaxLeaves"
	}
	var rows []BenchRow
	for _, b := range g.Bs {
		for _, d := range g.Ds {
			for _, o := range g.Orders {
				if UniformLeaves(b, d, g.MaxLeaves) < 0 {
					rows = append(rows, SkippedRow(b, d, o, fmt.Sprintf("%d^%d leaves > %s %d", b, d, limit, g.MaxLeaves)))
					continue
				}
				r, err := BenchShape(b, d, o, g.Algs, g.Seeds)
				if err != nil {
					return nil, fmt.Errorf("b=%d, d=%d: %w", b, d, err)
				}
				rows = append(rows, r...)
			}
		}
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

// WriteBenchText writes rows as cutoff bench's table, under a header that
// says they are means over seeds 1..seeds.
func WriteBenchText(w io.Writer, seeds int, rows []BenchRow) error {
	fmt.Fprintf(w, "Leaves evaluated on random uniform trees (mean over seeds 1..%d), their ratio to\n", seeds)
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
	return tw.Flush()
}

// WriteBenchCSV writes rows as CSV with a header row; a skipped row's
// measurements are empty.
func WriteBenchCSV(w io.Writer, rows []BenchRow) error {
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
