// Package negamax: a deliberately wrong exercise 03 for the grader's own
// test. It negates each child's value but passes color down unchanged
// instead of −color, so a leaf is read from the root's side's point of
// view whoever is to move there. It is right where every leaf lies an even
// number of plies below the root (the AIMA tree) and wrong elsewhere: it
// must lose "random trees", "Min to move", "every leaf in order" (which
// compares the value first) and "depth limit" (depth 1 is odd):
//
// lose: random trees
// lose: Min to move
// lose: every leaf in order
// lose: depth limit
package negamax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Negamax(n grade.Node, depth, color int) int {
	if depth == 0 {
		return color * n.Value()
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value()
	}
	value := -grade.Inf
	for _, c := range children {
		// Wrong: the child is searched with the same color, not −color.
		value = max(value, -Negamax(c, depth-1, color))
	}
	return value
}
