// Package alphabeta: an honest student's exercise 02 (see README.md).
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func clip(v, lo, hi int) int { return max(lo, min(v, hi)) }

// AlphaBeta narrows the window child by child and stops once it is empty.
func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if depth == 0 {
		return clip(n.Value(), alpha, beta)
	}
	ch := n.Children()
	if len(ch) == 0 {
		return clip(n.Value(), alpha, beta)
	}
	maxNode := n.Max()
	for i := 0; i < len(ch) && alpha < beta; i++ {
		v := AlphaBeta(ch[i], depth-1, alpha, beta)
		if maxNode && v > alpha {
			alpha = v
		} else if !maxNode && v < beta {
			beta = v
		}
	}
	switch {
	case alpha >= beta && maxNode:
		return beta
	case alpha >= beta:
		return alpha
	case maxNode:
		return alpha
	}
	return beta
}
