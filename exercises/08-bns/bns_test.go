package bns

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// TestBNS grades BNS and NextGuess: run `go test` here, or `cutoff grade`
// for the score table. The checks and their points are in README.md.
func TestBNS(t *testing.T) { checks.BNS(t, BNS, NextGuess) }
