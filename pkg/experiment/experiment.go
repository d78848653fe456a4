// Package experiment runs the course's measurements: every named search
// (algos.ByName) on sets of game trees, counting leaves and nodes, and
// returns the numbers, for a chart (package render draws them), a table
// (cutoff bench prints them) or a notebook. The counts depend on the
// trees and the searches only, so they are the same on every run; times
// (Bench's ns per node) are not.
package experiment

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// checkAlgs checks algorithm names against algos.ByName before any search.
func checkAlgs(names []string) error {
	if len(names) == 0 {
		return errors.New("experiment: no algorithms given")
	}
	for _, name := range names {
		if _, ok := algos.Lookup(name); !ok {
			_, err := algos.ByName[random.UniformNode](name) // its error names the known ones
			return err
		}
	}
	return nil
}

// meanCounts runs the named search to depth d on the roots and returns the
// means of Stats.Leaves and Stats.Nodes: the one loop behind every
// measurement of this package, so cutoff bench and cutoff plot count alike.
func meanCounts[P gametree.Position[P]](name string, roots []P, d int) (leaves, nodes float64, err error) {
	f, err := algos.ByName[P](name)
	if err != nil {
		return 0, 0, err
	}
	var sumLeaves, sumNodes int64
	for _, root := range roots {
		res, err := f(root, d, nil)
		if err != nil {
			return 0, 0, fmt.Errorf("experiment: %s at depth %d: %w", name, d, err)
		}
		sumLeaves += res.Stats.Leaves
		sumNodes += res.Stats.Nodes
	}
	n := float64(len(roots))
	return float64(sumLeaves) / n, float64(sumNodes) / n, nil
}

// meanLeaves is meanCounts' leaves.
func meanLeaves[P gametree.Position[P]](name string, roots []P, d int) (float64, error) {
	leaves, _, err := meanCounts(name, roots, d)
	return leaves, err
}

// UniformRoots returns the roots of the random uniform trees of branching
// b, depth d and the given ordering, seeds 1..seeds: the trees
// MeasureLeavesByDepth searches, and cutoff bench with Bench.
func UniformRoots(b, d int, order random.Ordering, seeds int) ([]random.UniformNode, error) {
	var roots []random.UniformNode
	for seed := 1; seed <= seeds; seed++ {
		root, err := random.Uniform{B: b, D: d, Seed: uint64(seed), Order: order}.Root()
		if err != nil {
			return nil, err
		}
		roots = append(roots, root)
	}
	return roots, nil
}

// UniformLeaves returns b^d, the number of leaves of a uniform tree of
// branching b ≥ 1 and depth d, or −1 when it exceeds limit: the size check
// before a measurement (cutoff bench and plot's -max-leaves).
func UniformLeaves(b, d int, limit int64) int64 {
	n := int64(1)
	for range d {
		if n > limit/int64(b) {
			return -1
		}
		n *= int64(b)
	}
	return n
}

// RangeError is an argument of a measurement out of its range: Arg is its
// name, seeds or maxLeaves (Grid's Seeds and MaxLeaves).
type RangeError struct {
	Arg      string
	Min, Got int64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s must be ≥ %d, got %d", e.Arg, e.Min, e.Got)
}

// SizeError is a uniform tree of branching B and depth D of more leaves
// than a measurement's bound MaxLeaves.
type SizeError struct {
	B, D      int
	MaxLeaves int64
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("b=%d, d=%d: %d^%d leaves > %d", e.B, e.D, e.B, e.D, e.MaxLeaves)
}

// CheckTrees checks the arguments of a measurement on uniform trees
// (cutoff bench's grid, plot's charts) before it measures, in this order:
// seeds ≥ 1, maxLeaves ≥ minLeaves (a *RangeError), then each tree of a
// branching of bs and a depth of ds, in that order, of at most maxLeaves
// leaves (a *SizeError).
func CheckTrees(seeds int, maxLeaves, minLeaves int64, bs, ds []int) error {
	if seeds < 1 {
		return &RangeError{"seeds", 1, int64(seeds)}
	}
	if maxLeaves < minLeaves {
		return &RangeError{"maxLeaves", minLeaves, maxLeaves}
	}
	for _, b := range bs {
		for _, d := range ds {
			if UniformLeaves(b, d, maxLeaves) < 0 {
				return &SizeError{b, d, maxLeaves}
			}
		}
	}
	return nil
}

// Series is one line of a chart: a name for the legend and its points. It
// implements gonum/plot's plotter.XYer (package render draws it).
type Series struct {
	Name string
	X, Y []float64
}

// Len returns the number of points of s.
func (s Series) Len() int { return len(s.X) }

// XY returns point i of s.
func (s Series) XY(i int) (x, y float64) { return s.X[i], s.Y[i] }

