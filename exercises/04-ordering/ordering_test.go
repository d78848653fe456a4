package ordering

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grader"
)

// TestOrdering grades NegamaxAB: run `go test` here, or `cutoff grade` for
// the score table. The checks and their points are in README.md.
func TestOrdering(t *testing.T) {
	grader.Ordering(t, func(n grader.Node, depth, alpha, beta, color int, order grader.OrderFunc) int {
		return NegamaxAB(n, depth, alpha, beta, color, order)
	})
}
