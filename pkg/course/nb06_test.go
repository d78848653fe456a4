package course

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// pvs is notebook 06's cell, word for word: Moreland's fail-hard PVS in
// negamax form over Nodes, with the line that gives the picture the window
// and the value from Max's point of view.
func pvs(n *Node, alpha, beta int) (v int) {
	c := n.Color()                           // +1 where Max moves, −1 where Min moves
	defer n.RecordNegamax(&v, alpha, beta)() // for the picture, in Max's point of view

	if n.IsLeaf() {
		return c * n.Value() // Evaluate(): the value for the side to move
	}
	foundPV := false
	for _, child := range n.Children() {
		var val int
		if foundPV {
			val = -pvs(child, -alpha-1, -alpha) // null window: is child better?
			if val > alpha && val < beta {      // the test failed: search child again
				val = -pvs(child, -beta, -alpha)
			}
		} else {
			val = -pvs(child, -beta, -alpha)
		}
		if val >= beta {
			return beta
		}
		if val > alpha {
			alpha, foundPV = val, true
		}
	}
	return alpha
}

// The trees of notebook 06.
const (
	late  = "R(A(a1=3 a2=5) B(b1=6 b2=7) C(c1=1 c2=2))"
	right = "R(A=5 B(b1(x=8 y=2) b2(z=3 w=1)))"
	best  = "R(A(a1(5 4) a2(7 6)) B(b1(3 1) b2(4 2)))"
)

type visit struct {
	name, window string
	value        int
	bound        algos.Bound
	leaf, again  bool
	cut          string
	pruned       []int
}

func visits(rec *algos.Recorder[gametree.Node]) []visit {
	var out []visit
	for n := range algos.Preorder(rec.Root()) {
		v := visit{name: n.Pos.Name(), window: Interval(n.Alpha, n.Beta), value: n.Value, bound: n.Bound,
			leaf: n.Leaf, again: n.ReSearch, pruned: n.Pruned}
		if n.Leaf {
			// A leaf's value is drawn without a bound; Mine classifies it
			// against the window, the library calls it exact.
			v.bound = 0
		}
		if n.Cut != nil {
			// Kind, cutting move and skipped moves, as drawn. (Not From, the
			// ply of the bound, which the pictures do not show: in a
			// null-window search two ancestors can hold the same bound, and
			// Mine and the library may name different ones.)
			v.cut = fmt.Sprint(n.Cut.Kind, n.Cut.Move, n.Cut.Skipped)
		}
		out = append(out, v)
	}
	return out
}

func leafNames(rec *algos.Recorder[gametree.Node]) []string {
	var names []string
	for _, l := range rec.Leaves() {
		names = append(names, l.Name())
	}
	return names
}