// EBFPoint is alpha-beta's effective branching factor measured on trees of
// branching B and depth D: Leaves is the mean number of leaves evaluated,
// EBF = Leaves^(1/D).
type EBFPoint struct {
	B, D   int
	Leaves float64
	EBF    float64
}

// MeasureLeavesByDepth runs each named algorithm (see algos.Names) on the
// random uniform trees of branching b, each depth and the given ordering,
// seeds 1..seeds, and returns one series per algorithm: X the depths, Y the
// mean number of leaves evaluated (Stats.Leaves). The results depend on
// nothing else, so they are the same on every run; cutoff bench prints the
// same counts (Bench on UniformRoots; a test holds them equal). Cost: every search on every tree; Best and Worst orderings
// also evaluate all b^d leaves once per tree.
func MeasureLeavesByDepth(b int, depths []int, order random.Ordering, names []string, seeds int) ([]Series, error) {
	switch {
	case b < 1:
		return nil, fmt.Errorf("experiment: branching factor %d, want ≥ 1", b)
	case len(depths) == 0:
		return nil, errors.New("experiment: no depths given")
	case seeds < 1:
		return nil, fmt.Errorf("experiment: %d seeds, want ≥ 1", seeds)
	}
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	xs := make([]float64, len(depths))
	for i, d := range depths {
		xs[i] = float64(d)
	}
	return measureSeries(names, xs, func(x float64) ([]random.UniformNode, int, error) {
		d := int(x)
		roots, err := UniformRoots(b, d, order, seeds)
		return roots, d, err
	})
}

// MeasureLeavesByOrdering runs each named algorithm on StronglyOrdered trees
// of branching b and depth d, for each ordering quality p (the probability
// that a node's first child is its best), seeds 1..seeds, searched to the
// full depth d, and returns one series per algorithm: X the p values, Y the
// mean number of leaves evaluated.
func MeasureLeavesByOrdering(b, d int, ps []float64, names []string, seeds int) ([]Series, error) {
	switch {
	case b < 1:
		return nil, fmt.Errorf("experiment: branching factor %d, want ≥ 1", b)
	case d < 0:
		return nil, fmt.Errorf("experiment: depth %d, want ≥ 0", d)
	case len(ps) == 0:
		return nil, errors.New("experiment: no p values given")
	case seeds < 1:
		return nil, fmt.Errorf("experiment: %d seeds, want ≥ 1", seeds)
	}
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	return measureSeries(names, ps, func(p float64) ([]random.OrderedNode, int, error) {
		if !(p >= 0 && p <= 1) {
			return nil, 0, fmt.Errorf("experiment: p = %v, want a probability in [0, 1]", p)
		}
		var roots []random.OrderedNode
		for seed := 1; seed <= seeds; seed++ {
			root, err := random.StronglyOrdered{B: b, D: d, Seed: uint64(seed), P: p}.Root()
			if err != nil {
				return nil, 0, err
			}
			roots = append(roots, root)
		}
		return roots, d, nil
	})
}

// measureSeries returns one series per named algorithm: for each x, the mean
// number of leaves it evaluates on the trees treesAt(x) gives, searched to
// the depth it gives.
func measureSeries[P gametree.Position[P]](names []string, xs []float64, treesAt func(x float64) ([]P, int, error)) ([]Series, error) {
	out := make([]Series, len(names))
	for i, name := range names {
		out[i].Name = name
	}
	for _, x := range xs {
		roots, depth, err := treesAt(x)
		if err != nil {
			return nil, err
		}
		for i, name := range names {
			m, err := meanLeaves(name, roots, depth)
			if err != nil {
				return nil, err
			}
			out[i].X = append(out[i].X, x)
			out[i].Y = append(out[i].Y, m)
		}
	}
	return out, nil
}

// EBFDepth returns the depth MeasureEBF uses for branching b when not told:
// the largest even d ≥ 2 with b^d ≤ maxLeaves (2 if even b² is larger).
// Even depths keep the parity of the minimal tree the same for every b.
func EBFDepth(b int, maxLeaves int64) int {
	d := 2
	for n := float64(b) * float64(b) * float64(b) * float64(b); b > 1 && n <= float64(maxLeaves) && d < 60; n *= float64(b) * float64(b) {
		d += 2
	}
	return d
}

