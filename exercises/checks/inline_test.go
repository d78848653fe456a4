package checks

import (
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// alphaBeta is a right fail-hard alpha-beta; deep false passes only the
// bound it sets down (no deep cutoffs: testdata/wrong/no-deep-cutoff).
func alphaBeta(deep bool) func(n Node, depth, alpha, beta int) int {
	var ab func(n Node, depth, alpha, beta int) int
	ab = func(n Node, depth, alpha, beta int) int {
		if depth == 0 {
			return n.Value()
		}
		cs := n.Children()
		if len(cs) == 0 {
			return n.Value()
		}
		a, b := alpha, beta
		// without deep cutoffs a node passes down only the bound it sets
		up, down := beta, alpha
		if !deep {
			up, down = Inf, -Inf
		}
		if n.Max() {
			for _, c := range cs {
				a = max(a, ab(c, depth-1, a, up))
				if a >= b {
					return b
				}
			}
			return a
		}
		for _, c := range cs {
			b = min(b, ab(c, depth-1, down, b))
			if a >= b {
				return a
			}
		}
		return b
	}
	return ab
}

func TestInline(t *testing.T) {
	vs, err := Inline("02-alphabeta", alphaBeta(true))
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != len(Exercises()[1].Checks) {
		t.Fatalf("%d verdicts, want %d", len(vs), len(Exercises()[1].Checks))
	}
	for _, v := range vs {
		if !v.Passed || v.Diff != nil {
			t.Errorf("right alpha-beta: %s failed: %q", v.Name, v.Message)
		}
	}
	stub := func(n Node, depth, alpha, beta int) int { panic("TODO(ex02): write AlphaBeta") }
	vs, err = Inline("02-alphabeta", stub)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Passed || len(v.Message) == 0 || !strings.Contains(v.Message[0], "not done yet") {
			t.Errorf("stub: %s: passed %v, %q", v.Name, v.Passed, v.Message)
		}
	}
	if _, err := Inline("02-alphabeta", alphaBeta); err == nil {
		t.Error("a function of another type: no error")
	}
	if _, err := Inline("99-nothing", stub); err == nil {
		t.Error("no such exercise: no error")
	}
}

func TestInlineNoDeepCutoff(t *testing.T) {
	vs, err := Inline("02-alphabeta", alphaBeta(false))
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, v := range vs {
		if !v.Passed {
			failed[v.Name] = true
		}
		if v.Name == "deep cutoff" {
			if v.Passed || v.Diff == nil {
				t.Fatalf("deep cutoff: passed %v, picture %v", v.Passed, v.Diff != nil)
			}
			d := *v.Diff
			if d.First < 0 || d.First >= len(d.Student) || d.First >= len(d.Reference) {
				t.Fatalf("first difference %d of %d/%d visits", d.First, len(d.Student), len(d.Reference))
			}
			// The text names the visit the picture marks.
			if !strings.Contains(strings.Join(v.Message, "\n"), "evaluate "+d.Student[d.First].Name) {
				t.Errorf("message %q does not name %s", v.Message, d.Student[d.First].Name)
			}
		}
	}
	if failed["shallow cutoff"] || !failed["deep cutoff"] {
		t.Errorf("failed checks %v: want deep cutoff and not shallow cutoff", failed)
	}
}

func TestLesson(t *testing.T) {
	tree := Fixtures("fig-6.9")[0].Tree
	d, got, want, err := Lesson("02-alphabeta", tree, alphaBeta(true))
	if err != nil || d.First != -1 || got != want || want != 5 {
		t.Fatalf("right: first %d, value %d want %d, %v", d.First, got, want, err)
	}
	d, _, _, err = Lesson("02-alphabeta", tree, alphaBeta(false))
	if err != nil || d.First < 0 || d.Student[d.First].Name != "y2" {
		t.Fatalf("no deep cutoff: first %d (%v), %v", d.First, d.Student, err)
	}
	stub := func(n Node, depth, alpha, beta int) int { panic("TODO") }
	d, _, _, err = Lesson("02-alphabeta", tree, stub)
	if err != nil || d.First != 0 || d.Stopped == "" || len(d.Student) != 0 {
		t.Fatalf("stub: first %d, stopped %q, %v", d.First, d.Stopped, err)
	}
}

