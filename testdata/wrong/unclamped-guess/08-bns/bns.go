// Package bns: a deliberately wrong exercise 08 for the grader's own test.
// Its NextGuess is the bare formula, not kept strictly inside (α, β): with
// one subtree it returns α itself, a test that proves nothing. The search
// never asks for one subtree (it stops when betterCount = 1, and the roots
// it is graded on have two moves or more), so only "NextGuess" loses:
//
// lose: NextGuess
package bns

import "github.com/cutoff-go/cutoff/exercises/grade"

func NextGuess(alpha, beta, subtreeCount int) int {
	n := subtreeCount
	guess := alpha + (beta-alpha)*(n-1)/n
	return guess // Wrong: not kept inside (α, β).
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
			play = better // and only those children can be best
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
