// Package minimax: a deliberately wrong exercise 01 for the grader's own
// test. It calls n.Children() before it checks the depth, so every node at
// the depth limit is expanded (one visit too many each) before its static
// value is returned. Its values are right; it must lose "depth limit":
//
// lose: depth limit
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Minimax(n grade.Node, depth int) int {
	children := n.Children() // Wrong: expanded even at depth 0.
	if depth == 0 || len(children) == 0 {
		return n.Value()
	}
	if n.Max() {
		best := -grade.Inf
		for _, c := range children {
			best = max(best, Minimax(c, depth-1))
		}
		return best
	}
	best := grade.Inf
	for _, c := range children {
		best = min(best, Minimax(c, depth-1))
	}
	return best
}
