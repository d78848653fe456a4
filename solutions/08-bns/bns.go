// Package bns is exercise 08: Best Node Search (Rutko 2011, as the Russian
// Wikipedia article on it gives it). See README.md for the task and how it is
// graded.
package bns

import "github.com/cutoff-go/cutoff/exercises/grade"

// NextGuess returns the next test value for the range (alpha, beta) with
// subtreeCount root moves still in play, the Russian Wikipedia article's
//
//	nextGuess(α, β, subtreeCount) = α + (β − α) × (subtreeCount − 1) / subtreeCount
//
// in integers (multiply first, then divide, rounding down), kept strictly
// inside the range: at least alpha + 1, at most beta − 1 (with one subtree
// the formula gives α itself). beta − alpha is at least 2.
func NextGuess(alpha, beta, subtreeCount int) int {
	n := subtreeCount
	guess := alpha + (beta-alpha)*(n-1)/n
	// One subtree gives α itself: test just above it, and never reach β.
	return min(max(guess, alpha+1), beta-1)
}

// BNS finds a best move at root without computing its value. alpha and
// beta hold the root's value strictly inside (alpha < value < beta), in the
// view of the side to move at the root, as everything here is.
//
// Each pass picks test := NextGuess(alpha, beta, subtreeCount) and asks of
// every root child still in play, in order, test(child, test): is the child's
// value at least test? (The grader's null-window alpha-beta,
// −alphabeta(child, −test, −(test − 1)) ≥ test in the article.) Count the
// children that are (betterCount) and remember the last one (bestNode). Then,
// if betterCount > 0, alpha := test and only the better children stay in play
// (subtreeCount := betterCount); else beta := test. Stop when
// beta − alpha < 2 or betterCount = 1.
//
// Return the index of bestNode in root.Children() and the final range
// [lo, hi) = [alpha, beta): the root's value is at least lo and below hi.
// Call root.Children() to get the children; the root has at least one.
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
