// Package alphabeta: exercise 02 for TestGoTestHungCheck, copied beside
// the exercise's test file. It makes shallow cutoffs only (as
// testdata/wrong/no-deep-cutoff: it loses "deep cutoff" on the visits),
// and, called with a window narrower than the whole one ("any window"),
// expands the root and then loops without calling anything: no visit
// limit can stop it, only the watchdog.
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

var level int

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if level == 0 && (alpha > -grade.Inf || beta < grade.Inf) {
		n.Children()
		spin()
	}
	level++
	defer func() { level-- }()
	if depth == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	children := n.Children()
	if len(children) == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	if n.Max() {
		for _, c := range children {
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, grade.Inf))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, -grade.Inf, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}

func spin() {
	for {
	}
}
