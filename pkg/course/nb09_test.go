package course

import (
	"math"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/render"
)

func TestColumns(t *testing.T) {
	got := NewColumns("depth d", 2, 3, 7).
		Row("alpha-beta, best", 5.0, 11.0, 107.0).
		Floats("worst", []float64{9, 27, 1829.6666}).
		Row("note", "n/a", math.Inf(1), 12).
		String()
	want := "" +
		"depth d             2   3       7\n" +
		"alpha-beta, best    5  11     107\n" +
		"worst               9  27  1829.7\n" +
		"note              n/a   –      12\n"
	if got != want {
		t.Errorf("Columns:\n%s\nwant\n%s", got, want)
	}
	got = NewColumns("b", "R").Decimals(3).Row("2", 1.6180339).Row("4", 2.0).String()
	if want := "b      R\n2  1.618\n4  2.000\n"; got != want {
		t.Errorf("Decimals(3):\n%s\nwant\n%s", got, want)
	}
	s := []render.Series{{Name: "a", X: []float64{1, 2}, Y: []float64{3, 4.25}}, {Name: "bb", X: []float64{1, 2}, Y: []float64{10, 20}}}
	if got, want := SeriesColumns("x", s).String(), "x    1    2\na    3  4.3\nbb  10   20\n"; got != want {
		t.Errorf("SeriesColumns:\n%s\nwant\n%s", got, want)
	}
}

func TestPercentChangeAndTotal(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want string
	}{{1414, 1037.8, "+36%"}, {766.6, 1037.8, "-26%"}, {575, 575, "+0%"}} {
		if got := PercentChange(c.a, c.b); got != c.want {
			t.Errorf("PercentChange(%v, %v) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
	if FullNumber(51.28) != "51.28" || FullNumber(1_201_000) != "1201000" {
		t.Errorf("FullNumber: %s %s", FullNumber(51.28), FullNumber(1_201_000))
	}
	if got := SeriesTotal(render.Series{Y: []float64{10, 26, 104}}); got != 140 {
		t.Errorf("SeriesTotal = %v, want 140", got)
	}
}

// Knuth and Moore: alpha-beta on best-ordered trees evaluates exactly the
// minimal tree, on every tree.
func TestKnuthMooreExact(t *testing.T) {
	if exact, trees := KnuthMooreExact(3, 4, 2); exact != 12 || trees != 12 {
		t.Errorf("KnuthMooreExact(3, 4, 2) = %d of %d, want 12 of 12", exact, trees)
	}
}

// The three orders on b = 3 trees: best is the minimal tree (5, 11, 53),
// worst reaches 3^d up to d = 3 and then falls below it (657 of 729).
func TestAlphaBetaByOrder(t *testing.T) {
	s := AlphaBetaByOrder(3, []int{2, 3, 6}, 3)
	if len(s) != 3 || s[0].Name != "alpha-beta, best" || s[1].Name != "alpha-beta, natural" || s[2].Name != "alpha-beta, worst" {
		t.Fatalf("series %+v", s)
	}
	round := func(ys []float64) []float64 {
		var out []float64
		for _, y := range ys {
			out = append(out, math.Round(y*10)/10)
		}
		return out
	}
	for i, want := range [][]float64{{5, 11, 53}, {7, 23.3, 185.7}, {9, 27, 657}} {
		got := round(s[i].Y)
		for j := range want {
			if got[j] != want[j] {
				t.Errorf("%s: %v, want %v", s[i].Name, got, want)
				break
			}
		}
	}
}

// The worst-case tree: alpha-beta evaluates every leaf and cuts nothing.
func TestWorstTree(t *testing.T) {
	if got, want := WorstTree(2, 3), "(((2 3) (0 1)) ((6 7) (4 5)))"; got != want {
		t.Errorf("WorstTree(2, 3) = %s, want %s", got, want)
	}
	for _, c := range []struct{ b, d, leaves int }{{3, 3, 27}, {3, 4, 81}, {2, 6, 64}} {
		s := Record(algos.AlphaBeta, Tree(WorstTree(c.b, c.d)).Root(), algos.FullDepth, nil)
		if s.Stats.Leaves != int64(c.leaves) || s.Stats.Cutoffs != 0 {
			t.Errorf("alpha-beta on WorstTree(%d, %d): %d leaves, %d cutoffs; want %d, 0", c.b, c.d, s.Stats.Leaves, s.Stats.Cutoffs, c.leaves)
		}
	}
	if v := Record(algos.AlphaBeta, Tree(WorstTree(3, 3)).Root(), algos.FullDepth, nil).Value; v != 20 {
		t.Errorf("WorstTree(3, 3) is worth %d, want 20", v)
	}
}

// Stockman's theorem as sets: MT-SSS*'s leaves are alpha-beta's on every
// tree, although it evaluates some twice; SCOUT's are not.
func TestDominanceOf(t *testing.T) {
	want := map[string]Dominance{
		"alphabeta": {"alphabeta", 20, 20, 6917, 6917},
		"sss":       {"sss", 20, 20, 5563, 6512},
		"scout":     {"scout", 1, 20, 5915, 9306},
	}
	for name, w := range want {
		if got := DominanceOf(name, 4, 5, 20); got != w {
			t.Errorf("DominanceOf(%s, 4, 5, 20) = %+v, want %+v", name, got, w)
		}
	}
}

// Iterative deepening on tic-tac-toe: ten iterations, 9,854 nodes in all,
// against 20,866 for one alpha-beta search to the end.
func TestMeasureDeepening(t *testing.T) {
	iters, direct := MeasureDeepening(games.NewTicTacToe(), algos.FullDepth)
	if iters.Len() != 10 || SeriesTotal(iters) != 9854 || iters.Y[0] != 10 {
		t.Errorf("iterations %v (total %v), want 10 iterations, 9854 nodes, 10 in the first", iters.Y, SeriesTotal(iters))
	}
	if direct.Name != "alphabeta to depth 9" || direct.Y[0] != 20866 {
		t.Errorf("direct search %q: %v nodes, want alphabeta to depth 9, 20866", direct.Name, direct.Y)
	}
}

func TestPercentOf(t *testing.T) {
	s := []render.Series{{Name: "worst", X: []float64{2, 6}, Y: []float64{9, 657}}}
	got := PercentOfFullTree(s, 3)
	if got[0].Name != "worst" || got[0].Y[0] != 100 || math.Abs(got[0].Y[1]-90.123) > 0.001 {
		t.Errorf("PercentOfFullTree = %+v, want worst at 100 and 90.1", got)
	}
	if s[0].Y[1] != 657 {
		t.Errorf("PercentOfFullTree changed its argument: %v", s[0].Y)
	}
	ab := render.Series{Name: "alphabeta", X: []float64{0, 0.8}, Y: []float64{3341, 853.2}}
	ns := render.Series{Name: "negascout", X: ab.X, Y: []float64{3968, 765.6}}
	rel := PercentOf([]render.Series{ab, ns}, ab)
	if rel[0].Y[0] != 100 || rel[0].Y[1] != 100 || PercentChange(rel[1].Y[1], 100) != "-10%" {
		t.Errorf("PercentOf = %+v, want alphabeta at 100 and negascout at -10%% for p = 0.8", rel)
	}
	if got, want := Steps("p = ", []float64{0, 0.5, 1}), []string{"p = 0", "p = 0.5", "p = 1"}; !slices.Equal(got, want) {
		t.Errorf("Steps = %q, want %q", got, want)
	}
}
