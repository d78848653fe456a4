package searchrun

import (
	"io"

	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// Chart is one chart of cutoff plot: pkg/experiment measures, pkg/render
// draws the picture (with the options of render.As and render.DPI), and
// CSV writes its numbers.
type Chart struct {
	Picture []byte
	CSV     func(w io.Writer) error
}

// chart is a Chart of the picture draw makes and the CSV csv writes, or
// the error of either.
func chart(picture []byte, err error, csv func(w io.Writer) error) (*Chart, error) {
	if err != nil {
		return nil, err
	}
	return &Chart{picture, csv}, nil
}

// DepthChart is the leaves of each algorithm of names by depth on uniform
// trees of branching b (experiment.MeasureLeavesByDepth,
// render.LeavesByDepthChart), none of more than maxLeaves leaves
// (experiment.CheckTrees).
func DepthChart(b int, depths []int, order random.Ordering, names []string, seeds int, maxLeaves int64, title string, opts ...render.Option) (*Chart, error) {
	if err := experiment.CheckTrees(seeds, maxLeaves, 1, []int{b}, depths); err != nil {
		return nil, err
	}
	series, err := experiment.MeasureLeavesByDepth(b, depths, order, names, seeds)
	if err != nil {
		return nil, err
	}
	svg, err := render.LeavesByDepthChart(series, b, title, opts...)
	return chart(svg, err, func(w io.Writer) error { return render.WriteCSV(w, "depth", "leaves", series) })
}

// OrderingChart is the leaves of each algorithm of names by the
// probability ps that the best move comes first
// (experiment.MeasureLeavesByOrdering, render.LeavesByOrderingChart), on
// trees of at most maxLeaves leaves (experiment.CheckTrees).
func OrderingChart(b, d int, ps []float64, names []string, seeds int, maxLeaves int64, title string, opts ...render.Option) (*Chart, error) {
	if err := experiment.CheckTrees(seeds, maxLeaves, 1, []int{b}, []int{d}); err != nil {
		return nil, err
	}
	series, err := experiment.MeasureLeavesByOrdering(b, d, ps, names, seeds)
	if err != nil {
		return nil, err
	}
	svg, err := render.LeavesByOrderingChart(series, b, d, title, opts...)
	return chart(svg, err, func(w io.Writer) error { return render.WriteCSV(w, "p", "leaves", series) })
}

// EBFChart is alpha-beta's effective branching factor for each branching
// of bs (experiment.MeasureEBF, render.EBFChart): trees of depth d, of at
// most maxLeaves leaves (at least 4; experiment.CheckTrees), or with d = 0
// each of the greatest depth within maxLeaves.
func EBFChart(bs []int, d int, maxLeaves int64, seeds int, title string, opts ...render.Option) (*Chart, error) {
	var ds []int
	if d != 0 { // else MeasureEBF sizes each tree itself
		ds = []int{d}
	}
	if err := experiment.CheckTrees(seeds, maxLeaves, 4, bs, ds); err != nil {
		return nil, err
	}
	points, err := experiment.MeasureEBF(bs, d, maxLeaves, seeds)
	if err != nil {
		return nil, err
	}
	svg, err := render.EBFChart(points, title, opts...)
	return chart(svg, err, func(w io.Writer) error { return render.WriteEBFCSV(w, points) })
}

// IterationsChart is iterative deepening's nodes by depth on the input
// beside a direct search by ref (MeasureIterations, render.IterationsChart).
func (in Input) IterationsChart(depth int, schedule []int, ref string, maxNodes int64, title string, opts ...render.Option) (*Chart, error) {
	iters, direct, err := in.MeasureIterations(depth, schedule, ref, maxNodes)
	if err != nil {
		return nil, err
	}
	svg, err := render.IterationsChart(iters, direct, title, opts...)
	return chart(svg, err, func(w io.Writer) error {
		return render.WriteCSV(w, "depth", "nodes", []render.Series{iters, direct})
	})
}

// AlgorithmsChart is every algorithm of names on the input
// (MeasureAlgorithms, render.AlgorithmsChart).
func (in Input) AlgorithmsChart(depth int, names []string, maxNodes int64, title string, opts ...render.Option) (*Chart, error) {
	metrics, err := in.MeasureAlgorithms(depth, names, maxNodes)
	if err != nil {
		return nil, err
	}
	svg, err := render.AlgorithmsChart(names, metrics, title, opts...)
	return chart(svg, err, func(w io.Writer) error { return render.WriteAlgorithmsCSV(w, names, metrics) })
}
