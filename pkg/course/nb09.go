package course

// Notebook 09 (the published results, measured) and 10 (Connect Four):
// the measurements their cells run, and Columns, the labelled table their
// cells print numbers in, so that a cell shows the experiment and not its
// loops.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// Columns is a table a cell prints: a header row and rows that each start
// with a label, the columns aligned (labels to the left, numbers to the
// right), so that no number is printed without saying what it is.
//
//	course.NewColumns("depth d", 2, 3, 4).Row("leaves", 5, 11, 17).Print()
type Columns struct {
	head     []string
	rows     [][]string
	decimals int // −1: floats rounded to one decimal, trailing zeros dropped
}

// NewColumns starts a table with the header head: the first entry names
// the rows' labels, the others the columns.
func NewColumns(head ...any) *Columns {
	c := &Columns{decimals: -1}
	c.head = c.cells(head)
	return c
}

// Decimals makes the rows added after it print every float with exactly n
// decimals (default: rounded to one decimal, 53.0 printed as 53).
func (c *Columns) Decimals(n int) *Columns {
	c.decimals = n
	return c
}

// Row adds a row: its label, then its cells (numbers or text).
func (c *Columns) Row(label string, cells ...any) *Columns {
	c.rows = append(c.rows, append([]string{label}, c.cells(cells)...))
	return c
}

// Floats adds a row of numbers from a slice, such as a chart series' Y.
func (c *Columns) Floats(label string, ys []float64) *Columns {
	cells := make([]any, len(ys))
	for i, y := range ys {
		cells[i] = y
	}
	return c.Row(label, cells...)
}

func (c *Columns) cells(xs []any) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = c.format(x)
	}
	return out
}

func (c *Columns) format(x any) string {
	switch v := x.(type) {
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return "–"
		}
		if c.decimals >= 0 {
			return strconv.FormatFloat(v, 'f', c.decimals, 64)
		}
		return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	case string:
		return v
	}
	return fmt.Sprint(x)
}

