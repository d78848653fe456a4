// Package alphabeta: an honest student's exercise 02 (see README.md).
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	var kids []grade.Node
	if depth > 0 {
		kids = n.Children()
	}
	if len(kids) == 0 {
		return clamp(n.Value(), alpha, beta)
	}
	best := alpha
	if !n.Max() {
		best = beta
	}
	i := 0
	for alpha < beta && i < len(kids) {
		v := AlphaBeta(kids[i], depth-1, alpha, beta)
		i++
		switch {
		case n.Max() && v > alpha:
			alpha, best = v, v
		case !n.Max() && v < beta:
			beta, best = v, v
		}
	}
	if alpha >= beta {
		if n.Max() {
			return beta
		}
		return alpha
	}
	return best
}
