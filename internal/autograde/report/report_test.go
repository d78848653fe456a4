package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/autograde"
)

// results are two graded submissions as the engine returns them: one with
// passed, failed and hidden checks, a note and an exercise that did not
// compile; one that could not be graded.
func results() []*autograde.Result {
	a := &autograde.Result{Student: "ada", Dir: "class/ada", Seconds: 12.34, Exercises: []*autograde.ExerciseResult{
		{Exercise: "01-minimax", Seconds: 1.5, Checks: []autograde.CheckResult{
			{Name: "leaf values", Test: "TestMinimax", Points: 15, Max: 15, Passed: true, Seconds: 0.3},
			{Name: "deep trees", Test: "TestMinimax", Points: 0, Max: 10, Message: []string{"tree 3: got 4, want 5", "rule: minimax"}, Seconds: 0.1},
		}, Notes: []string{"ignored 2 lines that look like records"}},
		{Exercise: "02-alphabeta", Error: "does not compile: x.go:3: undefined: y", Checks: []autograde.CheckResult{
			{Name: "cut off, \"deep\"", Test: "TestAlphaBeta", Points: 0, Max: 20, Seconds: 0},
			{Name: "hidden one", Test: "TestHidden", Points: 5, Max: 5, Passed: true, Hidden: true, Seconds: 0.2},
		}},
	}}
	b := &autograde.Result{Student: "bob, jr", Dir: "class/bob", Error: "no exercise folders (NN-topic)", Seconds: 0.01}
	return []*autograde.Result{a, b}
}

// golden compares got with testdata/name, written by the encoders when
// they lived in cmd/cutoff: the bytes the platforms read do not change.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestWriteGolden(t *testing.T) {
	for _, format := range Formats() {
		for i, res := range results() {
			var buf bytes.Buffer
			if err := Write(&buf, res, 42, format); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			golden(t, format+string(rune('0'+i))+".golden", buf.Bytes())
		}
	}
}

// Every output carries the seed that repeats the random trees and the
// grader's version: each format, the gradebook's CSV (the last columns) and
// JSON, the feedback pages.
func TestSeedEverywhere(t *testing.T) {
	const seed = 987654321
	for _, format := range Formats() {
		for _, res := range results() {
			var buf bytes.Buffer
			if err := Write(&buf, res, seed, format); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), "987654321") || !strings.Contains(buf.String(), "grader") || !strings.Contains(buf.String(), Version()) {
				t.Errorf("%s of %q does not carry the seed and the grader's version %q:\n%s", format, res.Student, Version(), buf.String())
			}
		}
	}
	var csv, js bytes.Buffer
	WriteGradebookCSV(&csv, results(), seed)
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if v := ",987654321," + Version() + ","; !strings.HasSuffix(lines[0], ",problems,seed,grader,read_as") || len(lines) != 3 || !strings.HasSuffix(lines[1], v) || !strings.HasSuffix(lines[2], v) {
		t.Errorf("the CSV does not end each row with the seed:\n%s", csv.String())
	}
	WriteGradebookJSON(&js, results(), seed)
	if !strings.Contains(js.String(), `"seed": 987654321`) || !strings.Contains(js.String(), `"grader": "`+Version()+`"`) {
		t.Error("the gradebook's JSON does not carry the seed")
	}
	res := results()[0]
	if page := FeedbackPage(res, res.Exercises[0], seed); !strings.Contains(string(page), "seed 987654321") || !strings.Contains(string(page), "grader "+Version()) {
		t.Error("the feedback page does not carry the seed")
	}
}

func TestWriteUnknownFormat(t *testing.T) {
	var buf bytes.Buffer
	err := Write(&buf, results()[0], 1, "moodle")
	if err == nil || !strings.Contains(err.Error(), `"moodle"`) || buf.Len() != 0 {
		t.Errorf("Write(moodle) = %v, wrote %q; want an error naming the format and nothing written", err, buf.String())
	}
}

func TestGradebookGolden(t *testing.T) {
	var csv, js bytes.Buffer
	if err := WriteGradebookCSV(&csv, results(), 42); err != nil {
		t.Fatal(err)
	}
	golden(t, "gradebook.csv", csv.Bytes())
	if err := WriteGradebookJSON(&js, results(), 42); err != nil {
		t.Fatal(err)
	}
	golden(t, "gradebook.json", js.Bytes())
}

