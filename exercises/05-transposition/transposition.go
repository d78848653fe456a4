// Package transposition is exercise 05: negamax with alpha-beta and a
// transposition table. See README.md for the task and how it is graded.
package transposition

import "github.com/cutoff-go/cutoff/exercises/grade"

// NegamaxTT returns the value of n searched depth plies deep in the window
// [alpha, beta], from the point of view of the side color (+1 Max, −1 Min),
// as the third pseudocode of the Persian Wikipedia article on negamax:
// negamax with alpha-beta pruning (fail-soft) and a transposition table.
//
// First look n up: tt.Lookup(n.Key()). An entry searched at least as deep as
// depth (entry.Depth ≥ depth) settles the node when it is grade.Exact, or
// narrows the window: a grade.Lower bound raises α, a grade.Upper bound
// lowers β; if then α ≥ β, return the entry's value.
//
// Otherwise search as plain negamax alpha-beta (at depth 0, or at a leaf,
// return color × n.Value() and store nothing; the children in Children
// order, each with −β, −α, −color; cut when α ≥ β), then store the result:
// grade.Entry{Key: n.Key(), Value: value, Depth: depth, Flag: flag} where the
// flag is Upper if value ≤ alphaOrig (the α the node was called with), Lower
// if value ≥ β, Exact otherwise. Values in the table are from the point of
// view of the side to move at the position, like the value NegamaxTT returns.
//
// The grader calls NegamaxTT(root, depth, α, β, +1, tt) when Max is to move
// at the root, NegamaxTT(root, depth, −β, −α, −1, tt) otherwise, with an
// empty table. The whole window is [-grade.Inf, grade.Inf]. Call
// n.Children() once per node you expand and n.Value() once per node you
// evaluate: the grader counts both, and records every Lookup and Store.
func NegamaxTT(n grade.Node, depth, alpha, beta, color int, tt grade.Table) int {
	panic("TODO(ex05): write NegamaxTT")
}
