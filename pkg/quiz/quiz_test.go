package quiz_test

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/quiz"
)

// ref is an independent alpha-beta in Max/Min form (fail-hard or
// fail-soft), written here from the textbook's §6.4 to cross-check what the quizzes
// read from the recorded searches: the window each node is entered with,
// what it returns, and the leaves evaluated.
type ref struct {
	soft   bool
	window map[int][2]int
	value  map[int]int
	leaves []int
}

func newRef(t *gametree.Tree, soft bool) *ref {
	r := &ref{soft: soft, window: map[int][2]int{}, value: map[int]int{}}
	r.search(t.Root(), -algos.Inf, algos.Inf)
	return r
}

func (r *ref) search(n gametree.Node, a, b int) int {
	r.window[n.ID()] = [2]int{a, b}
	ret := func(soft, hard int) int {
		v := hard
		if r.soft {
			v = soft
		}
		r.value[n.ID()] = v
		return v
	}
	if n.IsLeaf() {
		r.leaves = append(r.leaves, n.ID())
		return ret(n.Value(), n.Value())
	}
	if n.ToMove() == gametree.Max {
		best := -algos.Inf
		for _, c := range n.Children(nil) {
			v := r.search(c, a, b)
			if v >= b {
				return ret(v, b)
			}
			best, a = max(best, v), max(a, v)
		}
		return ret(best, a)
	}
	best := algos.Inf
	for _, c := range n.Children(nil) {
		v := r.search(c, a, b)
		if v <= a {
			return ret(v, a)
		}
		best, b = min(best, v), min(b, v)
	}
	return ret(best, b)
}

