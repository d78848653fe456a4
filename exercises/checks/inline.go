package checks

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// The notebooks' "your turn" cells run an exercise's checks in the
// notebook's own process, without go test: Inline runs them one after
// another on a stand-in for testing.T, and keeps each failing check's
// picture (the Diff a failing `go test` would write into .feedback) instead
// of writing a file. Lesson draws the learner's search beside the
// reference's on one tree of the lesson. Both bound what the learner's code
// may do as the checks do (a Trace's Limit; panics are caught) and watch it
// as go test's checks are watched (watchdog.go): a search that does not end
// within SearchTimeout is stopped at its next call on a Node; one that
// calls nothing cannot be stopped (Go cannot end a goroutine): its check, or
// the lesson's picture, shows what it did until then and tells the learner
// to restart the kernel, and it is left running.

// restartKernel is what a learner is told when their search cannot be
// stopped.
const restartKernel = "it is still running (Go cannot stop it): restart the kernel (Kernel → Restart Kernel) before you run another cell"

// Verdict is one check's outcome, run by Inline.
type Verdict struct {
	Name    string
	Points  int
	Passed  bool
	Message []string       // why it failed, as go test prints it
	Diff    *feedback.Diff // the difference drawn, when the check draws one
}

// Inline runs exercise dir's checks ("02-alphabeta", as in Exercises) on fs,
// the learner's function(s) with the exercise's signature (AlphaBetaFunc for
// 02 …; for 08 its BNSFunc and NextGuessFunc), in this process: 01 to 08
// (09, the player: an error that says to run go test). An error when dir
// is not an exercise or fs do not have its types.
func Inline(dir string, fs ...any) ([]Verdict, error) {
	checks, err := checksOf(dir, fs)
	if err != nil {
		return nil, err
	}
	out := make([]Verdict, len(checks))
	defer halted.Store(nil) // a stopped check halts no later search
	for i, ch := range checks {
		out[i] = inlineCheck(dir, ch)
	}
	return out, nil
}

// checksOf builds exercise dir's checks over fs.
func checksOf(dir string, fs []any) ([]Check, error) {
	bad := func(want string) error {
		return fmt.Errorf("checks: exercise %s grades a %s, got %d function(s) %s", dir, want, len(fs), typesOf(fs))
	}
	one := func(want string) (any, error) {
		if len(fs) != 1 {
			return nil, bad(want)
		}
		return fs[0], nil
	}
	var cs []Check
	ok := false
	switch dir {
	case "01-minimax":
		f, err := one("MinimaxFunc")
		if err != nil {
			return nil, err
		}
		var g MinimaxFunc
		if g, ok = asFunc[MinimaxFunc](f); ok {
			cs = minimaxChecks(g)
		}
	case "02-alphabeta":
		f, err := one("AlphaBetaFunc")
		if err != nil {
			return nil, err
		}
		var g AlphaBetaFunc
		if g, ok = asFunc[AlphaBetaFunc](f); ok {
			cs = alphaBetaChecks(g)
		}
	case "03-negamax":
		f, err := one("NegamaxFunc")
		if err != nil {
			return nil, err
		}
		var g NegamaxFunc
		if g, ok = asFunc[NegamaxFunc](f); ok {
			cs = negamaxChecks(g)
		}
	case "04-ordering":
		f, err := one("OrderingFunc")
		if err != nil {
			return nil, err
		}
		var g OrderingFunc
		if g, ok = asFunc[OrderingFunc](f); ok {
			cs = orderingChecks(g)
		}
	case "05-transposition":
		f, err := one("TranspositionFunc")
		if err != nil {
			return nil, err
		}
		var g TranspositionFunc
		if g, ok = asFunc[TranspositionFunc](f); ok {
			cs = transpositionChecks(g)
		}
	case "06-pvs":
		f, err := one("PVSFunc")
		if err != nil {
			return nil, err
		}
		var g PVSFunc
		if g, ok = asFunc[PVSFunc](f); ok {
			cs = pvsChecks(g)
		}
	case "07-mtdf":
		f, err := one("MTDFFunc")
		if err != nil {
			return nil, err
		}
		var g MTDFFunc
		if g, ok = asFunc[MTDFFunc](f); ok {
			cs = mtdfChecks(g)
		}
	case "08-bns":
		if len(fs) != 2 {
			return nil, bad("BNSFunc and a NextGuessFunc")
		}
		g, ok1 := asFunc[BNSFunc](fs[0])
		next, ok2 := asFunc[NextGuessFunc](fs[1])
		if ok = ok1 && ok2; ok {
			cs = bnsChecks(g, next)
		}
	default:
		for _, e := range Exercises() {
			if e.Dir == dir {
				return nil, fmt.Errorf("checks: exercise %s cannot run inline yet: run its go test", dir)
			}
		}
		return nil, fmt.Errorf("checks: no exercise %q", dir)
	}
	if !ok {
		return nil, bad(map[string]string{"01-minimax": "MinimaxFunc", "02-alphabeta": "AlphaBetaFunc",
			"03-negamax": "NegamaxFunc", "04-ordering": "OrderingFunc", "05-transposition": "TranspositionFunc",
			"06-pvs": "PVSFunc", "07-mtdf": "MTDFFunc", "08-bns": "BNSFunc and a NextGuessFunc"}[dir])
	}
	return cs, nil
}

