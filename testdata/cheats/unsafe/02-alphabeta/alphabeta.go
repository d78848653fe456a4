// go:linkname needs package unsafe: with it a submission could call the
// grader's own functions by their symbol names.
//
// want: 0
// why: imports unsafe
package alphabeta

import (
	_ "unsafe"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func AlphaBeta(n grade.Node, depth, alpha, beta int) int { return alpha }