func tree(t *testing.T, s string) *gametree.Tree {
	t.Helper()
	if f, ok := gametree.FixtureByName(s); ok {
		return f.Tree()
	}
	tr, err := gametree.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func node(t *testing.T, tr *gametree.Tree, name string) gametree.Node {
	t.Helper()
	for id := range tr.Len() {
		if n := tr.Node(id); n.Name() == name {
			return n
		}
	}
	t.Fatalf("no node %s", name)
	return gametree.Node{}
}

// ok returns a function that checks a constructor's result: no error,
// nothing missing, options without repeats, each with its Why.
func ok(t *testing.T) func(q *quiz.Quiz, err error) *quiz.Quiz {
	return func(q *quiz.Quiz, err error) *quiz.Quiz { return checked(t, q, err) }
}

func checked(t *testing.T, q *quiz.Quiz, err error) *quiz.Quiz {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if q.Picture == "" || q.Reveal == "" || q.Truth == "" || q.Question == "" || q.ID == "" || len(q.Options) < 2 {
		t.Fatalf("quiz %s is incomplete: %+v", q.ID, q)
	}
	labels := map[string]bool{}
	for _, o := range q.Options {
		if labels[o.Label] {
			t.Errorf("%s: option %q twice", q.ID, o.Label)
		}
		labels[o.Label] = true
		if o.Why == "" {
			t.Errorf("%s: option %q has no Why", q.ID, o.Label)
		}
	}
	if q.Kind == quiz.OneChoice && len(q.Answer()) != 1 {
		t.Errorf("%s: %d correct options in a one-choice quiz", q.ID, len(q.Answer()))
	}
	return q
}

func correctLabels(q *quiz.Quiz) []string {
	var out []string
	for _, i := range q.Answer() {
		out = append(out, q.Options[i].Label)
	}
	return out
}

func index(t *testing.T, q *quiz.Quiz, label string) int {
	t.Helper()
	for i, o := range q.Options {
		if o.Label == label {
			return i
		}
	}
	t.Fatalf("%s: no option %q among %v", q.ID, label, q.Options)
	return -1
}

// checkRightAndWrong checks that the right answer is right, and that the
// answer wrong gets want as its first mistake (and contains the texts).
func checkRightAndWrong(t *testing.T, q *quiz.Quiz, wrong []int, want string, contains ...string) {
	t.Helper()
	fb := q.Check(q.Answer())
	if !fb.Correct || fb.Mistake != "" || fb.Truth != q.Truth {
		t.Errorf("%s: the right answer %v gets %+v", q.ID, q.Answer(), fb)
	}
	fb = q.Check(wrong)
	if fb.Correct {
		t.Errorf("%s: the wrong answer %v is accepted", q.ID, wrong)
	}
	if fb.Why != want {
		t.Errorf("%s: answer %v: why\n%q, want\n%q", q.ID, wrong, fb.Why, want)
	}
	for _, c := range contains {
		if !strings.Contains(fb.Why, c) {
			t.Errorf("%s: answer %v: why %q lacks %q", q.ID, wrong, fb.Why, c)
		}
	}
	// A wrong answer's first line is the hint, which does not give the
	// answer (ClickLeaves quizzes name the first leaf that is wrong).
	if q.Kind != quiz.ClickLeaves && q.Hint != "" {
		if fb.Mistake != q.Hint {
			t.Errorf("%s: answer %v: mistake %q, want the hint %q", q.ID, wrong, fb.Mistake, q.Hint)
		}
		checkHint(t, q)
	}
}

// checkHint fails when q's hint holds its answer: a correct option's label
// or the truth.
func checkHint(t *testing.T, q *quiz.Quiz) {
	t.Helper()
	for _, o := range q.Options {
		if o.Correct && len([]rune(o.Label)) > 1 && strings.Contains(q.Hint, o.Label) {
			t.Errorf("%s: the hint %q holds the answer %q", q.ID, q.Hint, o.Label)
		}
	}
	if strings.Contains(q.Hint, q.Truth) {
		t.Errorf("%s: the hint holds the truth", q.ID)
	}
}

func TestNeverEvaluated(t *testing.T) {
	trees := []string{"aima-fig5.2", "shallow-cutoff", "deep-cutoff", "uneven", "all-ties", "knuth-moore-pi"}
	for s := range uint64(12) {
		trees = append(trees, randomTree(t, 2+int(s%3), 2+int(s%2), s))
	}
	for _, s := range trees {
		tr := tree(t, s)
		q, err := quiz.NeverEvaluated(s)
		if tr.Len() > 200 {
			if err == nil {
				t.Errorf("%s: %d nodes accepted", s, tr.Len())
			}
			continue
		}
		q = ok(t)(q, err)
		if q.Kind != quiz.ClickLeaves || len(q.Options) != tr.Leaves() {
			t.Fatalf("%s: kind %v, %d options for %d leaves", s, q.Kind, len(q.Options), tr.Leaves())
		}
		// The truth: every leaf minus those the recorder saw evaluated,
		// which must be what an independent alpha-beta and Stats say.
		rec := algos.NewRecorder[gametree.Node]()
		res, err := algos.AlphaBeta(tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, p := range rec.Leaves() {
			seen[p.Name()] = true
		}
		r := newRef(tr, false)
		if int64(len(seen)) != res.Stats.Leaves || len(r.leaves) != len(seen) {
			t.Fatalf("%s: recorder %d leaves, Stats %d, reference %d", s, len(seen), res.Stats.Leaves, len(r.leaves))
		}
		for _, id := range r.leaves {
			if !seen[tr.Node(id).Name()] {
				t.Errorf("%s: the reference evaluates %s, the recorder does not", s, tr.Node(id).Name())
			}
		}
		for i, o := range q.Options {
			if o.Correct == seen[o.Label] {
				t.Errorf("%s: option %d %s: correct %v, evaluated %v", s, i, o.Label, o.Correct, seen[o.Label])
			}
			wantWhy := o.Label + " is evaluated"
			if o.Correct {
				wantWhy = o.Label + " is never evaluated"
			}
			if !strings.HasPrefix(o.Why, wantWhy) {
				t.Errorf("%s: %s: Why %q", s, o.Label, o.Why)
			}
		}
	}
	// The fixtures' notes say which leaves alpha-beta prunes.
	for s, want := range map[string][]string{
		"aima-fig5.2":    {"c2", "c3"},
		"shallow-cutoff": {"b2", "b3"},
		"deep-cutoff":    {"y2", "y3"},
		"all-ties":       {"0.1.1", "1.1.0", "1.1.1"},
	} {
		q := ok(t)(quiz.NeverEvaluated(s))
		if got := correctLabels(q); !slices.Equal(got, want) {
			t.Errorf("%s: never evaluated %v, want %v", s, got, want)
		}
	}
	q := ok(t)(quiz.NeverEvaluated("aima-fig5.2"))
	c2, c3 := index(t, q, "c2"), index(t, q, "c3")
	// Missing c3: the first mistake is c3's, with the cutoff at C.
	checkRightAndWrong(t, q, []int{c2}, q.Options[c3].Why,
		"c3 is never evaluated", "C (Min, entered with [3, +∞])", "c1 returns 2, at or below α = 3", "shallow", "skips c2, c3")
	// Choosing d2 too: the first wrong option in order is d2.
	checkRightAndWrong(t, q, []int{c2, c3, index(t, q, "d2")}, q.Options[index(t, q, "d2")].Why,
		"d2 is evaluated", "no earlier child is ≤ α = 3 (d1 = 14)")
	// Choosing b1 and c2: b1 comes first.
	checkRightAndWrong(t, q, []int{c2, index(t, q, "b1")}, q.Options[index(t, q, "b1")].Why, "b1 is evaluated", "first child of B")
	q = ok(t)(quiz.NeverEvaluated("deep-cutoff"))
	checkRightAndWrong(t, q, nil, q.Options[index(t, q, "y2")].Why, "a deep cutoff: α = 5 was set at S, 3 plies above Y")
	if !strings.Contains(q.Truth, "y2, y3") {
		t.Errorf("deep-cutoff truth %q", q.Truth)
	}
}

func TestShallowOrDeep(t *testing.T) {
	for _, c := range []struct {
		tree, node, want string
		contains         []string
	}{
		{"shallow-cutoff", "", "a shallow cutoff", []string{"At B", "C returns 2, at or below α = 5", "set at S, B's parent"}},
		{"shallow-cutoff", "B", "a shallow cutoff", nil},
		{"deep-cutoff", "Y", "a deep cutoff", []string{"D returns 2, at or below α = 5", "set at S, 3 plies above Y"}},
		{"deep-cutoff", "X", "no cutoff", []string{"No cutoff at X", "β = +∞"}},
		{"aima-fig5.2", "C", "a shallow cutoff", nil},
		{"knuth-moore-pi", "", "a shallow cutoff", nil},
	} {
		q := ok(t)(quiz.ShallowOrDeep(c.tree, c.node))
		if got := correctLabels(q); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s at %q: %v, want %s", c.tree, c.node, got, c.want)
		}
		for _, s := range c.contains {
			if !strings.Contains(q.Truth, s) {
				t.Errorf("%s at %q: truth %q lacks %q", c.tree, c.node, q.Truth, s)
			}
		}
	}
	// Cross-check with Stats: deep-cutoff makes exactly one deep cutoff.
	res, err := algos.AlphaBeta(tree(t, "deep-cutoff").Root(), algos.FullDepth, nil)
	if err != nil || res.Stats.DeepCutoffs != 1 {
		t.Fatalf("deep-cutoff: %d deep cutoffs, %v", res.Stats.DeepCutoffs, err)
	}
	q := ok(t)(quiz.ShallowOrDeep("deep-cutoff", "Y"))
	shallow := index(t, q, "a shallow cutoff")
	checkRightAndWrong(t, q, []int{shallow}, q.Options[shallow].Why, "Not shallow", "α = 5, was set at S, 3 plies above Y, not at its parent")
	q = ok(t)(quiz.ShallowOrDeep("shallow-cutoff", "B"))
	deep := index(t, q, "a deep cutoff")
	checkRightAndWrong(t, q, []int{deep}, q.Options[deep].Why, "Not deep", "set at S, B's parent")
	// One-choice answers with no or two options.
	if fb := q.Check(nil); fb.Correct || fb.Mistake != quiz.NoChoice {
		t.Errorf("no answer: %+v", fb)
	}
	if fb := q.Check([]int{0, 1}); fb.Correct || fb.Mistake != quiz.OneOnly {
		t.Errorf("two answers: %+v", fb)
	}
	if fb := q.Check([]int{7}); fb.Correct || fb.Mistake != "there is no option 7" {
		t.Errorf("option 7: %+v", fb)
	}
}

var winRE = regexp.MustCompile(`^\[(−?\d+|[−+]∞), (−?\d+|[−+]∞)\]$`)

func TestWindow(t *testing.T) {
	fmtV := func(x int) string {
		switch {
		case x >= algos.Inf:
			return "+∞"
		case x <= -algos.Inf:
			return "−∞"
		case x < 0:
			return fmt.Sprintf("−%d", -x)
		}
		return fmt.Sprint(x)
	}
	for _, c := range []struct{ tree, node string }{
		{"aima-fig5.2", "C"}, {"aima-fig5.2", "D"}, {"aima-fig5.2", "d2"}, {"deep-cutoff", "W"}, {"deep-cutoff", "Y"},
		{"deep-cutoff", "z2"}, {"shallow-cutoff", "B"}, {"knuth-moore-pi", "0.2"}, {"knuth-moore-pi", "1.0.1"},
	} {
		tr := tree(t, c.tree)
		q := ok(t)(quiz.Window(c.tree, c.node))
		w := newRef(tr, false).window[node(t, tr, c.node).ID()]
		want := "[" + fmtV(w[0]) + ", " + fmtV(w[1]) + "]"
		if got := correctLabels(q); len(got) != 1 || got[0] != want {
			t.Errorf("%s %s: window %v, the reference says %s", c.tree, c.node, got, want)
		}
		for _, o := range q.Options {
			if !winRE.MatchString(o.Label) {
				t.Errorf("%s %s: option %q is not a window", c.tree, c.node, o.Label)
			}
		}
	}
	q := ok(t)(quiz.Window("deep-cutoff", "W"))
	if got := fmt.Sprint(q.Options); !strings.Contains(got, "[5, +∞]") || !strings.Contains(got, "[−∞, +∞]") {
		t.Errorf("W's distractors: %v", got)
	}
	parent := index(t, q, "[5, +∞]")
	checkRightAndWrong(t, q, []int{parent}, q.Options[parent].Why, "That is B's window when B is entered", "X = 6", "β = 6, set at B by X = 6")
	q = ok(t)(quiz.Window("aima-fig5.2", "C"))
	swapped := index(t, q, "[−∞, 3]")
	checkRightAndWrong(t, q, []int{swapped}, q.Options[swapped].Why, "A is Max: a child's value raises α", "α = 3, set at A by B = 3")
	if _, err := quiz.Window("aima-fig5.2", "A"); err == nil {
		t.Error("the root's window: no error")
	}
	if _, err := quiz.Window("aima-fig5.2", "B"); err == nil {
		t.Error("B, entered with the whole window like every mistake: no error")
	}
	if _, err := quiz.Window("aima-fig5.2", "c2"); err == nil || !strings.Contains(err.Error(), "pruned") {
		t.Errorf("a pruned leaf: %v", err)
	}
}

func TestFailHardSoft(t *testing.T) {
	for _, c := range []struct{ tree, node, want string }{
		{"aima-fig5.2", "", "fail-hard 3, fail-soft 2"},
		{"aima-fig5.2", "C", "fail-hard 3, fail-soft 2"},
		{"deep-cutoff", "X", "fail-hard 6, fail-soft 6"},
		{"deep-cutoff", "Y", "fail-hard 5, fail-soft 2"},
		{"deep-cutoff", "W", "fail-hard 5, fail-soft 4"},
	} {
		tr := tree(t, c.tree)
		q := ok(t)(quiz.FailHardSoft(c.tree, c.node))
		got := correctLabels(q)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s %s: %v, want %s", c.tree, c.node, got, c.want)
		}
		if c.node != "" {
			id := node(t, tr, c.node).ID()
			ref := fmt.Sprintf("fail-hard %d, fail-soft %d", newRef(tr, false).value[id], newRef(tr, true).value[id])
			if got[0] != ref {
				t.Errorf("%s %s: %s, the reference says %s", c.tree, c.node, got[0], ref)
			}
		}
	}
	q := ok(t)(quiz.FailHardSoft("aima-fig5.2", "C"))
	sw := index(t, q, "fail-hard 2, fail-soft 3")
	checkRightAndWrong(t, q, []int{sw}, q.Options[sw].Why, "Swapped", "clamps into the window [3, +∞] and returns 3")
	both := index(t, q, "fail-hard 3, fail-soft 3")
	checkRightAndWrong(t, q, []int{both}, q.Options[both].Why, "Fail-soft does not clamp: it returns 2")
	if _, err := quiz.FailHardSoft("aima-fig5.2", "B"); err == nil {
		t.Error("B, exact with the whole window: no error")
	}
	if _, err := quiz.FailHardSoft("R(A=1 B=2)", ""); err == nil {
		t.Error("no node differs: no error")
	}
}

