// Package transposition: a deliberately wrong exercise 05 for the grader's
// own test. It uses only EXACT entries: a LOWERBOUND or UPPERBOUND entry
// neither narrows the window nor settles the node, so a position met again
// is searched again whenever its entry is a bound. Its values and flags are
// right, but it visits (and stores) more than the reference: it must lose
// "stored depth", "transpositions" and "saves work":
//
// lose: stored depth
// lose: transpositions
// lose: saves work
package transposition

import "github.com/cutoff-go/cutoff/exercises/grade"

func NegamaxTT(n grade.Node, depth, alpha, beta, color int, tt grade.Table) int {
	alphaOrig := alpha

	// Transposition-table lookup: an entry from a search at least as deep
	// as this one is as good as searching again.
	// Wrong: only an EXACT entry is used; a LOWERBOUND or UPPERBOUND entry
	// should raise α or lower β, and settle the node if then α ≥ β.
	if e, ok := tt.Lookup(n.Key()); ok && e.Depth >= depth && e.Flag == grade.Exact {
		return e.Value
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
