// Another exercise's code (a classmate's minimax, say), imported.
//
// want: 0
// why: imports github.com/cutoff-go/cutoff/exercises/01-minimax
package alphabeta

import (
	minimax "github.com/cutoff-go/cutoff/exercises/01-minimax"
	"github.com/cutoff-go/cutoff/exercises/grade"
)

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	return min(max(minimax.Minimax(n, depth), alpha), beta)
}
