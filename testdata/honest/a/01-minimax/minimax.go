// Package minimax: an honest student's exercise 01 (see README.md).
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

// Minimax keeps the first child's value and replaces it by any later one
// that is better for the side to move.
func Minimax(n grade.Node, depth int) int {
	var kids []grade.Node
	if depth > 0 {
		kids = n.Children()
	}
	if len(kids) == 0 {
		return n.Value()
	}
	v := Minimax(kids[0], depth-1)
	for i := 1; i < len(kids); i++ {
		w := Minimax(kids[i], depth-1)
		if n.Max() == (w > v) {
			v = w
		}
	}
	return v
}