func TestTTFlag(t *testing.T) {
	for _, c := range []struct{ tree, node, want string }{
		{"aima-fig5.2", "", quiz.FlagUpper}, {"aima-fig5.2", "C", quiz.FlagUpper}, {"aima-fig5.2", "B", quiz.FlagExact},
		{"aima-fig5.2", "A", quiz.FlagExact}, {"deep-cutoff", "W", quiz.FlagUpper}, {"deep-cutoff", "X", quiz.FlagExact},
		{"R(A(a1=5 a2=8) B(b1=6 W(w1=9 w2=1)))", "W", quiz.FlagLower},
	} {
		tr := tree(t, c.tree)
		q := ok(t)(quiz.TTFlag(c.tree, c.node))
		got := correctLabels(q)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s %s: %v, want %s", c.tree, c.node, got, c.want)
		}
		if c.node != "" {
			// The Persian Wikipedia negamax article's rule on the reference's fail-soft value and window.
			id := node(t, tr, c.node).ID()
			w, val := newRef(tr, false).window[id], newRef(tr, true).value[id]
			ref := map[algos.Bound]string{algos.Exact: quiz.FlagExact, algos.Lower: quiz.FlagLower, algos.Upper: quiz.FlagUpper}[algos.BoundOf(val, w[0], w[1])]
			if got[0] != ref {
				t.Errorf("%s %s: %s, the reference says %s", c.tree, c.node, got[0], ref)
			}
		}
	}
	q := ok(t)(quiz.TTFlag("aima-fig5.2", "C"))
	checkRightAndWrong(t, q, []int{index(t, q, quiz.FlagExact)}, q.Options[index(t, q, quiz.FlagExact)].Why,
		"Not EXACT: C returns 2, which is not strictly inside its window [3, +∞]")
	if _, err := quiz.TTFlag("aima-fig5.2", "b1"); err == nil {
		t.Error("a leaf: no error")
	}
	// The quiz asks in Max's point of view; at a Min node it says what the
	// article's side-to-move table stores instead (C fails low for Max, high
	// for Min), and the mirrored flag's one line says why it is wrong here.
	if !strings.Contains(q.Question, "Max's point of view") || !strings.Contains(q.Question, "LOWERBOUND and UPPERBOUND swapped") {
		t.Errorf("C: the question does not say whose point of view: %s", q.Question)
	}
	if want := "entered with [−∞, −3], C returns −2, stored as LOWERBOUND −2"; !strings.Contains(q.Truth, want) {
		t.Errorf("C: the truth lacks %q: %s", want, q.Truth)
	}
	if why := q.Options[index(t, q, quiz.FlagLower)].Why; !strings.Contains(why, "the quiz asks in Max's point of view") {
		t.Errorf("C: LOWERBOUND's line does not name the point of view: %s", why)
	}
	w := ok(t)(quiz.TTFlag("R(A(a1=5 a2=8) B(b1=6 W(w1=9 w2=1)))", "W")) // Max moves at W: both views agree
	if strings.Contains(w.Question, "swapped") || strings.Contains(w.Truth, "side-to-move") {
		t.Errorf("W, a Max node: the question or truth mirrors the entry: %s / %s", w.Question, w.Truth)
	}
}

