// Package negamax is exercise 03: negamax with the color parameter.
// See README.md for the task and how it is graded.
package negamax

import "github.com/cutoff-go/cutoff/exercises/grade"

// Negamax returns the value of n searched depth plies deep from the point of
// view of the side color: +1 for Max, −1 for Min (the Persian Wikipedia
// article on negamax). At depth 0, or at a leaf, it is color × n.Value()
// (n.Value() is from Max's point of view); elsewhere it is the largest of
// −Negamax(child, depth−1, −color) over the children: what is good for the
// opponent is bad for the side to move.
//
// The grader calls Negamax(root, depth, +1) when Max is to move at the root
// (root.Max()) and Negamax(root, depth, −1) otherwise.
//
// Call n.Children() once per node you expand and n.Value() once per node you
// evaluate: the grader counts both.
func Negamax(n grade.Node, depth, color int) int {
	panic("TODO(ex03): write Negamax")
}
