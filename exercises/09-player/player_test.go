package player

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestPlayer grades BestMove: run `go test` here, or `cutoff grade` for the
// score table. The checks and their points are in README.md.
func TestPlayer(t *testing.T) { checks.Player(t, BestMove) }