const late = "A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))"

func TestPVSProbe(t *testing.T) {
	for _, c := range []struct{ tree, node, want string }{
		{late, "C", "its probe fails high: C is re-searched"},
		{late, "", "its probe fails low: no re-search"}, // b2, the first probed
		{"R(A=3 B(b1=5 b2=4))", "B", "its probe fails high: B is re-searched"},
		{late, "D", "its probe fails low: no re-search"},
		{late, "B", "B gets the full window: no probe"},
		{"aima-fig5.2", "C", "its probe fails low: no re-search"},
		{"R(A=3 B=5 C=1)", "B", "its probe fails high: B is re-searched"},
		{"R(A=3 B(b1=5 b2=4))", "b2", "its probe fails high: b2 is re-searched"}, // inside B's re-search, [3, +∞]
	} {
		q := ok(t)(quiz.PVSProbe(c.tree, c.node))
		if got := correctLabels(q); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s %s: %v, want %s", c.tree, c.node, got, c.want)
		}
	}
	// Cross-check: at the root, PVS searches C twice, the second time as a
	// re-search.
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.PVS(tree(t, late).Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	var root []string
	for _, c := range rec.Root().Children {
		root = append(root, fmt.Sprintf("%s %v", c.Pos.Name(), c.ReSearch))
	}
	if got := strings.Join(root, " "); got != "B false C false C true D false" {
		t.Errorf("late: the root's searches are %s", got)
	}
	q := ok(t)(quiz.PVSProbe(late, "C"))
	low := index(t, q, "its probe fails low: no re-search")
	checkRightAndWrong(t, q, []int{low}, q.Options[low].Why, "null window [3, 4]", "searched again with [3, +∞] and returns 5")
	if _, err := quiz.PVSProbe(late, "A"); err == nil {
		t.Error("the root: no error")
	}
	if _, err := quiz.PVSProbe(late, "d1"); err == nil {
		t.Error("a child of a null-window node: no error")
	}
}

