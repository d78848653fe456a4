package alphabeta

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestAlphaBeta grades AlphaBeta: run `go test` here, or `cutoff grade` for
// the score table. The checks and their points are in README.md.
func TestAlphaBeta(t *testing.T) { checks.AlphaBeta(t, AlphaBeta) }
