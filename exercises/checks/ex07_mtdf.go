package checks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// MTDFFunc is exercise 07's function: the MTD(f) driver. It finds the value
// of root (Max's point of view) searched depth plies deep from the first
// guess first, by calls of search(alpha, beta): a fail-soft alpha-beta with
// memory (a transposition table kept across calls) of root in the window
// (alpha, beta) of Max's values, provided by the grader. root and depth are
// what search searches; the driver needs neither.
type MTDFFunc func(root Node, first, depth int, search func(alpha, beta int) int) int

// mtdMaxCalls stops a driver that does not terminate.
const mtdMaxCalls = 1000

// MTDF grades exercise 07 (100 points).
func MTDF(t *testing.T, f MTDFFunc) {
	t.Helper()
	Run(t, mtdfChecks(f))
}

// mtdfChecks are exercise 07's checks, grading f.
func mtdfChecks(f MTDFFunc) []Check {
	random := func(c *C, salt uint64, n int) []Case {
		r := c.Rand(salt)
		cs := Random(r, n/2, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20})
		return append(cs, Random(r, n-n/2, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true})...)
	}
	return []Check{
		{Name: "AIMA tree", Points: 10, Run: func(c *C) {
			c.OnTrees("MTD(f) returns the minimax value whatever its first guess (AIMA Fig. 5.2 is worth 3; first guesses 0, 3 and 12)",
				mtdProperty(f, mtdValue, mtdFixed(0, 3, 12)), Fixtures("aima-fig5.2"))
		}},
		{Name: "value", Points: 20, Run: func(c *C) {
			c.OnTrees("the bounds close on the value: when lower ≥ upper, g (the last search's result) is the root's value",
				mtdProperty(f, mtdValue, mtdGuesses),
				append(Fixtures("knuth-moore-pi", "uneven", "all-ties", "single-leaf"), random(c, 71, 40)...))
		}},
		{Name: "window rule", Points: 15, Run: func(c *C) {
			c.OnTrees("every search is a null window (β − 1, β) with β = g, or β = g + 1 when g = lower (g: the last result, first the guess)",
				mtdProperty(f, mtdWindows, mtdGuesses), random(c, 72, 30))
		}},
		{Name: "stops", Points: 15, Run: func(c *C) {
			c.OnTrees("after each search: g < β lowers upper to g, else g raises lower to g; search again while lower < upper, stop as soon as lower ≥ upper and return g",
				mtdProperty(f, mtdStops, mtdGuesses), random(c, 73, 30))
		}},
		{Name: "passes", Points: 20, Run: func(c *C) {
			c.OnTrees("the same passes as the reference MTD(f) (algos \"mtdf\" with the same first guess): the same windows, in order, as many",
				mtdProperty(f, mtdPasses, mtdGuesses), random(c, 74, 40))
		}},
		{Name: "first guess right", Points: 10, Run: func(c *C) {
			c.OnTrees("started at the value v, MTD(f) makes two passes: (v − 1, v) fails high and proves value ≥ v, (v, v + 1) fails low and proves value < v + 1",
				mtdProperty(f, mtdTwoPasses, mtdAt), random(c, 75, 20))
		}},
		{Name: "terminates", Points: 10, Run: func(c *C) {
			c.OnTrees(fmt.Sprintf("MTD(f) terminates: when g = lower, test β = g + 1, never the same window again (the grader stops a driver after %d searches)", mtdMaxCalls),
				mtdProperty(f, mtdEnds, mtdNear), random(c, 76, 20))
		}},
	}
}

// mtdGuesses are the first guesses the checks try on a tree of value v: at
// it, next to it, further off, and far below and above (MT-DUAL*- and
// MT-SSS*-like).
func mtdGuesses(v int) []int { return []int{v, v - 1, v + 1, v - 6, v + 9, -Inf + 1, Inf} }

// mtdNear are the first guesses at and next to the value.
func mtdNear(v int) []int { return []int{v, v - 1, v + 1} }

// mtdAt is the first guess at the value.
func mtdAt(v int) []int { return []int{v} }

// mtdFixed returns first guesses that do not depend on the value.
func mtdFixed(gs ...int) func(int) []int { return func(int) []int { return gs } }

// mtdCall is one call of search by the driver.
type mtdCall struct{ alpha, beta, value int }

func (c mtdCall) String() string {
	return fmt.Sprintf("search%s = %d", algos.FormatWindow(c.alpha, c.beta), c.value)
}

// mtdRunOf is one run of the student's driver.
type mtdRunOf struct {
	first, value int
	calls        []mtdCall
	stopped      string // why the grader stopped the run, or ""
	// trace holds the visits of every search the driver called, in
	// order, as one search (the lessons and pictures draw it); starts[i]
	// is the number of visits made before the driver's call i.
	trace  *Trace
	starts []int
}

