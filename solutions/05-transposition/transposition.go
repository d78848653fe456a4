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
	alphaOrig := alpha

	// Transposition-table lookup: an entry from a search at least as deep
	// as this one is as good as searching again.
	if e, ok := tt.Lookup(n.Key()); ok && e.Depth >= depth {
		switch e.Flag {
		case grade.Exact:
			return e.Value
		case grade.Lower:
			alpha = max(alpha, e.Value) // the node is worth at least e.Value
		case grade.Upper:
			beta = min(beta, e.Value) // the node is worth at most e.Value
		}
		if alpha >= beta {
			return e.Value // the bound alone decides the node
		}
	}

	if depth == 0 {
		return color * n.Value() // the static value, for the side to move
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value() // a terminal position
	}
	value := -grade.Inf
	for _, c := range children {
		value = max(value, -NegamaxTT(c, depth-1, -beta, -alpha, -color, tt))
		alpha = max(alpha, value)
		if alpha >= beta {
			break // cut-off
		}
	}

	// Transposition-table store: what the value means depends on where it
	// fell against the window this node was searched with.
	flag := grade.Exact
	switch {
	case value <= alphaOrig:
		flag = grade.Upper // every move failed low: at most value
	case value >= beta:
		flag = grade.Lower // a move failed high: at least value
	}
	tt.Store(grade.Entry{Key: n.Key(), Value: value, Depth: depth, Flag: flag})
	return value
}
