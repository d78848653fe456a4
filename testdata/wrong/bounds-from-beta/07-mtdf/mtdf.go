// Package mtdf: a deliberately wrong exercise 07 for the grader's own test.
// It updates the bounds from the test value β instead of the search's
// result g: a fail low sets upper := β − 1, a fail high lower := β. Those
// bounds are true but weaker than g's, so it makes more passes than
// MTD(f) and goes on searching after g has settled the value. Its value is
// right; it must lose "window rule", "stops" and "passes":
//
// lose: window rule
// lose: stops
// lose: passes
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
		g = search(beta-1, beta)
		if g < beta {
			upper = beta - 1 // Wrong: g is the upper bound
		} else {
			lower = beta // Wrong: g is the lower bound
		}
	}
	return g
}
