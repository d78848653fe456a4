// Package checks holds the checks of the course's exercises, written once:
// every exercise's test file calls one function here with the student's
// code, e.g.
//
//	func TestAlphaBeta(t *testing.T) { checks.AlphaBeta(t, AlphaBeta) }
//
// and `cutoff grade` runs those tests and adds up their points. A
// submission never imports this package: it sees only the student API,
// package grade (see exercises/README.md for the rule and why). The engine
// that builds and runs these tests on submissions, sandboxed, is
// internal/autograde.
//
// A check grades how a search ran, not only what it returned: the grader
// hands the search a Node that records every expansion (Children) and
// evaluation (Value), runs the library's reference search (pkg/algos) on the
// same tree the same way, and compares the two — the exact positions visited
// and their order, what was pruned, how often a node was searched again.
// A failing check says which rule was broken, shows the smallest tree it
// fails on (random trees are shrunk) and what was expected against what the
// code did.
//
// A failing check that compares visits also draws the difference (one tree,
// both searches, the first difference ringed; pkg/render/feedback) into the
// test's .feedback folder and prints its path on one line; a check that
// fails on something else (a value, a table entry, a re-search count,
// MTD(f)'s passes, BNS's tests) draws the same picture with the node the
// failure is about marked (feedback.Diff.Wrong); an instructor's hidden
// check gets both through VisitDiff and WrongAt (picture.go;
// CUTOFF_FEEDBACK=off: none); under `cutoff grade -feedback` it sends it,
// signed and bounded, on the grader's pipe instead, for the grader to draw
// (picturesend.go). RecordSearch turns what a student's search did
// into the library's recorded search (an algos.Recorder), for every drawing
// of pkg/render. Inline runs an exercise's checks in the caller's process,
// without go test, and keeps each failing check's picture; Lesson draws a
// learner's search beside the reference's on one tree: the notebooks'
// "your turn" cells (pkg/course's YourTurn) use both.
//
// A search is bounded: at ten times the reference's visits plus 100 it is
// stopped ("stopped: your search visited more than …"); a watchdog stops a
// check whose search does not end (watchdog.go); a call on a Node of an
// earlier search's tree is recorded in the running search, tagged Foreign,
// and named in the check's text and picture (node.go).
//
// Random trees come from a seed chosen when the tests start, printed by
// every check that uses it; set CUTOFF_SEED to repeat a run.
//
// Each check is a subtest; it passes or fails as a whole, and a stub that
// panics fails every check, each on its own. Under `cutoff grade` each
// check also writes a signed Record of its outcome to a pipe of the
// grader's (see Session): the grader counts only those records, with the
// points of its registry (Exercises), so that nothing a submission prints,
// logs or fakes can award points.
package checks

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Check is one graded check of an exercise.
type Check struct {
	Name   string // stable: it names the subtest and the check in the gradebook
	Points int
	Run    func(c *C)
}

// C is what a check works with: its test, its seed, failure reports.
type C struct {
	T       testing.TB // a *testing.T, or Inline's stand-in
	Seed    uint64
	message []string // what Fail reported, for the check's record
	test    string   // the test function and the check, for its picture
	check   string
	// inline: run by Inline, which keeps the picture (diff) instead of
	// writing it.
	inline bool
	diff   *feedback.Diff
	// rule and onCase: what OnTrees is checking, for the watchdog's text
	// (watchdog.go); text: what Fail printed, for its report.
	rule   string
	onCase *Case
	text   string
	// abandoned: Inline gave up waiting for the check (its search calls
	// nothing and cannot be stopped); if its search ever returns, the
	// check ends at once.
	abandoned atomic.Bool
}

