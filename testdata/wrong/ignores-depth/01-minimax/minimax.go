// Package minimax: a deliberately wrong exercise 01 for the grader's own
// test. It never looks at depth: it searches every tree to its leaves and
// takes a static value only at a leaf, so a depth-limited search goes on
// past its horizon. It must lose the "depth limit" check and keep the
// others (they search to the leaves):
//
// lose: depth limit
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Minimax(n grade.Node, depth int) int {
	// Wrong: no "if depth == 0 { return n.Value() }".
	children := n.Children()
	if len(children) == 0 {
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
