package course

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// softAlphaBeta is notebook 07's alpha-beta, fail-soft in the Max/Min
// form, as its cell writes it over Nodes.
func softAlphaBeta(n *Node, alpha, beta int) (v int) {
	defer n.Record(&v, alpha, beta)()
	if n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		v = -Inf
		for _, c := range n.Children() {
			v = max(v, softAlphaBeta(c, max(alpha, v), beta))
			if v >= beta {
				return v // fail high: at least v
			}
		}
		return v
	}
	v = Inf
	for _, c := range n.Children() {
		v = min(v, softAlphaBeta(c, alpha, min(beta, v)))
		if v <= alpha {
			return v // fail low: at most v
		}
	}
	return v
}

// mtdfDriver is notebook 07's MTD(f) driver, as its cell writes it.
func mtdfDriver(g int, pass func(alpha, beta int) int) int {
	lower, upper := -Inf, Inf
	for lower < upper {
		beta := max(g, lower+1)
		g = pass(beta-1, beta)
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	return g
}

// TestNB07SoftAlphaBeta: the notebook's fail-soft alpha-beta over Nodes is
// recorded as the library's AlphaBeta with Fail: FailSoft records itself,
// node by node, with the whole window and with null windows around every
// value, on every fixture and on random trees.
func TestNB07SoftAlphaBeta(t *testing.T) {
	trees := testTrees(20, 3, 3)
	for i, tr := range trees {
		windows := [][2]int{{-Inf, Inf}}
		for v := -2; v <= 20; v += 3 {
			windows = append(windows, [2]int{v, v + 1})
		}
		for _, w := range windows {
			mine := Mine(tr, func(root *Node) int { return softAlphaBeta(root, w[0], w[1]) })
			lib := Record(algos.AlphaBeta, tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{
				Fail: algos.FailSoft, Window: &algos.Window{Alpha: w[0], Beta: w[1]}})
			if mine.Value != lib.Value {
				t.Errorf("tree %d window %v: value %d, library %d", i, w, mine.Value, lib.Value)
			}
			a, b := summarize(mine.Rec), summarize(lib.Rec)
			if len(a) != len(b) {
				t.Fatalf("tree %d window %v: %d nodes recorded, library %d", i, w, len(a), len(b))
			}
			for k := range a {
				if a[k].name != b[k].name || a[k].window != b[k].window || a[k].value != b[k].value ||
					a[k].leaf != b[k].leaf || a[k].cut != b[k].cut || !slices.Equal(a[k].pruned, b[k].pruned) {
					t.Errorf("tree %d window %v node %d: mine %+v, library %+v", i, w, k, a[k], b[k])
				}
			}
		}
	}
}

// TestNB07Driver: the notebook's driver, with the notebook's alpha-beta as
// its pass and no table, finds every tree's value, and on Fig. 5.2 from the
// guess 10 makes the passes the notebook draws: β = 10, 5, 3 returning ≤5,
// ≤3, ≥3 in 4 + 5 + 3 leaves, where the library's MTDF, with its table,
// tests the same β and evaluates 4 + 3 + 3.
func TestNB07Driver(t *testing.T) {
	for seed := range 30 {
		tr := Tree(randomLiteral(3, 4, uint64(seed)))
		want := Must(algos.Minimax(tr.Root(), algos.FullDepth, nil)).Value
		for _, g := range []int{-5, 0, 7, 30} {
			got := mtdfDriver(g, func(alpha, beta int) int {
				return Mine(tr, func(root *Node) int { return softAlphaBeta(root, alpha, beta) }).Value
			})
			if got != want {
				t.Errorf("seed %d guess %d: value %d, want %d", seed, g, got, want)
			}
		}
	}
	fig := Tree("aima-fig5.2")
	var lines []string
	v := mtdfDriver(10, func(alpha, beta int) int {
		s := Mine(fig, func(root *Node) int { return softAlphaBeta(root, alpha, beta) })
		lines = append(lines, fmt.Sprintf("β %d %s %d", beta, Returned(s), len(s.Rec.Leaves())))
		return s.Value
	})
	if want := []string{"β 10 ≤5 4", "β 5 ≤3 5", "β 3 ≥3 3"}; v != 3 || !slices.Equal(lines, want) {
		t.Errorf("Fig. 5.2 from 10: value %d, passes %q, want 3, %q", v, lines, want)
	}
	g := 10
	lib := Must(algos.MTDF(fig.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Guess: &g}))
	var betas []string
	for _, it := range lib.Iterations {
		betas = append(betas, fmt.Sprint(it.Beta, " ", it.Stats.Leaves))
	}
	if want := []string{"10 4", "5 3", "3 3"}; !slices.Equal(betas, want) {
		t.Errorf("library MTDF from 10: passes %q, want %q", betas, want)
	}
}

