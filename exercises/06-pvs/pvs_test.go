package pvs

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestPVS grades PVS: run `go test` here, or `cutoff grade` for the score
// table. The checks and their points are in README.md.
func TestPVS(t *testing.T) { checks.PVS(t, PVS) }