func TestMTDFNext(t *testing.T) {
	for _, s := range []string{"aima-fig5.2", "deep-cutoff", "knuth-moore-pi", randomTree(t, 3, 3, 5)} {
		tr := tree(t, s)
		for _, guess := range []int{-5, 0, 3, 30} {
			res, err := algos.MTDF(tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Guess: &guess})
			if err != nil {
				t.Fatal(err)
			}
			mm, _ := algos.Minimax(tr.Root(), algos.FullDepth, nil)
			if res.Value != mm.Value {
				t.Fatalf("%s: MTD(f) %d, minimax %d", s, res.Value, mm.Value)
			}
			if tr.Len() > 200 {
				if _, err := quiz.MTDFNext(s, guess, 1); err == nil {
					t.Errorf("%s: a big tree accepted", s)
				}
				break
			}
			lower, upper := -algos.Inf, algos.Inf
			for k, it := range res.Iterations {
				if it.Value >= it.Beta {
					lower = it.Value
				} else {
					upper = it.Value
				}
				q := ok(t)(quiz.MTDFNext(s, guess, k+1))
				want := fmt.Sprintf("it stops: the value is %d", mm.Value)
				if lower < upper {
					b := max(it.Value, lower+1) // the rule, replayed independently
					want = fmt.Sprintf("pass %d tests β = %d (window [%d, %d])", k+2, b, b-1, b)
				}
				want = strings.ReplaceAll(want, "-", "−")
				if got := correctLabels(q); len(got) != 1 || got[0] != want {
					t.Errorf("%s guess %d pass %d: %v, want %s", s, guess, k+1, got, want)
				}
			}
			if _, err := quiz.MTDFNext(s, guess, len(res.Iterations)+1); err == nil {
				t.Errorf("%s: a pass too many accepted", s)
			}
		}
	}
	q := ok(t)(quiz.MTDFNext("aima-fig5.2", 0, 1))
	stop := index(t, q, "it stops: the value is 3")
	checkRightAndWrong(t, q, []int{stop}, q.Options[stop].Why, "stops only when lower ≥ upper", "lower = 3 and upper = +∞")
	same := index(t, q, "pass 2 tests β = 3 (window [2, 3])")
	checkRightAndWrong(t, q, []int{same}, q.Options[same].Why, "max(g, lower + 1) = max(3, 3 + 1) = 4")
}

