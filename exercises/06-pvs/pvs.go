// Package pvs is exercise 06: principal variation search (PVS) in negamax
// form. See README.md for the task and how it is graded.
package pvs

import "github.com/cutoff-go/cutoff/exercises/grade"

// PVS returns the value of n searched depth plies deep in the window (alpha,
// beta), both from the point of view of the side with the given color (+1
// when Max is to move, −1 when Min is): negamax, as in the Russian Wikipedia
// article's pseudocode. At depth 0, or at a leaf, the value is
// color × n.Value().
//
// Search the first child with the whole window: −PVS(child, depth−1, −β, −α,
// −color). Every later child only has to be proved no better than α: search
// it with the null window (−α−1, −α). If that test fails high inside the
// window (α < score < β), the child may be better: search it again with the
// whole window (−β, −α) — a re-search. Raise α to the best score; once
// α ≥ β, cut. Return α (fail-hard: β on a cutoff also passes).
//
// Moreland's version, which starts the null windows only once a child has
// raised α, passes as well. The grader calls PVS(root, depth, −grade.Inf,
// grade.Inf, 1) for a Max root. Call n.Children() once per node you expand
// and n.Value() once per node you evaluate: the grader counts both,
// re-searches included.
func PVS(n grade.Node, depth, alpha, beta, color int) int {
	panic("TODO(ex06): write PVS")
}