// passes labels the run's searches for its picture: each call's window and
// the value it returned, and its visits.
func (run mtdRunOf) passes() []feedback.Pass {
	var ps []feedback.Pass
	for i, c := range run.calls {
		if i >= len(run.starts) {
			break
		}
		to := len(run.trace.Visits)
		if i+1 < len(run.starts) {
			to = run.starts[i+1]
		}
		ps = append(ps, feedback.Pass{K: i + 1, From: run.starts[i] + 1, To: to, Label: fmt.Sprintf("pass %d: %s", i+1, c)})
	}
	return ps
}

// mtdStop is the grader's panic that ends a driver's run.
type mtdStop struct{ why string }

// mtdRun runs f on t to the full depth from the first guess, with a search
// function backed by the library's fail-soft negamax alpha-beta with one
// transposition table for all its calls; the searches' visits go to
// run.trace, the Trace of the Node the driver is given. With catch, a panic
// of the driver's (or a runaway) is caught into run.stopped too, else it
// propagates.
func mtdRun(t *gametree.Tree, f MTDFFunc, first int, catch bool) (run mtdRunOf) {
	run.first = first
	n, tr := Watch(t.Root(), 0)
	run.trace = tr
	root := Ref[gametree.Node]{n.(*node[gametree.Node]).tracked}
	search, err := algos.ByName[RefNode]("negamax-ab")
	if err != nil {
		panic("grade: " + err.Error())
	}
	tt := algos.NewMapTT()
	call := func(alpha, beta int) int {
		if len(run.calls) >= mtdMaxCalls {
			panic(mtdStop{fmt.Sprintf("your MTDF called search %d times without stopping: stopped", mtdMaxCalls)})
		}
		if alpha >= beta || alpha < -algos.Inf || beta > algos.Inf {
			run.calls = append(run.calls, mtdCall{alpha, beta, 0})
			panic(mtdStop{fmt.Sprintf("your MTDF called search%s: not a window (α must be below β)", algos.FormatWindow(alpha, beta))})
		}
		run.starts = append(run.starts, len(tr.Visits))
		res, err := search(root, depthOf(full), &algos.Options[RefNode]{Window: &algos.Window{Alpha: alpha, Beta: beta}, TT: tt})
		if err != nil {
			panic("grade: " + err.Error())
		}
		run.calls = append(run.calls, mtdCall{alpha, beta, res.Value})
		return res.Value
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				s, ok := r.(mtdStop)
				switch {
				case ok:
					run.stopped = s.why
				case catch:
					run.stopped = panicMessage(r)
				default:
					panic(r)
				}
			}
		}()
		run.value = f(n, first, full, call)
	}()
	return run
}

// mtdProperty runs f on every tree from each of the first guesses for its
// value and checks each run with check.
func mtdProperty(f MTDFFunc, check func(t *gametree.Tree, v int, run mtdRunOf) []string, guesses func(v int) []int) Property {
	return func(t *gametree.Tree) []string {
		v := TrueValue(t, depthOf(full))
		for _, first := range guesses(v) {
			run := mtdRun(t, f, first, false)
			if why := check(t, v, run); why != nil {
				mtdPicture(t, run, why[0])
				return append([]string{fmt.Sprintf("first guess %s (the value is %d)", algos.FormatValue(first), v)}, why...)
			}
		}
		return nil
	}
}

// mtdPicture keeps a failing run for the check's picture: the visits of
// the searches the driver called beside those of the reference MTD(f)'s
// passes from the same first guess (replayed through the same search
// function), the root marked with both lists of passes.
func mtdPicture(t *gametree.Tree, run mtdRunOf, line string) {
	noteWrongLater(run.trace, line, func() (*Trace, *feedback.Wrong) {
		first := run.first
		res, _ := Reference(t, "mtdf", depthOf(full), -Inf, Inf, &algos.Options[RefNode]{Guess: &first})
		var want []mtdCall
		ref := mtdRun(t, func(_ Node, _, _ int, search func(alpha, beta int) int) (g int) {
			for _, it := range res.Iterations {
				g = search(it.Alpha, it.Beta)
				want = append(want, mtdCall{it.Alpha, it.Beta, g})
			}
			return g
		}, first, true)
		// The reference's passes recorded again (the same search function,
		// a Recorder), when the picture is drawn; both searches' passes
		// labelled with their windows and values.
		refPasses := ref.passes()
		notePasses(run.trace, run.passes())
		noteRefRun(ref.trace, func() ([]feedback.Mark, []feedback.Pass) {
			marks, _ := recordRef(t.Root(), func(r RefNode, trace algos.Tracer[RefNode]) { // a pass per call: the marks' Pass
				search, _ := algos.ByName[RefNode]("negamax-ab")
				tt := algos.NewMapTT()
				for _, c := range want {
					search(r, depthOf(full), &algos.Options[RefNode]{Window: &algos.Window{Alpha: c.alpha, Beta: c.beta}, TT: tt, Trace: trace})
				}
			})
			return marks, refPasses
		})
		got := fmt.Sprintf("%s → returned %d", mtdCalls(run.calls), run.value)
		if run.stopped != "" {
			got = fmt.Sprintf("%s → stopped", mtdCalls(run.calls))
		}
		return ref.trace, &feedback.Wrong{Path: "", Got: got,
			Want: fmt.Sprintf("%s → %d (first guess %s)", mtdCalls(want), res.Value, algos.FormatValue(first))}
	})
}

