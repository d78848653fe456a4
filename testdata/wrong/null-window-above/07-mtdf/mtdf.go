// Package mtdf: a deliberately wrong exercise 07 for the grader's own test.
// Its null window is one off: it calls search(β, β + 1) instead of
// search(β − 1, β), so each test asks whether the value is above β, not at
// least β, while the bounds are updated as if it asked the latter. It
// terminates, but with a wrong value on most trees:
//
// lose: AIMA tree
// lose: value
// lose: window rule
// lose: stops
// lose: passes
// lose: first guess right
package mtdf

import "github.com/cutoff-go/cutoff/exercises/grade"

func MTDF(root grade.Node, first, depth int, search func(alpha, beta int) int) int {
	g := first
	lower, upper := -grade.Inf, grade.Inf // the value lies in [lower, upper]
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1 // (g − 1, g) would only prove value ≥ g again
		}
		// A null-window test: is the value at least β?
		g = search(beta, beta+1) // Wrong: (β − 1, β).
		if g < beta {
			upper = g // it failed low: g is an upper bound
		} else {
			lower = g // it failed high: g is a lower bound
		}
	}
	return g
}
