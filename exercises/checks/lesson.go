package checks

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// The lessons of exercises 05, 07 and 08, whose functions are not plain
// searches of a tree: a table's search (05), a driver of null-window
// searches (07), a loop of null-window tests (08). Each is run on the
// lesson's tree as its checks run it, and what it visits — its own visits
// and those of the searches the grader runs for it, in order, as one
// search — is drawn beside the reference's.

// MTDFLessonGuess is the first guess 07's lesson starts MTD(f) from (the
// guess of notebook 07's driver cells on AIMA Fig. 5.2).
const MTDFLessonGuess = 10

// LessonGame is Lesson on a game position (a tic-tac-toe board, a Nim
// position) rather than an explicit tree: for exercise 05, whose table
// matters only where positions recur (an explicit tree has no
// transpositions). The learner's NegamaxTT, from root with an empty table,
// is drawn beside the reference's negamax with a table (fail-soft, or
// fail-hard if it follows that longer).
func LessonGame[P gametree.Position[P]](dir string, root P, f any) (d feedback.Diff, got, want int, err error) {
	return lessonBounded(func() (feedback.Diff, int, int, error) { return lessonGame(dir, root, f) })
}

// lessonGame is LessonGame, unwatched.
func lessonGame[P gametree.Position[P]](dir string, root P, f any) (d feedback.Diff, got, want int, err error) {
	if dir != "05-transposition" {
		return d, 0, 0, fmt.Errorf("checks: exercise %s's lesson runs on an explicit tree", dir)
	}
	g, ok := asFunc[TranspositionFunc](f)
	if !ok {
		return d, 0, 0, fmt.Errorf("checks: exercise %s grades a TranspositionFunc, got %T", dir, f)
	}
	tc := newTTCase("", root)
	soft := tc.ref(full, -Inf, Inf, algos.FailSoft, true)
	hard := tc.ref(full, -Inf, Inf, algos.FailHard, true)
	lessonRef.Store(soft.trace)
	n, tr := Watch(root, max(limitFor(soft.trace), limitFor(hard.trace)))
	tr.limitNote = refLimitNote
	tab := &recTable{m: map[uint64]Entry{}}
	stopped := catchPanic(func() {
		got = negamaxCall(n, -Inf, Inf, func(n Node, a, b, color int) int { return g(n, full, a, b, color, tab) })
	})
	ref := soft
	if pvsClosest(tr.Visits, []*Trace{soft.trace, hard.trace}) == 1 {
		ref = hard
	}
	d, ok = DiffOf("your search and the reference's", tr, ref.trace, stopped)
	if !ok {
		return d, got, soft.value, fmt.Errorf("checks: no picture of exercise %s", dir)
	}
	markValue(&d, got, soft.value)
	if d.Wrong == nil && d.First < 0 && stopped == "" {
		// The same visits and value: the first store that differs, if one
		// does, is the mistake to show.
		for i := range min(len(tab.stores), len(ref.stores)) {
			if tab.stores[i] == ref.stores[i] {
				continue
			}
			if path, ok := storedPath(ref.trace, i); ok {
				d.Wrong = &feedback.Wrong{Path: path, Got: fmt.Sprintf("stored %s (store %d)", tab.stores[i], i+1),
					Want: fmt.Sprintf("%s (for the side to move there)", ref.stores[i])}
			}
			break
		}
	}
	return d, got, soft.value, nil
}

// lessonDriven is Lesson for 05, 07 and 08.
func lessonDriven(dir string, t *gametree.Tree, f any) (d feedback.Diff, got, want int, err error) {
	const title = "your search and the reference's"
	var tr, wtr *Trace
	stopped := ""
	switch dir {
	case "05-transposition":
		return lessonGame(dir, t.Root(), f)
	case "07-mtdf":
		g, ok := asFunc[MTDFFunc](f)
		if !ok {
			return d, 0, 0, fmt.Errorf("checks: exercise %s grades an MTDFFunc, got %T", dir, f)
		}
		// The reference's passes (algos "mtdf"), replayed through the
		// grader's search function, so that both draw the passes' visits
		// alone (the library's MTDF walks the table for its move after).
		first := MTDFLessonGuess
		res, _ := Reference(t, "mtdf", depthOf(full), -Inf, Inf, &algos.Options[RefNode]{Guess: &first})
		ref := mtdRun(t, func(_ Node, _, _ int, search func(alpha, beta int) int) (g int) {
			for _, it := range res.Iterations {
				g = search(it.Alpha, it.Beta)
			}
			return g
		}, first, true)
		lessonRef.Store(ref.trace)
		run := mtdRun(t, g, first, true)
		tr, wtr, got, want, stopped = run.trace, ref.trace, run.value, res.Value, run.stopped
	case "08-bns":
		g, ok := asFunc[BNSFunc](f)
		if !ok {
			return d, 0, 0, fmt.Errorf("checks: exercise %s grades a BNSFunc, got %T", dir, f)
		}
		alpha, beta := bnsLessonRange(t)
		lo, hi := alpha, beta-1 // the closed range of Max's values
		if t.RootPlayer() == gametree.Min {
			lo, hi = 1-beta, -alpha
		}
		res, rtr := Reference(t, "bns", depthOf(full), -Inf, Inf, &algos.Options[RefNode]{Window: &algos.Window{Alpha: lo, Beta: hi}})
		lessonRef.Store(rtr)
		run := bnsRun(t, g, alpha, beta, true)
		tr, wtr, got, want, stopped = run.trace, rtr, run.move, res.Move, run.stopped
	default:
		return d, 0, 0, fmt.Errorf("checks: no lesson picture for exercise %q", dir)
	}
	d, ok := DiffOf(title, tr, wtr, stopped)
	if !ok {
		return d, got, want, fmt.Errorf("checks: no picture of exercise %s", dir)
	}
	if dir == "08-bns" {
		if got != want && stopped == "" {
			d.Wrong = &feedback.Wrong{Path: "", Got: fmt.Sprintf("chose move %d", got), Want: fmt.Sprintf("move %d", want)}
		}
	} else {
		markValue(&d, got, want)
	}
	return d, got, want, nil
}

// bnsLessonRange is the range 08's lesson gives BNS, in the view of the
// side to move at the root: from one below the lowest leaf to three above
// the highest (notebook 08's (0, 16) on its tree small).
func bnsLessonRange(t *gametree.Tree) (alpha, beta int) {
	lo, hi := Inf, -Inf
	var walk func(n gametree.Node)
	walk = func(n gametree.Node) {
		cs := n.Children(nil)
		if len(cs) == 0 {
			lo, hi = min(lo, n.Value()), max(hi, n.Value())
		}
		for _, c := range cs {
			walk(c)
		}
	}
	walk(t.Root())
	if t.RootPlayer() == gametree.Min {
		lo, hi = -hi, -lo
	}
	return lo - 1, hi + 3
}

// catchPanic runs f and returns why it stopped early: a panic's message
// (a runaway search's included), or "".
func catchPanic(f func()) (stopped string) {
	defer func() {
		if r := recover(); r != nil {
			stopped = panicMessage(r)
		}
	}()
	f()
	return ""
}
