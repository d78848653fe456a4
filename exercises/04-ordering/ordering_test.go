package ordering

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

// TestOrdering grades NegamaxAB: run `go test` here, or `cutoff grade` for
// the score table. The checks and their points are in README.md.
func TestOrdering(t *testing.T) {
	grade.Ordering(t, func(n grade.Node, depth, alpha, beta, color int, order grade.OrderFunc) int {
		return NegamaxAB(n, depth, alpha, beta, color, order)
	})
}
