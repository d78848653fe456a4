// Package mtdf: a deliberately wrong exercise 07 for the grader's own test.
// It ignores its first guess and always starts from g = 0. It still finds
// the value and stops right ("AIMA tree", "value", "stops", "terminates"),
// but its windows are not the ones the first guess calls for: it must lose
// "window rule", "passes" and "first guess right":
//
// lose: window rule
// lose: passes
// lose: first guess right
package mtdf

import "github.com/cutoff-go/cutoff/exercises/grade"

func MTDF(root grade.Node, first, depth int, search func(alpha, beta int) int) int {
	// Wrong: g := first.
	g := 0
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
