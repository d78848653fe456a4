// Package coursetest holds the tests of the course's notebooks (the
// notebooks themselves are notebooks/NN-topic.ipynb; notebooks/README.md
// says which conventions these tests check). They live here, not beside
// the notebooks, so that the folder a learner opens in JupyterLab holds the
// notebooks, their README and their sources and nothing else.
//
// TestMain runs every test from notebooks/, so that the paths the tests use
// ("NN-topic.ipynb", ".." for the repository) are those of the notebooks.
package coursetest

import (
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if err := os.Chdir("../../notebooks"); err != nil {
		fmt.Fprintln(os.Stderr, "coursetest:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
