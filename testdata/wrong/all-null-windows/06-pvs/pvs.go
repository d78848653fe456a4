// Package pvs: a deliberately wrong exercise 06 for the grader's own test.
// It searches the first child with a null window too, instead of the whole
// window (−β, −α): that test fails high (or low) where the first child
// should have set α, and the first child is searched a second time. Its
// values are right ("AIMA tree", "any window"), its visits are not:
//
// lose: null windows
// lose: re-searches
// lose: Min to move
// lose: random trees
// lose: depth limit
package pvs

import "github.com/cutoff-go/cutoff/exercises/grade"

func PVS(n grade.Node, depth, alpha, beta, color int) int {
	if depth == 0 {
		return color * n.Value()
	}
	children := n.Children()
	if len(children) == 0 { // a terminal node
		return color * n.Value()
	}
	for _, c := range children {
		// Wrong: the first child too is searched with a null window.
		score := -PVS(c, depth-1, -alpha-1, -alpha, -color)
		if alpha < score && score < beta {
			// The test failed high: c may be better than the PV.
			// Search it again with the whole window for its value.
			score = -PVS(c, depth-1, -beta, -alpha, -color)
		}
		alpha = max(alpha, score)
		if alpha >= beta {
			break // beta cutoff
		}
	}
	return alpha
}
