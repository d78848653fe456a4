package testset

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

func newRunner(t *testing.T, weak bool) *Runner {
	t.Helper()
	opt := connect4.Default()
	opt.TableBits = 16
	s, err := connect4.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	return &Runner{Solver: s, Weak: weak}
}

// "112233": X wins with its fourth stone in column 4, Pons' score
// (43 − 6) / 2 = 18.
func TestRun(t *testing.T) {
	r := newRunner(t, false)
	var solved []Result
	var problems []string
	r.Solved = func(res Result) error { solved = append(solved, res); return nil }
	r.Problem = func(line int, err error) { problems = append(problems, fmt.Sprintf("%d: %v", line, err)) }
	in := "112233 18\n\n112233 5\n48\n1212121 3\n112233 x\n"
	tot, err := r.Run(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(solved) != 2 || solved[0].Moves != "112233" || solved[0].Score != 18 {
		t.Fatalf("solved %+v, want 112233 scored 18 twice", solved)
	}
	want := []string{
		"3: 112233: found score 18, expected 5",
		"4: 48: ",
		"5: 1212121: the game is already over (nothing to solve)",
		`6: 112233: the expected score "x" is not an integer`,
	}
	if len(problems) != len(want) {
		t.Fatalf("problems %q, want %d", problems, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(problems[i], w) {
			t.Errorf("problem %q, want it to start with %q", problems[i], w)
		}
	}
	if tot.Lines != 6 || tot.Solved != 2 || tot.Bad != 3 || tot.Wrong != 1 || tot.Nodes != solved[0].Nodes+solved[1].Nodes {
		t.Errorf("totals %+v", tot)
	}
	if n, _ := tot.Mean(); n != float64(tot.Nodes)/2 {
		t.Errorf("mean nodes %v", n)
	}
	if n, us := (Totals{}).Mean(); n != 0 || us != 0 {
		t.Errorf("mean of nothing %v %v, want 0 0", n, us)
	}
}

func TestRunWeak(t *testing.T) {
	r := newRunner(t, true)
	var got []Result
	var wrong *WrongScore
	r.Solved = func(res Result) error { got = append(got, res); return nil }
	r.Problem = func(line int, err error) { errors.As(err, &wrong) }
	if _, err := r.Run(strings.NewReader("112233 3\n112233 -2\n")); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Score != 1 {
		t.Errorf("results %+v, want score 1 (a win) twice", got)
	}
	if wrong == nil || wrong.Error() != "112233: found 1 (a win), expected -2 (a loss)" {
		t.Errorf("wrong score %v", wrong)
	}
}

func TestRunStopsAndProgress(t *testing.T) {
	r := newRunner(t, false)
	stop := errors.New("stop")
	calls := 0
	r.Solved = func(Result) error { calls++; return stop }
	if _, err := r.Run(strings.NewReader("112233\n112233\n")); err != stop || calls != 1 {
		t.Errorf("err %v after %d calls, want stop after 1", err, calls)
	}
	r.Solved = nil
	var lines []int
	r.Progress = func(line int) { lines = append(lines, line) }
	if _, err := r.Run(strings.NewReader("112233\n\n112233\n")); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(lines) != "[1 3]" {
		t.Errorf("progress at lines %v, want [1 3] (every 0: after each solved line)", lines)
	}
	_, err := r.Run(strings.NewReader("1" + strings.Repeat(" ", MaxLine) + "\n"))
	if err == nil || !strings.Contains(err.Error(), "line 1: longer than") {
		t.Errorf("a long line: err %v", err)
	}
}

func TestTotalsErr(t *testing.T) {
	if err := (Totals{Lines: 3, Solved: 3}).Err(); err != nil {
		t.Errorf("a clean run: %v", err)
	}
	for _, tc := range []struct {
		t    Totals
		want string
	}{
		{Totals{Lines: 1, Bad: 1}, "1 bad line in 1 line"},
		{Totals{Lines: 5, Solved: 4, Wrong: 2}, "2 wrong scores in 5 lines"},
		{Totals{Lines: 7, Solved: 5, Bad: 2, Wrong: 1}, "2 bad lines and 1 wrong score in 7 lines"},
	} {
		err := tc.t.Err()
		var f *Failure
		if !errors.As(err, &f) || err.Error() != tc.want || f.Totals != tc.t {
			t.Errorf("%+v: %v, want a *Failure %q", tc.t, err, tc.want)
		}
	}
	if Lines(0) != "0 lines" || Lines(1) != "1 line" {
		t.Errorf("Lines: %q, %q", Lines(0), Lines(1))
	}
}

// Out gets each solved line as Pons' solver prints it, wrong scores
// included and bad lines not, one write each; a failed write ends the run.
func TestRunOut(t *testing.T) {
	r := newRunner(t, false)
	var out writes
	r.Out = &out
	var solved []Result
	r.Solved = func(res Result) error { solved = append(solved, res); return nil }
	tot, err := r.Run(strings.NewReader("112233 18\n48\n112233 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || len(solved) != 2 {
		t.Fatalf("writes %q, solved %v: want two of each", out, solved)
	}
	for i, res := range solved {
		want := fmt.Sprintf("112233 18 %d %d\n", res.Nodes, res.Micros)
		if out[i] != want || res.String()+"\n" != want {
			t.Errorf("write %d: %q, want %q", i, out[i], want)
		}
	}
	if got, want := tot.Summary(), fmt.Sprintf("2 lines, mean nodes %.1f, mean µs %.1f", float64(tot.Nodes)/2, float64(tot.Micros)/2); got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got := (Totals{Lines: 1, Solved: 1, Nodes: 3, Micros: 4}).Summary(); got != "1 line, mean nodes 3.0, mean µs 4.0" {
		t.Errorf("Summary of one line = %q", got)
	}
	r.Out, r.Solved = failingWriter{}, nil
	if _, err := r.Run(strings.NewReader("112233\n112233\n")); err == nil || err.Error() != "writing the results: closed" {
		t.Errorf("a failing Out: %v", err)
	}
}

// writes records each write.
type writes []string

func (w *writes) Write(p []byte) (int, error) { *w = append(*w, string(p)); return len(p), nil }

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }
