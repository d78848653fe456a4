// The key, imported.
//
// want: 0
// why: imports github.com/cutoff-go/cutoff/solutions/02-alphabeta
package alphabeta

import (
	"github.com/cutoff-go/cutoff/exercises/grade"
	key "github.com/cutoff-go/cutoff/solutions/02-alphabeta"
)

func AlphaBeta(n grade.Node, depth, alpha, beta int) int { return key.AlphaBeta(n, depth, alpha, beta) }
