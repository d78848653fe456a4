package course

import (
	"github.com/cutoff-go/cutoff/pkg/render"
)

// A Chart is a chart of pkg/render that can be drawn in any format: its
// title and how to draw it. The constructors below take what the render
// functions of the same names take; Show draws it.
type Chart struct {
	Title string
	Draw  func(opts ...render.Option) ([]byte, error)
}

// Show shows a chart: course.Show(course.LeavesByDepthChart(series, 4,
// "leaves by depth")). Under `cutoff figures` it is also written as files.
func Show(c Chart) {
	svg(c.Draw())
	export(c.Title, c.Draw)
}

// LeavesByDepthChart is render.LeavesByDepthChart as a Chart.
func LeavesByDepthChart(series []render.Series, b int, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) { return render.LeavesByDepthChart(series, b, title, o...) }}
}

// LeavesByOrderingChart is render.LeavesByOrderingChart as a Chart.
func LeavesByOrderingChart(series []render.Series, b, d int, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) {
		return render.LeavesByOrderingChart(series, b, d, title, o...)
	}}
}

// EBFChart is render.EBFChart as a Chart.
func EBFChart(points []render.EBFPoint, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) { return render.EBFChart(points, title, o...) }}
}

// IterationsChart is render.IterationsChart as a Chart.
func IterationsChart(iters, ref render.Series, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) { return render.IterationsChart(iters, ref, title, o...) }}
}

// StepsChart is render.StepsChart as a Chart.
func StepsChart(steps []string, series []render.Series, yLabel, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) {
		return render.StepsChart(steps, series, yLabel, title, o...)
	}}
}

// AlgorithmsChart is render.AlgorithmsChart as a Chart.
func AlgorithmsChart(names []string, metrics []render.Series, title string) Chart {
	return Chart{title, func(o ...render.Option) ([]byte, error) { return render.AlgorithmsChart(names, metrics, title, o...) }}
}