// asFunc accepts F itself or a func of F's underlying type (the exercise's
// own function, declared with the same parameters).
func asFunc[F any](f any) (F, bool) {
	if g, ok := f.(F); ok {
		return g, true
	}
	var zero F
	switch any(zero).(type) {
	case MinimaxFunc:
		if g, ok := f.(func(Node, int) int); ok {
			return any(MinimaxFunc(g)).(F), true
		}
	case AlphaBetaFunc:
		if g, ok := f.(func(Node, int, int, int) int); ok {
			return any(AlphaBetaFunc(g)).(F), true
		}
	case NegamaxFunc:
		if g, ok := f.(func(Node, int, int) int); ok {
			return any(NegamaxFunc(g)).(F), true
		}
	case PVSFunc:
		if g, ok := f.(func(Node, int, int, int, int) int); ok {
			return any(PVSFunc(g)).(F), true
		}
	case TranspositionFunc:
		if g, ok := f.(func(Node, int, int, int, int, Table) int); ok {
			return any(TranspositionFunc(g)).(F), true
		}
	case MTDFFunc:
		if g, ok := f.(func(Node, int, int, func(int, int) int) int); ok {
			return any(MTDFFunc(g)).(F), true
		}
	case BNSFunc:
		if g, ok := f.(func(Node, int, int, func(Node, int) bool) (int, int, int)); ok {
			return any(BNSFunc(g)).(F), true
		}
	case NextGuessFunc:
		if g, ok := f.(func(int, int, int) int); ok {
			return any(NextGuessFunc(g)).(F), true
		}
	case OrderingFunc:
		// the exercise declares its order parameter as a func type literal
		if g, ok := f.(func(Node, int, int, int, int, func(Node, Node) int) int); ok {
			return any(OrderingFunc(func(n Node, depth, alpha, beta, color int, order OrderFunc) int {
				return g(n, depth, alpha, beta, color, order)
			})).(F), true
		}
		if g, ok := f.(func(Node, int, int, int, int, OrderFunc) int); ok {
			return any(OrderingFunc(g)).(F), true
		}
	}
	return zero, false
}

func typesOf(fs []any) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = fmt.Sprintf("%T", f)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// inlineCheck runs one check as Run's subtest would, on an inlineT.
func inlineCheck(dir string, ch Check) Verdict {
	t := &inlineT{name: testOf(dir) + "/" + strings.ReplaceAll(ch.Name, " ", "_")}
	c := &C{T: t, Seed: Seed(), inline: true}
	v := Verdict{Name: ch.Name, Points: ch.Points}
	startCheck()
	startPicture()
	done := make(chan struct{})
	go func() {
		finished := false
		defer func() {
			passed := c.ended(recover(), finished)
			t.mu.Lock()
			v.Passed = passed
			v.Message, v.Diff = c.message, c.diff
			t.mu.Unlock()
			close(done)
		}()
		ch.Run(c)
		finished = true
	}()
	e, tr, hung := watchdog(done, searchTimeout(), time.Time{})
	if !hung {
		<-done
		t.mu.Lock()
		defer t.mu.Unlock()
		return v
	}
	// Left running: what its search did until it was stopped. Should it
	// ever return, its check ends at once (OnTrees).
	c.abandoned.Store(true)
	h := &C{T: &inlineT{name: t.name}, inline: true, rule: c.rule, onCase: c.onCase}
	msg := append(h.hungText(e), restartKernel)
	hungPicture(tr, e.Error())
	var d *feedback.Diff
	if tr != nil {
		if dd, ok := lastDiff(t.name+" — "+c.rule, msg); ok {
			d = &dd
		}
	}
	return Verdict{Name: ch.Name, Points: ch.Points, Message: msg, Diff: d}
}

