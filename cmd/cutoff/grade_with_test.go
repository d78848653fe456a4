package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hiddenTest is a hidden test for 02-alphabeta whose check runs body.
func hiddenTest(body string) string {
	return `package alphabeta

import (
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

func TestHidden(t *testing.T) {
	checks.Run(t, []checks.Check{{Name: "hidden one", Points: 10, Run: func(c *checks.C) {
		` + body + `
	}}})
}
`
}

// -with is validated before any student is graded: a folder that matches
// no exercise, a hidden test that does not compile or fails against the
// key stop with one line naming the file, exit 2, and nothing graded or
// written; a good hidden test lets the grading go on.
func TestGradeWithValidated(t *testing.T) {
	class := t.TempDir()
	copyTree(t, filepath.Join(solutionsDir, "02-alphabeta"), filepath.Join(class, "ada", "02-alphabeta"))
	for _, tc := range []struct {
		name, folder, body string
		want               []string
	}{
		{"misspelled folder", "02-alphabet", "", []string{"02-alphabet", "matches no exercise", "02-alphabeta"}},
		{"does not compile", "02-alphabeta", "if undefinedThing { c.Fail(\"r\") }", []string{"02-alphabeta/hidden_test.go", "does not compile", "hidden_test.go:11:", "undefined: undefinedThing", "the key"}},
		{"fails against the key", "02-alphabeta", "c.Fail(\"the rule\", \"why\")", []string{"02-alphabeta/hidden_test.go", `check "hidden one" (TestHidden) fails against the key`, "the rule / why"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hidden := filepath.Join(t.TempDir(), "hidden")
			if err := os.MkdirAll(filepath.Join(hidden, tc.folder), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(hidden, tc.folder, "hidden_test.go"), []byte(hiddenTest(tc.body)), 0o644); err != nil {
				t.Fatal(err)
			}
			book := filepath.Join(t.TempDir(), "book")
			for _, args := range [][]string{
				{"grade", "-with", hidden, "-run", "^02-", filepath.Join(exercisesDir, "02-alphabeta")},
				{"grade", "-with", solutionsDir, "-with", hidden, "-run", "^02-", "-unsandboxed", "-class", class, "-gradebook", book},
			} {
				var stdout, stderr bytes.Buffer
				code := run(args, nil, &stdout, &stderr)
				lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
				if code != exitUsage || len(lines) != 1 || stdout.Len() != 0 {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, one line, nothing graded", args, code, stdout.String(), stderr.String())
				}
				for _, w := range tc.want {
					if !strings.Contains(lines[0], w) {
						t.Errorf("%v: %q does not say %q", args, lines[0], w)
					}
				}
			}
			if _, err := os.Stat(book + ".csv"); err == nil {
				t.Error("a gradebook was written")
			}
		})
	}
	hidden := filepath.Join(t.TempDir(), "hidden")
	os.MkdirAll(filepath.Join(hidden, "02-alphabeta"), 0o755)
	os.WriteFile(filepath.Join(hidden, "02-alphabeta", "hidden_test.go"), []byte(hiddenTest("")), 0o644)
	os.WriteFile(filepath.Join(hidden, "README.md"), []byte("notes\n"), 0o644)
	res, code := gradeJSON(t, "-with", solutionsDir, "-with", hidden, "-run", "^02-", exercisesDir)
	if code != exitOK || res.Points != 110 || res.MaxPoints != 110 {
		t.Errorf("a good hidden test: exit %d, %d/%d; want 0 and 110/110", code, res.Points, res.MaxPoints)
	}
	// A -with folder of non-test files is a submission's overlay, not laid
	// over the key when the hidden tests are tried on it: a wrong
	// implementation beside a good hidden test is graded, not refused.
	res, code = gradeJSON(t, "-with", filepath.Join(wrongDir, "strict-cutoff"), "-with", hidden, "-run", "^02-", exercisesDir)
	if code != exitBudget || res.Points >= 100 || res.MaxPoints != 110 {
		t.Errorf("a wrong implementation with a good hidden test: exit %d, %d/%d; want 1 and fewer than 100 of 110", code, res.Points, res.MaxPoints)
	}
}
