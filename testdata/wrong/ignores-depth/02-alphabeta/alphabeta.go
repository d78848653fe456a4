// Package alphabeta: a deliberately wrong exercise 02 for the grader's own
// test. It never looks at depth: it searches to the leaves whatever the
// depth limit, so a depth-limited search goes on past its horizon. It must
// lose the "depth limit" check and keep the others (they search to the
// leaves):
//
// lose: depth limit
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	// Wrong: no "if depth == 0 { return n.Value() }".
	children := n.Children()
	if len(children) == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	if n.Max() {
		for _, c := range children {
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, beta))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, alpha, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}
