package main

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// endgame is a Connect Four position of a test file and its exact score.
type endgame struct {
	moves string
	score int
}

// endgames returns n positions with 34 to 37 stones played by random moves
// (fixed seed), the game not over, scored by exhaustive: the test's own
// answer, independent of pkg/connect4. Wins, draws and losses all occur.
func endgames(t *testing.T, n int) []endgame {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 4455))
	var out []endgame
	count := map[int]int{} // positions per outcome
	for len(out) < n || len(count) < 3 {
		moves, p, ok := randomGame(rng, 34+rng.IntN(4))
		if !ok {
			continue
		}
		e := endgame{moves, exhaustive(p)}
		s := connect4.WeakScore(e.score)
		switch {
		case len(out) < n:
			out = append(out, e)
		case count[s] > 0:
			continue
		default: // replace a position whose outcome occurs twice
			for i, o := range out {
				if count[connect4.WeakScore(o.score)] > 1 {
					count[connect4.WeakScore(o.score)]--
					out[i] = e
					break
				}
			}
		}
		count[s]++
	}
	return out
}

// randomGame plays n random moves from the empty board and returns them in
// Pons' format; ok is false when the game ended on the way.
func randomGame(rng *rand.Rand, n int) (string, connect4.Position, bool) {
	p := connect4.NewPosition()
	var moves strings.Builder
	for range n {
		if p.Over() {
			return "", p, false
		}
		var cols []int
		for c := range connect4.Width {
			if p.CanPlay(c) {
				cols = append(cols, c)
			}
		}
		c := cols[rng.IntN(len(cols))]
		p = p.Play(c)
		moves.WriteByte(byte('1' + c))
	}
	return moves.String(), p, !p.Over()
}

// exhaustive is plain negamax over every continuation of p: the score, in
// Pons' convention, from the side to move.
func exhaustive(p connect4.Position) int {
	if p.Over() {
		s, _ := p.Score()
		return s
	}
	best := -1 << 30
	for _, c := range p.Children(nil) {
		best = max(best, -exhaustive(c))
	}
	return best
}

// solveFile writes lines to a temporary file and returns its path.
func solveFile(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// fileLines formats the endgames as "moves score" lines.
func fileLines(es []endgame) []string {
	var lines []string
	for _, e := range es {
		lines = append(lines, fmt.Sprintf("%s %d", e.moves, e.score))
	}
	return lines
}

// solveResult is one output line of cutoff solve.
type solveResult struct {
	moves         string
	score         int
	nodes, micros int64
}

// parseResults checks that every line of out is "moves score nodes µs".
func parseResults(t *testing.T, out string) []solveResult {
	t.Helper()
	var rs []solveResult
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("output line %q: want moves score nodes microseconds", line)
		}
		var r solveResult
		var err [3]error
		r.moves = f[0]
		r.score, err[0] = strconv.Atoi(f[1])
		r.nodes, err[1] = strconv.ParseInt(f[2], 10, 64)
		r.micros, err[2] = strconv.ParseInt(f[3], 10, 64)
		if e := errors.Join(err[:]...); e != nil || r.nodes < 0 || r.micros < 0 {
			t.Fatalf("output line %q: %v", line, e)
		}
		rs = append(rs, r)
	}
	return rs
}

// wantResults checks that rs are es's positions, in order, with their
// scores (by sign when weak).
func wantResults(t *testing.T, rs []solveResult, es []endgame, weak bool) {
	t.Helper()
	if len(rs) != len(es) {
		t.Fatalf("%d result lines, want %d", len(rs), len(es))
	}
	for i, r := range rs {
		want := es[i].score
		if weak {
			want = connect4.WeakScore(want)
		}
		if r.moves != es[i].moves || r.score != want {
			t.Errorf("line %d: %s scores %d, want %s %d", i+1, r.moves, r.score, es[i].moves, want)
		}
	}
}

