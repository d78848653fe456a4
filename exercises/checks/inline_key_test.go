package checks_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
	key01 "github.com/cutoff-go/cutoff/solutions/01-minimax"
	key02 "github.com/cutoff-go/cutoff/solutions/02-alphabeta"
	key03 "github.com/cutoff-go/cutoff/solutions/03-negamax"
	key04 "github.com/cutoff-go/cutoff/solutions/04-ordering"
	key06 "github.com/cutoff-go/cutoff/solutions/06-pvs"
)

// TestInlineKeys: every exercise Inline runs gives the key full points, and
// Lesson draws the key's search as the reference's on the lesson's tree.
func TestInlineKeys(t *testing.T) {
	tree := checks.Fixtures("aima-fig5.2")[0].Tree
	for _, c := range []struct {
		dir    string
		f      any
		lesson bool
	}{{"01-minimax", key01.Minimax, true}, {"02-alphabeta", key02.AlphaBeta, true},
		{"03-negamax", key03.Negamax, true}, {"04-ordering", key04.NegamaxAB, true},
		{"06-pvs", key06.PVS, true}} {
		vs, err := checks.Inline(c.dir, c.f)
		if err != nil {
			t.Fatal(err)
		}
		points := 0
		for _, v := range vs {
			if v.Passed {
				points += v.Points
			} else {
				t.Errorf("%s: %s failed: %q", c.dir, v.Name, v.Message)
			}
		}
		if points != checks.MaxPoints {
			t.Errorf("%s: %d points", c.dir, points)
		}
		if !c.lesson {
			continue
		}
		d, got, want, err := checks.Lesson(c.dir, tree, c.f)
		if err != nil || d.First != -1 || got != 3 || want != 3 || len(d.Student) == 0 {
			t.Errorf("%s: lesson first %d, %d against %d (%d visits), %v", c.dir, d.First, got, want, len(d.Student), err)
		}
	}
}
