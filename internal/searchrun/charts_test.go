package searchrun

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// Each chart is its measurement drawn, with the measurement's numbers as
// CSV; a failed measurement is its error and no chart.
func TestCharts(t *testing.T) {
	in := For(mustTree(t, "((3 12 8) (2 4 6) (14 5 2))").Root(), nil)
	for _, c := range []struct {
		name   string
		make   func() (*Chart, error)
		header string
	}{
		{"depth", func() (*Chart, error) {
			return DepthChart(2, []int{2, 3}, random.Natural, []string{"alphabeta"}, 1, 100, "D")
		}, "series,depth,"},
		{"ordering", func() (*Chart, error) {
			return OrderingChart(2, 3, []float64{0, 1}, []string{"alphabeta", "pvs"}, 1, 100, "O")
		}, "series,p,"},
		{"ebf", func() (*Chart, error) { return EBFChart([]int{2, 3}, 3, 1000, 1, "E") }, ""},
		{"iterations", func() (*Chart, error) {
			return in.IterationsChart(algos.FullDepth, nil, "alphabeta", 0, "I")
		}, "series,depth,"},
		{"algorithms", func() (*Chart, error) {
			return in.AlgorithmsChart(algos.FullDepth, []string{"alphabeta", "minimax"}, 0, "A")
		}, ""},
	} {
		ch, err := c.make()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var csv strings.Builder
		if !bytes.Contains(ch.Picture, []byte("<svg")) || ch.CSV(&csv) != nil || !strings.HasPrefix(csv.String(), c.header) || strings.Count(csv.String(), "\n") < 2 {
			t.Errorf("%s: picture %.30q…, CSV %q", c.name, ch.Picture, csv.String())
		}
	}
	ch, err := in.AlgorithmsChart(algos.FullDepth, []string{"alphabeta"}, 2, "A")
	if se, ok := errors.AsType[*experiment.SearchError](err); ch != nil || !ok || se.Alg != "alphabeta" {
		t.Errorf("budget 2: %v, %v; want no chart and a SearchError of alphabeta", ch, err)
	}
}

// The charts on uniform trees check their arguments before they measure:
// seeds, then the bound on leaves, then each tree's size, the first
// broken one as a typed error.
func TestChartsCheckTheirTrees(t *testing.T) {
	for _, c := range []struct {
		name string
		make func() (*Chart, error)
		want error
	}{
		{"depth, no seeds", func() (*Chart, error) {
			return DepthChart(2, []int{2}, random.Natural, []string{"alphabeta"}, 0, 0, "")
		}, &experiment.RangeError{Arg: "seeds", Min: 1, Got: 0}},
		{"depth, no leaves", func() (*Chart, error) {
			return DepthChart(2, []int{2}, random.Natural, []string{"alphabeta"}, 1, 0, "")
		}, &experiment.RangeError{Arg: "maxLeaves", Min: 1, Got: 0}},
		{"depth, the first tree too big", func() (*Chart, error) {
			return DepthChart(3, []int{2, 3, 4, 5}, random.Natural, []string{"alphabeta"}, 1, 27, "")
		}, &experiment.SizeError{B: 3, D: 4, MaxLeaves: 27}},
		{"ordering, too big", func() (*Chart, error) {
			return OrderingChart(4, 3, []float64{0}, []string{"alphabeta"}, 1, 63, "")
		}, &experiment.SizeError{B: 4, D: 3, MaxLeaves: 63}},
		{"ebf, fewer than 4 leaves", func() (*Chart, error) { return EBFChart([]int{2}, 0, 3, 1, "") }, &experiment.RangeError{Arg: "maxLeaves", Min: 4, Got: 3}},
		{"ebf, seeds first", func() (*Chart, error) { return EBFChart([]int{2}, 0, 3, -1, "") }, &experiment.RangeError{Arg: "seeds", Min: 1, Got: -1}},
		{"ebf, the first b too big", func() (*Chart, error) { return EBFChart([]int{2, 3, 4}, 3, 8, 1, "") }, &experiment.SizeError{B: 3, D: 3, MaxLeaves: 8}},
	} {
		ch, err := c.make()
		if ch != nil || err == nil || err.Error() != c.want.Error() || reflect.TypeOf(err) != reflect.TypeOf(c.want) {
			t.Errorf("%s: %v, %v; want no chart and %#v", c.name, ch, err, c.want)
		}
	}
	// d = 0 sizes each tree itself (experiment.EBFDepth): no size to check.
	if _, err := EBFChart([]int{2, 3}, 0, 8, 1, "E"); err != nil {
		t.Errorf("ebf with d = 0 and 8 leaves: %v", err)
	}
}