// TestMinePVS: the notebook's PVS, run with Mine and its re-searches
// marked, is recorded exactly as algos.PVS records itself and drawn the
// same: the same nodes in the same order with the same
// windows, values, bounds, cutoffs and pruned moves, the same leaves in
// the same order, the same re-searches; on the notebook's trees, every
// fixture, with Min to move at the root, and on random trees.
func TestMinePVS(t *testing.T) {
	trees := []*gametree.Tree{Tree(late), Tree(right), Tree(best), Tree(late, gametree.RootPlayer(gametree.Min))}
	for _, f := range gametree.Fixtures() {
		trees = append(trees, f.Tree())
	}
	for seed := range 40 {
		trees = append(trees, Tree(randomLiteral(2+seed%3, 3+seed%2, uint64(seed))))
	}
	for i, tr := range trees {
		mine := Mine(tr, func(root *Node) int { return root.Color() * pvs(root, -Inf, Inf) })
		lib := Record(algos.PVS, tr.Root(), algos.FullDepth, nil)
		if mine.Value != lib.Value || mine.Move != lib.Move {
			t.Errorf("tree %d: value %d move %d, library %d move %d", i, mine.Value, mine.Move, lib.Value, lib.Move)
		}
		a, b := visits(mine.Rec), visits(lib.Rec)
		if len(a) != len(b) {
			t.Fatalf("tree %d (%s): %d nodes recorded, library %d", i, tr, len(a), len(b))
		}
		for k := range a {
			if a[k].name != b[k].name || a[k].window != b[k].window || a[k].value != b[k].value || a[k].bound != b[k].bound ||
				a[k].leaf != b[k].leaf || a[k].again != b[k].again || a[k].cut != b[k].cut || !slices.Equal(a[k].pruned, b[k].pruned) {
				t.Errorf("tree %d (%s) node %d: mine %+v, library %+v", i, tr, k, a[k], b[k])
			}
		}
		// The pictures: the same drawing, mark for mark.
		opt := render.TreeOptions{Step: -1, Windows: true, Title: "PVS"}
		if x, y := Must(render.TreeDOT(mine.Rec, opt)), Must(render.TreeDOT(lib.Rec, opt)); x != y {
			t.Errorf("tree %d (%s): the picture differs from the library's:\n%s\nlibrary:\n%s", i, tr, x, y)
		}
		if x, y := leafNames(mine.Rec), leafNames(lib.Rec); !slices.Equal(x, y) {
			t.Errorf("tree %d: leaves %v, library %v", i, x, y)
		}
		var again int64
		for n := range algos.Preorder(mine.Rec.Root()) {
			if n.ReSearch {
				again++
			}
		}
		if again != lib.Stats.ReSearches {
			t.Errorf("tree %d: %d re-searches, library %d", i, again, lib.Stats.ReSearches)
		}
	}
}

// TestMinePVSLate: on the notebook's tree late, the learner's PVS
// evaluates b1 and b2 twice, once in B's null-window test [3, 4] and once
// in its re-search [3, +∞], and C's test ends after c1.
func TestMinePVSLate(t *testing.T) {
	s := Mine(Tree(late), func(root *Node) int { return pvs(root, -Inf, Inf) })
	if s.Value != 6 || s.Move != 1 {
		t.Errorf("value %d move %d, want 6 and move 1 (B)", s.Value, s.Move)
	}
	if got, want := leafNames(s.Rec), []string{"a1", "a2", "b1", "b2", "b1", "b2", "c1"}; !slices.Equal(got, want) {
		t.Errorf("leaves %v, want %v", got, want)
	}
	kids := s.Rec.Root().Children
	var got []string
	for _, k := range kids {
		got = append(got, fmt.Sprint(k.Pos.Name(), " ", Interval(k.Alpha, k.Beta), " ", k.ReSearch, " ", k.Value))
	}
	want := []string{"A [−∞, +∞] false 3", "B [3, 4] false 4", "B [3, +∞] true 6", "C [6, 7] false 6"}
	if !slices.Equal(got, want) {
		t.Errorf("the root's searches %q, want %q", got, want)
	}
}

