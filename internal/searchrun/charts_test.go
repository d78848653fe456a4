package searchrun

import (
	"bytes"
	"errors"
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
			return DepthChart(2, []int{2, 3}, random.Natural, []string{"alphabeta"}, 1, "D")
		}, "series,depth,"},
		{"ordering", func() (*Chart, error) {
			return OrderingChart(2, 3, []float64{0, 1}, []string{"alphabeta", "pvs"}, 1, "O")
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
