package checks

import (
	"strings"
	"testing"
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