// MeasureEBF measures alpha-beta's effective branching factor
// leaves^(1/d) on natural random uniform trees (seeds 1..seeds, leaves
// averaged before the root is taken) for each branching factor in bs, at
// depth d, or when d is 0 at EBFDepth(b, maxLeaves). Natural trees are
// generated lazily, so the cost is what alpha-beta evaluates, about
// PearlBranching(b)^d leaves, not b^d.
func MeasureEBF(bs []int, d int, maxLeaves int64, seeds int) ([]EBFPoint, error) {
	switch {
	case len(bs) == 0:
		return nil, errors.New("experiment: no branching factors given")
	case d < 0:
		return nil, fmt.Errorf("experiment: depth %d, want ≥ 0 (0: the deepest feasible)", d)
	case d == 0 && maxLeaves < 4:
		return nil, fmt.Errorf("experiment: max leaves %d, want ≥ 4", maxLeaves)
	case seeds < 1:
		return nil, fmt.Errorf("experiment: %d seeds, want ≥ 1", seeds)
	}
	var out []EBFPoint
	for _, b := range bs {
		if b < 1 {
			return nil, fmt.Errorf("experiment: branching factor %d, want ≥ 1", b)
		}
		depth := d
		if depth == 0 {
			depth = EBFDepth(b, maxLeaves)
		}
		var roots []random.UniformNode
		for seed := 1; seed <= seeds; seed++ {
			root, err := random.Uniform{B: b, D: depth, Seed: uint64(seed)}.Root()
			if err != nil {
				return nil, err
			}
			roots = append(roots, root)
		}
		m, err := meanLeaves("alphabeta", roots, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, EBFPoint{B: b, D: depth, Leaves: m, EBF: math.Pow(m, 1/float64(depth))})
	}
	return out, nil
}

// ErrNoIterations is MeasureIterations on a root that iterative deepening
// does not search (a terminal root).
var ErrNoIterations = errors.New("experiment: iterative deepening made no iterations")

// SearchError is one named search of a measurement failing: the reference
// of MeasureIterations, an algorithm of MeasureAlgorithms.
type SearchError struct {
	Alg string
	Err error
}

func (e *SearchError) Error() string { return fmt.Sprintf("experiment: %s: %v", e.Alg, e.Err) }

func (e *SearchError) Unwrap() error { return e.Err }

// MeasureIterations runs iterative deepening (algos.IterativeDeepening with
// the given schedule, nil for 1, 2, …, depth) on root and returns its
// iterations as a series (X the depth of each iteration, Y its nodes), and
// one direct search to the final depth by the reference algorithm (for
// example "alphabeta") as a one-point series named after it (its failure
// a *SearchError; a terminal root ErrNoIterations). maxNodes,
// when positive, bounds each run (algos.ErrBudget).
func MeasureIterations[P gametree.Position[P]](root P, depth int, schedule []int, reference string, maxNodes int64) (iters, ref Series, err error) {
	if err := checkAlgs([]string{reference}); err != nil {
		return iters, ref, err
	}
	res, err := algos.IterativeDeepening(root, depth, &algos.Options[P]{Schedule: schedule, MaxNodes: maxNodes})
	if err != nil {
		return iters, ref, err
	}
	if len(res.Iterations) == 0 {
		return iters, ref, ErrNoIterations
	}
	iters.Name = "nodes per iteration"
	for _, it := range res.Iterations {
		iters.X = append(iters.X, float64(it.Depth))
		iters.Y = append(iters.Y, float64(it.Stats.Nodes))
	}
	f, err := algos.ByName[P](reference)
	if err != nil {
		return iters, ref, err
	}
	final := res.Iterations[len(res.Iterations)-1].Depth
	direct, err := f(root, final, &algos.Options[P]{MaxNodes: maxNodes})
	if err != nil {
		return iters, ref, &SearchError{Alg: reference, Err: err}
	}
	ref = Series{Name: fmt.Sprintf("%s to depth %d", reference, min(final, direct.Stats.MaxPly)), X: []float64{float64(final)}, Y: []float64{float64(direct.Stats.Nodes)}}
	return iters, ref, nil
}

// MeasureAlgorithms runs each named algorithm on root to the given depth
// (algos.FullDepth: the whole tree) and returns two series for
// AlgorithmsChart, "leaves" and "nodes", with X the index into names.
// maxNodes, when positive, bounds each search (algos.ErrBudget).
func MeasureAlgorithms[P gametree.Position[P]](root P, depth int, names []string, maxNodes int64) ([]Series, error) {
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	leaves, nodes := Series{Name: "leaves"}, Series{Name: "nodes"}
	for i, name := range names {
		f, err := algos.ByName[P](name)
		if err != nil {
			return nil, err
		}
		res, err := f(root, depth, &algos.Options[P]{MaxNodes: maxNodes})
		if err != nil {
			return nil, &SearchError{Alg: name, Err: err}
		}
		leaves.X, leaves.Y = append(leaves.X, float64(i)), append(leaves.Y, float64(res.Stats.Leaves))
		nodes.X, nodes.Y = append(nodes.X, float64(i)), append(nodes.Y, float64(res.Stats.Nodes))
	}
	return []Series{leaves, nodes}, nil
}

// Timing of Bench: each search is repeated for at least minTiming per
// window, and the fastest of timingWindows windows counts, since on a
// shared machine the slow ones measure the neighbours.
const (
	minTiming     = 2 * time.Millisecond
	timingWindows = 5
)

