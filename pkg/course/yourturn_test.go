package course

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

// ab is a fail-hard alpha-beta over grade.Node, as exercise 02 asks; deep
// false passes down only the bound a node sets (no deep cutoffs).
func ab(deep bool) func(n grade.Node, depth, alpha, beta int) int {
	var f func(n grade.Node, depth, alpha, beta int) int
	f = func(n grade.Node, depth, alpha, beta int) int {
		if depth == 0 {
			return n.Value()
		}
		cs := n.Children()
		if len(cs) == 0 {
			return n.Value()
		}
		up, down := beta, alpha
		if !deep {
			up, down = Inf, -Inf
		}
		if n.Max() {
			for _, c := range cs {
				alpha = max(alpha, f(c, depth-1, alpha, up))
				if alpha >= beta {
					return beta
				}
			}
			return alpha
		}
		for _, c := range cs {
			beta = min(beta, f(c, depth-1, down, beta))
			if alpha >= beta {
				return alpha
			}
		}
		return beta
	}
	return f
}

func TestRunTurn(t *testing.T) {
	right, err := RunTurn("02-alphabeta", "fig-6.9", ab(true))
	if err != nil {
		t.Fatal(err)
	}
	if got, max := right.Points(); got != 100 || max != 100 {
		t.Errorf("right: %d/%d points", got, max)
	}
	if right.Lesson.First != -1 || right.Got != 5 || right.Want != 5 {
		t.Errorf("right: first %d, %d against %d", right.Lesson.First, right.Got, right.Want)
	}
	if s := right.Summary(); !strings.Contains(s, "same 15 positions") {
		t.Errorf("right: summary %q", s)
	}
	wrong, err := RunTurn("02-alphabeta", "fig-6.9", ab(false))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := wrong.Points(); got >= 100 || got < 10 {
		t.Errorf("no deep cutoff: %d points", got)
	}
	if s := wrong.Summary(); !strings.Contains(s, "visit 10: the reference does <i>expand Z</i>, your search <i>evaluate y2</i>") {
		t.Errorf("no deep cutoff: summary %q", s)
	}
	if h := wrong.ChecksHTML(); !strings.Contains(h, "✗ deep cutoff (15 points)<pre>rule: deep cutoff") ||
		!strings.Contains(h, "✓ shallow cutoff (15 points)</li>") {
		t.Errorf("no deep cutoff: checks\n%s", h)
	}
	if _, err := RunTurn("02-alphabeta", "fig-6.9", 3); err == nil {
		t.Error("not a function: no error")
	}
	if _, err := RunTurn("02-alphabeta", "S(", ab(true)); err == nil {
		t.Error("a bad tree: no error")
	}
}

func TestEnlarged(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<svg xmlns="x" width="400" height="100" viewBox="0 0 400 100">`, `<svg xmlns="x" width="500" height="125" viewBox="0 0 400 100">`},
		{`<svg xmlns="x" width="800" height="100" viewBox="0 0 800 100">`, `<svg xmlns="x" width="900" height="112" viewBox="0 0 800 100">`},
		{`<svg xmlns="x" width="1000" height="100" viewBox="0 0 1000 100">`, `<svg xmlns="x" width="1000" height="100" viewBox="0 0 1000 100">`},
		{`<p>`, `<p>`},
	} {
		if got := string(enlarged([]byte(c.in))); got != c.want {
			t.Errorf("enlarged(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
