// Package minimax is exercise 01: minimax in the Max/Min form.
// See README.md for the task and how it is graded.
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

// Minimax returns the minimax value of n from Max's point of view, searched
// depth plies deep: at depth 0, or at a leaf, it is n.Value(); at a node
// where Max is to move (n.Max()), the largest value of its children; where
// Min is to move, the smallest.
//
// Call n.Children() once per node you expand and n.Value() once per node you
// evaluate: the grader counts both.
func Minimax(n grade.Node, depth int) int {
	if depth == 0 {
		return n.Value()
	}
	children := n.Children()
	if len(children) == 0 {
		return n.Value()
	}
	if n.Max() {
		best := -grade.Inf
		for _, c := range children {
			best = max(best, Minimax(c, depth-1))
		}
		return best
	}
	best := grade.Inf
	for _, c := range children {
		best = min(best, Minimax(c, depth-1))
	}
	return best
}
