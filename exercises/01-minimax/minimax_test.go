package minimax

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestMinimax grades Minimax: run `go test` here, or `cutoff grade` for the
// score table. The checks and their points are in README.md.
func TestMinimax(t *testing.T) { checks.Minimax(t, Minimax) }