const small = "R(A(a1=6 a2=11) B(b1=7 b2=13) C(c1=9 c2=7) D(d1=1 d2=4))"

func TestBNS(t *testing.T) {
	// Best Node Search's loop on notebook 08's tree: tests 12, 9, 6, 8, 7.
	for pass, want := range []string{"12", "9", "6", "8", "7"} {
		q := ok(t)(quiz.BNSTest(small, 0, 15, pass+1))
		if got := correctLabels(q); len(got) != 1 || got[0] != want {
			t.Errorf("pass %d: test %v, want %s", pass+1, got, want)
		}
	}
	// Who reaches the test: a child whose minimax value is ≥ the test.
	tr := tree(t, small)
	for pass, test := range []int{12, 9, 6, 8, 7} {
		q := ok(t)(quiz.BNSInPlay(small, 0, 15, pass+1))
		var want []string
		for _, c := range tr.Root().Children(nil) {
			mm, _ := algos.Minimax(c, algos.FullDepth, nil)
			if mm.Value >= test && slices.ContainsFunc(q.Options, func(o quiz.Option) bool { return o.Label == c.Name() }) {
				want = append(want, c.Name())
			}
		}
		if got := correctLabels(q); !slices.Equal(got, want) {
			t.Errorf("pass %d (test %d): %v reach it, minimax says %v", pass+1, test, got, want)
		}
	}
	q := ok(t)(quiz.BNSTest(small, 0, 15, 3))
	if got := fmt.Sprint(q.Options); !strings.Contains(got, "{4 ") {
		t.Errorf("pass 3's options lack the midpoint 4: %v", got)
	}
	mid := index(t, q, "4")
	checkRightAndWrong(t, q, []int{mid}, q.Options[mid].Why, "does not bisect", "nextGuess(α = 0, β = 9, 4 subtrees) = 0 + (9 − 0) × 3 / 4 = 6")
	q = ok(t)(quiz.BNSInPlay(small, 0, 15, 3))
	if q.Kind != quiz.SeveralChoices {
		t.Errorf("kind %v", q.Kind)
	}
	checkRightAndWrong(t, q, []int{0, 1}, q.Options[2].Why, "C reaches 6: its null-window test returns ≥ 7")
	checkRightAndWrong(t, q, []int{0, 1, 2, 3}, q.Options[3].Why, "D does not reach 6")
	for _, bad := range []func() (*quiz.Quiz, error){
		func() (*quiz.Quiz, error) { return quiz.BNSTest(small, 0, 15, 6) },
		func() (*quiz.Quiz, error) { return quiz.BNSTest(small, 0, 15, 0) },
		func() (*quiz.Quiz, error) { return quiz.BNSTest(small, 9, 2, 1) },
		func() (*quiz.Quiz, error) { return quiz.BNSInPlay(small, 0, 3, 2) }, // the range must widen
	} {
		if _, err := bad(); err == nil {
			t.Error("bad BNS input: no error")
		}
	}
}

