package render

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"flag"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// regenCharts rewrites testdata/golden/chart-*.svg:
//
//	go test ./pkg/render -run TestChartGolden -regen-charts
var regenCharts = flag.Bool("regen-charts", false, "rewrite the golden chart SVGs in testdata/golden")

// svgInfo parses an SVG document with encoding/xml and returns its texts
// and the number of path and polyline elements.
func svgInfo(t *testing.T, svg []byte) (texts []string, paths int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	inText := false
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse as XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = e.Name.Local
			}
			switch e.Name.Local {
			case "path", "polyline":
				paths++
			case "text":
				inText = true
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText = false
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return texts, paths
}

// checkChart checks that svg parses and names every series in its legend,
// with at least one path per series.
func checkChart(t *testing.T, svg []byte, names ...string) {
	t.Helper()
	texts, paths := svgInfo(t, svg)
	all := strings.Join(texts, "\n")
	for _, name := range names {
		if !strings.Contains(all, name) {
			t.Errorf("legend text %q missing; texts: %q", name, texts)
		}
	}
	if paths < len(names) {
		t.Errorf("%d paths for %d series", paths, len(names))
	}
}

// readCSV parses CSV and checks its header.
func readCSV(t *testing.T, data []byte, header ...string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v", err)
	}
	if len(rows) == 0 || !reflect.DeepEqual(rows[0], header) {
		t.Fatalf("CSV header %q, want %q", rows[:min(1, len(rows))], header)
	}
	return rows[1:]
}

func parse(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// checkSeriesCSV checks that WriteCSV has one row per point with the
// measured values.
func checkSeriesCSV(t *testing.T, series []Series) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCSV(&buf, "x", "y", series); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes(), "series", "x", "y")
	k := 0
	for _, s := range series {
		for i := range s.X {
			if k >= len(rows) {
				t.Fatalf("%d rows, too few", len(rows))
			}
			r := rows[k]
			if r[0] != s.Name || parse(t, r[1]) != s.X[i] || parse(t, r[2]) != s.Y[i] {
				t.Errorf("row %d = %q, want %s,%v,%v", k, r, s.Name, s.X[i], s.Y[i])
			}
			k++
		}
	}
	if k != len(rows) {
		t.Errorf("%d rows for %d points", len(rows), k)
	}
}

func TestPearl(t *testing.T) {
	x, err := PearlRoot(2)
	if err != nil {
		t.Fatal(err)
	}
	if want := (math.Sqrt(5) - 1) / 2; math.Abs(x-want) > 1e-12 {
		t.Errorf("ξ_2 = %v, want %v", x, want)
	}
	pb, _ := PearlBranching(2)
	if want := (1 + math.Sqrt(5)) / 2; math.Abs(pb-want) > 1e-9 {
		t.Errorf("Pearl's branching factor for b=2 is %v, want %v", pb, want)
	}
	if x, _ := PearlRoot(1); math.Abs(x-0.5) > 1e-12 {
		t.Errorf("ξ_1 = %v, want 0.5", x)
	}
	prev := 1.0
	for b := 2; b <= 20; b++ {
		x, _ := PearlRoot(b)
		if r := math.Pow(x, float64(b)) + x - 1; math.Abs(r) > 1e-12 {
			t.Errorf("b=%d: residual %v", b, r)
		}
		// Pearl: the branching factor lies between √b and b, and grows with b.
		pb, _ := PearlBranching(b)
		if pb <= math.Sqrt(float64(b)) || pb >= float64(b) || pb <= prev {
			t.Errorf("b=%d: ξ/(1−ξ) = %v, not in (√b, b) or not increasing", b, pb)
		}
		prev = pb
	}
	if _, err := PearlRoot(0); err == nil {
		t.Error("PearlRoot(0): no error")
	}
}

func TestMinimalTree(t *testing.T) {
	for _, c := range []struct{ b, d, want int }{{2, 0, 1}, {2, 1, 2}, {3, 2, 5}, {3, 3, 11}, {4, 6, 127}, {8, 4, 127}} {
		if got := MinimalTree(c.b, c.d); got != float64(c.want) {
			t.Errorf("MinimalTree(%d, %d) = %v, want %d", c.b, c.d, got, c.want)
		}
	}
}

