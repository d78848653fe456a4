package experiment

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// Bench (cutoff bench) and MeasureLeavesByDepth (cutoff plot depth) count
// the same leaves on the same trees, as cutoff bench's help promises.
func TestBenchCountsAsPlot(t *testing.T) {
	names := []string{"minimax", "alphabeta", "pvs", "mtdf", "sss"}
	depths := []int{1, 2, 3, 4}
	for _, order := range []random.Ordering{random.Natural, random.Best, random.Worst} {
		series, err := MeasureLeavesByDepth(3, depths, order, names, 3)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range depths {
			roots, err := UniformRoots(3, d, order, 3)
			if err != nil {
				t.Fatal(err)
			}
			rows, err := Bench(roots, d, names)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(names) {
				t.Fatalf("%d rows for %d names", len(rows), len(names))
			}
			for j, r := range rows {
				if r.Algorithm != names[j] || r.Leaves != series[j].Y[i] || series[j].X[i] != float64(d) {
					t.Errorf("%s order, d=%d: bench %s counts %v leaves, plot %s %v", order, d, r.Algorithm, r.Leaves, series[j].Name, series[j].Y[i])
				}
				if r.Nodes < r.Leaves || r.NsPerNode <= 0 {
					t.Errorf("%s d=%d %s: %v nodes, %v leaves, %v ns/node", order, d, r.Algorithm, r.Nodes, r.Leaves, r.NsPerNode)
				}
			}
		}
	}
}

// Bench's ratio is to alpha-beta on the same trees, also when alpha-beta
// is not named; minimax evaluates every leaf.
func TestBenchYardstick(t *testing.T) {
	roots, err := UniformRoots(4, 4, random.Natural, 2)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Bench(roots, 4, []string{"minimax"})
	if err != nil {
		t.Fatal(err)
	}
	ab, err := Bench(roots, 4, []string{"alphabeta"})
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Leaves != 256 || ab[0].VsAlphaBeta != 1 || rows[0].VsAlphaBeta != 256/ab[0].Leaves {
		t.Errorf("minimax %+v, alphabeta %+v", rows[0], ab[0])
	}
}

func TestErrors(t *testing.T) {
	roots, _ := UniformRoots(2, 2, random.Natural, 1)
	for name, err := range map[string]error{
		"branching 0":     second(MeasureLeavesByDepth(0, []int{2}, random.Natural, []string{"alphabeta"}, 1)),
		"unknown search":  second(MeasureLeavesByDepth(2, []int{2}, random.Natural, []string{"nosuch"}, 1)),
		"no depths":       second(MeasureLeavesByDepth(2, nil, random.Natural, []string{"alphabeta"}, 1)),
		"no seeds":        second(MeasureLeavesByDepth(2, []int{2}, random.Natural, []string{"alphabeta"}, 0)),
		"p outside [0,1]": second(MeasureLeavesByOrdering(2, 2, []float64{1.5}, []string{"alphabeta"}, 1)),
		"EBF b=0":         second(MeasureEBF([]int{0}, 0, 1000, 1)),
		"bench no trees":  second(Bench[random.UniformNode](nil, 2, []string{"alphabeta"})),
		"bench unknown":   second(Bench(roots, 2, []string{"nosuch"})),
		"bench no names":  second(Bench(roots, 2, nil)),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), "experiment: ") && !strings.Contains(err.Error(), "nosuch") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestEBFDepth(t *testing.T) {
	if EBFDepth(2, 5000) != 12 || EBFDepth(8, 100) != 2 || EBFDepth(4, 1<<20) != 10 {
		t.Errorf("EBFDepth(2, 5000) = %d, (8, 100) = %d, (4, 2^20) = %d; want 12, 2, 10", EBFDepth(2, 5000), EBFDepth(8, 100), EBFDepth(4, 1<<20))
	}
}

func TestMeasureErrors(t *testing.T) {
	root, err := gametree.Parse("((3 12 8) (2 4 6) (14 5 2))")
	if err != nil {
		t.Fatal(err)
	}
	_, err = MeasureAlgorithms(root.Root(), algos.FullDepth, []string{"alphabeta", "minimax"}, 5)
	se, ok := errors.AsType[*SearchError](err)
	if !ok || se.Alg != "alphabeta" || !errors.Is(err, algos.ErrBudget) {
		t.Errorf("budget 5: err %v, want a *SearchError naming alphabeta, wrapping algos.ErrBudget", err)
	}
}

func TestBenchShape(t *testing.T) {
	rows, err := BenchShape(3, 4, random.Best, []string{"minimax", "alphabeta"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Algorithm != "minimax" || rows[1].Algorithm != "alphabeta" {
		t.Fatalf("rows %+v, want minimax then alphabeta", rows)
	}
	// On best-ordered trees alpha-beta evaluates exactly the minimal tree.
	ab := rows[1]
	if ab.Minimal != 17 || ab.Leaves != 17 || ab.VsMinimal != 1 || ab.Skipped != "" || ab.Order != "best" {
		t.Errorf("alphabeta row %+v, want the minimal tree's 17 leaves", ab)
	}
	if rows[0].Leaves != 81 || rows[0].VsAlphaBeta != 81.0/17 {
		t.Errorf("minimax row %+v, want 81 leaves", rows[0])
	}
	rows, err = BenchShape(2, 60, random.Best, []string{"alphabeta"}, 1)
	if err != nil || len(rows) != 1 || rows[0].Algorithm != "" || !strings.Contains(rows[0].Skipped, "uniform tree") {
		t.Errorf("a shape the generator refuses: %+v, %v; want one skipped row with its reason", rows, err)
	}
}

func TestUniformLeaves(t *testing.T) {
	for _, tc := range []struct {
		b, d  int
		limit int64
		want  int64
	}{
		{2, 0, 1, 1}, {2, 3, 8, 8}, {2, 3, 7, -1}, {3, 4, 100, 81}, {1, 50, 1, 1},
		{8, 9, 300_000, -1}, {10, 18, 1 << 62, 1_000_000_000_000_000_000}, {10, 19, 1 << 62, -1},
	} {
		if got := UniformLeaves(tc.b, tc.d, tc.limit); got != tc.want {
			t.Errorf("UniformLeaves(%d, %d, %d) = %d, want %d", tc.b, tc.d, tc.limit, got, tc.want)
		}
	}
}
