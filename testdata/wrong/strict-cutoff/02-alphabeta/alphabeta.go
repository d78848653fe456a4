// Package alphabeta: a deliberately wrong exercise 02 for the grader's own
// test. It cuts only when α > β, not as soon as α ≥ β. Fail-hard, a child's
// value is clamped to its window, so a child that should cause a cutoff
// returns exactly the bound and α > β never holds: the search cuts almost
// nowhere. Its values are right (it keeps "AIMA tree"), but it visits what
// plain minimax visits and must lose every visit check:
//
// lose: shallow cutoff
// lose: deep cutoff
// lose: any window
// lose: random trees
// lose: depth limit
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if depth == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	children := n.Children()
	if len(children) == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	if n.Max() {
		for _, c := range children {
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, beta))
			if alpha > beta { // Wrong: α ≥ β already settles the node.
				return beta
			}
		}
		return min(alpha, beta)
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, alpha, beta))
		if alpha > beta { // Wrong: α ≥ β already settles the node.
			return alpha
		}
	}
	return max(beta, alpha)
}
