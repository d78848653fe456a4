package render

// Charts of node counts (issue 4). Each chart is a pair: a Measure function
// that runs the searches and returns the numbers, and a Chart function that
// draws numbers, however they were obtained, as SVG. WriteCSV and its
// relatives write the same numbers as CSV, so a slide's chart and its table
// never disagree.

import (
	"encoding/csv"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default size of a chart: a 16:10 slide figure. Text is 12pt (ticks and
// legend), 14pt (axis labels) and 16pt (title) at this size.
const (
	DefaultWidth  = 16 * vg.Centimeter
	DefaultHeight = 10 * vg.Centimeter
)

// Font sizes of a chart.
const (
	titleSize  = 16
	labelSize  = 14
	tickSize   = 12
	legendSize = 12
)

// Series is one line of a chart: a name for the legend and its points,
// as package experiment measures them. It implements gonum/plot's
// plotter.XYer.
type Series = experiment.Series

// check reports a series that cannot be drawn: no points, X and Y of
// different lengths, values that are not finite, or (for a log axis)
// values ≤ 0.
func checkSeries(s Series, logY bool) error {
	switch {
	case len(s.X) == 0:
		return fmt.Errorf("render: series %q has no points", s.Name)
	case len(s.X) != len(s.Y):
		return fmt.Errorf("render: series %q has %d x values and %d y values", s.Name, len(s.X), len(s.Y))
	}
	for i := range s.X {
		x, y := s.X[i], s.Y[i]
		if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
			return fmt.Errorf("render: series %q: point %d (%v, %v) is not finite", s.Name, i, x, y)
		}
		if logY && y <= 0 {
			return fmt.Errorf("render: series %q: point %d has y = %v, and a log axis needs y > 0", s.Name, i, y)
		}
	}
	return nil
}

// checkAll checks that there is at least one series and every one can be drawn.
func checkAll(series []Series, logY bool) error {
	if len(series) == 0 {
		return errors.New("render: no series to draw")
	}
	for _, s := range series {
		if err := checkSeries(s, logY); err != nil {
			return err
		}
	}
	return nil
}

// MinimalTree returns the number of leaves of Knuth and Moore's minimal
// tree of a uniform tree of branching b and depth d,
// b^⌈d/2⌉ + b^⌊d/2⌋ − 1: what alpha-beta evaluates with perfect ordering,
// and what any algorithm must evaluate to prove the value.
func MinimalTree(b, d int) float64 {
	return float64(algos.MinimalLeaves(b, d))
}

// PearlRoot returns ξ_b, the positive root of x^b + x − 1 = 0, by bisection
// to machine precision. ξ_2 = (√5 − 1)/2 ≈ 0.618. It fails unless b ≥ 1.
func PearlRoot(b int) (float64, error) {
	if b < 1 {
		return 0, fmt.Errorf("render: branching factor %d, want ≥ 1", b)
	}
	// f(x) = x^b + x − 1 increases on [0, 1] from −1 to 1.
	lo, hi := 0.0, 1.0
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if math.Pow(mid, float64(b))+mid-1 < 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2, nil
}

// PearlBranching returns ξ_b/(1 − ξ_b): Pearl's (1980, 1982) asymptotic
// branching factor of alpha-beta on random uniform trees of branching b
// with continuous leaf values, the limit of leaves^(1/d) as d grows. It is
// the golden ratio ≈ 1.618 for b = 2 and close to b^(3/4) for larger b.
func PearlBranching(b int) (float64, error) {
	x, err := PearlRoot(b)
	if err != nil {
		return 0, err
	}
	return x / (1 - x), nil
}

// chart is a plot in the house style with its legend, drawn outside the
// plot area on the right.
type chart struct {
	p      *plot.Plot
	legend plot.Legend
	n      int // legend entries
	title  string
	yLabel string
	// minHeight, when larger than DefaultHeight, is the height of the chart.
	minHeight vg.Length
}

// sans is the font variant of every text: Liberation Sans, which viewers
// without it replace by Arial, Helvetica or DejaVu Sans.
const sans = font.Variant("Sans")

// legendSlack widens the legend beyond its width in Liberation Sans, for
// viewers that draw it in a wider font (DejaVu Sans, the usual fallback on Linux, is up to 25% wider).
const legendSlack = 1.3

// newChart returns an empty chart with slide-sized text.
func newChart(title, xLabel, yLabel string) *chart {
	p := plot.New()
	// Text in any script, measured as drawn (fonts.go).
	p.Title.TextStyle.Handler = newScriptText()
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Handler = newScriptText()
		a.Tick.Label.Handler = newScriptText()
		a.Label.TextStyle.Font.Size = labelSize
		a.Label.TextStyle.Font.Variant = sans
		a.Tick.Label.Font.Size = tickSize
		a.Tick.Label.Font.Variant = sans
		a.Label.Padding = vg.Points(4)
	}
	// The y label is drawn by svg: gonum/plot v0.17 centres it on the
	// linear midpoint of the range, which on a log axis sits near the top
	// and squeezes the plot.
	p.X.Label.Text = xLabel
	c := &chart{p: p, legend: plot.NewLegend(), title: title, yLabel: yLabel}
	c.legend.TextStyle.Font.Size = legendSize
	c.legend.TextStyle.Handler = newScriptText()
	c.legend.TextStyle.Font.Variant = sans
	c.legend.Top, c.legend.Left = true, true
	c.legend.ThumbnailWidth = vg.Points(36)
	c.legend.Padding = vg.Points(3)
	return c
}