func testOf(dir string) string {
	for _, e := range Exercises() {
		if e.Dir == dir {
			return e.Test
		}
	}
	return "Test"
}

// inlineT is the part of testing.T the checks use (Helper, Logf, Fatal,
// Failed, Name); any other method panics (the embedded TB is nil), which
// fails the check.
type inlineT struct {
	testing.TB
	name   string
	mu     sync.Mutex
	failed bool
}

func (t *inlineT) Helper()                   {}
func (t *inlineT) Name() string              { return t.name }
func (t *inlineT) Logf(string, ...any)       {}
func (t *inlineT) Log(...any)                {}
func (t *inlineT) Errorf(f string, a ...any) { t.fail() }
func (t *inlineT) Fatal(...any)              { t.fail(); runtime.Goexit() }
func (t *inlineT) Fatalf(string, ...any)     { t.fail(); runtime.Goexit() }
func (t *inlineT) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

func (t *inlineT) fail() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
}

// Lesson runs f, the learner's function for exercise dir (as Inline takes
// it), on t as the exercise's checks call it on a whole tree, and the
// reference search the same way, and returns the two drawn as a check draws
// them (DiffOf): the first difference marked (First −1 when the searches
// visit the same positions in the same order; for 04 and 06, whose checks
// accept two references, beside the one the learner's search follows
// longer). 04's search is run with the static ordering (the best static
// value for the side to move first: a tree with static values shows it).
// 05, 07 and 08: see lesson.go (05 is better run on a game: LessonGame).
// The learner's value and the reference's are returned too (08: the
// indices of the moves chosen); a value that differs marks the root
// (Diff.Wrong).
func Lesson(dir string, t *gametree.Tree, f any) (d feedback.Diff, got, want int, err error) {
	d, _, got, want, err = LessonRecorded(dir, t, f)
	return d, got, want, err
}

// LessonRecorded is Lesson, and the learner's search on t recorded as the
// library's searches are (RecordSearch), for the course's players, frames
// and quiz tools; nil for 05, 07 and 08, whose lessons draw a driver's
// searches together, and for a search that did not end.
func LessonRecorded(dir string, t *gametree.Tree, f any) (d feedback.Diff, rec *Recording[gametree.Node], got, want int, err error) {
	var tr *Trace
	var ended atomic.Bool // the lesson's goroutine wrote tr and returned
	d, got, want, err = lessonBounded(func() (feedback.Diff, int, int, error) {
		d, t2, got, want, err := lesson(dir, t, f)
		tr = t2
		ended.Store(true)
		return d, got, want, err
	})
	if err == nil && ended.Load() && tr != nil {
		rec = RecordSearch(t.Root(), tr)
	}
	return d, rec, got, want, err
}

// lessonBounded runs a lesson's searches, watched (watchdog.go): a search
// that does not end in time and cannot be stopped is drawn as far as it
// got, beside the reference's, with the advice to restart the kernel.
func lessonBounded(run func() (feedback.Diff, int, int, error)) (d feedback.Diff, got, want int, err error) {
	startCheck()
	defer halted.Store(nil)
	lessonRef.Store(nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		d, got, want, err = run()
	}()
	e, tr, hung := watchdog(done, searchTimeout(), time.Time{})
	if !hung {
		<-done
		return d, got, want, err
	}
	ref := lessonRef.Load()
	if ref == nil {
		ref = &Trace{}
	}
	if tr == nil {
		return feedback.Diff{}, 0, 0, fmt.Errorf("checks: %s; %s", e.Error(), restartKernel)
	}
	dd, ok := DiffOf("your search and the reference's", tr, ref, e.Error()+"; "+restartKernel)
	if !ok {
		return dd, 0, 0, fmt.Errorf("checks: %s; %s", e.Error(), restartKernel)
	}
	return dd, 0, 0, nil
}

// lessonRef is the reference's trace of the lesson running, for the
// picture of a learner's search that cannot be stopped.
var lessonRef atomic.Pointer[Trace]