func TestSolveFileAndStdin(t *testing.T) {
	es := endgames(t, 8)
	lines := fileLines(es)
	// Moves alone are fine too, and empty lines are skipped.
	lines[2] = es[2].moves
	lines = append(lines[:4], append([]string{"", "  "}, lines[4:]...)...)
	input := strings.Join(lines, "\n") + "\n"
	path := solveFile(t, lines...)
	for _, args := range [][]string{{"solve", path}, {"solve"}, {"solve", "-"}} {
		code, out, errOut := cli(t, input, args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		wantResults(t, parseResults(t, out), es, false)
	}
	// Every step of Pons' tutorial finds the same scores, and so does a
	// smaller table.
	for part := 4; part <= 12; part++ {
		code, out, errOut := cli(t, "", "solve", "-part", strconv.Itoa(part), path)
		if code != 0 || errOut != "" {
			t.Fatalf("-part %d: exit %d, stderr %q", part, code, errOut)
		}
		wantResults(t, parseResults(t, out), es, false)
	}
	code, out, errOut := cli(t, "", "solve", "-table-bits", "16", path)
	if code != 0 || errOut != "" {
		t.Fatalf("-table-bits 16: exit %d, stderr %q", code, errOut)
	}
	wantResults(t, parseResults(t, out), es, false)
}

func TestSolveWeak(t *testing.T) {
	es := endgames(t, 8)
	path := solveFile(t, fileLines(es)...) // strong scores, compared by sign
	for _, args := range [][]string{{"solve", "-weak", path}, {"solve", path, "-weak"}, {"solve", "-weak", "-part", "9", path}} {
		code, out, errOut := cli(t, "", args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		wantResults(t, parseResults(t, out), es, true)
	}
	// An expected score of the wrong sign is reported.
	lines := fileLines(es)
	i := 0
	for es[i].score == 0 {
		i++
	}
	lines[i] = fmt.Sprintf("%s %d", es[i].moves, -es[i].score)
	code, out, errOut := cli(t, "", "solve", "-weak", solveFile(t, lines...))
	if code != exitBudget {
		t.Errorf("weak, wrong sign: exit %d, want %d", code, exitBudget)
	}
	wantResults(t, parseResults(t, out), es, true)
	if want := fmt.Sprintf("cutoff: solve: line %d: %s:", i+1, es[i].moves); !strings.HasPrefix(errOut, want) {
		t.Errorf("stderr %q, want it to start with %q", errOut, want)
	}
}

func TestSolveWrongScore(t *testing.T) {
	es := endgames(t, 6)
	lines := fileLines(es)
	lines[3] = fmt.Sprintf("%s %d", es[3].moves, es[3].score+1)
	code, out, errOut := cli(t, "", "solve", solveFile(t, lines...))
	if code != exitBudget {
		t.Errorf("exit %d, want %d", code, exitBudget)
	}
	// Every line is still solved and printed, the wrong one too.
	wantResults(t, parseResults(t, out), es, false)
	want := fmt.Sprintf("cutoff: solve: line 4: %s: found score %d, expected %d\n"+
		"cutoff: solve: 1 wrong score in 6 lines\n", es[3].moves, es[3].score, es[3].score+1)
	if errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

func TestSolveBadLines(t *testing.T) {
	es := endgames(t, 4)
	good := fileLines(es)
	bad := []struct{ line, want string }{
		{"4455x", `line 2: 4455x: offset 4: 'x' is not a column digit 1-7`},
		{"1111111", "line 3: 1111111: offset 6: column 1 is full"},
		{"12121212", "line 4: 12121212: offset 7: the game is already won"},
		{"1212121 0", "line 5: 1212121: the game is already over"},
		{es[0].moves + " x", "line 6: " + es[0].moves + `: the expected score "x" is not an integer`},
		{es[0].moves + " 1 2", "line 7: "},
	}
	lines := []string{good[0]}
	for _, b := range bad {
		lines = append(lines, b.line)
	}
	// A wrong score as well: bad input wins.
	lines = append(lines, good[1], fmt.Sprintf("%s %d", es[2].moves, es[2].score-1), good[3])
	code, out, errOut := cli(t, "", "solve", solveFile(t, lines...))
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	wantResults(t, parseResults(t, out), es, false)
	errLines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(errLines) != len(bad)+2 {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(errLines), len(bad)+2, errOut)
	}
	for i, b := range bad {
		if !strings.HasPrefix(errLines[i], "cutoff: solve: "+b.want) {
			t.Errorf("stderr line %q, want it to start with %q", errLines[i], "cutoff: solve: "+b.want)
		}
	}
	if want := "cutoff: solve: 6 bad lines and 1 wrong score in 10 lines"; errLines[len(errLines)-1] != want {
		t.Errorf("last stderr line %q, want %q", errLines[len(errLines)-1], want)
	}
}

func TestSolveSummaryAndProgress(t *testing.T) {
	es := endgames(t, 3)
	path := solveFile(t, fileLines(es)...)
	code, out, errOut := cli(t, "", "solve", "-summary", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	rs := parseResults(t, out)
	var nodes, micros int64
	for _, r := range rs {
		nodes += r.nodes
		micros += r.micros
	}
	want := fmt.Sprintf("cutoff: solve: 3 lines, mean nodes %.1f, mean µs %.1f\n", float64(nodes)/3, float64(micros)/3)
	if errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}

	// With no delay, progress follows every line: the total is known for a
	// FILE, not for stdin.
	defer func(d time.Duration) { solveProgressEvery = d }(solveProgressEvery)
	solveProgressEvery = 0
	_, _, errOut = cli(t, "", "solve", path)
	if want := "cutoff: solve: 1/3 lines\ncutoff: solve: 2/3 lines\ncutoff: solve: 3/3 lines\n"; errOut != want {
		t.Errorf("progress on a FILE: stderr %q, want %q", errOut, want)
	}
	_, _, errOut = cli(t, strings.Join(fileLines(es[:2]), "\n"), "solve")
	if want := "cutoff: solve: 1 line\ncutoff: solve: 2 lines\n"; errOut != want {
		t.Errorf("progress on stdin: stderr %q, want %q", errOut, want)
	}
}

func TestSolveBadInput(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", missing}, "cannot read " + missing + ": no such file"},
		{[]string{"solve", dir}, "cannot read " + dir},
		{[]string{"solve", "a", "b"}, "one FILE at most"},
		{[]string{"solve", "-part", "3"}, "-part: no part 3"},
		{[]string{"solve", "-part", "13"}, "-part: no part 13"},
		{[]string{"solve", "-part", "x"}, "-part"},
		{[]string{"solve", "-table-bits", "40"}, "-table-bits: table bits 40 out of range"},
		{[]string{"solve", "-table-bits", "0"}, "-table-bits must be positive"},
		{[]string{"solve", "-part", "5", "-table-bits", "20"}, "-table-bits: part 5 has no transposition table"},
		{[]string{"solve", "-frob"}, "-frob"},
	} {
		code, out, errOut := cli(t, "", tc.args...)
		if code != exitUsage {
			t.Errorf("%q: exit %d, want %d", tc.args, code, exitUsage)
		}
		wantOneLine(t, out, errOut)
		if !strings.HasPrefix(errOut, "cutoff: solve: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: stderr %q, want it to mention %q", tc.args, errOut, tc.want)
		}
	}
}

