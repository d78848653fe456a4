// Package minimax: an honest student's exercise 01 (see README.md).
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

// Minimax flips the sign at Min nodes so that one loop maximises.
func Minimax(n grade.Node, depth int) int {
	if depth <= 0 {
		return n.Value()
	}
	cs := n.Children()
	if len(cs) == 0 {
		return n.Value()
	}
	sign := 1
	if !n.Max() {
		sign = -1
	}
	top := -grade.Inf
	for _, c := range cs {
		if s := sign * Minimax(c, depth-1); s > top {
			top = s
		}
	}
	return sign * top
}