// pvs is the Wikipedia article's PVS; research false never searches a child
// again after its null-window test fails high.
func pvs(research bool) func(n Node, depth, alpha, beta, color int) int {
	var f func(n Node, depth, alpha, beta, color int) int
	f = func(n Node, depth, alpha, beta, color int) int {
		if depth == 0 {
			return color * n.Value()
		}
		cs := n.Children()
		if len(cs) == 0 {
			return color * n.Value()
		}
		for i, c := range cs {
			score := 0
			if i == 0 {
				score = -f(c, depth-1, -beta, -alpha, -color)
			} else {
				score = -f(c, depth-1, -alpha-1, -alpha, -color)
				if research && alpha < score && score < beta {
					score = -f(c, depth-1, -beta, -alpha, -color)
				}
			}
			alpha = max(alpha, score)
			if alpha >= beta {
				break
			}
		}
		return alpha
	}
	return f
}

func TestLessonPVS(t *testing.T) {
	// notebook 06's lesson tree: B's null-window test fails high, B is
	// searched again.
	tree := Literal("R(A(a1=3 a2=5) B(b1=6 b2=7) C(c1=1 c2=2))")[0].Tree
	d, got, want, err := Lesson("06-pvs", tree, pvs(true))
	if err != nil || d.First != -1 || got != want || want != 6 {
		t.Fatalf("right: first %d, value %d want %d, %v", d.First, got, want, err)
	}
	if len(d.Student) != len(d.Reference) || len(d.Student) < 10 {
		t.Fatalf("right: %d visits against %d", len(d.Student), len(d.Reference))
	}
	// Without the re-search the search goes on to C where the reference
	// evaluates B's leaves again.
	d, got, _, err = Lesson("06-pvs", tree, pvs(false))
	if err != nil || d.First < 0 || d.First >= len(d.Student) || d.First >= len(d.Reference) {
		t.Fatalf("no re-search: first %d of %d/%d, %v", d.First, len(d.Student), len(d.Reference), err)
	}
	if s, r := d.Student[d.First].Name, d.Reference[d.First].Name; s != "C" || r != "B" {
		t.Errorf("no re-search: parts at %s against the reference's %s, want C against B", s, r)
	}
	if got == 6 {
		t.Errorf("no re-search returned %d, the true value", got)
	}
	if _, _, _, err := Lesson("06-pvs", tree, alphaBeta(true)); err == nil {
		t.Error("an alpha-beta for 06: no error")
	}
}

// negamaxAB is exercise 04's fail-soft negamax alpha-beta; sorted false
// ignores the order function (Children order).
func negamaxAB(sorted bool) func(n Node, depth, alpha, beta, color int, order func(parent, child Node) int) int {
	var f func(n Node, depth, alpha, beta, color int, order func(parent, child Node) int) int
	f = func(n Node, depth, alpha, beta, color int, order func(parent, child Node) int) int {
		if depth == 0 {
			return color * n.Value()
		}
		cs := n.Children()
		if len(cs) == 0 {
			return color * n.Value()
		}
		cs = slices.Clone(cs)
		if sorted {
			rank := map[Node]int{}
			for _, c := range cs {
				rank[c] = order(n, c)
			}
			slices.SortStableFunc(cs, func(a, b Node) int { return rank[b] - rank[a] })
		}
		v := -Inf
		for _, c := range cs {
			v = max(v, -f(c, depth-1, -beta, -alpha, -color, order))
			alpha = max(alpha, v)
			if alpha >= beta {
				break
			}
		}
		return v
	}
	return f
}

