// Package alphabeta is exercise 02: alpha-beta in the Max/Min form,
// fail-hard. See README.md for the task and how it is graded.
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

// AlphaBeta returns the value of n from Max's point of view, searched depth
// plies deep in the window [alpha, beta]: the minimax value when it lies
// inside the window; alpha when it is ≤ alpha; beta when it is ≥ beta
// (fail-hard). At depth 0, or at a leaf, the value is n.Value().
//
// Max nodes (n.Max()) raise alpha, Min nodes lower beta; as soon as
// alpha ≥ beta the node's remaining children cannot matter: cut. Pass the
// window down to every level, so that deep cutoffs happen too.
//
// The whole window is [-grade.Inf, grade.Inf]. Call n.Children() once per
// node you expand and n.Value() once per node you evaluate: the grader
// counts both.
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
			if alpha >= beta {
				return beta // β-cutoff: Min above will not let Max have this
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, alpha, beta))
		if alpha >= beta {
			return alpha // α-cutoff: Max above already has as much
		}
	}
	return beta
}
