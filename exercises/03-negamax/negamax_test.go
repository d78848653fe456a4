package negamax

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestNegamax grades Negamax: run `go test` here, or `cutoff grade` for the
// score table. The checks and their points are in README.md.
func TestNegamax(t *testing.T) { checks.Negamax(t, Negamax) }
