package autograde

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// checkImports: the standard library and the student API pass; the
// library, the grader, another module, a wrong package and a file that
// does not parse are named, with the rule.
func TestCheckImports(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.go", "package alphabeta\nimport (\n\"fmt\"\n\""+StudentAPI+"\"\n)\nvar _ = fmt.Sprint\nvar _ grade.Node\n")
	if why := checkImports([]string{ok}, "alphabeta"); why != "" {
		t.Errorf("standard library and the student API: %q", why)
	}
	for src, want := range map[string]string{
		"package alphabeta\nimport _ \"" + ModulePath + "/pkg/algos\"\n":        "imports " + ModulePath + "/pkg/algos",
		"package alphabeta\nimport _ \"" + ModulePath + "/exercises/checks\"\n": "exercises/checks",
		"package alphabeta\nimport _ \"golang.org/x/exp/slices\"\n":             "golang.org/x/exp/slices",
		"package main\n":            "says package main",
		"package alphabeta\nfunc (": "does not compile",
	} {
		f := write("x.go", src)
		why := checkImports([]string{ok, f}, "alphabeta")
		if !strings.Contains(why, want) {
			t.Errorf("%q: %q, want it to say %q", src, why, want)
		}
		if strings.Contains(want, "imports") && !strings.Contains(why, importRule) {
			t.Errorf("%q: %q does not state the rule", src, why)
		}
	}
}

// A result's points add up its checks, and only a graded result with
// every check passed is full.
func TestResultScore(t *testing.T) {
	e := &ExerciseResult{Checks: []CheckResult{{Points: 30, Max: 30, Passed: true}, {Points: 0, Max: 70}}}
	if got, max := e.Score(); got != 30 || max != 100 || e.Passed() != 1 {
		t.Errorf("exercise: %d/%d, %d passed", got, max, e.Passed())
	}
	full := &ExerciseResult{Checks: []CheckResult{{Points: 100, Max: 100, Passed: true}}}
	r := &Result{Exercises: []*ExerciseResult{e, full}}
	if got, max := r.Score(); got != 130 || max != 200 || r.Full() {
		t.Errorf("result: %d/%d, full %v", got, max, r.Full())
	}
	if !(&Result{Exercises: []*ExerciseResult{full}}).Full() || (&Result{Exercises: []*ExerciseResult{full}, Error: "x"}).Full() || (&Result{}).Full() {
		t.Error("Full: want true only for a graded result with points, all of them")
	}
}

// Notes: the lines a submission printed that imitate the grader's records
// or go test's framing are named; go test's own FAIL lines are not.
func TestLookalikes(t *testing.T) {
	out := "hello\ncutoff-points: 100\n=== RUN   TestX\n--- PASS: TestX\nFAIL\n--- FAIL: TestY (0.00s)\nok  \tfake\n"
	got := lookalikes(out)
	want := []string{"cutoff-points: 100", "=== RUN   TestX", "--- PASS: TestX", "ok  \tfake"}
	if !slices.Equal(got, want) {
		t.Errorf("lookalikes = %q, want %q", got, want)
	}
	if got := crashLine("x\npanic: boom\n\ngoroutine 1"); got != "panic: boom" {
		t.Errorf("crashLine = %q", got)
	}
}

// Options' errors speak of the options, not of cutoff grade's flags.
func TestOptionsErrors(t *testing.T) {
	if err := (&Options{}).defaults(); err == nil {
		t.Error("no module: no error")
	}
	o := &Options{Module: "../..", With: []string{filepath.Join(t.TempDir(), "none")}}
	err := o.defaults()
	if err == nil || strings.Contains(err.Error(), "-with") || !strings.Contains(err.Error(), "With") {
		t.Errorf("a With that is no folder: %v", err)
	}
	if err := (&Options{Module: t.TempDir()}).defaults(); err == nil || !strings.Contains(err.Error(), "not the cutoff module") {
		t.Errorf("not the module: %v", err)
	}
}

// A hidden test that imports the checks by the path they moved from is
// refused in one line that names the file and the new path; one that
// imports the new path passes.
func TestOptionsMovedImport(t *testing.T) {
	with := t.TempDir()
	ex := filepath.Join(with, "02-alphabeta")
	if err := os.Mkdir(ex, 0o755); err != nil {
		t.Fatal(err)
	}
	hidden := filepath.Join(ex, "hidden_test.go")
	write := func(path string) {
		src := "package alphabeta\n\nimport \"testing\"\nimport \"" + path + "\"\n\nfunc TestHidden(t *testing.T) { checks.Run(t, nil) }\n"
		if err := os.WriteFile(hidden, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(ModulePath + "/exercises/grader") // the path the checks moved from
	err := (&Options{Module: "../..", With: []string{with}}).defaults()
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), hidden) ||
		!strings.Contains(err.Error(), ModulePath+"/exercises/checks") {
		t.Errorf("a hidden test importing the old path: %v", err)
	}
	write(ModulePath + "/exercises/checks")
	if err := (&Options{Module: "../..", With: []string{with}}).defaults(); err != nil {
		t.Errorf("a hidden test importing exercises/checks: %v", err)
	}
}