// TestNB07Labels: what the notebook prints of a recorded search is what
// its pictures write.
func TestNB07Labels(t *testing.T) {
	fig := Tree("aima-fig5.2")
	test := func(v int) *Search[gametree.Node] {
		return Mine(fig, func(root *Node) int { return softAlphaBeta(root, v, v+1) })
	}
	for _, c := range []struct {
		v                       int
		returned, leaves, inner string
	}{
		{2, "≥3", "b1 b2 b3", "A ≥3, B ≥3"},
		{3, "≤3", "b1 c1 d1 d2 d3", "A ≤3, B ≤3, C ≤2, D ≤2"},
	} {
		s := test(c.v)
		if got := [3]string{Returned(s), Evaluated(s), InteriorLabels(s, 0)}; got != [3]string{c.returned, c.leaves, c.inner} {
			t.Errorf("TEST %d: %q, want %q", c.v, got, [3]string{c.returned, c.leaves, c.inner})
		}
	}
	rev := Tree("A(D(d1=14 d2=5 d3=2) C(c1=2 c2=4 c3=6) B(b1=3 b2=12 b3=8))")
	sc := Record(algos.Scout[gametree.Node], rev.Root(), algos.FullDepth, nil)
	want := []string{
		"D: EVAL with the window [−∞, +∞], returned 2",
		"C: TEST with the window [2, 3], returned ≤2",
		"B: TEST with the window [2, 3], returned ≥3",
		"B: EVAL with the window [−∞, +∞], returned 3",
	}
	if got := ScoutRoot(sc); !slices.Equal(got, want) {
		t.Errorf("SCOUT's root: %q, want %q", got, want)
	}
	for v, want := range map[int]string{Inf: "+∞", -Inf: "−∞", -Inf + 1: "−∞+1", Inf - 1: "+∞−1", -4: "−4", 0: "0"} {
		if got := algos.FormatValue(v); got != want {
			t.Errorf("FormatValue(%d) = %q, want %q", v, got, want)
		}
	}
}

// TestNB07Passes: the pass table and titles of MTD(f), SSS* and DUAL* on
// Fig. 5.2, and what each pass of MTD(f) found in its table.
func TestNB07Passes(t *testing.T) {
	fig := Tree("aima-fig5.2")
	g := 10
	s := Record(algos.MTDF[gametree.Node], fig.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Guess: &g})
	rows := func(table string) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimSpace(table), "\n") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
		return out
	}
	for _, c := range []struct {
		res  algos.Result
		want []string
	}{
		{s.Result, []string{"pass g (guess) β (test) returned [lower, upper] leaves",
			"1 10 10 ≤5 [−∞, 5] 4", "2 5 5 ≤3 [−∞, 3] 3", "3 3 3 ≥3 [3, 3] 3"}},
		{Must(algos.SSS(fig.Root(), algos.FullDepth, nil)), []string{"pass g (guess) β (test) returned [lower, upper] leaves",
			"1 +∞ +∞ ≤14 [−∞, 14] 3", "2 14 14 ≤5 [−∞, 5] 2", "3 5 5 ≤3 [−∞, 3] 3", "4 3 3 ≥3 [3, 3] 3"}},
		{Must(algos.Dual(fig.Root(), algos.FullDepth, nil)), []string{"pass g (guess) β (test) returned [lower, upper] leaves",
			"1 −∞ −∞+1 ≥3 [3, +∞] 3", "2 3 4 ≤3 [3, 3] 5"}},
	} {
		if got := rows(PassTable(c.res)); !slices.Equal(got, c.want) {
			t.Errorf("pass table %q, want %q", got, c.want)
		}
	}
	if got, want := PassTitle("MTD(f)", s.Result, 3), "MTD(f) pass 3: g = 3, β = 3, returned ≥3"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	hits := map[int][]string{
		1: {"no node found its position in the table"},
		2: {
			"A: table ≤5 (TT UPPER), not enough for [4, 5]: searched, returns ≤3",
			"D: table ≤5 (TT UPPER), not enough for [4, 5]: searched, returns ≤2",
			"B: table ≤3 (TT UPPER cut), settles [4, 5]: not searched, returns ≤3",
			"C: table ≤2 (TT UPPER cut), settles [4, 5]: not searched, returns ≤2",
		},
		3: {
			"A: table ≤3 (TT UPPER), not enough for [2, 3]: searched, returns ≥3",
			"B: table ≤3 (TT UPPER), not enough for [2, 3]: searched, returns ≥3",
		},
	}
	for k, want := range hits {
		if got := PassTableHits(s, k); !slices.Equal(got, want) {
			t.Errorf("pass %d: %q, want %q", k, got, want)
		}
	}
}