// GitHub Classroom records the sum of the tests' scores and prints the
// fraction of tests passed: with every test one unit of equal points the
// two agree.
func TestClassroomUnits(t *testing.T) {
	res := results()[0]
	c := ClassroomOf(res, 7)
	if c.Unit != 5 || c.Status != "error" || c.Seed != 7 {
		t.Fatalf("unit %d, status %s, seed %d; want 5, error (an exercise did not compile), 7", c.Unit, c.Status, c.Seed)
	}
	sum, passed := 0, 0
	for _, ts := range c.Tests {
		if ts.MaxScore != c.Unit {
			t.Errorf("test %q is worth %d, not one unit", ts.Name, ts.MaxScore)
		}
		sum += ts.Score
		if ts.Status == "pass" {
			passed++
		}
	}
	got, max := res.Score()
	if sum != got || c.Score != got || c.MaxScore != max || len(c.Tests)*c.Unit != max || passed*c.Unit != got {
		t.Errorf("tests sum to %d of %d units (%d passed); the result is %d/%d", sum, len(c.Tests), passed, got, max)
	}
	if n := len(ClassroomOf(&autograde.Result{}, 1).Tests); n != 0 {
		t.Errorf("an empty result has %d tests", n)
	}
}

func TestPrairieLearnNotGradable(t *testing.T) {
	p := PrairieLearnOf(results()[1], 3)
	if p.Gradable || len(p.FormatErrors) != 1 || !strings.HasPrefix(p.Message, "Not graded: ") {
		t.Errorf("%+v: want not gradable, with the reason", p)
	}
	if p := PrairieLearnOf(results()[0], 3); !p.Gradable || p.Score != 0.4 {
		t.Errorf("gradable %v, score %v; want true, 0.4", p.Gradable, p.Score)
	}
}

func TestStudentRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, results()[0], 1, JSON); err != nil {
		t.Fatal(err)
	}
	var s Student
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if s.Points != 20 || s.MaxPoints != 50 || len(s.Exercises) != 2 || !s.Exercises[1].CheckList[1].Hidden || s.Exercises[0].Points != 15 {
		t.Errorf("decoded %+v", s)
	}
}

func TestProblemsAndClip(t *testing.T) {
	if got := Problems(results()[1]); got != "no exercise folders (NN-topic)" {
		t.Errorf("Problems(ungraded) = %q", got)
	}
	long := strings.Repeat("é", 150) + "\nrest"
	if got := ClipLine(long, 100); got != strings.Repeat("é", 100)+"…" {
		t.Errorf("ClipLine = %q", got)
	}
	if got := ClipLine("a\nb", 10); got != "a b" {
		t.Errorf("ClipLine(a\\nb) = %q", got)
	}
}

// The rerun line names the real test and check: the first failed check a
// student has (a hidden one is skipped), else the exercise that did not
// build; nothing when nothing failed.
func TestRerunCode(t *testing.T) {
	res := results()[0]
	if got, want := RerunCode(res), `go test -run '^TestMinimax$/^deep_trees$' ./exercises/01-minimax`; got != want {
		t.Errorf("RerunCode = %s, want %s", got, want)
	}
	res.Exercises[0].Checks[1].Hidden = true
	if got, want := RerunCode(res), "go test ./exercises/02-alphabeta"; got != want {
		t.Errorf("RerunCode, the failed check hidden = %q, want %q", got, want)
	}
	res.Exercises[1].Error = "missing: no folder 02-alphabeta"
	if got := RerunCode(res); got != "" {
		t.Errorf("RerunCode, nothing a student can rerun = %q, want none", got)
	}
	var b strings.Builder
	WriteTable(&b, res, 1)
	if strings.Contains(b.String(), "details of a failed check") || strings.Contains(b.String(), "NN-topic") {
		t.Errorf("table with nothing to rerun still says how:\n%s", b.String())
	}
}

// A long reason is whole in the CSV (one line) and clipped in the table;
// a student who left every exercise as the stub is told so, not left blank.
func TestProblemsLongAndStubs(t *testing.T) {
	long := "does not compile: " + strings.Repeat("x", 120) + "\n(the rest)"
	res := &autograde.Result{Student: "cy", Exercises: []*autograde.ExerciseResult{{Exercise: "03-negamax", Error: long}}}
	if got := ProblemsFull(res); got != "03-negamax: "+strings.ReplaceAll(long, "\n", " ") {
		t.Errorf("ProblemsFull = %q", got)
	}
	if got := Problems(res); !strings.HasSuffix(got, "…") || len([]rune(got)) != len("03-negamax: ")+101 {
		t.Errorf("Problems = %q, want clipped to 100", got)
	}
	var csv bytes.Buffer
	WriteGradebookCSV(&csv, []*autograde.Result{res}, 1)
	if !strings.Contains(csv.String(), "(the rest)") {
		t.Errorf("CSV cuts the reason:\n%s", csv.String())
	}
	stub := func(ex string) *autograde.ExerciseResult {
		msg := []string{`not done yet: your code panicked with "TODO(ex): write it" (replace the panic with your code)`}
		return &autograde.ExerciseResult{Exercise: ex, Checks: []autograde.CheckResult{{Name: "a", Max: 10, Message: msg}, {Name: "b", Max: 90, Message: msg}}}
	}
	wrong := &autograde.ExerciseResult{Exercise: "03-negamax", Checks: []autograde.CheckResult{{Name: "a", Max: 10, Message: []string{"got 3, want 4"}}}}
	res = &autograde.Result{Student: "dee", Exercises: []*autograde.ExerciseResult{stub("01-minimax"), stub("02-alphabeta"), wrong}}
	if got, want := Problems(res), "not done yet (the stub's TODO panic): 01-minimax, 02-alphabeta"; got != want {
		t.Errorf("Problems(stubs) = %q, want %q", got, want)
	}
	half := stub("01-minimax")
	half.Checks[0].Passed, half.Checks[0].Points = true, 10
	if Stub(half) || Stub(wrong) {
		t.Error("Stub: an exercise with a check passed, or wrong but written, counts as the stub")
	}
}

