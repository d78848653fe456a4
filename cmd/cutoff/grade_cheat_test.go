package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const cheatsDir = "../../testdata/cheats"

// cheatSpec is what a cheat's comment lines say it must get.
type cheatSpec struct {
	want, trusted int // trusted: -1 when not given
	why, note     []string
	flags         []string
}

var cheatLine = regexp.MustCompile(`(?m)^// (want|why|note|trusted|flags): (.+)$`)

func readCheat(t *testing.T, dir string) cheatSpec {
	t.Helper()
	spec := cheatSpec{want: -1, trusted: -1}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go*"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cheatLine.FindAllStringSubmatch(string(src), -1) {
			v := strings.TrimSpace(m[2])
			switch m[1] {
			case "want":
				spec.want, _ = strconv.Atoi(v)
			case "trusted":
				spec.trusted, _ = strconv.Atoi(v)
			case "why":
				spec.why = append(spec.why, v)
			case "note":
				spec.note = append(spec.note, v)
			case "flags":
				spec.flags = append(spec.flags, strings.Fields(v)...)
			}
		}
	}
	if spec.want < 0 {
		t.Fatalf("%s: no \"// want: N\" line", dir)
	}
	return spec
}

// submission makes a student's copy of one exercise with the cheat's files
// in place of the stub's, and returns its folder.
func submission(t *testing.T, cheat, exercise string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "exercises", exercise)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, from := range []string{filepath.Join(exercisesDir, exercise), cheat} {
		entries, err := os.ReadDir(from)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(from, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dst, goName(e.Name())), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dst
}

// goName turns a cheat's file.go.broken (Go that does not parse, kept out
// of gofmt's way) into file.go.
func goName(name string) string { return strings.TrimSuffix(name, ".broken") }

// snapshot is a folder's files and contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(path)
			m[path] = string(b)
		}
		return nil
	})
	return m
}

// Every way of gaming the grader in testdata/cheats scores what it says,
// with the reason it says, and leaves the submission's folder as it was.
func TestGradeCheats(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(cheatsDir, "*", "[0-9][0-9]-*"))
	if err != nil || len(dirs) < 10 {
		t.Fatalf("cheats in %s: %d (%v); want at least 10", cheatsDir, len(dirs), err)
	}
	for _, dir := range dirs {
		name, exercise := filepath.Base(filepath.Dir(dir)), filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			spec := readCheat(t, dir)
			sub := submission(t, dir, exercise)
			before := snapshot(t, filepath.Dir(sub))
			var stdout, stderr bytes.Buffer
			args := append([]string{"grade", "-format", "json", "-jobs", "1"}, spec.flags...)
			code := run(append(args, sub), nil, &stdout, &stderr)
			var res gradereport.Student
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || len(res.Exercises) != 1 {
				t.Fatalf("exit %d, no result (%v): %s %s", code, err, stdout.String(), stderr.String())
			}
			e := res.Exercises[0]
			if e.Points != spec.want || e.MaxPoints != 100 {
				t.Errorf("%d/%d points, want %d/100; checks: %+v", e.Points, e.MaxPoints, spec.want, e.CheckList)
			}
			for _, why := range spec.why {
				for _, c := range e.CheckList {
					if !strings.Contains(strings.Join(c.Message, "\n"), why) {
						t.Errorf("check %q says %q; want the reason %q", c.Name, c.Message, why)
					}
				}
			}
			for _, note := range spec.note {
				found := false
				for _, n := range e.Notes {
					found = found || strings.Contains(n, note)
				}
				if !found {
					t.Errorf("no note says %q: %q", note, e.Notes)
				}
			}
			after := snapshot(t, filepath.Dir(sub))
			if len(after) != len(before) {
				t.Errorf("grading changed the submission's files: %d before, %d after", len(before), len(after))
			}
			for path, content := range before {
				if after[path] != content {
					t.Errorf("grading changed %s", path)
				}
			}
			if spec.trusted >= 0 {
				res, _ := gradeJSON(t, append([]string{"-with", filepath.Dir(dir)}, filepath.Join(exercisesDir, exercise))...)
				if got := res.Exercises[0].Points; got != spec.trusted {
					t.Errorf("laid over the exercise as trusted files it scores %d, want %d: the trick should pay without the import rule", got, spec.trusted)
				}
			}
			t.Logf("%s: %d/100: %s", name, e.Points, gradereport.FirstLines(e.CheckList[0].Message, 1))
		})
	}
}

// A submission that passes its first checks and then loops without end:
// the grader's timeout stops it, and the checks that ended before count,
// their signed records sent when each ended (the checks' watchdog is off
// under `cutoff grade`: the grader's timeout bounds the run).
func TestGradeHangAfterChecks(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(solutionsDir, "02-alphabeta", "alphabeta.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The solution, looping when called with a narrower window than the
	// whole one: "any window", the fourth check, never ends.
	hang := strings.Replace(string(src), "func AlphaBeta(n grade.Node, depth, alpha, beta int) int {\n",
		"func AlphaBeta(n grade.Node, depth, alpha, beta int) int {\n\tif depth == 64 && alpha > -grade.Inf && beta < grade.Inf {\n\t\tfor {\n\t\t\talpha++\n\t\t}\n\t}\n", 1)
	if hang == string(src) {
		t.Fatal("the solution's AlphaBeta changed: the loop was not put in")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "alphabeta.go"), []byte(hang), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := submission(t, dir, "02-alphabeta")
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-format", "json", "-jobs", "1", "-timeout", "3s", sub}, nil, &stdout, &stderr)
	var res gradereport.Student
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || len(res.Exercises) != 1 {
		t.Fatalf("exit %d, no result (%v): %s %s", code, err, stdout.String(), stderr.String())
	}
	e := res.Exercises[0]
	if e.Points != 40 {
		t.Errorf("%d points; want 40 (AIMA tree, shallow and deep cutoff, which ended before the loop): %+v", e.Points, e.CheckList)
	}
	for _, c := range e.CheckList {
		if c.Name == "any window" && !strings.Contains(strings.Join(c.Message, "\n"), "stopped after 3 s") {
			t.Errorf("any window says %q; want the grader's timeout", c.Message)
		}
	}
}