// Run runs the checks as subtests of t, each with its points. Under
// `cutoff grade` each writes its signed record when it ends. Under go test
// a watchdog stops a check whose search does not end (watchdog.go).
func Run(t *testing.T, checks []Check) {
	t.Helper()
	test := t.Name()
	limit := searchTimeout()
	if session.active {
		limit = 0 // the grader's own timeout bounds the run
	}
	var results []result
	for i, ch := range checks {
		t.Run(ch.Name, func(t *testing.T) {
			t.Logf("%s: %d points", ch.Name, ch.Points)
			c := &C{T: t, Seed: Seed(), test: test, check: ch.Name}
			start := time.Now()
			finished := false
			startCheck()
			startPicture()
			done := make(chan struct{})
			if limit > 0 {
				var deadline time.Time
				if d, ok := t.Deadline(); ok {
					deadline = d.Add(-3 * time.Second) // before go test's own timeout, which loses every output
				}
				go func() {
					e, tr, hung := watchdog(done, limit, deadline)
					if !hung {
						return
					}
					// The search calls nothing of the grader's: it cannot be
					// stopped. Report, draw, end the process.
					c.message = c.hungText(e)
					hungPicture(tr, e.Error())
					text := strings.Join(c.message, "\n")
					if note := c.writePicture(c.rule); note != "" {
						text += "\n" + note
					}
					var notRun []string
					for _, later := range checks[i+1:] {
						notRun = append(notRun, later.Name)
					}
					os.Stdout.WriteString(hungReport(test, results, result{name: t.Name(), elapsed: time.Since(start), text: text}, notRun, testing.Verbose()))
					os.Exit(1)
				}()
			}
			defer func() {
				r := recover()
				close(done)
				halted.Store(nil) // a stopped check halts no later search
				passed := c.ended(r, finished)
				record(test, ch, passed, c.message, time.Since(start))
				text := c.text
				if r != nil || text == "" {
					text = strings.Join(c.message, "\n")
				}
				results = append(results, result{name: t.Name(), passed: passed, elapsed: time.Since(start), text: text})
				if r != nil {
					t.Fatal(c.message[0])
				}
				if !passed && !t.Failed() {
					t.Fatal(c.message[0])
				}
			}()
			ch.Run(c)
			finished = true
		})
	}
}

// ended says how a check's run ended, for Run and Inline alike: r is what
// recover returned, finished whether the check's Run returned. It sets the
// message of a panic, or of a goroutine stopped without a failure report
// (the code under test called runtime.Goexit), and reports whether the
// check passed.
func (c *C) ended(r any, finished bool) (passed bool) {
	switch {
	case r != nil:
		c.message = []string{panicMessage(r)}
	case !finished && !c.T.Failed():
		c.message = []string{"your code stopped the check (runtime.Goexit): it did not return"}
	}
	return finished && r == nil && !c.T.Failed()
}

// panicMessage explains a panic of the code under test, or the grader's
// stopping it (a runaway, a search that did not end in time: "stopped: …").
func panicMessage(r any) string {
	switch e := r.(type) {
	case string:
		if strings.HasPrefix(e, "TODO") {
			return fmt.Sprintf("not done yet: your code panicked with %q (replace the panic with your code)", e)
		}
	case ErrTooManyVisits:
		return e.Error()
	case ErrTimedOut:
		return e.Error()
	}
	return fmt.Sprintf("your code panicked: %v", r)
}

// Fail reports a broken rule and stops the check. The explanation follows
// the rule, one fact per line.
func (c *C) Fail(rule string, explanation ...string) {
	c.T.Helper()
	c.message = append([]string{"rule: " + rule}, explanation...)
	if line := foreignLine(currentStudent()); line != "" && !strings.Contains(strings.Join(c.message, "\n"), line) {
		c.message = append(c.message, line)
	}
	text := strings.Join(c.message, "\n")
	if note := c.writePicture(rule); note != "" { // after the text, not in the record
		text += "\n" + note
	}
	c.text = text
	c.T.Fatal(text)
}

// Rand returns a source of random trees for the check: from its seed, mixed
// with salt so that checks of one run use different trees.
func (c *C) Rand(salt uint64) *rand.Rand {
	c.T.Helper()
	c.T.Logf("random trees from seed %d (to repeat: CUTOFF_SEED=%d go test)", c.Seed, c.Seed)
	return rand.New(rand.NewPCG(c.Seed, salt))
}

