package c4play

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

// testSetSample returns every stride-th line of testdata/connect4/name.txt,
// at most n of them, as "moves score" lines.
func testSetSample(t *testing.T, name string, stride, n int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "connect4", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan() && len(out) < n; i++ {
		if i%stride == 0 {
			out = append(out, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScoresEqualCutoffSolve (issue 21, item 4): on a sample of this
// project's test sets, the page's answers equal cutoff solve's: the
// position's score that testset.Runner (cutoff solve's loop) finds, which
// must be the set's, is the best of the page's move scores, the solver's
// move reaches it, and the "move" reply reports it.
func TestScoresEqualCutoffSolve(t *testing.T) {
	samples := []struct {
		set       string
		stride, n int
	}{{"end-easy", 97, 4}, {"middle-easy", 89, 4}, {"middle-medium", 211, 3}, {"begin-easy", 101, 4}, {"begin-medium", 331, 2}}
	if testing.Short() {
		samples = samples[:2]
	}
	ref, err := connect4.New(connect4.Default())
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(t)
	checked := 0
	for _, sm := range samples {
		lines := testSetSample(t, sm.set, sm.stride, sm.n)
		solved := map[string]int{}
		r := testset.Runner{Solver: ref,
			Solved:  func(res testset.Result) error { solved[res.Moves] = res.Score; return nil },
			Problem: func(line int, err error) { t.Errorf("%s line %d: %v", sm.set, line, err) }}
		if _, err := r.Run(strings.NewReader(strings.Join(lines, "\n"))); err != nil {
			t.Fatal(err)
		}
		for _, line := range lines {
			moves, _, _ := strings.Cut(line, " ")
			want, ok := solved[moves]
			if !ok {
				t.Fatalf("%s: %s not solved", sm.set, moves)
			}
			pos, err := connect4.ParsePosition(moves)
			if err != nil {
				t.Fatal(err)
			}
			scores, _, err := p.Scores(pos)
			if err != nil {
				t.Fatal(err)
			}
			best := -100
			for _, s := range scores {
				best = max(best, s.Score)
			}
			rep, err := p.Do(Request{Op: "move", Moves: moves, Opponent: Solver})
			if err != nil {
				t.Fatal(err)
			}
			if best != want || rep.Score == nil || *rep.Score != want || scores[columnIndex(scores, rep.Column)].Score != want {
				t.Errorf("%s %s: cutoff solve says %d; the page's best move scores %d, its solver plays %d, reporting %v",
					sm.set, moves, want, best, rep.Column, rep.Score)
			}
			checked++
		}
	}
	t.Logf("%d positions of the test sets: the page's scores equal cutoff solve's", checked)
}

func columnIndex(scores []MoveScore, col int) int {
	for i, s := range scores {
		if s.Column == col {
			return i
		}
	}
	panic(fmt.Sprint("no column ", col))
}
