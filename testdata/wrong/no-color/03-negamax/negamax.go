// Package negamax: a deliberately wrong exercise 03 for the grader's own
// test. It forgets to multiply a leaf's value by color, so every leaf is
// read from Max's point of view whoever is to move. It is right only where
// every leaf has Max to move (the AIMA tree); it must lose the value checks
// "random trees" and "Min to move" (and the visit checks, which compare the
// value first).
//
// lose: random trees
// lose: Min to move
package negamax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Negamax(n grade.Node, depth, color int) int {
	if depth == 0 {
		return n.Value()
	}
	children := n.Children()
	if len(children) == 0 {
		return n.Value()
	}
	value := -grade.Inf
	for _, c := range children {
		value = max(value, -Negamax(c, depth-1, -color))
	}
	return value
}
