package checks

import (
	"fmt"
	"strconv"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// searchFunc runs the code under test on a watched root.
type searchFunc func(n Node) int

// limitFor bounds a student's search by ten times the reference's visits:
// a search that goes beyond is stopped and fails.
func limitFor(ref *Trace) int { return 10*len(ref.Visits) + 100 }

// Outcome is what a check compares: the value, and the visits when Visits.
type Outcome struct {
	Visits bool // compare the visits (order included), not only the value
	Window bool // the value need only agree inside [alpha, beta] (fail-hard or fail-soft)
}

// sameAs is the property "f returns what the reference search name returns
// on the tree (to depth, in the window [alpha, beta]), and, with o.Visits,
// visits the same positions in the same order".
func sameAs(name string, depth, alpha, beta int, f searchFunc, o Outcome) Property {
	return func(t *gametree.Tree) []string {
		want, wtr := Reference(t, name, depthOf(depth), alpha, beta, nil)
		n, tr := Watch(t.Root(), limitFor(wtr))
		tr.limitNote = refLimitNote
		got := f(n)
		ok := got == want.Value
		if o.Window {
			ok = sameInWindow(got, want.Value, alpha, beta)
		}
		if !ok {
			return valueDiff(got, want.Value, alpha, beta, o.Window)
		}
		if o.Visits {
			return visitDiff(tr, wtr)
		}
		return nil
	}
}

// valueDiff explains a wrong value returned at the root, and keeps the
// traces the property watched last for the check's picture, the root
// marked (see picture.go).
func valueDiff(got, want, alpha, beta int, inWindow bool) []string {
	line, expected := fmt.Sprintf("value: expected %d, your code returned %d", want, got), strconv.Itoa(want)
	if inWindow {
		switch w := algos.FormatWindow(alpha, beta); {
		case want <= alpha:
			line = fmt.Sprintf("value: in the window %s the search fails low (true value %d ≤ α): expected a value ≤ %s, your code returned %d", w, want, algos.FormatValue(alpha), got)
			expected = fmt.Sprintf("a value ≤ %s (the window %s; the true value %d)", algos.FormatValue(alpha), w, want)
		case want >= beta:
			line = fmt.Sprintf("value: in the window %s the search fails high (true value %d ≥ β): expected a value ≥ %s, your code returned %d", w, want, algos.FormatValue(beta), got)
			expected = fmt.Sprintf("a value ≥ %s (the window %s; the true value %d)", algos.FormatValue(beta), w, want)
		default:
			line = fmt.Sprintf("value: in the window %s expected exactly %d (it lies inside), your code returned %d", w, want, got)
			expected = fmt.Sprintf("exactly %d (in the window %s)", want, w)
		}
	}
	noteWrongHere(line, feedback.Wrong{Path: "", Got: fmt.Sprintf("returned %d at the root", got), Want: expected})
	return []string{line}
}
