package render

import (
	"errors"
	"fmt"
	"math"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// checkAlgs checks algorithm names against algos.ByName before any search.
func checkAlgs(names []string) error {
	if len(names) == 0 {
		return errors.New("render: no algorithms given")
	}
	for _, name := range names {
		if !algos.Implemented(name) {
			_, err := algos.ByName[gametree.UniformNode](name)
			if err == nil {
				err = fmt.Errorf("render: unknown algorithm %q", name)
			}
			return err
		}
	}
	return nil
}

// meanLeaves runs the named search to depth d on the roots and returns the
// mean of Stats.Leaves.
func meanLeaves[P gametree.Position[P]](name string, roots []P, d int) (float64, error) {
	f, err := algos.ByName[P](name)
	if err != nil {
		return 0, err
	}
	sum := 0.0
	for _, root := range roots {
		res, err := f(root, d, nil)
		if err != nil {
			return 0, fmt.Errorf("render: %s at depth %d: %w", name, d, err)
		}
		sum += float64(res.Stats.Leaves)
	}
	return sum / float64(len(roots)), nil
}

// MeasureLeavesByDepth runs each named algorithm (see algos.Names) on the
// random uniform trees of branching b, each depth and the given ordering,
// seeds 1..seeds, and returns one series per algorithm: X the depths, Y the
// mean number of leaves evaluated (Stats.Leaves). The results depend on
// nothing else, so they are the same on every run; cutoff bench prints the
// same counts. Cost: every search on every tree; Best and Worst orderings
// also evaluate all b^d leaves once per tree.
func MeasureLeavesByDepth(b int, depths []int, order gametree.Ordering, names []string, seeds int) ([]Series, error) {
	switch {
	case b < 1:
		return nil, fmt.Errorf("render: branching factor %d, want ≥ 1", b)
	case len(depths) == 0:
		return nil, errors.New("render: no depths given")
	case seeds < 1:
		return nil, fmt.Errorf("render: %d seeds, want ≥ 1", seeds)
	}
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	xs := make([]float64, len(depths))
	for i, d := range depths {
		xs[i] = float64(d)
	}
	return measureSeries(names, xs, func(x float64) ([]gametree.UniformNode, int, error) {
		d := int(x)
		var roots []gametree.UniformNode
		for seed := 1; seed <= seeds; seed++ {
			root, err := gametree.Uniform{B: b, D: d, Seed: uint64(seed), Order: order}.Root()
			if err != nil {
				return nil, 0, err
			}
			roots = append(roots, root)
		}
		return roots, d, nil
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
		return nil, fmt.Errorf("render: branching factor %d, want ≥ 1", b)
	case d < 0:
		return nil, fmt.Errorf("render: depth %d, want ≥ 0", d)
	case len(ps) == 0:
		return nil, errors.New("render: no p values given")
	case seeds < 1:
		return nil, fmt.Errorf("render: %d seeds, want ≥ 1", seeds)
	}
	if err := checkAlgs(names); err != nil {
		return nil, err
	}
	return measureSeries(names, ps, func(p float64) ([]gametree.OrderedNode, int, error) {
		if !(p >= 0 && p <= 1) {
			return nil, 0, fmt.Errorf("render: p = %v, want a probability in [0, 1]", p)
		}
		var roots []gametree.OrderedNode
		for seed := 1; seed <= seeds; seed++ {
			root, err := gametree.StronglyOrdered{B: b, D: d, Seed: uint64(seed), P: p}.Root()
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
		return nil, errors.New("render: no branching factors given")
	case d < 0:
		return nil, fmt.Errorf("render: depth %d, want ≥ 0 (0: the deepest feasible)", d)
	case d == 0 && maxLeaves < 4:
		return nil, fmt.Errorf("render: max leaves %d, want ≥ 4", maxLeaves)
	case seeds < 1:
		return nil, fmt.Errorf("render: %d seeds, want ≥ 1", seeds)
	}
	var out []EBFPoint
	for _, b := range bs {
		if b < 1 {
			return nil, fmt.Errorf("render: branching factor %d, want ≥ 1", b)
		}
		depth := d
		if depth == 0 {
			depth = EBFDepth(b, maxLeaves)
		}
		var roots []gametree.UniformNode
		for seed := 1; seed <= seeds; seed++ {
			root, err := gametree.Uniform{B: b, D: depth, Seed: uint64(seed)}.Root()
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

// MeasureIterations runs iterative deepening (algos.IterativeDeepening with
// the given schedule, nil for 1, 2, …, depth) on root and returns its
// iterations as a series (X the depth of each iteration, Y its nodes), and
// one direct search to the final depth by the reference algorithm (for
// example "alphabeta") as a one-point series named after it. maxNodes,
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
		return iters, ref, errors.New("render: iterative deepening made no iterations")
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
		return iters, ref, err
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
			return nil, fmt.Errorf("render: %s: %w", name, err)
		}
		leaves.X, leaves.Y = append(leaves.X, float64(i)), append(leaves.Y, float64(res.Stats.Leaves))
		nodes.X, nodes.Y = append(nodes.X, float64(i)), append(nodes.Y, float64(res.Stats.Nodes))
	}
	return []Series{leaves, nodes}, nil
}