func TestLeavesByDepth(t *testing.T) {
	names := []string{"minimax", "alphabeta", "pvs", "sss"}
	depths := []int{1, 2, 3, 4}
	series, err := experiment.MeasureLeavesByDepth(3, depths, random.Natural, names, 2)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := experiment.MeasureLeavesByDepth(3, depths, random.Natural, names, 2)
	if !reflect.DeepEqual(series, again) {
		t.Error("two measurements with the same seeds differ")
	}
	for i, s := range series {
		if s.Name != names[i] || s.Len() != len(depths) {
			t.Fatalf("series %d: %+v", i, s)
		}
		for j, d := range depths {
			full, minimal := math.Pow(3, float64(d)), MinimalTree(3, d)
			// Re-searches (PVS, SSS*) may evaluate a leaf twice, so only
			// minimax and alpha-beta are bounded by the full tree.
			over := s.Y[j] > full && (s.Name == "minimax" || s.Name == "alphabeta")
			if s.X[j] != float64(d) || over || s.Y[j] < minimal {
				t.Errorf("%s at d=%d: %v leaves, outside [%v, %v]", s.Name, d, s.Y[j], minimal, full)
			}
			if s.Name == "minimax" && s.Y[j] != full {
				t.Errorf("minimax at d=%d: %v leaves, want %v", d, s.Y[j], full)
			}
		}
	}
	// On best-ordered trees alpha-beta evaluates exactly the minimal tree.
	best, err := experiment.MeasureLeavesByDepth(3, depths, random.Best, []string{"alphabeta"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for j, d := range depths {
		if best[0].Y[j] != MinimalTree(3, d) {
			t.Errorf("best order d=%d: %v leaves, want %v", d, best[0].Y[j], MinimalTree(3, d))
		}
	}
	// The same counts as running the search directly.
	root, _ := random.Uniform{B: 3, D: 4, Seed: 1}.Root()
	r1, _ := algos.AlphaBeta(root, 4, nil)
	root, _ = random.Uniform{B: 3, D: 4, Seed: 2}.Root()
	r2, _ := algos.AlphaBeta(root, 4, nil)
	if want := float64(r1.Stats.Leaves+r2.Stats.Leaves) / 2; series[1].Y[3] != want {
		t.Errorf("alphabeta d=4: %v, want the mean %v", series[1].Y[3], want)
	}

	svg, err := LeavesByDepthChart(series, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, svg, append(names, "minimal tree", "full tree 3^d")...)
	checkSeriesCSV(t, series)
}

func TestLeavesByOrdering(t *testing.T) {
	names := []string{"alphabeta", "negascout"}
	ps := []float64{0, 0.5, 1}
	series, err := experiment.MeasureLeavesByOrdering(3, 4, ps, names, 2)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := experiment.MeasureLeavesByOrdering(3, 4, ps, names, 2)
	if !reflect.DeepEqual(series, again) {
		t.Error("two measurements with the same seeds differ")
	}
	// With perfect ordering (p = 1) alpha-beta evaluates the minimal tree.
	if got := series[0].Y[2]; got != MinimalTree(3, 4) {
		t.Errorf("alphabeta at p=1: %v leaves, want %v", got, MinimalTree(3, 4))
	}
	if series[0].Y[0] <= series[0].Y[2] {
		t.Errorf("alphabeta: p=0 (%v) not worse than p=1 (%v)", series[0].Y[0], series[0].Y[2])
	}
	svg, err := LeavesByOrderingChart(series, 3, 4, "")
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, svg, append(names, "minimal tree", "full tree 3^4")...)
	checkSeriesCSV(t, series)
}

func TestEBF(t *testing.T) {
	points, err := experiment.MeasureEBF([]int{2, 3, 4}, 0, 5000, 2)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := experiment.MeasureEBF([]int{2, 3, 4}, 0, 5000, 2)
	if !reflect.DeepEqual(points, again) {
		t.Error("two measurements with the same seeds differ")
	}
	for _, p := range points {
		if want := experiment.EBFDepth(p.B, 5000); p.D != want || math.Pow(float64(p.B), float64(p.D)) > 5000 || p.D%2 != 0 {
			t.Errorf("b=%d: depth %d, want %d (even, b^d ≤ 5000)", p.B, p.D, want)
		}
		// The minimal tree's and the full tree's EBF bound the measured one.
		lo := math.Pow(MinimalTree(p.B, p.D), 1/float64(p.D))
		if p.EBF < lo || p.EBF > float64(p.B) {
			t.Errorf("b=%d d=%d: EBF %v outside [%v, %v]", p.B, p.D, p.EBF, lo, p.B)
		}
		if math.Abs(math.Pow(p.Leaves, 1/float64(p.D))-p.EBF) > 1e-12 {
			t.Errorf("%+v: EBF is not leaves^(1/d)", p)
		}
	}
	if experiment.EBFDepth(2, 5000) != 12 || experiment.EBFDepth(8, 100) != 2 {
		t.Errorf("experiment.EBFDepth(2, 5000) = %d, experiment.EBFDepth(8, 100) = %d; want 12, 2", experiment.EBFDepth(2, 5000), experiment.EBFDepth(8, 100))
	}
	svg, err := EBFChart(points, "")
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, svg, "alpha-beta, measured", "Pearl ξ/(1−ξ)", "best case √b", "minimax b")
	var buf bytes.Buffer
	if err := WriteEBFCSV(&buf, points); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes(), "b", "d", "leaves", "ebf", "pearl", "sqrt_b")
	if len(rows) != len(points) {
		t.Fatalf("%d rows for %d points", len(rows), len(points))
	}
	for i, p := range points {
		pb, _ := PearlBranching(p.B)
		if parse(t, rows[i][0]) != float64(p.B) || parse(t, rows[i][1]) != float64(p.D) || parse(t, rows[i][2]) != p.Leaves ||
			parse(t, rows[i][3]) != p.EBF || parse(t, rows[i][4]) != pb {
			t.Errorf("row %q, want %+v", rows[i], p)
		}
	}
}

