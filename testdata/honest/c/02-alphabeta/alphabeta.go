// Package alphabeta: an honest student's exercise 02 (see README.md),
// fail-soft.
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

// AlphaBeta returns the best value found, which may lie outside the
// window (fail-soft).
func AlphaBeta(n grade.Node, depth, a, b int) int {
	if depth == 0 {
		return n.Value()
	}
	kids := n.Children()
	if len(kids) == 0 {
		return n.Value()
	}
	if n.Max() {
		v := -grade.Inf
		for _, k := range kids {
			v = max(v, AlphaBeta(k, depth-1, max(a, v), b))
			if v >= b {
				break
			}
		}
		return v
	}
	v := grade.Inf
	for _, k := range kids {
		v = min(v, AlphaBeta(k, depth-1, a, min(b, v)))
		if v <= a {
			break
		}
	}
	return v
}
