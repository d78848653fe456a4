// Package pvs: a deliberately wrong exercise 06 for the grader's own test.
// Its null window is one off: it tests the later children with (−α, −α + 1)
// instead of (−α − 1, −α), that is the window (α − 1, α) instead of
// (α, α + 1) in its own view. Fail-hard, the test then returns at most α,
// never a score above α, so no test fails high, nothing is re-searched and
// a later child better than the first is missed:
//
// lose: null windows
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
			score = -PVS(c, depth-1, -alpha, -alpha+1, -color) // Wrong: (−α−1, −α).
			if alpha < score && score < beta {
				// The test failed high: c may be better than the PV.
				// Search it again with the whole window for its value.
				score = -PVS(c, depth-1, -beta, -alpha, -color)
			}
		}
		alpha = max(alpha, score)
		if alpha >= beta {
			break // beta cutoff
		}
	}
	return alpha
}
