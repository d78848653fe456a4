// Package pvs: a deliberately wrong exercise 06 for the grader's own test.
// When a null-window test fails high it re-searches the child with the
// same null window (−α − 1, −α) instead of the whole window (−β, −α): the
// child is searched twice, but its second score is again only a bound,
// taken for its value. It passes "null windows" (no test fails high there)
// and loses the checks where a later child is best:
//
// lose: re-searches
// lose: any window
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
	for i, c := range children {
		var score int
		if i == 0 {
			// The first child is assumed to be the principal variation:
			// the whole window gives its exact value.
			score = -PVS(c, depth-1, -beta, -alpha, -color)
		} else {
			// Prove the others no better than α with a null window.
			score = -PVS(c, depth-1, -alpha-1, -alpha, -color)
			if alpha < score && score < beta {
				// The test failed high: c may be better than the PV.
				// Search it again with the whole window for its value.
				score = -PVS(c, depth-1, -alpha-1, -alpha, -color) // Wrong: (−β, −α).
			}
		}
		alpha = max(alpha, score)
		if alpha >= beta {
			break // beta cutoff
		}
	}
	return alpha
}
