// Exit before the checks run, with status 0, hoping "no failure" counts.
//
// want: 0
// why: ended before this check reported
package alphabeta

import (
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func init() { os.Exit(0) }

func AlphaBeta(n grade.Node, depth, alpha, beta int) int { return alpha }