// BenchResult is one search's measurement on a set of trees.
type BenchResult struct {
	Algorithm string
	// Leaves and Nodes are the means of Stats.Leaves and Stats.Nodes.
	Leaves, Nodes float64
	// VsAlphaBeta is Leaves over alpha-beta's Leaves on the same trees.
	VsAlphaBeta float64
	// NsPerNode is the untraced search's time per node: the fastest
	// window's time per search, summed over the trees, over the nodes.
	NsPerNode float64
}

// Bench runs each named search, untraced, to depth d on the roots (and
// alpha-beta, the yardstick, when not named) and returns one result per
// name, in order: its mean counts, as MeasureLeavesByDepth's on the same
// trees, its ratio to alpha-beta's leaves and its time per node.
func Bench[P gametree.Position[P]](roots []P, d int, names []string) ([]BenchResult, error) {
	if len(roots) == 0 {
		return nil, errors.New("experiment: no trees to bench")
	}
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	ab, _, err := meanCounts("alphabeta", roots, d)
	if err != nil {
		return nil, err
	}
	var out []BenchResult
	for _, name := range names {
		leaves, nodes, err := meanCounts(name, roots, d)
		if err != nil {
			return nil, err
		}
		f, err := algos.ByName[P](name)
		if err != nil {
			return nil, err
		}
		var elapsed time.Duration
		for _, root := range roots {
			elapsed += fastest(func() { f(root, d, nil) })
		}
		out = append(out, BenchResult{Algorithm: name, Leaves: leaves, Nodes: nodes, VsAlphaBeta: leaves / ab,
			NsPerNode: float64(elapsed.Nanoseconds()) / (nodes * float64(len(roots)))})
	}
	return out, nil
}

// fastest times repeated runs of search, so that a clock tick and the
// per-search set-up do not swamp a small search, and returns the fastest
// window's time per run.
func fastest(search func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range timingWindows {
		start, runs := time.Now(), int64(0)
		for runs == 0 || time.Since(start) < minTiming {
			search()
			runs++
		}
		best = min(best, time.Since(start)/time.Duration(runs))
	}
	return best
}

// BenchRow is one measurement of BenchShape: one algorithm on the trees of
// one shape (b, d, order), averaged over the seeds; or a shape skipped
// (Skipped set, Algorithm empty). cutoff bench -json prints these rows:
// keep the JSON keys stable.
type BenchRow struct {
	B         int    `json:"b"`
	D         int    `json:"d"`
	Order     string `json:"order"`
	Algorithm string `json:"algorithm,omitempty"`
	// Leaves is the mean number of static evaluations over the seeds.
	Leaves float64 `json:"leaves"`
	// Nodes is the mean number of nodes.
	Nodes float64 `json:"nodes"`
	// VsAlphaBeta is Leaves over alpha-beta's Leaves on the same trees.
	VsAlphaBeta float64 `json:"vs_alphabeta"`
	// VsMinimal is Leaves over the Knuth–Moore minimal tree
	// b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
	VsMinimal float64 `json:"vs_minimal"`
	// Minimal is the Knuth–Moore minimal tree's number of leaves.
	Minimal int64 `json:"minimal"`
	// NsPerNode is the untraced search's time per node (one run per seed).
	NsPerNode float64 `json:"ns_per_node"`
	// Skipped says why the tree was not searched.
	Skipped string `json:"skipped,omitempty"`
}

// SkippedRow is the row of a shape (b, d, o) that was not searched, and why.
func SkippedRow(b, d int, o random.Ordering, why string) BenchRow {
	return BenchRow{B: b, D: d, Order: o.String(), Minimal: algos.MinimalLeaves(b, d), Skipped: why}
}

// BenchShape measures the named searches on the random uniform trees
// (b, d, o) of seeds 1..seeds (UniformRoots, Bench) and returns one row per
// name, in order. A shape the generator refuses is one skipped row whose
// Skipped is the generator's error.
func BenchShape(b, d int, o random.Ordering, names []string, seeds int) ([]BenchRow, error) {
	roots, err := UniformRoots(b, d, o, seeds)
	if err != nil {
		return []BenchRow{SkippedRow(b, d, o, err.Error())}, nil
	}
	results, err := Bench(roots, d, names)
	if err != nil {
		return nil, err
	}
	base := SkippedRow(b, d, o, "")
	var rows []BenchRow
	for _, m := range results {
		r := base
		r.Algorithm = m.Algorithm
		r.Leaves, r.Nodes, r.VsAlphaBeta, r.NsPerNode = m.Leaves, m.Nodes, m.VsAlphaBeta, m.NsPerNode
		r.VsMinimal = r.Leaves / float64(base.Minimal)
		rows = append(rows, r)
	}
	return rows, nil
}
