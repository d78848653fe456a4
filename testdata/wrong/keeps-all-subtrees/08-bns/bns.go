// Package bns: a deliberately wrong exercise 08 for the grader's own test.
// It never narrows the subtrees in play: after a pass with betterCount > 0
// it raises α but tests every root child again in the next pass, with
// subtreeCount still the number of root moves. It still returns a best
// move and a true bound, and stops by the pass rules; it must lose
// "subtrees" and "guess sequence":
//
// lose: subtrees
// lose: guess sequence
package bns

import "github.com/cutoff-go/cutoff/exercises/grade"

func NextGuess(alpha, beta, subtreeCount int) int {
	n := subtreeCount
	guess := alpha + (beta-alpha)*(n-1)/n
	// One subtree gives α itself: test just above it, and never reach β.
	return min(max(guess, alpha+1), beta-1)
}

func BNS(root grade.Node, alpha, beta int, test func(child grade.Node, gamma int) bool) (move, lo, hi int) {
	children := root.Children()
	play := children // the subtrees still in play
	best := -1       // the index of bestNode
	for {
		gamma := NextGuess(alpha, beta, len(play))
		var better []grade.Node
		for _, c := range play {
			if test(c, gamma) { // the child is worth at least gamma
				better = append(better, c)
				best = indexOf(children, c) // bestNode := child
			}
		}
		if len(better) > 0 {
			alpha = gamma // some child reaches gamma: so does the root
			// Wrong: play := better; every child stays in play.
		} else {
			beta = gamma // no child reaches gamma: the root is below it
		}
		if beta-alpha < 2 || len(better) == 1 {
			return best, alpha, beta
		}
	}
}

// indexOf returns the index of c among children.
func indexOf(children []grade.Node, c grade.Node) int {
	for i, k := range children {
		if k == c {
			return i
		}
	}
	return -1
}
