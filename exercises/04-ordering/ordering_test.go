package ordering

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestOrdering grades NegamaxAB: run `go test` here, or `cutoff grade` for
// the score table. The checks and their points are in README.md.
func TestOrdering(t *testing.T) {
	checks.Ordering(t, func(n checks.Node, depth, alpha, beta, color int, order checks.OrderFunc) int {
		return NegamaxAB(n, depth, alpha, beta, color, order)
	})
}
