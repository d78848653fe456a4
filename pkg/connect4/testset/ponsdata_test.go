package testset_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

// TestPonsClasses reads Pons' six test files, when CUTOFF_PONS_DATA names a
// folder that holds them (they are not part of this project: see
// testdata/connect4/compare-pons), and checks that Classify puts every line
// in the class of its file: the definition of Remaining is the one his sets
// were made with.
func TestPonsClasses(t *testing.T) {
	dir := os.Getenv("CUTOFF_PONS_DATA")
	if dir == "" {
		t.Skip("CUTOFF_PONS_DATA is not set: Pons' test files are not part of this project")
	}
	for _, set := range testset.Sets {
		f, err := os.Open(filepath.Join(dir, set.Pons))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() {
			moves, score, _ := strings.Cut(sc.Text(), " ")
			v, err := strconv.Atoi(score)
			if err != nil {
				t.Fatalf("%s: %q", set.Pons, sc.Text())
			}
			n++
			if got, ok := testset.Classify(len(moves), v); !ok || got.Name != set.Name {
				t.Errorf("%s line %d %q: classified %q, want %q (remaining %d)", set.Pons, n, sc.Text(), got.Name, set.Name, testset.Remaining(len(moves), v))
			}
		}
		f.Close()
		if n != 1000 {
			t.Errorf("%s: %d lines, want 1000", set.Pons, n)
		}
	}
}