// grid adds light grid lines.
func (c *chart) grid() {
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 220}
	g.Horizontal.Color = color.Gray{Y: 220}
	c.p.Add(g)
}

// add adds plotters and, when name is not empty, a legend entry.
func (c *chart) add(name string, ps ...plot.Plotter) {
	c.p.Add(ps...)
	if name == "" {
		return
	}
	var thumbs []plot.Thumbnailer
	for _, p := range ps {
		if t, ok := p.(plot.Thumbnailer); ok {
			thumbs = append(thumbs, t)
		}
	}
	c.legend.Add(name, thumbs...)
	c.n++
}

// draw draws the chart at the default size (taller if the legend needs it)
// and returns it in the format opts ask for (SVG by default).
func (c *chart) draw(opts []Option) ([]byte, error) {
	o, err := makeOptions(opts)
	if err != nil {
		return nil, err
	}
	return c.render(o)
}

// render draws the chart in o's format.
func (c *chart) render(o options) ([]byte, error) {
	w, h := DefaultWidth, max(DefaultHeight, c.minHeight)
	entry := vg.Points(legendSize)*1.25 + c.legend.Padding
	if need := entry*vg.Length(c.n) + 2*vg.Centimeter; need > h {
		h = need
	}
	canvas := newCanvas(o, w, h)
	fillBackground(canvas, w, h)
	dc := draw.New(canvas)
	pad := vg.Points(6)
	body := draw.Crop(dc, pad, -pad, pad, -pad)
	if c.title != "" && !o.untitled {
		sty := c.p.Title.TextStyle
		sty.Font.Size = titleSize
		sty.Font.Variant = sans
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		// Shrink a long title to fit, down to the tick size; one still too
		// wide is broken into two lines (a clipped title says less).
		title := c.title
		fits := func() bool { return vg.Length(legendSlack)*sty.Width(title) <= body.Size().X }
		for sty.Font.Size > tickSize && !fits() {
			sty.Font.Size--
		}
		if !fits() {
			title, sty.Font.Size = twoLines(c.title), titleSize
			for sty.Font.Size > tickSize && !fits() {
				sty.Font.Size--
			}
		}
		body.FillText(sty, vg.Point{X: w / 2, Y: body.Max.Y}, title)
		body = draw.Crop(body, 0, 0, 0, -sty.Height(title)-pad)
	}
	plotArea := body
	if c.n > 0 {
		lw := c.legend.Rectangle(dc).Size().X
		lw += (legendSlack-1)*(lw-c.legend.ThumbnailWidth) + 2*pad
		if lw > w/2 {
			return nil, fmt.Errorf("render: legend too wide (%.0fpt): shorten the series names", lw.Points())
		}
		plotArea = draw.Crop(body, 0, -lw, 0, 0)
		legArea := draw.Crop(body, body.Size().X-lw+2*pad, 0, 0, -pad)
		c.legend.Draw(legArea)
	}
	if c.yLabel != "" {
		sty := c.p.X.Label.TextStyle
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		x := plotArea.Min.X
		y := (plotArea.Min.Y + plotArea.Max.Y) / 2
		plotArea.FillText(sty, vg.Point{X: x, Y: y}, c.yLabel)
		plotArea = draw.Crop(plotArea, c.p.X.Label.TextStyle.Height(c.yLabel)+c.p.Y.Label.Padding, 0, 0, 0)
	}
	c.p.Draw(plotArea)
	return finish(canvas, o)
}