func TestInlineOrdering(t *testing.T) {
	vs, err := Inline("04-ordering", negamaxAB(true))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if !v.Passed {
			t.Errorf("right: %s failed: %q", v.Name, v.Message)
		}
	}
	vs, err = Inline("04-ordering", negamaxAB(false))
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, v := range vs {
		failed[v.Name] = !v.Passed
	}
	if failed["natural order"] || !failed["static order"] || !failed["reverse order"] {
		t.Errorf("order ignored: failed %v, want static and reverse order, not natural", failed)
	}
	// The key's own type (OrderFunc for the order) is taken too.
	g := negamaxAB(true)
	f := func(n Node, depth, alpha, beta, color int, order OrderFunc) int {
		return g(n, depth, alpha, beta, color, order)
	}
	if _, err := Inline("04-ordering", f); err != nil {
		t.Error(err)
	}
}

func TestLessonOrdering(t *testing.T) {
	// Static values put the better move B first: with the order, the
	// search enters B before A.
	tree := Literal(":0(A:1(a1=3 a2=5) B:6(b1=6 b2=7))")[0].Tree
	d, got, want, err := Lesson("04-ordering", tree, negamaxAB(true))
	if err != nil || d.First != -1 || got != want || want != 6 {
		t.Fatalf("right: first %d, value %d want %d, %v", d.First, got, want, err)
	}
	if d.Student[1].Name != "B" {
		t.Errorf("right: second visit %v, want B", d.Student[1])
	}
	d, _, _, err = Lesson("04-ordering", tree, negamaxAB(false))
	if err != nil || d.First != 1 || d.Student[1].Name != "A" || d.Reference[1].Name != "B" {
		t.Fatalf("order ignored: first %d (%v against %v), %v", d.First, d.Student, d.Reference, err)
	}
}

// TestHiddenCheckPictures: a check written as an instructor writes a
// hidden one, from the exported helpers, gets its picture when its
// property explains a failure with VisitDiff or WrongAt.
func TestHiddenCheckPictures(t *testing.T) {
	student := alphaBeta(false) // no deep cutoffs
	visits := Check{Name: "hidden visits", Points: 5, Run: func(c *C) {
		c.OnTrees("visits what alpha-beta visits", func(tr *gametree.Tree) []string {
			_, want := Reference(tr, "alphabeta", algos.FullDepth, -Inf, Inf, nil)
			n, got := Watch(tr.Root(), 1000)
			student(n, full, -Inf, Inf)
			return VisitDiff(got, want)
		}, Fixtures("fig-6.9"))
	}}
	v := inlineCheck("02-alphabeta", visits)
	if v.Passed || v.Diff == nil || v.Diff.First != 9 || !strings.Contains(strings.Join(v.Message, "\n"), "visit 10: expected to expand Z") {
		t.Errorf("VisitDiff: passed %v, picture %v, %q", v.Passed, v.Diff != nil, v.Message)
	}
	value := Check{Name: "hidden value", Points: 5, Run: func(c *C) {
		c.OnTrees("B is worth 3", func(tr *gametree.Tree) []string {
			_, want := Reference(tr, "alphabeta", algos.FullDepth, -Inf, Inf, nil)
			n, got := Watch(tr.Root(), 1000)
			student(n.Children()[0], full, -Inf, Inf)
			return WrongAt(got, want, "0", "B's value", "returned 2", "3")
		}, Fixtures("aima-fig5.2"))
	}}
	v = inlineCheck("02-alphabeta", value)
	if v.Passed || v.Diff == nil || v.Diff.Wrong == nil || v.Diff.Wrong.Path != "0" ||
		!strings.Contains(strings.Join(v.Message, "\n"), "B's value: your search returned 2, expected 3") {
		t.Errorf("WrongAt: passed %v, picture %v, %q", v.Passed, v.Diff != nil, v.Message)
	}
	if svg := string(feedback.SVG(*v.Diff)); !strings.Contains(svg, `<g class="wrong" data-path="0"><title>B</title>`) {
		t.Error("WrongAt's picture does not mark B")
	}
	own := Check{Name: "hidden own words", Points: 5, Run: func(c *C) {
		c.OnTrees("fails in its own words", func(*gametree.Tree) []string { return []string{"no"} }, Fixtures("aima-fig5.2"))
	}}
	if v = inlineCheck("02-alphabeta", own); v.Passed || v.Diff != nil {
		t.Errorf("a failure in its own words: passed %v, picture %v", v.Passed, v.Diff != nil)
	}
}
