package transposition

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestTransposition grades NegamaxTT: run `go test` here, or `cutoff grade`
// for the score table. The checks and their points are in README.md.
func TestTransposition(t *testing.T) { checks.Transposition(t, NegamaxTT) }
