package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// The grader's proof, run by CI: every reference solution scores full
// marks, every bare stub scores zero, and every deliberately wrong
// implementation in testdata/wrong loses points on the checks it names.

const (
	exercisesDir = "../../exercises"
	solutionsDir = "../../solutions"
	wrongDir     = "../../testdata/wrong"
)

// gradeJSON runs cutoff grade -format json with args and returns its
// result and exit status.
func gradeJSON(t *testing.T, args ...string) (gradereport.Student, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"grade", "-format", "json"}, args...), nil, &stdout, &stderr)
	if code != exitOK && code != exitBudget {
		t.Fatalf("cutoff grade %v: exit %d: %s", args, code, stderr.String())
	}
	var res gradereport.Student
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("cutoff grade %v printed no JSON (%v):\n%s", args, err, stdout.String())
	}
	return res, code
}

// lost lists an exercise's failed checks by name.
func lost(e gradereport.ExerciseDetail) []string {
	var lost []string
	for _, c := range e.CheckList {
		if !c.Passed {
			lost = append(lost, c.Name)
		}
	}
	return lost
}

func exerciseNames(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, e := range checks.Exercises() {
		names = append(names, e.Dir)
	}
	dirs, _ := filepath.Glob(filepath.Join(exercisesDir, "[0-9][0-9]-*"))
	if len(dirs) != len(names) {
		t.Fatalf("the grader registers %d exercises, %s has %d", len(names), exercisesDir, len(dirs))
	}
	return names
}

func TestGradeSolutionsFull(t *testing.T) {
	res, code := gradeJSON(t, "-with", solutionsDir, exercisesDir)
	if code != exitOK || res.Points != res.MaxPoints || res.Credit != 1 || res.MaxPoints != 100*len(res.Exercises) {
		t.Errorf("solutions: exit %d, %d/%d points, credit %v; want exit 0, full marks", code, res.Points, res.MaxPoints, res.Credit)
	}
	names := exerciseNames(t)
	if len(res.Exercises) != len(names) {
		t.Errorf("graded %d exercises, the directory has %d: %v", len(res.Exercises), len(names), names)
	}
	for _, e := range res.Exercises {
		if e.Points != 100 || e.MaxPoints != 100 || e.Passed != e.Checks || e.Checks < 3 {
			t.Errorf("solution of %s: %d/%d points, %d/%d checks; want 100/100, every check (at least 3)", e.Name, e.Points, e.MaxPoints, e.Passed, e.Checks)
		}
	}
	for _, e := range res.Exercises {
		for _, c := range e.CheckList {
			if !c.Passed || c.Points != c.MaxPoints || c.MaxPoints <= 0 {
				t.Errorf("%s, check %s: %d/%d %v", e.Name, c.Name, c.Points, c.MaxPoints, c.Message)
			}
		}
	}
}

func TestGradeStubsZero(t *testing.T) {
	res, code := gradeJSON(t, exercisesDir)
	if code != exitBudget || res.Points != 0 || res.Credit != 0 {
		t.Errorf("stubs: exit %d, %d/%d points; want exit 1, 0 points", code, res.Points, res.MaxPoints)
	}
	for _, e := range res.Exercises {
		if e.Points != 0 || e.MaxPoints != 100 || e.Checks == 0 {
			t.Errorf("stub of %s: %d/%d points over %d checks; want 0/100", e.Name, e.Points, e.MaxPoints, e.Checks)
		}
	}
	for _, e := range res.Exercises {
		for _, c := range e.CheckList {
			if !strings.Contains(strings.Join(c.Message, "\n"), "not done yet") {
				t.Errorf("%s, check %s of a stub says %q; want it to say the stub is not done yet", e.Name, c.Name, c.Message)
			}
		}
	}
}

// loses finds the checks a wrong implementation must lose: its lines
// "// lose: CHECK NAME".
var loses = regexp.MustCompile(`(?m)^// lose: (.+)$`)

