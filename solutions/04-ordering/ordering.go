// Package ordering is exercise 04: alpha-beta in negamax form with move
// ordering. See README.md for the task and how it is graded.
package ordering

import (
	"slices"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

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
	if depth == 0 {
		return color * n.Value() // the static value, for the side to move
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value() // a terminal position
	}
	// orderMoves: rank every child once, then sort by decreasing rank. The
	// sort is stable, so children of equal rank keep Children order. Sort a
	// copy: the slice Children returned is not ours to reorder.
	type ranked struct {
		child grade.Node
		rank  int
	}
	kids := make([]ranked, len(children))
	for i, c := range children {
		kids[i] = ranked{c, order(n, c)}
	}
	slices.SortStableFunc(kids, func(a, b ranked) int { return b.rank - a.rank })

	value := -grade.Inf
	for _, k := range kids {
		// The child is searched by the opponent: its window is [−β, −α] and
		// its value, negated, is ours.
		value = max(value, -NegamaxAB(k.child, depth-1, -beta, -alpha, -color, order))
		alpha = max(alpha, value)
		if alpha >= beta {
			break // cut-off: the opponent will not let the game come here
		}
	}
	return value // fail-soft: the best value found, even outside [α, β]
}
