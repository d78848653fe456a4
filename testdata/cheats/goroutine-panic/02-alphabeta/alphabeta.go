// A panic in a goroutine of its own, which no check can recover: it brings
// the whole test binary down.
//
// want: 0
// why: panic: boom
package alphabeta

import (
	"time"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	go func() { panic("boom") }()
	time.Sleep(time.Second)
	return alpha
}
