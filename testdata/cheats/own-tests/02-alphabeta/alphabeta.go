// Self-awarded points: a bare stub with test files of its own that log
// the grader's points line, replace the test function and exit early.
//
// want: 0
// why: not done yet
// note: ignored: your test file alphabeta_test.go
// note: ignored: your test file points_test.go
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	panic("TODO(ex02): write AlphaBeta")
}
