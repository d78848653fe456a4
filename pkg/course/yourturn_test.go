package course

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grade"
	"github.com/cutoff-go/cutoff/pkg/games"
	key05 "github.com/cutoff-go/cutoff/solutions/05-transposition"
	key07 "github.com/cutoff-go/cutoff/solutions/07-mtdf"
	key08 "github.com/cutoff-go/cutoff/solutions/08-bns"
	swapped05 "github.com/cutoff-go/cutoff/testdata/wrong/swapped-flags/05-transposition"
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
	if s := right.Summary(); !strings.Contains(s, "same 15 visits") {
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
	// The learner's search is recorded as a library search is: the
	// player steps through it, its leaves are the ones it evaluated (y2
	// and y3, which the reference prunes, among them), and the site's
	// key run says whose search it is.
	if wrong.Yours == nil {
		t.Fatal("no recording of the learner's search")
	}
	var leaves, evals []string
	for _, n := range wrong.Yours.Leaves() {
		leaves = append(leaves, n.Label())
	}
	for _, v := range wrong.Lesson.Student {
		if v.Eval {
			evals = append(evals, v.Name)
		}
	}
	if got := strings.Join(leaves, " "); !strings.Contains(got, "y2 y3") || got != strings.Join(evals, " ") {
		t.Errorf("the recording's leaves %q, the evaluations %q", got, evals)
	}
	if h := wrong.PlayerHTML(); !strings.Contains(h, "<details") || !strings.Contains(h, "Step through your search (") {
		t.Errorf("player: %.300s", h)
	} else if strings.Contains(h, "[0, 0]") || strings.Contains(h, "exit S = ") || !strings.Contains(h, "enter S<") && !strings.Contains(h, "enter S\"") && !strings.Contains(h, "enter S&") {
		// The grader cannot see a student's windows or interior values:
		// the captions must not invent them.
		i := strings.Index(h, "enter S")
		t.Errorf("the player's captions invent a window or a value: %q", h[max(0, i-20):min(len(h), i+60)])
	}
	t.Setenv("CUTOFF_SITE_KEY", "1")
	if s := right.Summary(); !strings.Contains(s, "runs the exercise's key") || !strings.Contains(s, "The key's search returned <b>5</b>") {
		t.Errorf("on the site: %q", s)
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

// TestRunTurnDriven: the lessons of 05 (on a game), 07 and 08 run the keys
// beside the reference with no difference and full points; a driver that
// never ends is drawn as far as the grader let it go; 08 names the moves.
func TestRunTurnDriven(t *testing.T) {
	nim := Must(games.NewNim(1, 3))
	small := "R(A(a1=6 a2=11) B(b1=7 b2=13) C(c1=9 c2=7) D(d1=1 d2=4))"
	for _, c := range []struct {
		ex   string
		tree any
		f    []any
		want int
	}{{"05-transposition", nim, []any{key05.NegamaxTT}, 1},
		{"07-mtdf", "aima-fig5.2", []any{key07.MTDF}, 3},
		{"08-bns", small, []any{key08.BNS, key08.NextGuess}, 2}} {
		turn, err := RunTurn(c.ex, c.tree, c.f[0], c.f[1:]...)
		if err != nil {
			t.Fatalf("%s: %v", c.ex, err)
		}
		if got, max := turn.Points(); got != max || max != 100 {
			t.Errorf("%s: the key scores %d/%d", c.ex, got, max)
		}
		if turn.Lesson.First != -1 || turn.Got != c.want || turn.Want != c.want || len(turn.Lesson.Student) < 5 {
			t.Errorf("%s: first %d, %d against %d (want %d), %d visits", c.ex, turn.Lesson.First, turn.Got, turn.Want, c.want, len(turn.Lesson.Student))
		}
	}
	// Nim's title names the piles; 08's summary the moves.
	turn, err := RunTurn("05-transposition", nim, key05.NegamaxTT)
	if err != nil || !strings.Contains(turn.Lesson.Title, "on Nim 1,3") {
		t.Errorf("05: title %q, %v", turn.Lesson.Title, err)
	}
	turn, err = RunTurn("08-bns", small, key08.BNS, key08.NextGuess)
	if err != nil || !strings.Contains(turn.Summary(), "Your BNS chose move <b>C</b>, the reference <b>C</b>.") {
		t.Errorf("08: summary %q, %v", turn.Summary(), err)
	}
	// A driver that tests (g − 1, g) again and again never ends: the
	// grader stops it, and the lesson draws what it did (the same visits
	// as the reference's: from the fourth search on, the table answers).
	loop := func(_ grade.Node, first, _ int, search func(alpha, beta int) int) int {
		g := first
		for {
			g = search(g-1, g)
		}
	}
	turn, err = RunTurn("07-mtdf", "aima-fig5.2", loop)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(turn.Lesson.Stopped, "called search 1000 times") || len(turn.Lesson.Student) != 18 ||
		!strings.Contains(turn.Summary(), "Your search stopped after") {
		t.Errorf("a driver that never ends: stopped %q, %d visits, summary %q", turn.Lesson.Stopped, len(turn.Lesson.Student), turn.Summary())
	}
	if got, _ := turn.Points(); got == 100 {
		t.Error("a driver that never ends scores 100")
	}
	// Flags swapped: the same visits and value on Nim 1,3, but the third
	// store (of 0.1, Max to move, value 1 ≥ β) is UPPERBOUND: marked.
	turn, err = RunTurn("05-transposition", nim, swapped05.NegamaxTT)
	if err != nil {
		t.Fatal(err)
	}
	if w := turn.Lesson.Wrong; turn.Lesson.First != -1 || w == nil || w.Path != "0.1" ||
		!strings.Contains(turn.Summary(), "Marked <i>wrong here</i>: your search stored {value 1, depth 62, UPPERBOUND} (store 3); expected {value 1, depth 62, LOWERBOUND}") {
		t.Errorf("flags swapped: first %d, wrong %+v, summary %q", turn.Lesson.First, w, turn.Summary())
	}
	if _, err := RunTurn("08-bns", small, key08.BNS); err == nil {
		t.Error("08 without NextGuess: no error")
	}
	if _, err := RunTurn("02-alphabeta", nim, ab(true)); err == nil {
		t.Error("02 on a game: no error")
	}
	if _, err := RunTurn("02-alphabeta", 3, ab(true)); err == nil {
		t.Error("a tree that is a number: no error")
	}
}
