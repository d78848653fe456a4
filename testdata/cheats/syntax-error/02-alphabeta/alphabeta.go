// A syntax error.
//
// want: 0
// why: does not compile: alphabeta.go:11
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	return alpha +
}