func TestIterations(t *testing.T) {
	root, _ := random.Uniform{B: 3, D: 5, Seed: 1}.Root()
	iters, ref, err := experiment.MeasureIterations(root, 5, nil, "alphabeta", 0)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := algos.IterativeDeepening(root, 5, nil)
	if iters.Len() != len(res.Iterations) {
		t.Fatalf("%d iterations, want %d", iters.Len(), len(res.Iterations))
	}
	for i, it := range res.Iterations {
		if iters.X[i] != float64(it.Depth) || iters.Y[i] != float64(it.Stats.Nodes) {
			t.Errorf("iteration %d: (%v, %v), want (%d, %d)", i, iters.X[i], iters.Y[i], it.Depth, it.Stats.Nodes)
		}
	}
	direct, _ := algos.AlphaBeta(root, 5, nil)
	if ref.Name != "alphabeta to depth 5" || ref.Y[0] != float64(direct.Stats.Nodes) {
		t.Errorf("reference %+v, want alphabeta's %d nodes", ref, direct.Stats.Nodes)
	}
	// The schedule of §6.4 of «Системы искусственного интеллекта».
	iters, _, err = experiment.MeasureIterations(root, 5, []int{2, 3}, "alphabeta", 0)
	if err != nil || !reflect.DeepEqual(iters.X, []float64{2, 3, 5}) {
		t.Errorf("schedule 2,3 to depth 5: %v, %v", iters.X, err)
	}
	svg, err := IterationsChart(iters, ref, "")
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, svg, iters.Name, "running total", ref.Name)
	checkSeriesCSV(t, []Series{iters, ref})

	g := games.NewTicTacToe()
	iters, ref, err = experiment.MeasureIterations(g, 4, nil, "alphabeta", 0)
	if err != nil || iters.Len() != 4 || ref.X[0] != 4 {
		t.Errorf("tic-tac-toe to depth 4: %+v %+v %v", iters, ref, err)
	}
}

