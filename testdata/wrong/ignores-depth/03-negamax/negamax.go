// Package negamax: a deliberately wrong exercise 03 for the grader's own
// test. It never looks at depth: it searches to the leaves whatever the
// depth limit, so a depth-limited search goes on past its horizon. It must
// lose the "depth limit" check and keep the others (they search to the
// leaves):
//
// lose: depth limit
package negamax

import "github.com/cutoff-go/cutoff/exercises/grade"

func Negamax(n grade.Node, depth, color int) int {
	// Wrong: no "if depth == 0 { return color * n.Value() }".
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
