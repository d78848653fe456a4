// Package ordering is exercise 04: alpha-beta in negamax form with move
// ordering. See README.md for the task and how it is graded.
package ordering

import "github.com/cutoff-go/cutoff/exercises/grade"

// NegamaxAB returns the value of n searched depth plies deep in the window
// [alpha, beta], from the point of view of the side color (+1 Max, −1 Min),
// as the Persian Wikipedia article on negamax writes negamax with alpha-beta
// pruning:
//
//	value := −∞
//	for each child in orderMoves(children) do
//	    value := max(value, −NegamaxAB(child, depth−1, −β, −α, −color))
//	    α := max(α, value)
//	    if α ≥ β then break (* cut-off *)
//	return value
//
// At depth 0, or at a leaf, the value is color × n.Value(). Return value
// itself (fail-soft), as the article does; fail-hard passes too.
//
// orderMoves is order: search the children in decreasing order(n, child);
// children of equal rank keep their Children order (a stable sort). Pass the
// same order down to every level.
//
// The grader calls NegamaxAB(root, depth, α, β, +1, order) when Max is to
// move at the root, NegamaxAB(root, depth, −β, −α, −1, order) otherwise. The
// whole window is [-grade.Inf, grade.Inf]. Call n.Children() once per node
// you expand and n.Value() once per node you evaluate: the grader counts
// both (calling order does not count).
func NegamaxAB(n grade.Node, depth, alpha, beta, color int, order func(parent, child grade.Node) int) int {
	panic("TODO(ex04): write NegamaxAB")
}