// twoLines breaks s at the space nearest its middle.
func twoLines(s string) string {
	mid, at := len(s)/2, -1
	for i, r := range s {
		if r == ' ' && (at < 0 || distance(i, mid) < distance(at, mid)) {
			at = i
		}
	}
	if at < 0 {
		return s
	}
	return s[:at] + "\n" + s[at+1:]
}

func distance(a, b int) int { return max(a-b, b-a) }

// Okabe and Ito's colour-blind-safe palette, without its yellow (too pale
// on white) and its black (the reference lines' colour: a measured series
// in black dashes looked like the minimal tree), strongest colours first,
// then two darker ones so that eight series have eight colours.
var palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xB2, 0xFF}, // blue
	color.RGBA{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	color.RGBA{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	color.RGBA{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, // orange
	color.RGBA{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	color.RGBA{0x88, 0x22, 0x55, 0xFF}, // wine
	color.RGBA{0x66, 0x66, 0x66, 0xFF}, // dark grey
}

// dashes are the line patterns of the measured series, so that charts
// read in greyscale.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(2), vg.Points(2)},
	{vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)},
	{vg.Points(4), vg.Points(4)},
}

// glyphs are the point markers of the measured series.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.PyramidGlyph{}, draw.BoxGlyph{}, draw.PlusGlyph{},
}

// Reference lines: black, no markers.
var (
	floorStyle   = draw.LineStyle{Color: color.Black, Width: vg.Points(2), Dashes: []vg.Length{vg.Points(7), vg.Points(4)}}
	ceilingStyle = draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(1.5), vg.Points(3)}}
	pearlStyle   = draw.LineStyle{Color: color.Black, Width: vg.Points(2), Dashes: []vg.Length{vg.Points(7), vg.Points(4)}}
)

// addSeries draws the i-th measured series of a chart: colour, dashes and
// marker all depend on i.
func (c *chart) addSeries(i int, s Series) error {
	line, points, err := plotter.NewLinePoints(s)
	if err != nil {
		return fmt.Errorf("render: series %q: %w", s.Name, err)
	}
	col := palette[i%len(palette)]
	line.Color = col
	line.Width = vg.Points(2)
	line.Dashes = dashes[i%len(dashes)]
	points.Color = col
	points.Shape = glyphs[i%len(glyphs)]
	points.Radius = vg.Points(4)
	c.add(s.Name, line, points)
	return nil
}

// addReference draws a reference line (no markers).
func (c *chart) addReference(s Series, sty draw.LineStyle) error {
	line, err := plotter.NewLine(s)
	if err != nil {
		return fmt.Errorf("render: %s: %w", s.Name, err)
	}
	line.LineStyle = sty
	c.add(s.Name, line)
	return nil
}

// logY puts the y axis on a log scale with ticks at 1, 10, 100, … (and at
// 2 and 5 times those when the range is short), labelled 1, 10, 100, 1k,
// 10k, 100k, 1M, …
func (c *chart) logY() {
	c.p.Y.Scale = plot.LogScale{}
	c.p.Y.Tick.Marker = plot.TickerFunc(logTicks)
}