// mtdValue: the run ends and returns the value.
func mtdValue(_ *gametree.Tree, v int, run mtdRunOf) []string {
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	if run.value != v {
		return []string{fmt.Sprintf("value: expected %d, your MTDF returned %d", v, run.value), mtdCalls(run.calls)}
	}
	return nil
}

// mtdEnds: the run ends before the grader stops it.
func mtdEnds(_ *gametree.Tree, _ int, run mtdRunOf) []string {
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	return nil
}

// mtdWindows: every call's window follows from the results before it.
func mtdWindows(_ *gametree.Tree, _ int, run mtdRunOf) []string {
	g, lower, upper := run.first, -Inf, Inf
	for i, c := range run.calls {
		if lower >= upper {
			return nil // the "stops" check's business
		}
		beta := max(g, lower+1)
		if c.alpha != beta-1 || c.beta != beta {
			return []string{
				fmt.Sprintf("search %d: with g = %s and the bounds [lower, upper] = %s, expected search%s, your MTDF called search%s", i+1, algos.FormatValue(g), algos.FormatWindow(lower, upper), algos.FormatWindow(beta-1, beta), algos.FormatWindow(c.alpha, c.beta)),
				mtdCalls(run.calls[:i+1]),
			}
		}
		g = c.value
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	return nil
}

// mtdStops: the driver searches while lower < upper and returns g after.
func mtdStops(_ *gametree.Tree, _ int, run mtdRunOf) []string {
	g, lower, upper := run.first, -Inf, Inf
	for i, c := range run.calls {
		if lower >= upper {
			return []string{fmt.Sprintf("after %d searches lower = %d ≥ upper = %d: the value is known, but your MTDF searched again with %s", i, lower, upper, algos.FormatWindow(c.alpha, c.beta)), mtdCalls(run.calls)}
		}
		g = c.value
		if g < c.beta {
			upper = g
		} else {
			lower = g
		}
	}
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	if lower < upper {
		return []string{fmt.Sprintf("your MTDF stopped after %d searches with lower = %s < upper = %s: the value is not settled yet, search again", len(run.calls), algos.FormatValue(lower), algos.FormatValue(upper)), mtdCalls(run.calls)}
	}
	if run.value != g {
		return []string{fmt.Sprintf("the last search returned g = %d, the value; your MTDF returned %d", g, run.value), mtdCalls(run.calls)}
	}
	return nil
}

// mtdPasses: the calls are the reference MTD(f)'s passes.
func mtdPasses(t *gametree.Tree, _ int, run mtdRunOf) []string {
	first := run.first
	res, _ := Reference(t, "mtdf", depthOf(full), -Inf, Inf, &algos.Options[RefNode]{Guess: &first})
	var want []mtdCall
	for _, it := range res.Iterations {
		want = append(want, mtdCall{it.Alpha, it.Beta, it.Value})
	}
	for i := range max(len(want), len(run.calls)) {
		switch {
		case i == len(run.calls):
			return []string{fmt.Sprintf("your MTDF stopped after %d passes; the reference goes on with %s", i, mtdCalls(want[i:])), "expected: " + mtdCalls(want), "yours:    " + mtdCalls(run.calls)}
		case i == len(want):
			return []string{fmt.Sprintf("the reference stops after %d passes; your MTDF went on with %s", i, mtdCalls(run.calls[i:])), "expected: " + mtdCalls(want), "yours:    " + mtdCalls(run.calls)}
		case run.calls[i] != want[i]:
			return []string{fmt.Sprintf("pass %d: expected %s, your MTDF called %s", i+1, want[i], run.calls[i]), "expected: " + mtdCalls(want), "yours:    " + mtdCalls(run.calls)}
		}
	}
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	return mtdValue(t, res.Value, run)
}

// mtdTwoPasses: started at the value, two passes.
func mtdTwoPasses(_ *gametree.Tree, v int, run mtdRunOf) []string {
	want := []mtdCall{{v - 1, v, v}, {v, v + 1, v}}
	if run.stopped != "" {
		return append([]string{run.stopped}, mtdCalls(run.calls))
	}
	if len(run.calls) != 2 || run.calls[0] != want[0] || run.calls[1] != want[1] {
		return []string{fmt.Sprintf("expected 2 passes: %s; your MTDF made %d: %s", mtdCalls(want), len(run.calls), mtdCalls(run.calls))}
	}
	return mtdValue(nil, v, run)
}

// mtdCalls lists a driver's calls of search.
func mtdCalls(calls []mtdCall) string {
	if len(calls) == 0 {
		return "no search"
	}
	var s []string
	for i, c := range calls {
		if i == 12 {
			s = append(s, fmt.Sprintf("… (%d more)", len(calls)-i))
			break
		}
		s = append(s, c.String())
	}
	return strings.Join(s, ", ")
}
