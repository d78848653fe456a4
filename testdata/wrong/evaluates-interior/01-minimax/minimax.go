// Package minimax: a deliberately wrong exercise 01 for the grader's own
// test. It calls n.Value() at every node it reaches, before it knows
// whether it will return it, so interior nodes are evaluated too. Its
// values are right, but the grader counts the extra evaluations: it must
// lose "every leaf in order" and "depth limit":
//
// lose: every leaf in order
// lose: depth limit
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Minimax(n grade.Node, depth int) int {
	v := n.Value() // Wrong: an evaluation of every node, leaf or not.
	if depth == 0 {
		return v
	}
	children := n.Children()
	if len(children) == 0 {
		return v
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