func logTicks(lo, hi float64) []plot.Tick {
	if lo <= 0 {
		lo = 1
	}
	majors := 0
	for p := math.Pow(10, math.Ceil(math.Log10(lo))); p <= hi*1.0001; p *= 10 {
		majors++
	}
	short := majors < 3
	var ticks []plot.Tick
	for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi*1.0001; p *= 10 {
		for m := 1.0; m < 10; m++ {
			v := p * m
			if v < lo*0.9999 || v > hi*1.0001 {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || short && (m == 2 || m == 5) {
				t.Label = count(v)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// count formats a tick value: 500, 2k, 10k, 1M, 1.5M.
func count(v float64) string {
	switch {
	case v >= 1e9:
		return strconv.FormatFloat(v/1e9, 'g', 3, 64) + "G"
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'g', 3, 64) + "M"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'g', 3, 64) + "k"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// xTicks labels exactly the given x values.
func (c *chart) xTicks(xs []float64, format func(float64) string) {
	var ticks []plot.Tick
	for _, x := range xs {
		ticks = append(ticks, plot.Tick{Value: x, Label: format(x)})
	}
	c.p.X.Tick.Marker = plot.ConstantTicks(ticks)
}

// xValues returns the sorted distinct x values of the series.
func xValues(series []Series) []float64 {
	var xs []float64
	for _, s := range series {
		xs = append(xs, s.X...)
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}

func intLabel(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// LeavesByDepthChart draws leaves evaluated against depth, one line per
// series (see experiment.MeasureLeavesByDepth), on a log y axis, with the Knuth–Moore
// minimal tree b^⌈d/2⌉ + b^⌊d/2⌋ − 1 as the floor (black, dashed) and the
// full tree b^d as the ceiling (grey, dotted). title "" means a default.
func LeavesByDepthChart(series []Series, b int, title string, opts ...Option) ([]byte, error) {
	if b < 1 {
		return nil, fmt.Errorf("render: branching factor %d, want ≥ 1", b)
	}
	if err := checkAll(series, true); err != nil {
		return nil, err
	}
	ds := xValues(series)
	for _, d := range ds {
		if d < 0 || d != math.Trunc(d) {
			return nil, fmt.Errorf("render: depth %v is not a whole number ≥ 0", d)
		}
	}
	if title == "" {
		title = fmt.Sprintf("Leaves evaluated on random trees, b = %d", b)
	}
	c := newChart(title, "depth d", "leaves evaluated")
	c.grid()
	c.logY()
	c.xTicks(ds, intLabel)
	floor := Series{Name: "minimal tree", X: ds}
	ceil := Series{Name: fmt.Sprintf("full tree %d^d", b), X: ds}
	for _, d := range ds {
		floor.Y = append(floor.Y, MinimalTree(b, int(d)))
		ceil.Y = append(ceil.Y, math.Pow(float64(b), d))
	}
	if err := c.addReference(ceil, ceilingStyle); err != nil {
		return nil, err
	}
	for i, s := range series {
		if err := c.addSeries(i, s); err != nil {
			return nil, err
		}
	}
	if err := c.addReference(floor, floorStyle); err != nil {
		return nil, err
	}
	return c.draw(opts)
}

// LeavesByOrderingChart draws leaves evaluated against the ordering quality
// p of StronglyOrdered trees (the probability that the first child is the
// best; see experiment.MeasureLeavesByOrdering), on a log y axis, with the minimal
// tree and the full tree of branching b and depth d as horizontal
// references.
func LeavesByOrderingChart(series []Series, b, d int, title string, opts ...Option) ([]byte, error) {
	if b < 1 || d < 0 {
		return nil, fmt.Errorf("render: b = %d, d = %d; want b ≥ 1, d ≥ 0", b, d)
	}
	if err := checkAll(series, true); err != nil {
		return nil, err
	}
	ps := xValues(series)
	if title == "" {
		title = fmt.Sprintf("Leaves vs move ordering, b = %d, d = %d", b, d)
	}
	c := newChart(title, "p: probability that the first move is best", "leaves evaluated")
	c.grid()
	c.logY()
	c.xTicks(ps, func(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) })
	span := []float64{ps[0], ps[len(ps)-1]}
	if span[0] == span[1] {
		span[1] = span[0] + 1
	}
	full := math.Pow(float64(b), float64(d))
	minimal := MinimalTree(b, d)
	if err := c.addReference(Series{Name: fmt.Sprintf("full tree %d^%d", b, d), X: span, Y: []float64{full, full}}, ceilingStyle); err != nil {
		return nil, err
	}
	for i, s := range series {
		if err := c.addSeries(i, s); err != nil {
			return nil, err
		}
	}
	if err := c.addReference(Series{Name: "minimal tree", X: span, Y: []float64{minimal, minimal}}, floorStyle); err != nil {
		return nil, err
	}
	return c.draw(opts)
}

// EBFPoint is one measurement of the effective branching factor: alpha-beta
// on natural random uniform trees of branching B and depth D evaluated
// Leaves leaves (mean over the seeds), so EBF = Leaves^(1/D); see
// experiment.MeasureEBF.
type EBFPoint = experiment.EBFPoint

// EBFChart draws the measured effective branching factor of alpha-beta
// against b with, for comparison, Pearl's asymptote ξ_b/(1 − ξ_b) (black,
// dashed), the best case b^(1/2) of perfect ordering and the worst case b
// of minimax.
func EBFChart(points []EBFPoint, title string, opts ...Option) ([]byte, error) {
	if len(points) == 0 {
		return nil, errors.New("render: no EBF points to draw")
	}
	measured := Series{Name: "alpha-beta, measured"}
	pearl := Series{Name: "Pearl ξ/(1−ξ)"}
	best := Series{Name: "best case √b"}
	worst := Series{Name: "minimax b"}
	for _, p := range points {
		if p.B < 1 || p.D < 1 || p.Leaves < 1 {
			return nil, fmt.Errorf("render: EBF point %+v: want b ≥ 1, d ≥ 1, leaves ≥ 1", p)
		}
		x := float64(p.B)
		pb, _ := PearlBranching(p.B)
		measured.X, measured.Y = append(measured.X, x), append(measured.Y, p.EBF)
		pearl.X, pearl.Y = append(pearl.X, x), append(pearl.Y, pb)
		best.X, best.Y = append(best.X, x), append(best.Y, math.Sqrt(x))
		worst.X, worst.Y = append(worst.X, x), append(worst.Y, x)
	}
	if title == "" {
		title = "Alpha-beta's effective branching factor"
	}
	c := newChart(title, "branching factor b", "leaves^(1/d)")
	c.grid()
	c.p.Y.Min = 0
	c.xTicks(measured.X, intLabel)
	c.p.Y.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		var ticks []plot.Tick
		step := math.Max(1, math.Ceil(hi/10))
		for y := 0.0; y <= hi; y += step {
			ticks = append(ticks, plot.Tick{Value: y, Label: intLabel(y)})
		}
		return ticks
	})
	if err := c.addReference(worst, ceilingStyle); err != nil {
		return nil, err
	}
	if err := c.addSeries(0, measured); err != nil {
		return nil, err
	}
	if err := c.addReference(pearl, pearlStyle); err != nil {
		return nil, err
	}
	bestStyle := draw.LineStyle{Color: palette[2], Width: vg.Points(2), Dashes: dashes[2]}
	if err := c.addReference(best, bestStyle); err != nil {
		return nil, err
	}
	return c.draw(opts)
}

// IterationsChart draws the nodes of each iteration of iterative deepening
// as bars (iters.X: the depths, iters.Y: the nodes; see MeasureIterations),
// their running total as a line, and the nodes of one direct search to the
// final depth as a dashed horizontal line (ref: one point, whose Name is
// the legend text).
func IterationsChart(iters, ref Series, title string, opts ...Option) ([]byte, error) {
	if err := checkAll([]Series{iters, ref}, false); err != nil {
		return nil, err
	}
	labels := make([]string, iters.Len())
	vals := make(plotter.Values, iters.Len())
	total := Series{Name: "running total"}
	sum := 0.0
	for i := range iters.X {
		if iters.Y[i] < 0 {
			return nil, fmt.Errorf("render: series %q: negative count %v", iters.Name, iters.Y[i])
		}
		labels[i] = intLabel(iters.X[i])
		vals[i] = iters.Y[i]
		sum += iters.Y[i]
		total.X = append(total.X, float64(i))
		total.Y = append(total.Y, sum)
	}
	direct := ref.Y[len(ref.Y)-1]
	if title == "" {
		title = "Nodes per iteration of iterative deepening"
	}
	c := newChart(title, "iteration (search depth)", "nodes")
	c.grid()
	bars, err := plotter.NewBarChart(vals, vg.Points(28))
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	bars.Color = palette[5]
	bars.LineStyle.Color = palette[0]
	bars.LineStyle.Width = vg.Points(1)
	c.add(iters.Name, bars)
	if err := c.addSeries(1, total); err != nil {
		return nil, err
	}
	n := float64(len(labels))
	refLine := Series{Name: ref.Name, X: []float64{-0.5, n - 0.5}, Y: []float64{direct, direct}}
	if err := c.addReference(refLine, floorStyle); err != nil {
		return nil, err
	}
	c.p.NominalX(labels...)
	c.p.X.Min, c.p.X.Max = -0.6, n-0.4
	c.p.Y.Min = 0
	c.p.Y.Max = math.Max(sum, direct) * 1.08
	c.p.Y.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		ticks := plot.DefaultTicks{}.Ticks(lo, hi)
		for i := range ticks {
			if ticks[i].Label != "" {
				ticks[i].Label = count(ticks[i].Value)
			}
		}
		return ticks
	})
	return c.draw(opts)
}

// StepsChart draws a measure along named steps, one line per series, on a
// log y axis: series[k].Y[i] is series k's value at step i (X is ignored;
// every series needs one value per step, NaN where it was not measured).
// Notebook 10 draws the mean nodes of each step of Pons' Connect Four
// tutorial with it, one line per test set.
// yLabel "" means "mean nodes per position"; title "" means a default.
func StepsChart(steps []string, series []Series, yLabel, title string, opts ...Option) ([]byte, error) {
	if len(steps) == 0 {
		return nil, errors.New("render: no steps to draw")
	}
	placed := make([]Series, len(series))
	for k, s := range series {
		if len(s.Y) != len(steps) {
			return nil, fmt.Errorf("render: series %q has %d values for %d steps", s.Name, len(s.Y), len(steps))
		}
		placed[k] = Series{Name: s.Name}
		for i, y := range s.Y {
			if !math.IsNaN(y) {
				placed[k].X = append(placed[k].X, float64(i))
				placed[k].Y = append(placed[k].Y, y)
			}
		}
	}
	if err := checkAll(placed, true); err != nil {
		return nil, err
	}
	if yLabel == "" {
		yLabel = "mean nodes per position"
	}
	if title == "" {
		title = "Nodes per step"
	}
	c := newChart(title, "", yLabel)
	c.grid()
	c.logY()
	var all []float64
	for i := range steps {
		all = append(all, float64(i))
	}
	c.xTicks(all, func(x float64) string { return steps[int(x)] })
	if len(steps) > 6 { // many steps side by side: slanted names, so they do not run together
		c.p.X.Tick.Label.Rotation = math.Pi / 4
		c.p.X.Tick.Label.XAlign, c.p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	}
	for i, s := range placed {
		if err := c.addSeries(i, s); err != nil {
			return nil, err
		}
	}
	return c.draw(opts)
}

// AlgorithmsChart draws one horizontal bar per algorithm and metric:
// metrics[k].Y[i] is metric k (its Name, e.g. "leaves") of names[i]
// (see experiment.MeasureAlgorithms). The first algorithm is at the top.
func AlgorithmsChart(names []string, metrics []Series, title string, opts ...Option) ([]byte, error) {
	if len(names) == 0 {
		return nil, errors.New("render: no algorithms to draw")
	}
	if err := checkAll(metrics, false); err != nil {
		return nil, err
	}
	for _, m := range metrics {
		if m.Len() != len(names) {
			return nil, fmt.Errorf("render: series %q has %d values for %d algorithms", m.Name, m.Len(), len(names))
		}
	}
	if title == "" {
		title = "Work of each algorithm on one tree"
	}
	c := newChart(title, "count", "")
	c.p.Y.Label.Text = ""
	g := plotter.NewGrid()
	g.Horizontal.Color = nil
	g.Vertical.Color = color.Gray{Y: 220}
	c.p.Add(g)
	n := len(names)
	rev := make([]string, n)
	for i, name := range names {
		rev[n-1-i] = name
	}
	// Room for the bars: at least 20pt per algorithm.
	c.minHeight = vg.Points(20*float64(n)) + 3*vg.Centimeter
	per := (max(DefaultHeight, c.minHeight) - 3*vg.Centimeter) / vg.Length(n)
	width := per * 0.8 / vg.Length(len(metrics))
	for k, m := range metrics {
		vals := make(plotter.Values, n)
		for i := range names {
			if m.Y[i] < 0 {
				return nil, fmt.Errorf("render: series %q: negative count %v", m.Name, m.Y[i])
			}
			vals[n-1-i] = m.Y[i]
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		bars.Horizontal = true
		bars.Color = []color.Color{palette[0], palette[4], palette[2], palette[5]}[k%4]
		bars.LineStyle.Color = color.Black
		bars.LineStyle.Width = vg.Points(0.5)
		bars.Offset = (vg.Length(len(metrics)-1)/2 - vg.Length(k)) * width // metric 0 on top
		c.add(m.Name, bars)
	}
	c.p.NominalY(rev...)
	c.p.X.Min = 0
	c.p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		ticks := plot.DefaultTicks{}.Ticks(lo, hi)
		for i := range ticks {
			if ticks[i].Label != "" {
				ticks[i].Label = count(ticks[i].Value)
			}
		}
		return ticks
	})
	c.p.Y.Tick.Label.Font.Variant = font.Variant("Mono")
	return c.draw(opts)
}

// WriteCSV writes series as CSV, one row per point: a header
// "series,XNAME,YNAME" and rows name,x,y, series after series. Numbers are
// written in full (strconv's shortest form), so they read back equal.
func WriteCSV(w io.Writer, xName, yName string, series []Series) error {
	if err := checkAll(series, false); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"series", xName, yName})
	for _, s := range series {
		for i := range s.X {
			cw.Write([]string{s.Name, num(s.X[i]), num(s.Y[i])})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteEBFCSV writes EBF points as CSV with the header
// "b,d,leaves,ebf,pearl,sqrt_b", one row per point.
func WriteEBFCSV(w io.Writer, points []EBFPoint) error {
	if len(points) == 0 {
		return errors.New("render: no EBF points to write")
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"b", "d", "leaves", "ebf", "pearl", "sqrt_b"})
	for _, p := range points {
		pb, err := PearlBranching(p.B)
		if err != nil {
			return err
		}
		cw.Write([]string{strconv.Itoa(p.B), strconv.Itoa(p.D), num(p.Leaves), num(p.EBF), num(pb), num(math.Sqrt(float64(p.B)))})
	}
	cw.Flush()
	return cw.Error()
}

// WriteAlgorithmsCSV writes the numbers of AlgorithmsChart as CSV: a header
// "algorithm,METRIC1,METRIC2,…" and one row per algorithm.
func WriteAlgorithmsCSV(w io.Writer, names []string, metrics []Series) error {
	if len(names) == 0 {
		return errors.New("render: no algorithms to write")
	}
	if err := checkAll(metrics, false); err != nil {
		return err
	}
	header := []string{"algorithm"}
	for _, m := range metrics {
		if m.Len() != len(names) {
			return fmt.Errorf("render: series %q has %d values for %d algorithms", m.Name, m.Len(), len(names))
		}
		header = append(header, m.Name)
	}
	cw := csv.NewWriter(w)
	cw.Write(header)
	for i, name := range names {
		row := []string{name}
		for _, m := range metrics {
			row = append(row, num(m.Y[i]))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