// TestPrintVisits: the printed trace of PVS on late, as the notebook pins it.
func TestPrintVisits(t *testing.T) {
	got := visitLines(RecordByName("pvs", Tree(late).Root(), algos.FullDepth, nil).Rec)
	want := []string{
		"R window [−∞, +∞] → exactly 6",
		"    A window [−∞, +∞] → exactly 3",
		"        a1 window [−∞, +∞] → leaf 3",
		"        a2 window [2, 3] → leaf 5, null-window test",
		"    B window [3, 4] → at least 4, null-window test",
		"        b1 window [3, 4] → leaf 6, null-window test",
		"        b2 window [3, 4] → leaf 7, null-window test",
		"    B window [3, +∞] → exactly 6, re-search",
		"        b1 window [3, +∞] → leaf 6",
		"        b2 window [5, 6] → leaf 7, null-window test",
		"    C window [6, 7] → at most 6, null-window test",
		"        c1 window [6, 7] → leaf 1, null-window test",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTypeCensus: Knuth and Moore's prediction holds at every interior
// node alpha-beta enters in best order, not in natural order; on AIMA Fig.
// 5.2 it holds, and with C searched first B is found PV where CUT was
// predicted.
func TestTypeCensus(t *testing.T) {
	for _, c := range []struct {
		o            random.Ordering
		nodes, wrong int
	}{{random.Best, 141, 0}, {random.Natural, 432, 192}} {
		root := Must(random.Uniform{B: 4, D: 6, Seed: 1, Order: c.o}.Root())
		nodes, wrong := TypeCensus(Record(algos.AlphaBeta, root, 6, nil).Rec)
		if nodes != c.nodes || wrong != c.wrong {
			t.Errorf("%v: %d interior nodes, %d not as predicted; want %d, %d", c.o, nodes, wrong, c.nodes, c.wrong)
		}
	}
	if nodes, wrong := TypeCensus(Record(algos.AlphaBeta, Tree("aima-fig5.2").Root(), algos.FullDepth, nil).Rec); nodes != 4 || wrong != 0 {
		t.Errorf("Fig. 5.2: %d interior nodes, %d not as predicted; want 4, 0", nodes, wrong)
	}
	s := Record(algos.AlphaBeta, Tree("A(C(c1=2 c2=4 c3=6) B(b1=3 b2=12 b3=8) D(d1=14 d2=5 d3=2))").Root(), algos.FullDepth, nil)
	if nodes, wrong := TypeCensus(s.Rec); nodes != 4 || wrong != 1 {
		t.Errorf("Fig. 5.2, C first: %d interior nodes, %d not as predicted; want 4, 1", nodes, wrong)
	}
	if b := s.Rec.Root().Children[1]; b.Type != algos.PV || b.Expected != algos.CUT {
		t.Errorf("Fig. 5.2, C first: B found %v predicted %v, want PV predicted CUT", b.Type, b.Expected)
	}
	// The notebook's best-ordered tree: every type as predicted, the
	// minimal tree's 2² + 2¹ − 1 = 5 leaves.
	s = Record(algos.AlphaBeta, Tree(best).Root(), algos.FullDepth, nil)
	if nodes, wrong := TypeCensus(s.Rec); nodes != 6 || wrong != 0 || s.Stats.Leaves != 5 {
		t.Errorf("best: %d interior nodes, %d not as predicted, %d leaves; want 6, 0, 5", nodes, wrong, s.Stats.Leaves)
	}
	var types []string
	for n := range algos.Preorder(s.Rec.Root()) {
		types = append(types, n.Pos.Name()+" "+n.Expected.String())
	}
	if want := []string{"R PV", "A PV", "a1 PV", "0.0.0 PV", "0.0.1 CUT", "a2 CUT", "0.1.0 ALL", "B CUT", "b1 ALL", "1.0.0 CUT", "1.0.1 CUT"}; !slices.Equal(types, want) {
		t.Errorf("predicted types %q, want %q", types, want)
	}
}

// TestMineReSearches: Mine draws a child searched twice in a row as a
// re-search, as the library does; nothing else.
func TestMineReSearches(t *testing.T) {
	s := Mine(Tree(late), func(root *Node) int { return pvs(root, -Inf, Inf) })
	var marked []string
	for n := range algos.Preorder(s.Rec.Root()) {
		if n.ReSearch {
			marked = append(marked, n.Pos.Name()+Interval(n.Alpha, n.Beta))
		}
	}
	if want := []string{"B[3, +∞]"}; !slices.Equal(marked, want) {
		t.Errorf("marked %q, want %q", marked, want)
	}
}

func TestIntervalAndBoundWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Interval(-Inf, Inf), "[−∞, +∞]"},
		{Interval(3, 4), "[3, 4]"},
		{Interval(-4, -3), "[−4, −3]"},
		{BoundWords(3, algos.Exact), "exactly 3"},
		{BoundWords(4, algos.Lower), "at least 4"},
		{BoundWords(-2, algos.Upper), "at most −2"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// TestCountDominance: the notebook's dominance counts over 200 trees.
func TestCountDominance(t *testing.T) {
	for _, c := range []struct {
		alg  string
		want DominanceTally
	}{
		{"pvs", DominanceTally{Trees: 200, Outside: 0, More: 174, Fewer: 21}},
		{"pvs-soft", DominanceTally{Trees: 200, Outside: 0, More: 175, Fewer: 20}},
		{"negascout", DominanceTally{Trees: 200, Outside: 0, More: 163, Fewer: 23}},
		{"alphabeta", DominanceTally{Trees: 200}},
	} {
		if got := CountDominance(c.alg, 200); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.alg, got, c.want)
		}
	}
	// minimax evaluates every leaf: outside alpha-beta's on the trees
	// where alpha-beta prunes anything.
	if got := CountDominance("minimax", 20); got.Outside == 0 || got.More != got.Outside || got.Fewer != 0 {
		t.Errorf("minimax: %+v, want leaves outside alpha-beta's and never fewer", got)
	}
}

