// Package testset is Connect Four's test-set tooling, kept out of the
// solver's own API (package connect4).
//
// [Sets] are Pons' six classes of test positions (End-Easy … Begin-Hard, by
// stones played and [Remaining] moves; blog.gamesolver.org, part 2). This
// project's own sets, under testdata/connect4, are drawn by [GenerateSet]
// from [SetSeed] and read by [ReadLines]. A [Runner] solves positions given
// one per line, as Pons' benchmark files hold them: the moves from the empty
// board (columns 1–7, e.g. "4455"), optionally followed by a space and the
// expected score. It is the work of cutoff solve.
package testset

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// MaxLine bounds one input line (a position has at most 42 moves).
const MaxLine = 1 << 20

// Result is one solved line.
type Result struct {
	Moves  string
	Score  int // Pons' score from the side to move; with Weak its sign
	Nodes  uint64
	Micros int64 // the search alone, the table cleared before it
}

// String is the result as Pons' solver prints it: the moves, the score,
// the nodes searched and the microseconds, "4455 18 2 0".
func (r Result) String() string {
	return fmt.Sprintf("%s %d %d %d", r.Moves, r.Score, r.Nodes, r.Micros)
}

// WrongScore is a line whose expected score differs from the one found
// (with Weak: by sign).
type WrongScore struct {
	Moves     string
	Got, Want int
	Weak      bool
}

func (e *WrongScore) Error() string {
	if e.Weak {
		return fmt.Sprintf("%s: found %d (%s), expected %d (%s)", e.Moves, e.Got, Outcome(e.Got), e.Want, Outcome(e.Want))
	}
	return fmt.Sprintf("%s: found score %d, expected %d", e.Moves, e.Got, e.Want)
}

// Outcome names the sign of a score: "a win", "a draw" or "a loss".
func Outcome(score int) string {
	switch {
	case score > 0:
		return "a win"
	case score < 0:
		return "a loss"
	}
	return "a draw"
}

// Runner solves lines with Solver and hands what it finds to its
// functions; nil functions are skipped.
type Runner struct {
	Solver *connect4.Solver
	Weak   bool // compare and report scores by sign only
	// Out, when not nil, receives each solved line as Pons' solver prints
	// it (Result.String and a newline), one write each, so that a reader
	// of a pipe sees each result at once; an error ends the run.
	Out io.Writer
	// Solved receives each solved line, in order, also one whose score is
	// wrong (before Problem hears of it); an error ends the run.
	Solved func(Result) error
	// Problem receives each bad line, and each wrong score, with its
	// line number (from 1).
	Problem func(line int, err error)
	// Progress is called with the line number when ProgressEvery of
	// solving has passed since the last call of Problem or Progress.
	Progress      func(line int)
	ProgressEvery time.Duration
}

// Totals count a run's lines.
type Totals struct {
	Lines      int // lines read, empty ones included
	Solved     int // lines solved, wrong scores included
	Bad, Wrong int
	Nodes      uint64 // of the solved lines
	Micros     int64
}

// Mean returns the mean nodes and microseconds of the solved lines (0
// without any).
func (t Totals) Mean() (nodes, micros float64) {
	if t.Solved == 0 {
		return 0, 0
	}
	return float64(t.Nodes) / float64(t.Solved), float64(t.Micros) / float64(t.Solved)
}

// Summary words the solved lines' totals: "3 lines, mean nodes 12.5, mean
// µs 4.0".
func (t Totals) Summary() string {
	nodes, micros := t.Mean()
	return fmt.Sprintf("%s, mean nodes %.1f, mean µs %.1f", Lines(t.Solved), nodes, micros)
}

// Failure is a run in which some line was bad or scored other than
// expected (Totals.Err).
type Failure struct{ Totals }

func (e *Failure) Error() string {
	var parts []string
	if e.Bad > 0 {
		parts = append(parts, count(e.Bad, "bad line"))
	}
	if e.Wrong > 0 {
		parts = append(parts, count(e.Wrong, "wrong score"))
	}
	return fmt.Sprintf("%s in %s", strings.Join(parts, " and "), Lines(e.Lines))
}

// Err returns a *Failure when some line was bad or scored wrong, else nil.
func (t Totals) Err() error {
	if t.Bad > 0 || t.Wrong > 0 {
		return &Failure{t}
	}
	return nil
}

