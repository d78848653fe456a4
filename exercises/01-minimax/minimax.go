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
	panic("TODO(ex01): write Minimax")
}
