package course

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// nb08AlphaBeta is fail-soft alpha-beta in the Max/Min form, as notebook
// 08's cell writes it over Nodes: Best Node Search's null-window test.
func nb08AlphaBeta(n *Node, alpha, beta int) (v int) {
	defer n.Record(&v, alpha, beta)()
	if n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		v = -Inf
		for _, c := range n.Children() {
			v = max(v, nb08AlphaBeta(c, max(alpha, v), beta))
			if v >= beta {
				break
			}
		}
		return v
	}
	v = Inf
	for _, c := range n.Children() {
		v = min(v, nb08AlphaBeta(c, alpha, min(beta, v)))
		if v <= alpha {
			break
		}
	}
	return v
}

type nb08Pass struct{ test, better, alpha, beta int }

// nb08BNS is Best Node Search at a Max root as notebook 08's cell writes
// it over Nodes, returning the best node's name, α, and its passes.
func nb08BNS(root *Node, alpha, beta int) (bestNode string, value int, passes []nb08Pass) {
	inPlay := map[string]bool{}
	for _, child := range root.Children() {
		inPlay[child.Name()] = true
	}
	for {
		test := algos.NextGuess(alpha, beta, len(inPlay))
		better := map[string]bool{}
		endPass := root.RecordPass(test)
		for _, child := range root.Children() {
			if inPlay[child.Name()] && nb08AlphaBeta(child, test-1, test) >= test {
				better[child.Name()] = true
				bestNode = child.Name()
			}
		}
		endPass()
		if len(better) > 0 {
			alpha, inPlay = test, better
		} else {
			beta = test
		}
		passes = append(passes, nb08Pass{test, len(better), alpha, beta})
		if beta-alpha < 2 || len(better) == 1 {
			return bestNode, alpha, passes
		}
	}
}

// nb08Literal is a uniform tree of branching b and depth d as a literal,
// with values in [0, 19) from seed.
func nb08Literal(b, d int, seed uint64) string {
	x := seed*0x9e3779b97f4a7c15 + 7
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			return fmt.Sprint(int(x % 19))
		}
		kids := make([]string, b)
		for i := range kids {
			kids[i] = gen(d - 1)
		}
		return "(" + strings.Join(kids, " ") + ")"
	}
	return gen(d)
}

const (
	nb08Small = "R(A(a1=6 a2=11) B(b1=7 b2=13) C(c1=9 c2=7) D(d1=1 d2=4))"
	nb08Lone  = "R(A(a1=9 a2=5) B(b1=11 b2=12) C(c1=8 c2=10) D(d1=1 d2=2))"
)

// TestRecordPass: a learner's Best Node Search over Nodes, its passes
// noted with RecordPass, is drawn exactly as algos.BNS draws itself, pass
// by pass, and returns the same move, value and passes, on notebook 08's
// two trees and on random trees (started from the range of their leaf
// values, which it never has to widen).
func TestRecordPass(t *testing.T) {
	trees := []string{nb08Small, nb08Lone}
	for seed := range 40 {
		trees = append(trees, nb08Literal(2+int(seed)%3, 2+int(seed)%3, uint64(seed)))
	}
	for i, lit := range trees {
		tr := Tree(lit)
		var best string
		var passes []nb08Pass
		mine := Mine(tr, func(root *Node) int {
			var v int
			best, v, passes = nb08BNS(root, 0, 19)
			return v
		})
		lib := Record(algos.BNS, tr.Root(), algos.FullDepth, &BNSNodeOptions{Window: &algos.Window{Alpha: 0, Beta: 18}})
		if mine.Value != lib.Value || best != tr.Root().Children(nil)[lib.Move].Name() {
			t.Errorf("tree %d: best node %s value %d, library %s %d", i, best, mine.Value, tr.Root().Children(nil)[lib.Move].Name(), lib.Value)
		}
		if len(passes) != len(lib.Iterations) || len(mine.Rec.Roots) != len(lib.Rec.Roots) {
			t.Fatalf("tree %d: %d passes (%d drawn), library %d (%d)", i, len(passes), len(mine.Rec.Roots), len(lib.Iterations), len(lib.Rec.Roots))
		}
		for k, p := range passes {
			if it := lib.Iterations[k]; p.test != it.Guess || p.better != it.Better {
				t.Errorf("tree %d pass %d: test %d betterCount %d, library %d %d", i, k+1, p.test, p.better, it.Guess, it.Better)
			}
			a := Must(render.TreeDOT(mine.Rec, render.TreeOptions{Step: -1, Windows: true, Pass: k + 1}))
			b := Must(render.TreeDOT(lib.Rec, render.TreeOptions{Step: -1, Windows: true, Pass: k + 1}))
			if a != b {
				t.Errorf("tree %d pass %d: drawn otherwise than algos.BNS's\nmine:\n%s\nlibrary:\n%s", i, k+1, a, b)
			}
		}
		a := Must(render.TreeDOT(mine.Rec, render.TreeOptions{Step: -1, Windows: true}))
		b := Must(render.TreeDOT(lib.Rec, render.TreeOptions{Step: -1, Windows: true}))
		if a != b {
			t.Errorf("tree %d: all passes drawn otherwise than algos.BNS's", i)
		}
	}
}