func TestSolveHelp(t *testing.T) {
	fs, _ := newSolveFlags()
	checkHelp(t, "solve", solveUsage, fs)
}

// TestSolveBinaryPipe runs the built command with its stdin and stdout as
// pipes: each result line comes out before the next input line goes in.
func TestSolveBinaryPipe(t *testing.T) {
	bin := buildCutoff(t)
	es := endgames(t, 3)
	cmd := exec.Command(bin, "solve")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errOut strings.Builder
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for _, e := range es {
		if _, err := fmt.Fprintf(stdin, "%s %d\n", e.moves, e.score); err != nil {
			t.Fatal(err)
		}
		select {
		case line := <-lines:
			if rs := parseResults(t, line+"\n"); rs[0].moves != e.moves || rs[0].score != e.score {
				t.Errorf("got %q for %s %d", line, e.moves, e.score)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no result line for %s while stdin stays open: output is not flushed per line", e.moves)
		}
	}
	// A wrong score, then the end of the input: exit status 1.
	fmt.Fprintf(stdin, "%s %d\n", es[0].moves, es[0].score+1)
	stdin.Close()
	for range lines {
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitBudget {
		t.Errorf("exit %v, want status %d; stderr %q", err, exitBudget, errOut.String())
	}
	if !strings.Contains(errOut.String(), "line 4: ") {
		t.Errorf("stderr %q, want it to name line 4", errOut.String())
	}
}
