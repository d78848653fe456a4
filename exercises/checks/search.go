package checks

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
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

func valueDiff(got, want, alpha, beta int, inWindow bool) []string {
	if !inWindow {
		return []string{fmt.Sprintf("value: expected %d, your code returned %d", want, got)}
	}
	switch {
	case want <= alpha:
		return []string{fmt.Sprintf("value: in the window %s the search fails low (true value %d ≤ α): expected a value ≤ %s, your code returned %d", algos.FormatWindow(alpha, beta), want, algos.FormatValue(alpha), got)}
	case want >= beta:
		return []string{fmt.Sprintf("value: in the window %s the search fails high (true value %d ≥ β): expected a value ≥ %s, your code returned %d", algos.FormatWindow(alpha, beta), want, algos.FormatValue(beta), got)}
	}
	return []string{fmt.Sprintf("value: in the window %s expected exactly %d (it lies inside), your code returned %d", algos.FormatWindow(alpha, beta), want, got)}
}