// BNSNodeOptions shortens the tests' options.
type BNSNodeOptions = algos.Options[gametree.Node]

// TestRecordPassSmall: on notebook 08's first tree the passes are the
// notebook's (tests 12, 9, 6, 8, 7), and pass 3's picture has B, C and A
// reach the test 6, the root ≥ 7 with its bold line to B, D cut off after
// d1 by a shallow cutoff, and no cutoff at the root; passes 4 and 5 leave
// D out.
func TestRecordPassSmall(t *testing.T) {
	var best string
	var passes []nb08Pass
	s := Mine(Tree(nb08Small), func(root *Node) int {
		var v int
		best, v, passes = nb08BNS(root, 0, 16)
		return v
	})
	if best != "C" || s.Value != 7 {
		t.Errorf("best node %s value %d, want C 7", best, s.Value)
	}
	want := []nb08Pass{{12, 0, 0, 12}, {9, 0, 0, 9}, {6, 3, 6, 9}, {8, 0, 6, 8}, {7, 2, 7, 8}}
	if !slices.Equal(passes, want) {
		t.Errorf("passes %v, want %v", passes, want)
	}
	r := s.Rec.Roots[2]
	if r.Pass != 3 || r.Guess != 6 || r.Alpha != 5 || r.Beta != 6 || r.Value != 7 || r.Bound != algos.Lower || r.Cut != nil {
		t.Errorf("pass 3's root: %+v", r)
	}
	var got []string
	for _, c := range r.Children {
		cut := ""
		if c.Cut != nil {
			cut = fmt.Sprint(" ", c.Cut.Kind, " ", c.Cut.Skipped)
		}
		got = append(got, fmt.Sprint(c.Pos.Name(), " ", c.Value, " ", c.Bound, cut))
	}
	if w := []string{"A 6 lower", "B 7 lower", "C 7 lower", "D 1 upper shallow 1"}; !slices.Equal(got, w) {
		t.Errorf("pass 3's moves %q, want %q", got, w)
	}
	dot := Must(render.TreeDOT(s.Rec, render.TreeOptions{Step: -1, Windows: true, Pass: 3}))
	if !strings.Contains(dot, `class="visited min probe pv", posname="B", label=<B<BR/>`) || strings.Count(dot, "pv\"") < 3 {
		t.Errorf("pass 3's bold line does not go to B:\n%s", dot)
	}
	if all := Must(render.TreeDOT(s.Rec, render.TreeOptions{Step: -1, Windows: true})); !strings.Contains(all, "pass 3: [5, 6], guess 6") {
		t.Errorf("pass 3's cluster is not titled with its window and test:\n%s", all)
	}
	if got, want := PassMoves(s, 3), "pass 3, test 6: root ≥7; A ≥6, B ≥7, C ≥7, D ≤1"; got != want {
		t.Errorf("PassMoves(3) = %q, want %q", got, want)
	}
	if got, want := PassMoves(s, 5), "pass 5, test 7: root ≥7; A ≤6, B ≥7, C ≥7; left out: D"; got != want {
		t.Errorf("PassMoves(5) = %q, want %q", got, want)
	}
	// Pass 4 and 5 leave D out: drawn grey, not tested.
	for _, r := range s.Rec.Roots[3:] {
		if len(r.Children) != 3 || !slices.Equal(r.Pruned, []int{3}) {
			t.Errorf("pass %d tested %d moves, left out %v; want A, B and C tested, D left out", r.Pass, len(r.Children), r.Pruned)
		}
	}
}

// TestRecordPassLone: on notebook 08's second tree BNS stops after two
// passes at betterCount = 1 with B and the bound 9 (the value is 11).
func TestRecordPassLone(t *testing.T) {
	var best string
	var passes []nb08Pass
	s := Mine(Tree(nb08Lone), func(root *Node) int {
		var v int
		best, v, passes = nb08BNS(root, 0, 16)
		return v
	})
	if best != "B" || s.Value != 9 || !slices.Equal(passes, []nb08Pass{{12, 0, 0, 12}, {9, 1, 9, 12}}) {
		t.Errorf("best node %s value %d passes %v, want B 9 [{12 0 0 12} {9 1 9 12}]", best, s.Value, passes)
	}
	if got, want := PassMoves(s, 2), "pass 2, test 9: root ≥11; A ≤5, B ≥11, C ≤8, D ≤1"; got != want {
		t.Errorf("PassMoves(2) = %q, want %q", got, want)
	}
	lib := Must(algos.BNS(Tree(nb08Lone).Root(), algos.FullDepth, &BNSNodeOptions{Window: &algos.Window{Alpha: 0, Beta: 15}}))
	if lib.Move != 1 || lib.Value != 9 || lib.Bound != algos.Lower {
		t.Errorf("algos.BNS: move %d value %d %v, want 1 9 lower", lib.Move, lib.Value, lib.Bound)
	}
}

