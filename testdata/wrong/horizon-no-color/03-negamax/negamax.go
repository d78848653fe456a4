// Package negamax: a deliberately wrong exercise 03 for the grader's own
// test. At the depth limit it returns n.Value() without multiplying by
// color (a leaf is right: color × n.Value()), so a static value at the
// horizon is read from Max's point of view whoever is to move there. The
// searches to the leaves are right; it must lose "depth limit":
//
// lose: depth limit
package negamax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Negamax(n grade.Node, depth, color int) int {
	if depth == 0 {
		return n.Value() // Wrong: color × n.Value().
	}
	children := n.Children()
	if len(children) == 0 {
		return color * n.Value()
	}
	value := -grade.Inf
	for _, c := range children {
		value = max(value, -Negamax(c, depth-1, -color))
	}
	return value
}
