// Package ordering: a deliberately wrong exercise 04 for the grader's own
// test. It is a correct negamax alpha-beta but never calls order: it
// searches the children in Children order. It must pass "natural order",
// "any window" and "depth limit" (all with every rank equal) and lose
// "static order", "reverse order", "ties in order" and "good ordering pays".
//
// lose: static order
// lose: reverse order
// lose: ties in order
package ordering

import "github.com/cutoff-go/cutoff/exercises/grade"

func NegamaxAB(n grade.Node, depth, alpha, beta, color int, order func(parent, child grade.Node) int) int {
	if depth == 0 {
		return color * n.Value()
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value()
	}
	value := -grade.Inf
	for _, c := range children {
		value = max(value, -NegamaxAB(c, depth-1, -beta, -alpha, -color, order))
		alpha = max(alpha, value)
		if alpha >= beta {
			break
		}
	}
	return value
}
