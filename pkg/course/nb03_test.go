package course

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// The searches of notebook 03 as a learner writes them over Nodes, in the
// negamax form of the Persian Wikipedia article on negamax.

// colorNegamax is plain negamax with the color parameter.
func colorNegamax(n *Node, color int) (v int) {
	defer n.RecordNegamax(&v)()
	if n.IsLeaf() {
		return color * n.Value()
	}
	v = -Inf
	for _, c := range n.Children() {
		v = max(v, -colorNegamax(c, -color))
	}
	return v
}

// softNegamaxAB is the article's alpha-beta: fail-soft.
func softNegamaxAB(n *Node, alpha, beta, color int) (v int) {
	defer n.RecordNegamax(&v, alpha, beta)()
	if n.IsLeaf() {
		return color * n.Value()
	}
	v = -Inf
	for _, c := range n.Children() {
		v = max(v, -softNegamaxAB(c, -beta, -alpha, -color))
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return v
}

// hardNegamaxAB is Moreland's fail-hard form.
func hardNegamaxAB(n *Node, alpha, beta, color int) (v int) {
	defer n.RecordNegamax(&v, alpha, beta)()
	if n.IsLeaf() {
		return color * n.Value()
	}
	for _, c := range n.Children() {
		score := -hardNegamaxAB(c, -beta, -alpha, -color)
		if score >= beta {
			return beta
		}
		alpha = max(alpha, score)
	}
	return alpha
}

const sameSearch = "the same search"

// TestMineNegamax: the learner's negamax searches, recorded with
// RecordNegamax, are the library's Negamax and NegamaxAB (fail-soft and
// fail-hard) node by node, windows and values in Max's point of view, with
// Max or Min at the root, on every fixture and on random trees.
func TestMineNegamax(t *testing.T) {
	var lits []string
	for _, f := range gametree.Fixtures() {
		lits = append(lits, f.Literal)
	}
	for seed := range 30 {
		lits = append(lits, randomLiteral(3, 4, uint64(seed)))
	}
	for _, l := range lits {
		for _, who := range []gametree.Player{gametree.Max, gametree.Min} {
			tr := Tree(l, gametree.RootPlayer(who))
			c := int(who)
			for _, run := range []struct {
				name string
				mine *Search[gametree.Node]
				lib  *Search[gametree.Node]
			}{
				{"negamax", Mine(tr, func(r *Node) int { return c * colorNegamax(r, c) }),
					Record(algos.Negamax, tr.Root(), algos.FullDepth, nil)},
				{"fail-soft", Mine(tr, func(r *Node) int { return c * softNegamaxAB(r, -Inf, Inf, c) }),
					Record(algos.NegamaxAB, tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Fail: algos.FailSoft})},
				{"fail-hard", Mine(tr, func(r *Node) int { return c * hardNegamaxAB(r, -Inf, Inf, c) }),
					Record(algos.NegamaxAB, tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Fail: algos.FailHard})},
			} {
				if got := Agree(run.mine, run.lib); !strings.HasPrefix(got, sameSearch) {
					t.Errorf("%s, %v at the root of %s: %s", run.name, who, l, got)
				}
			}
		}
	}
}