func TestTestCode(t *testing.T) {
	got := TestCode("02-alphabeta", autograde.CheckResult{Test: "TestAlphaBeta", Name: "cut (deep) trees"})
	if want := `go test -run '^TestAlphaBeta$/^cut_\(deep\)_trees$' ./exercises/02-alphabeta`; got != want {
		t.Errorf("TestCode = %s, want %s", got, want)
	}
}

// WriteGradebook writes the two gradebook files the encoders write, and
// reports a folder it cannot write to.
func TestWriteGradebookFiles(t *testing.T) {
	base := filepath.Join(t.TempDir(), "book")
	csvPath, jsonPath, err := WriteGradebook(base, results(), 42)
	if err != nil || csvPath != base+".csv" || jsonPath != base+".json" {
		t.Fatalf("WriteGradebook = %q, %q, %v", csvPath, jsonPath, err)
	}
	for path, name := range map[string]string{csvPath: "gradebook.csv", jsonPath: "gradebook.json"} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, name, got)
	}
	if _, _, err := WriteGradebook(filepath.Join(base+".csv", "x"), results(), 42); err == nil {
		t.Error("WriteGradebook under a file: no error")
	}
}

func TestWriteClassTable(t *testing.T) {
	var b strings.Builder
	if err := WriteClassTable(&b, results()); err != nil {
		t.Fatal(err)
	}
	want := "student                     points  problems\n" +
		"ada                        20/50    01-minimax: ignored 2 lines that look like records; 02-alphabeta: does not compile: x.go:3: undefined: y\n" +
		"bob, jr                     0/0     no exercise folders (NN-topic)\n"
	if b.String() != want {
		t.Errorf("WriteClassTable:\n%s\nwant:\n%s", b.String(), want)
	}
}

// Every class output says how a submission that is not a folder of
// exercise folders was read, as the single submission's table does: the
// CSV's read_as column, the gradebook's JSON, the class table and the class
// report.
func TestClassReadAs(t *testing.T) {
	rs := results()
	rs[0].Layout = "loose files laid out as exercise folders: alphabeta.go → 02-alphabeta"
	rs[1].Layout = "unpacked bob.zip"
	var csvb, js, table, md, rj bytes.Buffer
	WriteGradebookCSV(&csvb, rs, 1)
	WriteGradebookJSON(&js, rs, 1)
	WriteClassTable(&table, rs)
	rep := ClassOf(rs, 1, t.TempDir(), nil)
	WriteClassMarkdown(&md, rep)
	WriteClassJSON(&rj, rep)
	for _, c := range []struct{ what, got, want string }{
		{"CSV", csvb.String(), ",read_as\n"},
		{"CSV", csvb.String(), "," + Version() + ",loose files laid out as exercise folders: alphabeta.go → 02-alphabeta\n"},
		{"CSV", csvb.String(), "," + Version() + ",unpacked bob.zip\n"},
		{"gradebook JSON", js.String(), `"read_as": "unpacked bob.zip"`},
		{"gradebook JSON", js.String(), `"read_as": "loose files laid out as exercise folders: alphabeta.go → 02-alphabeta"`},
		{"table", table.String(), "\n                                    read as: unpacked bob.zip\n"},
		{"report", md.String(), "- bob, jr: unpacked bob.zip\n"},
		{"report JSON", rj.String(), `"bob, jr: unpacked bob.zip"`},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("the %s lacks %q:\n%s", c.what, c.want, c.got)
		}
	}
}

func TestProgressLine(t *testing.T) {
	p := autograde.Progress{Done: 3, Total: 12, Student: "ada", Exercise: "02-alphabeta", Points: 4, Max: 10}
	if got, want := ProgressLine(p, 7*time.Second), "[3/12    7s] ada 02-alphabeta 4/10"; got != want {
		t.Errorf("ProgressLine = %q, want %q", got, want)
	}
	p.Points, p.Error = 0, "does not compile:\n"+strings.Repeat("x", 80)
	if got, want := ProgressLine(p, 0), "[3/12    0s] ada 02-alphabeta 0/10 (does not compile: "+strings.Repeat("x", 42)+"…)"; got != want {
		t.Errorf("ProgressLine with an error = %q, want %q", got, want)
	}
}