func TestAspiration(t *testing.T) {
	for _, c := range []struct {
		guess, delta int
		want         string
	}{
		{8, 2, "it fails low; re-search with [−∞, 10]"},
		{0, 2, "it fails high; re-search with [−2, +∞]"},
		{3, 2, "the value lies inside [1, 5]: no re-search"},
		{4, 1, "it fails low; re-search with [−∞, 5]"},
	} {
		q := ok(t)(quiz.Aspiration("aima-fig5.2", c.guess, c.delta))
		if got := correctLabels(q); len(got) != 1 || got[0] != c.want {
			t.Errorf("guess %d Δ %d: %v, want %s", c.guess, c.delta, got, c.want)
		}
		// Cross-check with the value 3 against the window.
		lo, hi := c.guess-c.delta, c.guess+c.delta
		kind := "inside"
		if 3 <= lo {
			kind = "fails low"
		} else if 3 >= hi {
			kind = "fails high"
		}
		if !strings.Contains(correctLabels(q)[0], kind) {
			t.Errorf("guess %d Δ %d: %v, the value 3 says %s", c.guess, c.delta, correctLabels(q), kind)
		}
	}
	q := ok(t)(quiz.Aspiration("aima-fig5.2", 8, 2))
	wrong := index(t, q, "it fails low; re-search with [6, +∞]")
	checkRightAndWrong(t, q, []int{wrong}, q.Options[wrong].Why, "it is the lower edge that must open")
	if _, err := quiz.Aspiration("aima-fig5.2", 8, -1); err == nil {
		t.Error("Δ = −1: no error")
	}
	// Δ = 0 is algos.DefaultDelta, as for every caller of algos.Validate.
	def := ok(t)(quiz.Aspiration("aima-fig5.2", 8, 0))
	if w := algos.FormatWindow(8-algos.DefaultDelta, 8+algos.DefaultDelta); !strings.Contains(def.Question, w) {
		t.Errorf("Δ = 0: the question does not show the default window %s: %s", w, def.Question)
	}
	// The picture numbers the searches from the one asked about (notebook 04
	// says which passes of a whole run they are), and the re-search finds
	// the first search's bound in the table (the TT LOWER badge 04 explains).
	m := ok(t)(quiz.Aspiration("A(B:0(b1=100 b2=120) C:0(c1=110 c2=130))", 0, 50))
	for _, want := range []string{"aspiration around g = 0: the search of the root and its re&#45;search", "pass 1: [−50, 50]", "pass 2: [−50, +∞]", "TT LOWER"} {
		if !strings.Contains(m.Reveal, want) {
			t.Errorf("04's tree: the picture lacks %q", want)
		}
	}
	if in := ok(t)(quiz.Aspiration("aima-fig5.2", 3, 2)); !strings.Contains(in.Reveal, "the search of the root<") {
		t.Error("no re-search: the title should not name one")
	}
}

