// An endless loop.
//
// want: 0
// why: stopped after 3 s
// flags: -timeout 3s
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	for {
		alpha++
	}
}
