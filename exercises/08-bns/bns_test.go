package bns

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

// TestBNS grades BNS and NextGuess: run `go test` here, or `cutoff grade`
// for the score table. The checks and their points are in README.md.
func TestBNS(t *testing.T) { grade.BNS(t, BNS, NextGuess) }