// TestMineNegamaxWindow: with a narrow window the learner's fail-hard and
// fail-soft searches return the bounds the library returns, after the same
// leaves (Mine takes a bound of the root's own window for one set above the
// root, so the cutoffs' kinds are not compared here); and the picture sees
// AIMA Fig. 5.2's windows and values in Max's point of view.
func TestMineNegamaxWindow(t *testing.T) {
	tr := Tree("aima-fig5.2")
	for _, w := range [][2]int{{4, 9}, {-10, 2}, {2, 3}} {
		for _, f := range []algos.Fail{algos.FailSoft, algos.FailHard} {
			search := softNegamaxAB
			if f == algos.FailHard {
				search = hardNegamaxAB
			}
			mine := Mine(tr, func(r *Node) int { return search(r, w[0], w[1], 1) })
			lib := Record(algos.NegamaxAB, tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Fail: f, Window: &algos.Window{Alpha: w[0], Beta: w[1]}})
			m, l := mine.Rec.Root(), lib.Rec.Root()
			if mine.Value != lib.Value || m.Value != l.Value || m.Bound != l.Bound || m.Alpha != w[0] || m.Beta != w[1] ||
				len(mine.Rec.Leaves()) != int(lib.Stats.Leaves) {
				t.Errorf("fail-%v in %v: %d %v after %d leaves, library %d %v after %d", f, w, m.Value, m.Bound, len(mine.Rec.Leaves()),
					l.Value, l.Bound, lib.Stats.Leaves)
			}
		}
	}
	soft := Mine(tr, func(r *Node) int { return softNegamaxAB(r, -Inf, Inf, 1) })
	hard := Mine(tr, func(r *Node) int { return hardNegamaxAB(r, -Inf, Inf, 1) })
	for _, c := range []struct {
		s       *Search[gametree.Node]
		at      string
		a, b, v int
		bound   algos.Bound
	}{
		{soft, "C", 3, Inf, 2, algos.Upper},
		{hard, "C", 3, Inf, 3, algos.Upper},
		{soft, "b2", -Inf, 3, 12, algos.Lower},
		{hard, "A", -Inf, Inf, 3, algos.Exact},
	} {
		var x *algos.TraceNode[gametree.Node]
		for n := range algos.Preorder(c.s.Rec.Root()) {
			if n.Pos.Name() == c.at {
				x = n
			}
		}
		if x == nil || x.Alpha != c.a || x.Beta != c.b || x.Value != c.v || !x.Leaf && x.Bound != c.bound {
			t.Errorf("%s: %+v, want window [%d, %d], value %d %v", c.at, x, c.a, c.b, c.v, c.bound)
		}
	}
	// Min at the root: the root's value and window in Max's point of view.
	mt := Tree("A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))", gametree.RootPlayer(gametree.Min))
	s := Mine(mt, func(r *Node) int { return -colorNegamax(r, -1) })
	if s.Value != 6 || s.Rec.Root().Value != 6 || s.Move != 1 {
		t.Errorf("Min at the root: value %d (recorded %d), move %d; want 6, 6, move 1 (C)", s.Value, s.Rec.Root().Value, s.Move)
	}
}

// TestNegamaxTable: AIMA Fig. 5.2 searched by the article's fail-soft
// alpha-beta, listed in the side to move's point of view: Min's B, C and D
// see Max's windows turned around and return −3, ≥−2 and ≥−2 (C and D fail
// low for Max, so high for Min); Max's nodes and leaves keep the picture's
// numbers; a leaf with Min to move is negated, as negamax scores it.
func TestNegamaxTable(t *testing.T) {
	soft := Mine(Tree("aima-fig5.2"), func(r *Node) int { return softNegamaxAB(r, -Inf, Inf, 1) })
	want := []string{
		"node to move window (side to move) returned (side to move) picture (Max)",
		"A Max [−∞, +∞] 3 3",
		"B Min [−∞, +∞] −3 3",
		"b1 leaf, Max [−∞, +∞] 3 3",
		"b2 leaf, Max [−∞, 3] 12 12",
		"b3 leaf, Max [−∞, 3] 8 8",
		"C Min [−∞, −3] ≥−2 ≤2",
		"c1 leaf, Max [3, +∞] 2 2",
		"D Min [−∞, −3] ≥−2 ≤2",
		"d1 leaf, Max [3, +∞] 14 14",
		"d2 leaf, Max [3, 14] 5 5",
		"d3 leaf, Max [3, 5] 2 2",
	}
	got := strings.Split(NegamaxTable(soft), "\n")
	if len(got) != len(want) {
		t.Fatalf("NegamaxTable has %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if g := strings.Join(strings.Fields(got[i]), " "); g != want[i] {
			t.Errorf("line %d = %q, want %q", i, g, want[i])
		}
	}
	if !strings.HasPrefix(got[3], "    b1") {
		t.Errorf("a leaf at ply 2 is not indented by four spaces: %q", got[3])
	}
	// Min at the root: the root's row is negated, its leaves (Min to move
	// at ply 2) too.
	mt := Tree("A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))", gametree.RootPlayer(gametree.Min))
	s := Mine(mt, func(r *Node) int { return -softNegamaxAB(r, -Inf, Inf, -1) })
	tab := NegamaxTable(s)
	for _, row := range []string{"A Min [−∞, +∞] −6 6", "b1 leaf, Min [−∞, +∞] −3 3"} {
		if !strings.Contains(strings.Join(strings.Fields(tab), " "), row) {
			t.Errorf("Min at the root: no row %q in\n%s", row, tab)
		}
	}
}
