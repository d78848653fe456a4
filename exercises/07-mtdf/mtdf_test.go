package mtdf

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

// TestMTDF grades MTDF: run `go test` here, or `cutoff grade` for the score
// table. The checks and their points are in README.md.
func TestMTDF(t *testing.T) { grade.MTDF(t, MTDF) }