var seedOnce = sync.OnceValue(func() uint64 {
	if session.active {
		return session.seed
	}
	if s := os.Getenv("CUTOFF_SEED"); s != "" {
		if v, err := strconv.ParseUint(s, 10, 64); err == nil {
			return v
		}
	}
	return uint64(time.Now().UnixNano()) % 1_000_000_007
})

// Seed returns the seed of this run's random trees: the grader's under
// `cutoff grade` (it is not in the environment there), else $CUTOFF_SEED
// when it is a number, else one chosen from the clock when the tests start.
func Seed() uint64 { return seedOnce() }

// sameInWindow reports whether two values returned for the window [α, β]
// agree as fail-hard and fail-soft results may: equal inside the window,
// on the same side of it outside.
func sameInWindow(got, want, alpha, beta int) bool {
	switch {
	case want <= alpha:
		return got <= alpha
	case want >= beta:
		return got >= beta
	}
	return got == want
}

// firstDiff returns the index of the first visit where got and want differ,
// or -1 when they are the same.
func firstDiff(got, want []Visit) int {
	for i := range min(len(got), len(want)) {
		if got[i].Path != want[i].Path || got[i].Eval != want[i].Eval || got[i].Foreign != want[i].Foreign {
			return i
		}
	}
	if len(got) != len(want) {
		return min(len(got), len(want))
	}
	return -1
}

// visitDiff explains the first difference of two searches' visits, and
// keeps the two traces for the check's picture (see picture.go).
func visitDiff(gotTr, wantTr *Trace) []string {
	got, want := gotTr.Visits, wantTr.Visits
	i := firstDiff(got, want)
	if i < 0 {
		return nil
	}
	var lines []string
	switch {
	case i == len(got):
		lines = append(lines, fmt.Sprintf("after %d visits your search stopped; it should go on with: %s", i, describeVisits(want[i:], 6)))
	case i == len(want):
		lines = append(lines, fmt.Sprintf("after the %d visits it should make, your search went on with: %s", i, describeVisits(got[i:], 6)))
	default:
		lines = append(lines, fmt.Sprintf("visit %d: expected to %s, your search did %s", i+1, want[i], got[i]))
	}
	lines = append(lines,
		"expected evaluations: "+describe(onlyEvals(want), 40),
		"your evaluations:     "+describe(onlyEvals(got), 40))
	if line := foreignLine(gotTr); line != "" {
		lines = append(lines, line)
	}
	notePicture(gotTr, wantTr, lines[0])
	return lines
}

func onlyEvals(vs []Visit) []Visit {
	var e []Visit
	for _, v := range vs {
		if v.Eval {
			e = append(e, v)
		}
	}
	return e
}

func describeVisits(vs []Visit, max int) string {
	var s []string
	for i, v := range vs {
		if i == max {
			s = append(s, fmt.Sprintf("… (%d more)", len(vs)-max))
			break
		}
		s = append(s, v.String())
	}
	return strings.Join(s, ", ")
}

// foreignLine names the calls a search made on nodes of another tree (an
// earlier search's: a Node the code kept from a previous call), or "".
func foreignLine(tr *Trace) string {
	if tr == nil {
		return ""
	}
	tr.mu.Lock()
	f := tr.Foreign()
	tr.mu.Unlock()
	if len(f) == 0 {
		return ""
	}
	values, children := 0, 0
	for _, v := range f {
		if v.Eval {
			values++
		} else {
			children++
		}
	}
	var calls []string
	if children > 0 {
		calls = append(calls, "Children on "+plural(children, "node"))
	}
	if values > 0 {
		calls = append(calls, "Value on "+plural(values, "node"))
	}
	var names []string
	for i, v := range f {
		if i == 6 {
			names = append(names, fmt.Sprintf("… (%d more)", len(f)-6))
			break
		}
		v.Foreign = false
		names = append(names, v.String())
	}
	return fmt.Sprintf("your search called %s of another tree (an earlier search's: a Node kept from a previous call?): %s",
		strings.Join(calls, " and "), strings.Join(names, ", "))
}
