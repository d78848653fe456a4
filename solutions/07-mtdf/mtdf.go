// Package mtdf is exercise 07: the MTD(f) driver (Plaat et al. 1996).
// See README.md for the task and how it is graded.
package mtdf

import "github.com/cutoff-go/cutoff/exercises/grade"

// MTDF returns the minimax value of root (Max's point of view) by a
// sequence of null-window tests, starting from the first guess first:
//
//	g := first; lower := −Inf; upper := +Inf
//	while lower < upper:
//	    β := g, or g + 1 when g = lower
//	    g := search(β − 1, β)
//	    if g < β then upper := g else lower := g
//	return g
//
// search(alpha, beta) is given: it runs a fail-soft alpha-beta with a
// transposition table on root, depth plies deep, in the window
// (alpha, beta) of Max's values, and keeps its table from call to call.
// Below the window its result is an upper bound on the value, above it a
// lower bound. Write only the driver: you need neither root nor depth
// (search already knows them), and -grade.Inf, grade.Inf are the infinite
// bounds. The grader records every call of search.
func MTDF(root grade.Node, first, depth int, search func(alpha, beta int) int) int {
	g := first
	lower, upper := -grade.Inf, grade.Inf // the value lies in [lower, upper]
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1 // (g − 1, g) would only prove value ≥ g again
		}
		// A null-window test: is the value at least β?
		g = search(beta-1, beta)
		if g < beta {
			upper = g // it failed low: g is an upper bound
		} else {
			lower = g // it failed high: g is a lower bound
		}
	}
	return g
}