// TestRecordPassMinRoot: at a Min root the root is entered with [test,
// test + 1] and returns the smallest value of its moves.
func TestRecordPassMinRoot(t *testing.T) {
	tr := Tree("(3 8 5)", gametree.RootPlayer(gametree.Min))
	s := Mine(tr, func(root *Node) int {
		defer root.RecordPass(5)()
		for _, c := range root.Children() {
			c.Value()
		}
		return 0
	})
	r := s.Rec.Root()
	if got, want := PassMoves(s, 1), "pass 1, test 5: root ≤3; 0 3, 1 8, 2 5"; got != want {
		t.Errorf("PassMoves(1) = %q, want %q", got, want)
	}
	if r.Alpha != 5 || r.Beta != 6 || r.Value != 3 || r.Bound != algos.Upper || r.Pass != 1 || r.Guess != 5 || len(r.Children) != 3 {
		t.Errorf("root %+v", r)
	}
}

// TestRecordPassNotRoot: RecordPass below the root stops the cell.
func TestRecordPassNotRoot(t *testing.T) {
	defer func() {
		if _, ok := recover().(Error); !ok {
			t.Errorf("RecordPass below the root did not stop with a course.Error")
		}
	}()
	Mine(Tree("((1 2) 3)"), func(root *Node) int {
		root.Children()[0].RecordPass(1)
		return 0
	})
}

// TestCheckBNS: on notebook 08's 600 trees algos.BNS always returns a best
// move and a bound that holds; the counts are the notebook's.
func TestCheckBNS(t *testing.T) {
	c := CheckBNS(600)
	if c != (BNSCheck{Trees: 600, Searches: 2400, BestMove: 2400, BoundHolds: 2400, Exact: 958, Below: 990}) {
		t.Errorf("%+v", c)
	}
	want := "600 random trees, 2400 searches (4 option sets per tree)\na best move: 2400 of 2400\nthe bound holds: 2400 of 2400\n" +
		"exact value: 958; a bound only: 1442, of which strictly below the value: 990\n"
	if c.String() != want {
		t.Errorf("String:\n%s\nwant\n%s", c, want)
	}
}

// TestMeasureBNS: the twelve searches on notebook 08's trees, b = 5, d = 5
// (the notebook's 20 trees in full, 3 under -short), with their options
// set as named.
func TestMeasureBNS(t *testing.T) {
	vs := BNSVariants()
	if len(vs) != 12 || vs[0].Name != "alphabeta" {
		t.Fatalf("%d variants, first %q", len(vs), vs[0].Name)
	}
	var o BNSOptions
	BNSVariants("bns window+tt")[0].Set(&o, 500)
	if o.TT == nil || o.Window == nil || *o.Window != (algos.Window{Alpha: 0, Beta: 999}) || o.Guess != nil {
		t.Errorf("bns window+tt sets %+v", o)
	}
	o = BNSOptions{}
	BNSVariants("bns bad")[0].Set(&o, 500)
	if o.TT != nil || o.Guess == nil || *o.Guess != 900 || o.Delta != 5 {
		t.Errorf("bns bad sets %+v", o)
	}
	if testing.Short() {
		tb := MeasureBNS(5, 5, 3, BNSVariants("alphabeta", "bns"))
		if tb.Rows[1].Leaves <= tb.Rows[0].Leaves {
			t.Errorf("BNS without a table used fewer leaves than alpha-beta: %v", tb)
		}
		return
	}
	tb := MeasureBNS(5, 5, 20, vs)
	want := map[string][3]string{
		"alphabeta": {"832", "1164", "0.0"}, "mtdf": {"591", "1151", "26.1"}, "bns": {"4517", "7032", "17.9"},
		"bns window": {"1459", "2183", "3.9"}, "bns good+tt": {"465", "705", "3.0"}, "bns bad": {"11041", "16287", "69.4"},
	}
	for name, w := range want {
		r := tb.Row(name)
		if got := [3]string{fmt.Sprintf("%.0f", r.Leaves), fmt.Sprintf("%.0f", r.Nodes), fmt.Sprintf("%.1f", r.Passes)}; got != w {
			t.Errorf("%s: leaves, nodes, passes %v, want %v", name, got, w)
		}
	}
	s := tb.String()
	for _, line := range []string{"uniform trees b = 5, d = 5 (3125 leaves), 20 trees: mean per search",
		"search leaves × alphabeta nodes × alphabeta passes", "bns 4517 5.43 7032 6.04 17.9"} {
		found := false
		for l := range strings.Lines(s) {
			found = found || strings.Join(strings.Fields(l), " ") == line
		}
		if !found {
			t.Errorf("the table has no line %q:\n%s", line, s)
		}
	}
}
