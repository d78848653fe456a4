// Package minimax: a deliberately wrong exercise 01 for the grader's own
// test. It never asks n.Max(): it assumes Max is to move at the root and
// alternates Max and Min ply by ply, so it is right on every tree with Max
// at the root and wrong whenever Min is to move there. It must lose the
// "Min to move" check:
//
// lose: Min to move
package minimax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Minimax(n grade.Node, depth int) int {
	return minimax(n, depth, true)
}

// minimax searches n with maximizing telling whose turn the code believes
// it is. Wrong: the root is taken to be a Max node.
func minimax(n grade.Node, depth int, maximizing bool) int {
	if depth == 0 {
		return n.Value()
	}
	children := n.Children()
	if len(children) == 0 {
		return n.Value()
	}
	if maximizing {
		best := -grade.Inf
		for _, c := range children {
			best = max(best, minimax(c, depth-1, false))
		}
		return best
	}
	best := grade.Inf
	for _, c := range children {
		best = min(best, minimax(c, depth-1, true))
	}
	return best
}