func TestBadInput(t *testing.T) {
	for name, f := range map[string]func() (*quiz.Quiz, error){
		"empty":       func() (*quiz.Quiz, error) { return quiz.NeverEvaluated("") },
		"syntax":      func() (*quiz.Quiz, error) { return quiz.NeverEvaluated("((1 2)") },
		"single leaf": func() (*quiz.Quiz, error) { return quiz.NeverEvaluated("single-leaf") },
		"no node":     func() (*quiz.Quiz, error) { return quiz.ShallowOrDeep("aima-fig5.2", "Z") },
		"leaf cut":    func() (*quiz.Quiz, error) { return quiz.ShallowOrDeep("aima-fig5.2", "b1") },
		"no cutoff":   func() (*quiz.Quiz, error) { return quiz.ShallowOrDeep("R(A=1 B=2)", "") },
		"duplicates":  func() (*quiz.Quiz, error) { return quiz.Window("R(A(x=1 x=2) B(b=3))", "x") },
		"pruned":      func() (*quiz.Quiz, error) { return quiz.ShallowOrDeep("deep-cutoff", "y2") },
		"no probe":    func() (*quiz.Quiz, error) { return quiz.PVSProbe("R(A=1)", "") },
		"mtd pass 0":  func() (*quiz.Quiz, error) { return quiz.MTDFNext("aima-fig5.2", 0, 0) },
	} {
		q, err := f()
		if err == nil || q != nil {
			t.Errorf("%s: quiz %v, error %v", name, q, err)
		}
	}
}

func TestRandomTree(t *testing.T) {
	a, b := randomTree(t, 3, 2, 7), randomTree(t, 3, 2, 7)
	if a != b || a == randomTree(t, 3, 2, 8) {
		t.Errorf("RandomTree is not a function of its seed: %s %s", a, b)
	}
	tr := tree(t, a)
	u, err := random.Uniform{B: 3, D: 2, Seed: 7, Range: 20}.Root()
	if err != nil {
		t.Fatal(err)
	}
	mm, _ := algos.Minimax(u, 2, nil)
	mt, _ := algos.Minimax(tr.Root(), algos.FullDepth, nil)
	if tr.Leaves() != 9 || mm.Value != mt.Value {
		t.Errorf("%s: %d leaves, value %d, uniform tree's %d", a, tr.Leaves(), mt.Value, mm.Value)
	}
	for _, bad := range [][2]int{{1, 2}, {5, 2}, {2, 0}, {2, 5}, {4, 4}} {
		if s, err := quiz.RandomTree(bad[0], bad[1], 1); err == nil || s != "" {
			t.Errorf("RandomTree(%d, %d) = %q, %v; want an error", bad[0], bad[1], s, err)
		}
	}
}

// randomTree is quiz.RandomTree for arguments it accepts.
func randomTree(t *testing.T, b, d int, seed uint64) string {
	t.Helper()
	s, err := quiz.RandomTree(b, d, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRevealStopsAtTheQuestion: a quiz's reveal shows the search up to the
// step asked about, so that a later quiz on the same tree is not answered
// by it: after "shallow or deep at Y?", W (searched after Y) is not yet
// searched in the picture and its window [5, 6] is not drawn; "which
// window at W?" shows W's window but none of W's leaves' values.
func TestRevealStopsAtTheQuestion(t *testing.T) {
	text := func(svg string) string {
		s := regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(svg, " ")
		return strings.Join(strings.Fields(html.UnescapeString(s)), "")
	}
	sd, err := quiz.ShallowOrDeep("deep-cutoff", "Y")
	if err != nil {
		t.Fatal(err)
	}
	if r := text(sd.Reveal); !strings.Contains(r, "✂deep") || strings.Contains(r, "[5,6]") {
		t.Errorf("the reveal of shallow-or-deep at Y: want the deep cut and not W's window [5, 6]:\n%s", r)
	}
	w, err := quiz.Window("deep-cutoff", "W")
	if err != nil {
		t.Fatal(err)
	}
	r := text(w.Reveal)
	if !strings.Contains(r, "[5,6]") {
		t.Errorf("the reveal of the window of W lacks [5, 6]:\n%s", r)
	}
	for _, leaf := range []string{"w14", "w23"} { // w1 = 4, w2 = 3: name and value as drawn
		if strings.Contains(r, leaf) {
			t.Errorf("the reveal of the window of W shows %s, searched after W's entry:\n%s", leaf, r)
		}
	}
	if !strings.Contains(r, "w1") || !strings.Contains(r, "w2") {
		t.Errorf("the reveal of the window of W does not draw W's leaves (as not yet searched):\n%s", r)
	}
}