func TestAlgorithms(t *testing.T) {
	root, _ := random.Uniform{B: 3, D: 4, Seed: 1}.Root()
	names := algos.Names()
	metrics, err := experiment.MeasureAlgorithms(root, 4, names, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		f, _ := algos.ByName[random.UniformNode](name)
		res, _ := f(root, 4, nil)
		if metrics[0].Y[i] != float64(res.Stats.Leaves) || metrics[1].Y[i] != float64(res.Stats.Nodes) {
			t.Errorf("%s: leaves %v nodes %v, want %d %d", name, metrics[0].Y[i], metrics[1].Y[i], res.Stats.Leaves, res.Stats.Nodes)
		}
	}
	svg, err := AlgorithmsChart(names, metrics, "")
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, svg, append(slicesClone(names), "leaves", "nodes")...)
	var buf bytes.Buffer
	if err := WriteAlgorithmsCSV(&buf, names, metrics); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes(), "algorithm", "leaves", "nodes")
	if len(rows) != len(names) {
		t.Fatalf("%d rows for %d algorithms", len(rows), len(names))
	}
	for i, r := range rows {
		if r[0] != names[i] || parse(t, r[1]) != metrics[0].Y[i] || parse(t, r[2]) != metrics[1].Y[i] {
			t.Errorf("row %q", r)
		}
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

func TestChartErrors(t *testing.T) {
	good := []Series{{Name: "a", X: []float64{1, 2}, Y: []float64{3, 4}}}
	root, _ := random.Uniform{B: 2, D: 2}.Root()
	errs := map[string]error{}
	try := func(name string, err error) { errs[name] = err }
	_, err := experiment.MeasureLeavesByDepth(0, []int{2}, random.Natural, []string{"alphabeta"}, 1)
	try("depth b=0", err)
	_, err = experiment.MeasureLeavesByDepth(2, []int{2}, random.Natural, []string{"nosuch"}, 1)
	try("depth unknown algorithm", err)
	_, err = experiment.MeasureLeavesByDepth(2, nil, random.Natural, []string{"alphabeta"}, 1)
	try("depth no depths", err)
	_, err = experiment.MeasureLeavesByDepth(2, []int{2}, random.Natural, nil, 1)
	try("depth no algorithms", err)
	_, err = experiment.MeasureLeavesByDepth(2, []int{2}, random.Natural, []string{"alphabeta"}, 0)
	try("depth no seeds", err)
	_, err = experiment.MeasureLeavesByOrdering(2, 2, []float64{1.5}, []string{"alphabeta"}, 1)
	try("ordering p>1", err)
	_, err = experiment.MeasureLeavesByOrdering(0, 2, []float64{0.5}, []string{"alphabeta"}, 1)
	try("ordering b=0", err)
	_, err = experiment.MeasureEBF([]int{0}, 0, 1000, 1)
	try("ebf b=0", err)
	_, err = experiment.MeasureEBF(nil, 0, 1000, 1)
	try("ebf no b", err)
	_, _, err = experiment.MeasureIterations(root, 2, nil, "nosuch", 0)
	try("iterations unknown reference", err)
	_, err = experiment.MeasureAlgorithms(root, 2, []string{"alphabeta", "nosuch"}, 0)
	try("algorithms unknown", err)
	_, err = LeavesByDepthChart(nil, 2, "")
	try("depth chart no series", err)
	_, err = LeavesByDepthChart(good, 0, "")
	try("depth chart b=0", err)
	_, err = LeavesByDepthChart([]Series{{Name: "a"}}, 2, "")
	try("depth chart empty series", err)
	_, err = LeavesByDepthChart([]Series{{Name: "a", X: []float64{1}, Y: []float64{0}}}, 2, "")
	try("depth chart zero on log axis", err)
	_, err = LeavesByDepthChart([]Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1}}}, 2, "")
	try("depth chart ragged", err)
	_, err = LeavesByOrderingChart(nil, 2, 2, "")
	try("ordering chart no series", err)
	_, err = EBFChart(nil, "")
	try("ebf chart no points", err)
	_, err = EBFChart([]EBFPoint{{B: 0, D: 2, Leaves: 3}}, "")
	try("ebf chart b=0", err)
	_, err = IterationsChart(Series{}, good[0], "")
	try("iterations chart empty", err)
	_, err = AlgorithmsChart(nil, good, "")
	try("algorithms chart no names", err)
	_, err = AlgorithmsChart([]string{"x"}, good, "")
	try("algorithms chart wrong length", err)
	_, err = StepsChart(nil, good, "", "")
	try("steps chart no steps", err)
	_, err = StepsChart([]string{"a", "b"}, []Series{{Name: "s", Y: []float64{1}}}, "", "")
	try("steps chart wrong length", err)
	_, err = StepsChart([]string{"a"}, []Series{{Name: "s", Y: []float64{0}}}, "", "")
	try("steps chart zero on log axis", err)
	_, err = StepsChart([]string{"a"}, []Series{{Name: "s", Y: []float64{math.NaN()}}}, "", "")
	try("steps chart nothing measured", err)
	try("csv empty", WriteCSV(io.Discard, "x", "y", nil))
	try("ebf csv empty", WriteEBFCSV(io.Discard, nil))
	for name, err := range errs {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestChartGolden pins the SVG of two charts drawn from fixed numbers, so
// that a change of style shows up in review; -regen-charts rewrites them.
// Drawing the same numbers twice gives the same bytes.
func TestChartGolden(t *testing.T) {
	series := []Series{
		{Name: "alphabeta", X: []float64{2, 4, 6}, Y: []float64{11, 67, 421}},
		{Name: "sss", X: []float64{2, 4, 6}, Y: []float64{9, 52, 310}},
	}
	depth, err := LeavesByDepthChart(series, 4, "")
	if err != nil {
		t.Fatal(err)
	}
	ebf, err := EBFChart([]EBFPoint{{B: 2, D: 12, Leaves: 400, EBF: math.Pow(400, 1.0/12)}, {B: 4, D: 6, Leaves: 500, EBF: math.Pow(500, 1.0/6)}}, "")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := StepsChart([]string{"4", "5", "7", "12"}, []Series{
		{Name: "End-Easy", Y: []float64{99.4, 48.9, 36.8, 17.7}},
		{Name: "Middle-Easy", Y: []float64{math.NaN(), 3424, 1329, 150}},
	}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for name, svg := range map[string][]byte{"chart-depth.svg": depth, "chart-ebf.svg": ebf, "chart-steps.svg": steps} {
		path := filepath.Join("..", "..", "testdata", "golden", name)
		if *regenCharts {
			if err := os.WriteFile(path, svg, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./pkg/render -run TestChartGolden -regen-charts)", err)
		}
		if !bytes.Equal(svg, want) {
			t.Errorf("%s differs from the golden file (if the change is meant, run go test ./pkg/render -run TestChartGolden -regen-charts and look at the SVG)", name)
		}
	}
	again, _ := LeavesByDepthChart(series, 4, "")
	if !bytes.Equal(depth, again) {
		t.Error("the same numbers drawn twice give different SVG")
	}
}

// TestLongTitle: a title too long for one line even at the tick size is
// drawn on two lines, whole, not clipped.
func TestLongTitle(t *testing.T) {
	title := "Leaves evaluated by every algorithm of the course on uniform random trees of every depth (3 seeds, b^d ≤ 2^20, natural order, fail-hard and fail-soft alike)"
	s := Series{Name: "alphabeta", X: []float64{1, 2, 3}, Y: []float64{3, 5, 11}}
	svg, err := LeavesByDepthChart([]Series{s}, 3, title)
	if err != nil {
		t.Fatal(err)
	}
	texts, _ := svgInfo(t, svg)
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "Leaves evaluated by") || !strings.Contains(all, "fail-soft alike)") {
		t.Errorf("the long title is not drawn whole:\n%s", all)
	}
	for _, line := range texts {
		if line == title {
			t.Errorf("the long title is drawn on one line, wider than the chart (clipped)")
		}
	}
	if twoLines("a b c d") != "a b\nc d" || twoLines("abc") != "abc" {
		t.Errorf("twoLines(%q) = %q", "a b c d", twoLines("a b c d"))
	}
}

// TestPalette: eight series get eight colours, none black (the reference
// lines' colour).
func TestPalette(t *testing.T) {
	seen := map[color.Color]bool{}
	for _, c := range palette {
		r, g, b, _ := c.RGBA()
		if r == 0 && g == 0 && b == 0 {
			t.Errorf("the palette has black, the reference lines' colour")
		}
		seen[c] = true
	}
	if len(seen) < 8 {
		t.Errorf("%d distinct colours, want 8 (the course charts eight algorithms)", len(seen))
	}
}
