// Package transposition: a deliberately wrong exercise 05 for the grader's
// own test. It keeps no alphaOrig: it picks the flag by comparing the value
// with α as the loop left it, raised to the best value, so every node is
// stored as UPPERBOUND — exact values and fail highs (lower bounds) too,
// and a position met again is cut off by a bound that is not one. On trees
// without transpositions it searches right ("random trees"); everywhere
// else it goes wrong, values included:
//
// lose: whole window
// lose: windows
// lose: root flag
// lose: stored depth
// lose: transpositions
// lose: saves work
package transposition

import "github.com/cutoff-go/cutoff/exercises/grade"

func NegamaxTT(n grade.Node, depth, alpha, beta, color int, tt grade.Table) int {
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
	case value <= alpha: // Wrong: the α the node was called with, not the raised one.
		flag = grade.Upper // every move failed low: at most value
	case value >= beta:
		flag = grade.Lower // a move failed high: at least value
	}
	tt.Store(grade.Entry{Key: n.Key(), Value: value, Depth: depth, Flag: flag})
	return value
}
