package mtdf

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestMTDF grades MTDF: run `go test` here, or `cutoff grade` for the score
// table. The checks and their points are in README.md.
func TestMTDF(t *testing.T) { checks.MTDF(t, MTDF) }
