package connect4_test

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

// confirm scores position p with the course's generic MTD(f) (pkg/algos,
// with a table, children ordered by their static value) over
// Connect Four, independently of this package's solver: it returns Pons'
// score from the side to move. A win or loss r moves away is exact at depth
// r (the winner forces it by then, and the loser avoids anything faster; an
// unfinished position at the horizon is worth less than any result, see
// connect4.ValueScale), so the search goes Remaining(score)+1 plies deep; a
// draw needs the whole board. guess is the first guess (the file's score):
// it costs two null-window passes when right, more when wrong, never a wrong
// value.
func confirm(p connect4.Position, guess int, tt *algos.Table) (int, algos.Result, error) {
	depth := testset.Remaining(p.Moves(), guess) + 1
	g := int(p.ToMove()) * connect4.ValueScale * guess
	tt.Clear()
	r, err := algos.MTDF(p, depth, &algos.Options[connect4.Position]{
		TT: tt, Guess: &g, Order: algos.StaticOrder[connect4.Position](),
	})
	if err != nil {
		return 0, r, err
	}
	v := r.Value * int(p.ToMove())
	if v%connect4.ValueScale != 0 {
		return 0, r, fmt.Errorf("value %d at depth %d is not a result: the game is not over by then", r.Value, depth)
	}
	return v / connect4.ValueScale, r, nil
}

// TestSetsConfirmedByAlgos: a sample of every committed test set gets the
// file's score from the generic MTD(f) above, which shares nothing with the
// solver but the game. The sample is every 100th line of the easy sets and
// the lines with the fewest remaining moves of the others (five of each
// Medium set, one of Begin-Hard), as the generic search is slower by orders
// of magnitude (CUTOFF_CONFIRM=all takes every 10th line of the easy sets
// and four times as many of the others: minutes).
func TestSetsConfirmedByAlgos(t *testing.T) {
	tt, err := algos.NewTable(1<<22, algos.ReplaceTwoTier)
	if err != nil {
		t.Fatal(err)
	}
	all := os.Getenv("CUTOFF_CONFIRM") == "all"
	for _, set := range testset.Sets {
		lines := readSet(t, set)
		var sample []testset.Line
		switch {
		case set.MaxRemaining < 14:
			step := 100
			if all {
				step = 10
			}
			for i := 0; i < len(lines); i += step {
				sample = append(sample, lines[i])
			}
		case os.Getenv("CUTOFF_CONFIRM") == "spread":
			for i := 0; i < len(lines); i += len(lines) / 5 {
				sample = append(sample, lines[i])
			}
		default:
			n := 5 // Medium: milliseconds each
			if set.MinRemaining >= 28 {
				n = 1 // Begin-Hard: seconds
			}
			if all {
				n *= 4
			}
			sample = fewestRemaining(lines, n)
		}
		start := time.Now()
		var nodes int64
		for _, l := range sample {
			p, _ := connect4.ParsePosition(l.Moves)
			got, r, err := confirm(p, l.Score, tt)
			if err != nil || got != l.Score {
				t.Errorf("%s %q: MTD(f) of pkg/algos gives %d (%v); the file says %d", set.File, l.Moves, got, err, l.Score)
			}
			nodes += r.Stats.Nodes
		}
		t.Logf("%-14s %3d lines confirmed, %d nodes, %v", set.Name, len(sample), nodes, time.Since(start).Round(time.Millisecond))
	}
}

// fewestRemaining returns the n lines whose positions end soonest, and of
// those the ones with the most stones played (the smallest trees), in file
// order among equals.
func fewestRemaining(lines []testset.Line, n int) []testset.Line {
	best := append([]testset.Line(nil), lines...)
	rem := func(l testset.Line) int { return testset.Remaining(len(l.Moves), l.Score) }
	slices.SortStableFunc(best, func(a, b testset.Line) int {
		return cmp.Or(cmp.Compare(rem(a), rem(b)), cmp.Compare(len(b.Moves), len(a.Moves)))
	})
	return best[:min(n, len(best))]
}

// setsDir holds this project's test sets.
const setsDir = "../../testdata/connect4"

// readSet reads one of this project's test set files.
func readSet(t testing.TB, set testset.Set) []testset.Line {
	t.Helper()
	f, err := os.Open(filepath.Join(setsDir, set.File))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := testset.ReadLines(f)
	if err != nil {
		t.Fatalf("%s: %v", set.File, err)
	}
	return lines
}