// TestVersusAlphaBeta: the notebook's measurements of PVS against
// alpha-beta, on uniform and strongly ordered trees, with and without a
// table.
func TestVersusAlphaBeta(t *testing.T) {
	if testing.Short() {
		t.Skip("searches about 2 million leaves")
	}
	for _, c := range []struct {
		o    random.Ordering
		alg  string
		want Versus
	}{
		{random.Best, "pvs", Versus{AlphaBeta: 5115, Other: 5115}},
		{random.Natural, "pvs", Versus{AlphaBeta: 110161, Other: 119822, ReSearches: 573, Won: 2, Lost: 3}},
		{random.Natural, "negascout", Versus{AlphaBeta: 110161, Other: 121239}},
	} {
		got := VersusAlphaBeta("alphabeta", c.alg, UniformRoots(8, 6, 5, c.o), 6, false)
		if c.alg == "negascout" {
			got.ReSearches, got.Won, got.Lost = 0, 0, 0
		}
		if got != c.want {
			t.Errorf("%v %s: %+v, want %+v", c.o, c.alg, got, c.want)
		}
	}
	for _, c := range []struct {
		p          float64
		valueRange int
		tt         bool
		want       Versus
	}{
		{1, 0, false, Versus{AlphaBeta: 20460, Other: 20460}},
		{0.95, 0, false, Versus{AlphaBeta: 23936, Other: 24923, ReSearches: 27, Won: 13, Lost: 6}},
		{0.95, 20, true, Versus{Won: 13, Lost: 7}},
	} {
		got := VersusAlphaBeta("negamax-ab", "pvs", StrongRoots(8, 6, 20, c.p, c.valueRange), 6, c.tt)
		if c.valueRange == 20 {
			if r := got.Ratio(); got.Won != c.want.Won || got.Lost != c.want.Lost || r >= 1 || fmt.Sprintf("%.3f", r) != "0.988" {
				t.Errorf("P %v, range %d, table: %+v (ratio %.3f), want won 13 lost 7, ratio 0.988", c.p, c.valueRange, got, r)
			}
			continue
		}
		if got != c.want {
			t.Errorf("P %v: %+v, want %+v", c.p, got, c.want)
		}
	}
}

// TestNotebookPVSCell: the function tested here is notebook 06's cell, so
// that what the tests check is what the learner reads and runs.
func TestNotebookPVSCell(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "notebooks", "06-pvs.ipynb"))
	if err != nil {
		t.Skip("notebook 06 is not here:", err)
	}
	var nb struct {
		Cells []struct {
			ID     string          `json:"id"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatal(err)
	}
	var cell string
	for _, c := range nb.Cells {
		if c.ID != "pvs-n-mine" {
			continue
		}
		var lines []string
		if err := json.Unmarshal(c.Source, &lines); err != nil {
			if err := json.Unmarshal(c.Source, &cell); err != nil {
				t.Fatal(err)
			}
		}
		cell += strings.Join(lines, "")
	}
	self, err := os.ReadFile("nb06_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := func(s string) string {
		i := strings.Index(s, "func pvs(")
		if i < 0 {
			return ""
		}
		s = s[i:]
		if j := strings.Index(s, "\n}\n"); j >= 0 {
			s = s[:j+2]
		}
		return strings.TrimSpace(strings.Replace(s, "*course.Node", "*Node", 1))
	}
	if a, b := body(cell), body(string(self)); a == "" || a != b {
		t.Errorf("the notebook's pvs cell (id pvs-n-mine) is not the pvs tested here:\n%s\n---\n%s", a, b)
	}
}