// String is the table, one line per row, the header first.
func (c *Columns) String() string {
	all := append([][]string{c.head}, c.rows...)
	var width []int
	for _, r := range all {
		for j, s := range r {
			if j >= len(width) {
				width = append(width, 0)
			}
			width[j] = max(width[j], utf8.RuneCountInString(s))
		}
	}
	var b strings.Builder
	for _, r := range all {
		var line strings.Builder
		for j, s := range r {
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
			switch {
			case j == 0:
				line.WriteString(s + pad)
			default:
				line.WriteString("  " + pad + s)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// Print prints the table.
func (c *Columns) Print() { fmt.Print(c.String()) }

// SeriesColumns is the table of chart series: a header with xName and the
// series' X values (those of the first series), then one row per series,
// its name and its Y values.
func SeriesColumns(xName string, series []render.Series) *Columns {
	head := []any{xName}
	if len(series) > 0 {
		for _, x := range series[0].X {
			head = append(head, x)
		}
	}
	c := NewColumns(head...)
	for _, s := range series {
		c.Floats(s.Name, s.Y)
	}
	return c
}

// PercentChange is a against b in percent, signed and rounded: "+36%",
// "-26%", "+0%".
func PercentChange(a, b float64) string {
	return fmt.Sprintf("%+.0f%%", 100*(a/b-1))
}

// FullNumber writes x as it is usually written, all its digits and no
// exponent: 51.28, 1201000.
func FullNumber(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// SeriesTotal adds up a series' values (the nodes of every iteration).
func SeriesTotal(s render.Series) float64 {
	sum := 0.0
	for _, y := range s.Y {
		sum += y
	}
	return sum
}

// KnuthMooreExact runs alpha-beta on the best-ordered uniform trees of
// branching b = 2…maxB, depth d = 2…maxD and seeds 1…seeds, and counts
// those on which it evaluates exactly Knuth and Moore's minimal tree,
// b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves (algos.MinimalLeaves), out of all of them.
func KnuthMooreExact(maxB, maxD, seeds int) (exact, trees int) {
	for b := 2; b <= maxB; b++ {
		for d := 2; d <= maxD; d++ {
			for seed := 1; seed <= seeds; seed++ {
				root := Must(random.Uniform{B: b, D: d, Seed: uint64(seed), Order: random.Best}.Root())
				if Must(algos.AlphaBeta(root, algos.FullDepth, nil)).Stats.Leaves == algos.MinimalLeaves(b, d) {
					exact++
				}
				trees++
			}
		}
	}
	return exact, trees
}

// AlphaBetaByOrder measures alpha-beta on uniform trees of branching b and
// the given depths in the three orders, best, natural and worst (mean leaves
// over seeds 1…seeds; experiment.MeasureLeavesByDepth), one series each, named
// "alpha-beta, best" and so on.
func AlphaBetaByOrder(b int, depths []int, seeds int) []render.Series {
	var out []render.Series
	for _, o := range []random.Ordering{random.Best, random.Natural, random.Worst} {
		s := Must(experiment.MeasureLeavesByDepth(b, depths, o, []string{"alphabeta"}, seeds))[0]
		s.Name = "alpha-beta, " + o.String()
		out = append(out, s)
	}
	return out
}

// WorstTree returns the literal of a b-ary tree of depth d (Max at the
// root) on which alpha-beta cuts nothing: each node's subtrees hold nested,
// disjoint ranges of values, increasing from left to right under Max and
// decreasing under Min, so every value a child returns lies strictly inside
// its parent's window. Leaf number L (its path read in base b, each digit
// reversed at Min's levels) has the value L.
func WorstTree(b, d int) string {
	return worstTree(b, d, 0, 0)
}

// worstTree is WorstTree's subtree of depth d whose root is at ply, its
// smallest value base.
func worstTree(b, d, ply, base int) string {
	if d == 0 {
		return strconv.Itoa(base)
	}
	size, parts := int(math.Pow(float64(b), float64(d-1))), make([]string, b)
	for j := range b {
		k := j
		if ply%2 == 1 { // Min: decreasing
			k = b - 1 - j
		}
		parts[j] = worstTree(b, d-1, ply+1, base+k*size)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// DistinctLeaves runs the named search (algos.Names) on root to the full
// depth and returns the set of distinct leaves it evaluates (by
// LeafIndex) and how many evaluations it made, repeats included.
func DistinctLeaves(name string, root random.UniformNode) (set map[int64]bool, evaluations int) {
	s := RecordByName(name, root, algos.FullDepth, nil)
	set = map[int64]bool{}
	for _, leaf := range s.Rec.Leaves() {
		set[leaf.LeafIndex()] = true
	}
	return set, len(s.Rec.Leaves())
}

// Dominance is how a search's leaves compare with alpha-beta's over some
// trees: on how many of them every leaf it evaluates is one alpha-beta
// evaluates too, and its distinct leaves and evaluations added up.
type Dominance struct {
	Name                string
	Subset, Trees       int
	Distinct, Evaluated int
}

// DominanceOf compares the named search with alpha-beta (same move order)
// on the natural uniform trees of branching b and depth d, seeds 1…seeds.
func DominanceOf(name string, b, d, seeds int) Dominance {
	out := Dominance{Name: name}
	for seed := 1; seed <= seeds; seed++ {
		root := Must(random.Uniform{B: b, D: d, Seed: uint64(seed)}.Root())
		ab, _ := DistinctLeaves("alphabeta", root)
		set, n := DistinctLeaves(name, root)
		subset := true
		for l := range set {
			subset = subset && ab[l]
		}
		if subset {
			out.Subset++
		}
		out.Trees++
		out.Distinct += len(set)
		out.Evaluated += n
	}
	return out
}

// MeasureDeepening runs iterative deepening on root to depth (1, 2, …,
// depth; algos.FullDepth: to the end of the game) and one direct
// alpha-beta search to the depth it reached (experiment.MeasureIterations):
// iters holds each iteration's nodes (X its depth), direct one point, the
// direct search's nodes, named after it ("alphabeta to depth 9").
func MeasureDeepening[P gametree.Position[P]](root P, depth int) (iters, direct render.Series) {
	iters, direct, err := experiment.MeasureIterations(root, depth, nil, "alphabeta", 0)
	if err != nil {
		stop(err)
	}
	return iters, direct
}

// PercentOfFullTree returns each series of leaves against depth (X the
// depths d) as a percentage of the full tree's b^d leaves, under the same
// name: how far each line lies below the ceiling, a gap that a log axis
// squeezes into a hair (657 of 729 leaves is 90 %).
func PercentOfFullTree(series []render.Series, b int) []render.Series {
	out := make([]render.Series, len(series))
	for k, s := range series {
		out[k] = render.Series{Name: s.Name, X: s.X}
		for i, d := range s.X {
			out[k].Y = append(out[k].Y, 100*s.Y[i]/math.Pow(float64(b), d))
		}
	}
	return out
}

// PercentOf returns each series as a percentage of base, point by point
// (the same X): base itself becomes a flat line at 100, and a search that
// saves 10 % lies at 90.
func PercentOf(series []render.Series, base render.Series) []render.Series {
	out := make([]render.Series, len(series))
	for k, s := range series {
		out[k] = render.Series{Name: s.Name, X: s.X}
		for i, y := range s.Y {
			out[k].Y = append(out[k].Y, 100*y/base.Y[i])
		}
	}
	return out
}

// Steps names the points xs for render.StepsChart: prefix and each x,
// Steps("d = ", xs) → "d = 2", "d = 3", ….
func Steps(prefix string, xs []float64) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = prefix + FullNumber(x)
	}
	return out
}
