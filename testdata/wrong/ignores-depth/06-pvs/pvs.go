// Package pvs: a deliberately wrong exercise 06 for the grader's own test.
// It never looks at depth: it searches to the leaves whatever the depth
// limit, so a depth-limited search goes on past its horizon. It must lose
// the "depth limit" check and keep the others (they search to the leaves):
//
// lose: depth limit
package pvs

import "github.com/cutoff-go/cutoff/exercises/grade"

func PVS(n grade.Node, depth, alpha, beta, color int) int {
	// Wrong: no "if depth == 0 { return color * n.Value() }".
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
