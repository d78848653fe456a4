package checks_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
	key01 "github.com/cutoff-go/cutoff/solutions/01-minimax"
	key02 "github.com/cutoff-go/cutoff/solutions/02-alphabeta"
	key03 "github.com/cutoff-go/cutoff/solutions/03-negamax"
	key04 "github.com/cutoff-go/cutoff/solutions/04-ordering"
	key05 "github.com/cutoff-go/cutoff/solutions/05-transposition"
	key06 "github.com/cutoff-go/cutoff/solutions/06-pvs"
	key07 "github.com/cutoff-go/cutoff/solutions/07-mtdf"
	key08 "github.com/cutoff-go/cutoff/solutions/08-bns"
)

// TestInlineKeys: every exercise Inline runs gives the key full points, and
// Lesson draws the key's search as the reference's on the lesson's tree.
func TestInlineKeys(t *testing.T) {
	tree := checks.Fixtures("aima-fig5.2")[0].Tree
	for _, c := range []struct {
		dir  string
		f    []any
		want int // the lesson's value (08: the best move's index)
	}{{"01-minimax", []any{key01.Minimax}, 3}, {"02-alphabeta", []any{key02.AlphaBeta}, 3},
		{"03-negamax", []any{key03.Negamax}, 3}, {"04-ordering", []any{key04.NegamaxAB}, 3},
		{"05-transposition", []any{key05.NegamaxTT}, 3}, {"06-pvs", []any{key06.PVS}, 3},
		{"07-mtdf", []any{key07.MTDF}, 3}, {"08-bns", []any{key08.BNS, key08.NextGuess}, 0}} {
		vs, err := checks.Inline(c.dir, c.f...)
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
		d, got, want, err := checks.Lesson(c.dir, tree, c.f[0])
		if err != nil || d.First != -1 || got != c.want || want != c.want || len(d.Student) == 0 {
			t.Errorf("%s: lesson first %d, %d against %d (%d visits), %v", c.dir, d.First, got, want, len(d.Student), err)
		}
	}
}
