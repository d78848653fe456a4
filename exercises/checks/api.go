package checks

import (
	"github.com/cutoff-go/cutoff/exercises/grade"
	"github.com/cutoff-go/cutoff/pkg/algos"
)

// The student API (package grade), under the names the checks use.
type (
	Node      = grade.Node
	OrderFunc = grade.OrderFunc
	Flag      = grade.Flag
	Entry     = grade.Entry
	Table     = grade.Table
)

const (
	Inf   = grade.Inf
	Exact = grade.Exact
	Lower = grade.Lower
	Upper = grade.Upper
)

// grade.Inf is algos.Inf: one infinity for the exercises and the library, so
// a window passes from a student's search to the reference unchanged. The
// student API cannot import the library, so it repeats the value; this
// constant does not compile if the two part.
const _ = uint(grade.Inf-algos.Inf) + uint(algos.Inf-grade.Inf)

// The instructor's API: what a hidden test (cutoff grade -with DIR; see
// docs/instructors.md) needs to write checks on its own trees in the
// built-in checks' style. A check is a Check (Name, Points, Run) run by
// Run; its Run calls C.OnTrees with a rule (one sentence: what a correct
// search does, with its textbook reference), a Property and the trees
// (Fixtures, Literal, Random). A Property returns nil on a tree it holds
// on, else its explanation, line by line: OnTrees adds the rule, the
// smallest failing tree (random trees are shrunk) and, for a check that
// compares visits, the picture. The pieces a Property is made of:
//
//   - Reference runs a pkg/algos search by name ("minimax", "alphabeta",
//     "negamax", "negamax-ab", "pvs", "mtdf", …) and returns its result and
//     its Trace; TrueValue is the minimax value.
//   - Watch hands a search a watched Node whose Children and Value calls
//     are recorded in a Trace (bound it with VisitLimit of the
//     reference's).
//   - VisitDiff and ValueDiff explain a difference in the built-in checks'
//     words; SameAs is the whole property most built-in checks use.
//   - Trace.Evals and Trace.Expansions summarise a trace for checks of
//     one's own.

// FullDepth is the depth the exercises search "the whole tree" with: a
// SameAs or a student's call at this depth searches to the leaves.
const FullDepth = full

// VisitDiff explains, as the built-in checks do, the first difference
// between a search's visits (got, a Trace from Watch) and the reference's
// (want, from Reference): "visit 10: expected to expand Z, your search did
// evaluate y2", then both searches' evaluations. It returns nil when both
// made the same visits in the same order. With a picture asked for (cutoff
// grade -feedback, or go test), the check that returns its lines draws the
// two searches side by side.
func VisitDiff(got, want *Trace) []string { return visitDiff(got, want) }

// ValueDiff explains a search's value got against the reference's want as
// the built-in checks do, or returns nil when it is right: equal, or, with
// inWindow, on the same side of the window [alpha, beta] as want when want
// lies outside it (fail-hard and fail-soft both pass).
func ValueDiff(got, want, alpha, beta int, inWindow bool) []string {
	if got == want || (inWindow && sameInWindow(got, want, alpha, beta)) {
		return nil
	}
	return valueDiff(got, want, alpha, beta, inWindow)
}

// SameAs is the property most built-in checks are made of: search, run on
// a watched copy of the tree, returns what the reference search returns
// on it (searched depth plies, FullDepth for the whole tree, in the window
// [alpha, beta]) and, with o.Visits, visits the same positions in the same
// order. Its messages are ValueDiff's and VisitDiff's; a search that
// visits more than VisitLimit of the reference's is stopped and fails.
func SameAs(reference string, depth, alpha, beta int, search func(n Node) int, o Outcome) Property {
	return sameAs(reference, depth, alpha, beta, search, o)
}

// VisitLimit is the bound the built-in checks give a student's Trace
// (Watch's limit): ten times the reference's visits, and 100.
func VisitLimit(ref *Trace) int { return limitFor(ref) }
