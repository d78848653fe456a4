package course

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TestNumText: values and windows are written as the pictures write them.
func TestNumText(t *testing.T) {
	for _, c := range []struct {
		v    int
		want string
	}{{Inf, "+∞"}, {-Inf, "−∞"}, {-3, "−3"}, {0, "0"}, {5, "5"}} {
		if got := algos.FormatValue(c.v); got != c.want {
			t.Errorf("algos.FormatValue(%d) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := algos.FormatWindow(5, Inf); got != "[5, +∞]" {
		t.Errorf("algos.FormatWindow(5, Inf) = %q", got)
	}
}

// TestCutoffs: the cutoffs of the textbook's Figs. 6.8 and 6.9, as
// notebook 02 prints them: where, which bound, shallow or deep, from which
// ply, what was skipped and what the node returned (fail-hard: α).
func TestCutoffs(t *testing.T) {
	for _, c := range []struct{ tree, want string }{
		{"shallow-cutoff", "B (Min, window [5, +∞]): C returned 2, at or below α = 5, a shallow cutoff (α set at S, ply 0); never searched: b2 b3; B returns ≤5"},
		{"deep-cutoff", "Y (Min, window [5, +∞]): D returned 2, at or below α = 5, a deep cutoff (α set at S, ply 0); never searched: y2 y3; Y returns ≤5\n" +
			"B (Min, window [5, +∞]): W returned ≤5, at or below α = 5, a shallow cutoff (α set at S, ply 0); B returns ≤5"},
		{"(1 2)", "none"},
	} {
		s := Record(algos.AlphaBeta, Tree(c.tree).Root(), algos.FullDepth, nil)
		if got := Cutoffs(s); got != c.want {
			t.Errorf("Cutoffs(%s):\n%s\nwant\n%s", c.tree, got, c.want)
		}
	}
	// A Max node that fails high names β; an unlabelled tree names nodes by path.
	s := Record(algos.AlphaBeta, Tree("(((3 4) (5 9)) 1)").Root(), algos.FullDepth, nil)
	want := "0.1 (Max, window [−∞, 4]): 0.1.0 returned 5, at or above β = 4, a shallow cutoff (β set at 0, ply 1); never searched: 0.1.1; 0.1 returns ≥4"
	if got := strings.Split(Cutoffs(s), "\n")[0]; got != want {
		t.Errorf("Cutoffs on a fail-high:\n%s\nwant\n%s", got, want)
	}
}

// TestWindowTable: the windows node by node of Fig. 6.9 (Table 6.3's
// listing): ±∞ written as ∞, bounds as ≤, every searched node once.
func TestWindowTable(t *testing.T) {
	s := Record(algos.AlphaBeta, Tree("deep-cutoff").Root(), algos.FullDepth, nil)
	lines := strings.Split(WindowTable(s), "\n")
	if len(lines) != 1+15 {
		t.Fatalf("%d lines, want a header and 15 nodes:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	for i, want := range map[int]string{
		0:  "node to move window [α, β] on entry returned",
		1:  "S Max [−∞, +∞] 5",
		6:  "B Min [5, +∞] ≤5",
		8:  "Y Min [5, +∞] ≤5",
		12: "z2 leaf [5, 6] 9",
		13: "W Max [5, 6] ≤5",
	} {
		if got := strings.Join(strings.Fields(lines[i]), " "); got != want {
			t.Errorf("line %d: %q, want %q", i, got, want)
		}
	}
	if !strings.HasPrefix(lines[8], "      Y") {
		t.Errorf("Y (ply 3) is not indented by 6: %q", lines[8])
	}
	if strings.Contains(WindowTable(s), "1073741824") {
		t.Errorf("the table prints algos.Inf as a number")
	}
}

// parentBoundOnly is a learner's mistake: alpha-beta that passes only the
// parent's own bound down, not the window from further up.
func parentBoundOnly(n *Node, alpha, beta int) (v int) {
	defer n.Record(&v, alpha, beta)()
	if n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		a := -Inf
		for _, c := range n.Children() {
			a = max(a, parentBoundOnly(c, a, Inf))
			if a >= beta {
				return beta
			}
		}
		return a
	}
	b := Inf
	for _, c := range n.Children() {
		b = min(b, parentBoundOnly(c, -Inf, b))
		if alpha >= b {
			return alpha
		}
	}
	return b
}

// TestAgree: a learner's alpha-beta is the library's search on Fig. 6.9;
// one that does not pass the window down differs, and Agree says where.
func TestAgree(t *testing.T) {
	tr := Tree("deep-cutoff")
	lib := Record(algos.AlphaBeta, tr.Root(), algos.FullDepth, nil)
	mine := Mine(tr, func(root *Node) int { return alphabeta(root, -Inf, Inf) })
	if got, want := Agree(mine, lib), "the same search: 15 nodes entered, 8 leaves evaluated, the same windows, values and cutoffs"; got != want {
		t.Errorf("Agree = %q, want %q", got, want)
	}
	wrong := Mine(tr, func(root *Node) int { return parentBoundOnly(root, -Inf, Inf) })
	if got, want := Agree(wrong, lib), "they differ at X: your window [−∞, +∞], the library's [5, +∞]"; got != want {
		t.Errorf("Agree(a search that passes no window) = %q, want %q", got, want)
	}
	other := Record(algos.Minimax, tr.Root(), algos.FullDepth, nil)
	if got := Agree(other, lib); !strings.HasPrefix(got, "they differ") {
		t.Errorf("minimax and alpha-beta agree: %q", got)
	}
}

// TestAlphaBetaVsMinimax: notebook 02's 200 random trees: the same value
// on every tree, never more leaves, the totals it quotes.
func TestAlphaBetaVsMinimax(t *testing.T) {
	got := AlphaBetaVsMinimax(200)
	want := Tally{Trees: 200, SameValue: 200, FewerLeaves: 187, MoreLeaves: 0, MinimaxLeaves: 836900, AlphaBetaLeaves: 147388}
	if got != want {
		t.Errorf("AlphaBetaVsMinimax(200) = %+v, want %+v", got, want)
	}
	if s := got.String(); !strings.Contains(s, "same value: 200 of 200") || !strings.Contains(s, "leaves in all: minimax 836900, alpha-beta 147388") {
		t.Errorf("String() = %q", s)
	}
	// The 13 trees where alpha-beta cuts nothing are all of the smallest
	// kind, branching 2 and depth 3 (the notebook says so).
	for i := range 200 {
		u := random.Uniform{B: 2 + i%4, D: 3 + i%4, Seed: uint64(i)}
		mm := Must(algos.Minimax(Must(u.Root()), algos.FullDepth, nil))
		ab := Must(algos.AlphaBeta(Must(u.Root()), algos.FullDepth, nil))
		if ab.Stats.Leaves == mm.Stats.Leaves && (u.B != 2 || u.D != 3) {
			t.Errorf("tree %d (b=%d, d=%d): alpha-beta cuts nothing", i, u.B, u.D)
		}
	}
	// Tree 0 alone: branching 2, depth 3.
	one := AlphaBetaVsMinimax(1)
	u := Must(random.Uniform{B: 2, D: 3, Seed: 0}.Root())
	if r := Must(algos.Minimax(u, algos.FullDepth, nil)); one.MinimaxLeaves != r.Stats.Leaves || one.MinimaxLeaves != 8 {
		t.Errorf("tree 0: minimax leaves %d, want 8", one.MinimaxLeaves)
	}
}