// TestNB07Measures: the tables of the first guess, of the searches on one
// tree, of dominance, of the first wins and of the leaf counts hold the
// numbers the notebook states.
func TestNB07Measures(t *testing.T) {
	root := Must(random.Uniform{B: 4, D: 6, Seed: 1}.Root())
	rows := func(table string) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimSpace(table), "\n") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
		return out
	}
	if got, want := rows(GuessTable(root, 6, 295, 245)), []string{
		"first guess off by fail-soft passes leaves fail-hard passes leaves",
		"295 +0 2 411 2 471", "245 −50 5 500 52 3728", "static 70 −225 18 548 227 14920",
	}; !slices.Equal(got, want) {
		t.Errorf("guess table %q, want %q", got, want)
	}
	if got, want := rows(CompareSearches(root, 6, "sss", "dual", "mtdf", "alphabeta")), []string{
		"search passes leaves", "sss 75 720", "dual 22 595", "mtdf 18 548", "alphabeta – 783",
	}; !slices.Equal(got, want) {
		t.Errorf("comparison %q, want %q", got, want)
	}
	d := DominanceTrees(random.Natural, "negascout", "sss", "dual", "mtdf", "scout")
	if d.Trees != 1080 || d.Outside["negascout"] != 0 || d.Outside["sss"] != 0 || d.Outside["dual"] != 0 ||
		d.Outside["mtdf"] != 44 || d.Outside["scout"] != 187 || d.More["negascout"] != 758 || d.More["scout"] != 875 {
		t.Errorf("dominance: %+v", d)
	}
	if got, want := rows(d.String())[2], "negascout 0 758"; got != want {
		t.Errorf("dominance table row %q, want %q", got, want)
	}
	if got, want := FirstWin("mtdf", "negascout"), "mtdf beats negascout on seed 1: 6 leaf evaluations against 8, tree (((8 6) (7 5)) ((5 5) (8 6)))"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// The literal is the tree: parsed again, it has the same value.
	tr := Tree("(((8 6) (7 5)) ((5 5) (8 6)))")
	u := Must(random.Uniform{B: 2, D: 3, Seed: 1, Range: 10}.Root())
	if a, b := Must(algos.Minimax(tr.Root(), algos.FullDepth, nil)).Value, Must(algos.Minimax(u, 3, nil)).Value; a != b {
		t.Errorf("the literal's value %d, the tree's %d", a, b)
	}
	c := LeafTable(random.Uniform{B: 3, D: 4}, []uint64{1, 2}, "alphabeta", "mtdf")
	for k, n := range []string{"alphabeta", "mtdf"} {
		var sum int64
		for i, seed := range []uint64{1, 2} {
			r := Must(random.Uniform{B: 3, D: 4, Seed: seed}.Root())
			want := Must(Must(algos.ByName[random.UniformNode](n))(r, 4, nil)).Stats.Leaves
			if c.Leaves[i][k] != want {
				t.Errorf("%s seed %d: %d leaves, want %d", n, seed, c.Leaves[i][k], want)
			}
			sum += want
		}
		if c.Totals[k] != sum {
			t.Errorf("%s: total %d, want %d", n, c.Totals[k], sum)
		}
	}
	if got := rows(c.String()); len(got) != 5 || got[4] != fmt.Sprintf("÷ alphabeta 1.00 %.2f", float64(c.Totals[1])/float64(c.Totals[0])) {
		t.Errorf("leaf table %q", got)
	}
	if svg, err := c.Chart("leaves").Draw(); err != nil || !strings.Contains(string(svg), "<svg") {
		t.Errorf("chart: %v", err)
	}
}
