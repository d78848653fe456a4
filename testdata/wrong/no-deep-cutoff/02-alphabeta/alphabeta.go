// Package alphabeta: a deliberately wrong exercise 02 for the grader's own
// test. It makes shallow cutoffs only: a node passes its children just its
// own bound (Max its α, Min its β), so no bound reaches two plies down.
// It must lose the "deep cutoff" check:
//
// lose: deep cutoff
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
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, grade.Inf))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, -grade.Inf, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}
