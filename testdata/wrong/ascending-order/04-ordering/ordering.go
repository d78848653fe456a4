// Package ordering: a deliberately wrong exercise 04 for the grader's own
// test. Its comparison is the wrong way round: it sorts the children by
// increasing rank, so the child the order function ranks lowest is
// searched first. With every rank equal it is right ("natural order", "any
// window", "depth limit"); it must lose "static order", "reverse order",
// "ties in order" and "good ordering pays" (it searches the worst child
// first when handed the best first):
//
// lose: static order
// lose: reverse order
// lose: ties in order
// lose: good ordering pays
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
	// orderMoves: rank every child once, then sort. Wrong: by increasing
	// rank, the lowest-ranked child first.
	type ranked struct {
		child grade.Node
		rank  int
	}
	kids := make([]ranked, len(children))
	for i, c := range children {
		kids[i] = ranked{c, order(n, c)}
	}
	slices.SortStableFunc(kids, func(a, b ranked) int { return a.rank - b.rank })

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
