package main

import (
	"os"
	"testing"

	"github.com/cutoff-go/cutoff/internal/sandbox"
)

// TestMain lets the test binary be the sandbox's init, as cutoff is when
// cutoff grade starts one (the tests run cutoff grade in-process).
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}