func TestGradeWrongImplementations(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(wrongDir, "*", "[0-9][0-9]-*"))
	if err != nil || len(dirs) < 30 {
		t.Fatalf("%d wrong implementations in %s (%v); want at least 30", len(dirs), wrongDir, err)
	}
	per := map[string]int{}
	for _, d := range dirs {
		per[filepath.Base(d)]++
	}
	for _, e := range checks.Exercises() {
		if per[e.Dir] < 3 {
			t.Errorf("%s has %d wrong implementations, want at least 3", e.Dir, per[e.Dir])
		}
	}
	for _, dir := range dirs {
		wrong, exercise := filepath.Base(filepath.Dir(dir)), filepath.Base(dir)
		t.Run(wrong+"/"+exercise, func(t *testing.T) {
			var want []string
			files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range loses.FindAllStringSubmatch(string(src), -1) {
					want = append(want, strings.TrimSpace(m[1]))
				}
			}
			if len(want) == 0 {
				t.Fatalf("%s names no check it must lose (a line \"// lose: CHECK NAME\")", dir)
			}
			res, code := gradeJSON(t, "-with", filepath.Dir(dir), filepath.Join(exercisesDir, exercise))
			if code != exitBudget || len(res.Exercises) != 1 {
				t.Fatalf("exit %d, %d exercises graded; want exit 1 and one exercise", code, len(res.Exercises))
			}
			lost := lost(res.Exercises[0])
			for _, w := range want {
				if !slices.Contains(lost, w) {
					t.Errorf("it should lose %q; it lost %q", w, lost)
				}
			}
			if e := res.Exercises[0]; e.Points == 0 || e.Points == 100 {
				t.Errorf("%d/100 points: a wrong implementation should lose some checks and pass others", e.Points)
			}
			t.Logf("%s on %s: %d/100, lost %q", wrong, exercise, res.Exercises[0].Points, lost)
		})
	}
}

func TestGradeTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-with", solutionsDir, "-run", "^0[12]-", "-seed", "7", exercisesDir}, nil, &stdout, &stderr)
	out := stdout.String()
	// stderr holds one line: what the code ran in.
	if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); code != exitOK || len(lines) != 1 || !strings.HasPrefix(lines[0], "cutoff grade: sandbox: ") && !strings.HasPrefix(lines[0], "cutoff grade: no sandbox: ") {
		t.Fatalf("exit %d, stderr %q; want the sandbox's line alone", code, stderr.String())
	}
	for _, want := range []string{"01-minimax", "100/100", "02-alphabeta", "total", "200/200", "seed 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "03-") {
		t.Errorf("-run ^0[12]- graded other exercises:\n%s", out)
	}
}

// An instructor's hidden test, laid over an exercise with -with, is graded
// with its own points, and the exercise's directory is not touched.
func TestGradeHiddenTests(t *testing.T) {
	hidden := filepath.Join(t.TempDir(), "hidden")
	if err := os.MkdirAll(filepath.Join(hidden, "02-alphabeta"), 0o755); err != nil {
		t.Fatal(err)
	}
	const src = `package alphabeta

import (
	"fmt"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

func TestHidden(t *testing.T) {
	checks.Run(t, []checks.Check{{Name: "hidden knuth-moore value", Points: 10, Run: func(c *checks.C) {
		c.OnTrees("the value of Knuth and Moore's π tree", func(tr *gametree.Tree) []string {
			n, _ := checks.Watch(tr.Root(), 0)
			if got, want := AlphaBeta(n, 64, -checks.Inf, checks.Inf), checks.TrueValue(tr, 64); got != want {
				return []string{fmt.Sprintf("expected %d, got %d", want, got)}
			}
			return nil
		}, checks.Fixtures("knuth-moore-pi"))
	}}})
}
`
	if err := os.WriteFile(filepath.Join(hidden, "02-alphabeta", "hidden_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := filepath.Glob(filepath.Join(exercisesDir, "02-alphabeta", "*"))
	res, code := gradeJSON(t, "-with", solutionsDir, "-with", hidden, filepath.Join(exercisesDir, "02-alphabeta"))
	if code != exitOK || len(res.Exercises) != 1 || res.Exercises[0].Points != 110 || res.Exercises[0].MaxPoints != 110 {
		t.Errorf("solution with a hidden test: exit %d, %+v; want 110/110", code, res.Exercises)
	}
	found := false
	for _, c := range res.Exercises[0].CheckList {
		found = found || (c.Name == "hidden knuth-moore value" && c.Passed && c.Points == 10 && c.Hidden)
	}
	if !found {
		t.Errorf("the hidden check is not among the graded ones: %+v", res.Exercises[0].CheckList)
	}
	res, _ = gradeJSON(t, "-with", hidden, filepath.Join(exercisesDir, "02-alphabeta"))
	if e := res.Exercises[0]; e.Points != 0 || e.MaxPoints != 110 {
		t.Errorf("the stub with a hidden test: %d/%d points, want 0/110", e.Points, e.MaxPoints)
	}
	after, _ := filepath.Glob(filepath.Join(exercisesDir, "02-alphabeta", "*"))
	if !slices.Equal(before, after) {
		t.Errorf("grading changed the exercise's directory: %v → %v", before, after)
	}
}
