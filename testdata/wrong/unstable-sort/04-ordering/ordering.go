// Package ordering: a deliberately wrong exercise 04 for the grader's own
// test. It sorts the children with slices.SortFunc, which is not stable:
// children of equal rank need not keep their Children order. Go's sort
// keeps them on up to 12 elements (an insertion sort) and not on wider
// nodes, so it must lose "ties in order" (whose wide trees have up to 24
// children) and keep the others:
//
// lose: ties in order
package ordering

import (
	"slices"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func NegamaxAB(n grade.Node, depth, alpha, beta, color int, order func(parent, child grade.Node) int) int {
	if depth == 0 {
		return color * n.Value() // the static value, for the side to move
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value() // a terminal position
	}
	// orderMoves: rank every child once, then sort by decreasing rank.
	// Wrong: slices.SortFunc is not stable, so children of equal rank may
	// change places (on more than 12 children).
	type ranked struct {
		child grade.Node
		rank  int
	}
	kids := make([]ranked, len(children))
	for i, c := range children {
		kids[i] = ranked{c, order(n, c)}
	}
	slices.SortFunc(kids, func(a, b ranked) int { return b.rank - a.rank })

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
