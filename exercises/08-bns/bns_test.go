package bns

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/grader"
)

// TestBNS grades BNS and NextGuess: run `go test` here, or `cutoff grade`
// for the score table. The checks and their points are in README.md.
func TestBNS(t *testing.T) { grader.BNS(t, BNS, NextGuess) }
