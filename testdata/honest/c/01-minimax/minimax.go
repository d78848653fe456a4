// Package minimax: an honest student's exercise 01 (see README.md).
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

func better(maximising bool, a, b int) bool {
	if maximising {
		return a > b
	}
	return a < b
}

// Minimax searches with a helper that says which value the mover prefers.
func Minimax(n grade.Node, depth int) int {
	if depth == 0 {
		return n.Value()
	}
	list := n.Children()
	switch len(list) {
	case 0:
		return n.Value()
	case 1:
		return Minimax(list[0], depth-1)
	}
	result := 0
	for idx, child := range list {
		score := Minimax(child, depth-1)
		if idx == 0 || better(n.Max(), score, result) {
			result = score
		}
	}
	return result
}