// Lines counts lines in words: "1 line", "2 lines".
func Lines(n int) string { return count(n, "line") }

// Progress words how far a run is: "k/n lines" of total lines n, or
// Lines(k) when the total is unknown (0).
func Progress(line, total int) string {
	if total > 0 {
		return fmt.Sprintf("%d/%d lines", line, total)
	}
	return Lines(line)
}

// ErrNoStdin is Open's error when there is no standard input to read.
var ErrNoStdin = errors.New("no standard input")

// Open opens the lines of a run: the file name read whole, so that total
// tells their number (for Progress), or stdin when name is "" or "-",
// read as it comes (total 0), so that piping works interactively. A file
// that cannot be read is os.ReadFile's error.
func Open(name string, stdin io.Reader) (in io.Reader, total int, err error) {
	if name == "" || name == "-" {
		if stdin == nil {
			return nil, 0, ErrNoStdin
		}
		return stdin, 0, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, 0, err
	}
	total = bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		total++
	}
	return bytes.NewReader(b), total, nil
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Run solves every line of in; empty lines are skipped. Bad lines and wrong
// scores go to Problem and the run goes on; the error is a failure to read
// in, to write Out or one of Solved.
func (r *Runner) Run(in io.Reader) (Totals, error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), MaxLine)
	var (
		t    Totals
		busy time.Duration // solving since Problem or Progress was last called
	)
	for sc.Scan() {
		t.Lines++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		began := time.Now()
		res, err := r.solveLine(fields)
		if err == nil || errors.As(err, new(*WrongScore)) {
			t.Solved++
			t.Nodes += res.Nodes
			t.Micros += res.Micros
			if r.Out != nil {
				if _, err := io.WriteString(r.Out, res.String()+"\n"); err != nil {
					return t, fmt.Errorf("writing the results: %w", err)
				}
			}
			if r.Solved != nil {
				if err := r.Solved(res); err != nil {
					return t, err
				}
			}
		}
		if err != nil {
			if errors.As(err, new(*WrongScore)) {
				t.Wrong++
			} else {
				t.Bad++
			}
			if r.Problem != nil {
				r.Problem(t.Lines, err)
			}
			busy = 0
			continue
		}
		if busy += time.Since(began); busy >= r.ProgressEvery && r.Progress != nil {
			r.Progress(t.Lines)
			busy = 0
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return t, fmt.Errorf("line %d: longer than %d bytes", t.Lines+1, MaxLine)
		}
		return t, fmt.Errorf("reading the lines: %w", err)
	}
	return t, nil
}

// solveLine solves the position of one line (its fields, at least one). It
// returns a *WrongScore with the result when the expected score differs,
// another error for a bad line.
func (r *Runner) solveLine(fields []string) (Result, error) {
	moves := fields[0]
	if len(fields) > 2 {
		return Result{}, fmt.Errorf("%q: want the moves and at most an expected score, got %d fields", strings.Join(fields, " "), len(fields))
	}
	want, hasWant := 0, len(fields) == 2
	if hasWant {
		var err error
		if want, err = strconv.Atoi(fields[1]); err != nil {
			return Result{}, fmt.Errorf("%s: the expected score %q is not an integer", moves, fields[1])
		}
	}
	p, err := connect4.ParsePosition(moves)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %s", moves, strings.TrimPrefix(err.Error(), "connect four: "))
	}
	if p.Over() {
		return Result{}, fmt.Errorf("%s: the game is already over (nothing to solve)", moves)
	}
	r.Solver.Reset()
	start := time.Now()
	sr, err := r.Solver.Solve(p)
	us := time.Since(start).Microseconds()
	switch {
	case errors.Is(err, connect4.ErrOver):
		return Result{}, fmt.Errorf("%s: the game is already over (nothing to solve)", moves)
	case err != nil:
		return Result{}, fmt.Errorf("%s: %s", moves, strings.TrimPrefix(err.Error(), "connect4: "))
	}
	score := sr.Score
	if r.Weak {
		score = connect4.WeakScore(score)
	}
	res := Result{Moves: moves, Score: score, Nodes: sr.Nodes, Micros: us}
	if hasWant && (score != want && !r.Weak || r.Weak && score != connect4.WeakScore(want)) {
		return res, &WrongScore{Moves: moves, Got: score, Want: want, Weak: r.Weak}
	}
	return res, nil
}