// lesson is Lesson, unwatched, with the learner's trace (nil for 05, 07
// and 08).
func lesson(dir string, t *gametree.Tree, f any) (d feedback.Diff, tr *Trace, got, want int, err error) {
	var name string
	var run searchFunc
	var opts *algos.Options[RefNode]
	others := []string(nil) // further references the checks accept (04, 06)
	switch dir {
	case "01-minimax":
		g, ok := asFunc[MinimaxFunc](f)
		if !ok {
			return d, nil, 0, 0, fmt.Errorf("checks: exercise %s grades a MinimaxFunc, got %T", dir, f)
		}
		name, run = "minimax", func(n Node) int { return g(n, full) }
	case "02-alphabeta":
		g, ok := asFunc[AlphaBetaFunc](f)
		if !ok {
			return d, nil, 0, 0, fmt.Errorf("checks: exercise %s grades an AlphaBetaFunc, got %T", dir, f)
		}
		name, run = "alphabeta", func(n Node) int { return g(n, full, -Inf, Inf) }
	case "03-negamax":
		g, ok := asFunc[NegamaxFunc](f)
		if !ok {
			return d, nil, 0, 0, fmt.Errorf("checks: exercise %s grades a NegamaxFunc, got %T", dir, f)
		}
		name, run = "negamax", func(n Node) int { c := colorOf(n); return c * g(n, full, c) }
	case "04-ordering":
		g, ok := asFunc[OrderingFunc](f)
		if !ok {
			return d, nil, 0, 0, fmt.Errorf("checks: exercise %s grades an OrderingFunc, got %T", dir, f)
		}
		// The lesson's ordering: the best static value for the side to
		// move first, as the "static order" check orders; fail-soft (the
		// task) and fail-hard are both accepted.
		name, others = "negamax-ab", []string{"negamax-ab-hard"}
		opts = &algos.Options[RefNode]{Order: static.ref}
		run = func(n Node) int {
			return negamaxCall(n, -Inf, Inf, func(n Node, a, b, color int) int {
				return g(n, full, a, b, color, static.student)
			})
		}
	case "06-pvs":
		g, ok := asFunc[PVSFunc](f)
		if !ok {
			return d, nil, 0, 0, fmt.Errorf("checks: exercise %s grades a PVSFunc, got %T", dir, f)
		}
		// The checks accept Moreland's PVS and the Wikipedia article's:
		// the learner's search is drawn beside the one it follows longer.
		name, others = pvsRefs[0].name, []string{pvsRefs[1].name}
		run = func(n Node) int {
			if n.Max() {
				return g(n, full, -Inf, Inf, 1)
			}
			return -g(n, full, -Inf, Inf, -1)
		}
	case "05-transposition", "07-mtdf", "08-bns":
		d, got, want, err = lessonDriven(dir, t, f)
		return d, nil, got, want, err
	default:
		return d, nil, 0, 0, fmt.Errorf("checks: no lesson picture for exercise %q", dir)
	}
	res, wtr := Reference(t, name, depthOf(full), -Inf, Inf, opts)
	refs, limit := []*Trace{wtr}, limitFor(wtr)
	for _, o := range others {
		_, otr := Reference(t, o, depthOf(full), -Inf, Inf, opts)
		refs, limit = append(refs, otr), max(limit, limitFor(otr))
	}
	lessonRef.Store(wtr)
	n, tr := Watch(t.Root(), limit)
	tr.limitNote = refLimitNote
	stopped := ""
	func() {
		defer func() {
			if r := recover(); r != nil {
				stopped = panicMessage(r)
			}
		}()
		got = run(n)
	}()
	if len(refs) > 1 {
		wtr = refs[pvsClosest(tr.Visits, refs)]
	}
	d, ok := DiffOf("your search and the reference's", tr, wtr, stopped)
	if !ok {
		return d, tr, got, res.Value, fmt.Errorf("checks: no picture of exercise %s", dir)
	}
	markValue(&d, got, res.Value)
	return d, tr, got, res.Value, nil
}

// markValue marks the lesson's root when the learner's search returned
// another value than the reference's (and was not stopped).
func markValue(d *feedback.Diff, got, want int) {
	if got != want && d.Stopped == "" {
		d.Wrong = &feedback.Wrong{Path: "", Got: fmt.Sprintf("returned %d at the root", got), Want: fmt.Sprintf("the value %d", want)}
	}
}
