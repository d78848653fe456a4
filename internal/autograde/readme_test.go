package autograde

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// Every exercise's README has the same shape: a title "Exercise NN · …",
// a Notebook line naming notebooks that exist, and a "How it is graded"
// heading with the points the registry gives, each check in its table.
func TestExerciseREADMEs(t *testing.T) {
	root := filepath.Join("..", "..")
	notebook := regexp.MustCompile("`(notebooks/[^`]+\\.ipynb)`")
	for _, e := range checks.Exercises() {
		b, err := os.ReadFile(filepath.Join(root, "exercises", e.Dir, "README.md"))
		if err != nil {
			t.Error(err)
			continue
		}
		s := string(b)
		lines := strings.Split(s, "\n")
		if want := "# Exercise " + e.Dir[:2] + " · "; !strings.HasPrefix(lines[0], want) {
			t.Errorf("%s: title %q, want it to begin %q", e.Dir, lines[0], want)
		}
		if len(lines) < 3 || !strings.HasPrefix(lines[2], "Notebook: ") {
			t.Errorf("%s: no Notebook line under the title", e.Dir)
		}
		para := strings.SplitN(strings.Join(lines[2:], "\n"), "\n\n", 2)[0]
		nbs := notebook.FindAllStringSubmatch(para, -1)
		if len(nbs) == 0 {
			t.Errorf("%s: the Notebook line names no notebook", e.Dir)
		}
		for _, m := range nbs {
			if _, err := os.Stat(filepath.Join(root, m[1])); err != nil {
				t.Errorf("%s: Notebook line names %s, which does not exist", e.Dir, m[1])
			}
		}
		total := 0
		for _, c := range e.Checks {
			total += c.Points
			if !strings.Contains(s, fmt.Sprintf("| %s | %d |", c.Name, c.Points)) {
				t.Errorf("%s: the grading table has no row \"| %s | %d |\"", e.Dir, c.Name, c.Points)
			}
		}
		if want := fmt.Sprintf("\n## How it is graded (%d points)\n", total); !strings.Contains(s, want) {
			t.Errorf("%s: no heading %q", e.Dir, strings.TrimSpace(want))
		}
	}
}
