package report

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/internal/autograde/similar"
)

func TestCountNodes(t *testing.T) {
	for tree, want := range map[string]int{
		"S(A(a1=5 a2=8 a3=6) B(X(Y(D=2 y2=7 y3=1) Z(z1=6 z2=9)) W(w1=4 w2=3)))": 17,
		"((((0 0))))":     6,
		"((0 (((0 0)))))": 8,
		"(((0 0)))":       5,
		"7":               1,
	} {
		if got := countNodes(tree); got != want {
			t.Errorf("countNodes(%s) = %d, want %d", tree, got, want)
		}
	}
}

// class is four submissions of 02: right, wrong on two trees of different
// sizes (the smaller is the example), the stub, and one that did not
// compile; and one with no folders at all.
func class() []*autograde.Result {
	check := func(name string, pts int, passed bool, msg ...string) autograde.CheckResult {
		c := autograde.CheckResult{Name: name, Test: "TestAlphaBeta", Max: pts, Passed: passed, Message: msg}
		if passed {
			c.Points = pts
		}
		return c
	}
	ex := func(err string, cs ...autograde.CheckResult) []*autograde.ExerciseResult {
		return []*autograde.ExerciseResult{{Exercise: "02-alphabeta", Error: err, Checks: cs}}
	}
	return []*autograde.Result{
		{Student: "ann", Exercises: ex("", check("deep", 40, true), check("random", 60, true))},
		{Student: "bob", Dir: "/class/bob", Exercises: ex("", check("deep", 40, true), check("random", 60, false, "rule: r", "tree (random tree 1, shrunk from 9 to 5 nodes): (((0 0)))", "bob's search in /class/bob went on"))},
		{Student: "cyd", Exercises: ex("", check("deep", 40, true), check("random", 60, false, "rule: r", "tree (random tree 3, shrunk from 9 to 3 nodes): (0 0)", "cyd's search went on"))},
		{Student: "dee", Exercises: ex("", check("deep", 40, false, "not done yet: your code panicked with \"TODO\""), check("random", 60, false, "not done yet: …"))},
		{Student: "eve", Exercises: ex("does not compile: x.go:1: y", check("deep", 40, false, "does not compile"), check("random", 60, false, "does not compile"))},
		{Student: "fay", Error: "no exercise folders", Exercises: ex("", check("deep", 40, false, "no exercise folders"), check("random", 60, false, "no exercise folders"))},
	}
}

// The report tells wrong from broken from not attempted, picks the
// example on the smallest tree with the student's name taken out, and
// spreads the scores into buckets.
func TestClassOf(t *testing.T) {
	rep := ClassOf(class(), 5, t.TempDir(), nil)
	if rep.Seed != 5 || rep.Grader != Version() || rep.Students != 6 {
		t.Errorf("seed %d, grader %q, %d students", rep.Seed, rep.Grader, rep.Students)
	}
	if len(rep.Checks) != 2 {
		t.Fatalf("checks %+v, want random then deep", rep.Checks)
	}
	r, d := rep.Checks[0], rep.Checks[1]
	if r.Check != "random" || r.Wrong != 2 || r.Broken != 1 || r.NotAttempted != 2 || r.Passed != 1 || r.Points != 60 {
		t.Errorf("random: %+v; want 2 wrong, 1 broken, 2 not attempted, 1 passed", r)
	}
	if r.Nodes != 3 || r.Tree != "(0 0)" || strings.Join(r.Example, "\n") != "rule: r\ntree (random tree 3, shrunk from 9 to 3 nodes): (0 0)\nSTUDENT's search went on" {
		t.Errorf("random's example: %d nodes %q %q; want cyd's 3-node tree, anonymised", r.Nodes, r.Tree, r.Example)
	}
	if d.Check != "deep" || d.Wrong != 0 || d.Broken != 1 || d.NotAttempted != 2 || d.Passed != 3 {
		t.Errorf("deep: %+v", d)
	}
	ex := rep.Exercises[0]
	// Points: 100, 40, 40, 0, 0, 0 → buckets 0: 3, 25–49 %: 2, 100 %: 1.
	if ex.Students != 6 || ex.Attempted != 4 || ex.Buckets != [6]int{3, 0, 2, 0, 0, 1} || ex.Median != 20 || ex.Mean != 30 {
		t.Errorf("distribution %+v", ex)
	}
	if len(rep.Exercises) != 1 {
		t.Errorf("%d distributions for one exercise, want 1 (no total)", len(rep.Exercises))
	}
	two := class()
	two[0].Exercises = append(two[0].Exercises, &autograde.ExerciseResult{Exercise: "01-minimax", Checks: []autograde.CheckResult{{Name: "x", Max: 100, Points: 100, Passed: true}}})
	rep2 := ClassOf(two, 5, t.TempDir(), nil)
	if tot := rep2.Exercises[len(rep2.Exercises)-1]; len(rep2.Exercises) != 3 || tot.Exercise != "total" || tot.MaxPoints != 200 || tot.Buckets != [6]int{3, 0, 2, 0, 0, 1} || tot.Attempted != 4 {
		t.Errorf("the total: %+v; want max 200, ann at 100 %%, bob and cyd at 25–49 %% (of their own 100), 3 at 0, 4 attempted", rep2.Exercises)
	}
	var md bytes.Buffer
	WriteClassMarkdown(&md, rep)
	for _, want := range []string{"seed 5, grader " + Version(), "| 02-alphabeta | random | 60 | 2 | 1 | 2 | 1 |", "(3 nodes): `(0 0)`", "| 02-alphabeta | 100 | 6 | 4 | 30.0 | 20.0 | 3 | 0 | 2 | 0 | 0 | 1 |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md.String())
		}
	}
	// (The fixture's folders do not exist: the report lists them as not
	// compared, by name, after the examples.)
	if examples, _, _ := strings.Cut(md.String(), "## Similar code"); strings.Contains(examples, "bob") || strings.Contains(examples, "cyd") {
		t.Errorf("the report names a student in an example:\n%s", md.String())
	}
}

// The similar pairs come from the submissions' folders, nested as an LMS
// export nests them, and the key.
func TestClassSimilar(t *testing.T) {
	class := t.TempDir()
	put := func(dir, from string) {
		os.MkdirAll(dir, 0o755)
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "alphabeta.go"), b, 0o644)
	}
	put(filepath.Join(class, "ann", "02-alphabeta"), "../../../solutions/02-alphabeta/alphabeta.go")
	put(filepath.Join(class, "bob", "export_1", "repo", "02-alphabeta"), "../similar/testdata/renamed.go.txt")
	put(filepath.Join(class, "cyd", "02-alphabeta"), "../similar/testdata/honest.go.txt")
	var results []*autograde.Result
	for _, s := range []string{"ann", "bob", "cyd"} {
		results = append(results, &autograde.Result{Student: s, Dir: filepath.Join(class, s), Exercises: []*autograde.ExerciseResult{{Exercise: "02-alphabeta"}}})
	}
	rep := ClassOf(results, 1, "../../..", nil)
	var got []string
	for _, p := range rep.Similar {
		got = append(got, p.A+"~"+p.B)
	}
	if strings.Join(got, " ") != "ann~(key) ann~bob bob~(key)" {
		t.Errorf("similar pairs %v; want ann and bob with the key and each other, not cyd", got)
	}
	if len(rep.Groups) != 1 || strings.Join(rep.Groups[0].Members, " ") != "(key) ann bob" || rep.Groups[0].Max != 1 {
		t.Errorf("groups %+v; want one: the key, ann and bob", rep.Groups)
	}
}

// The key renamed, handed in as a folder, as a loose alphabeta.go and as a
// zip (the layouts grading accepts, laid out again for the comparison):
// all three are grouped with the key. A submission whose code cannot be
// found again is listed as not compared, with why.
func TestClassSimilarLayouts(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	class := t.TempDir()
	src, err := os.ReadFile("../similar/testdata/renamed.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(class, "ann", "02-alphabeta"), 0o755)
	os.WriteFile(filepath.Join(class, "ann", "02-alphabeta", "alphabeta.go"), src, 0o644)
	os.WriteFile(filepath.Join(class, "bob.go"), src, 0o644)
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	f, _ := zw.Create("cyd/02-alphabeta/alphabeta.go")
	f.Write(src)
	zw.Close()
	os.WriteFile(filepath.Join(class, "cyd.zip"), zb.Bytes(), 0o644)
	os.MkdirAll(filepath.Join(class, "dee"), 0o755)
	os.WriteFile(filepath.Join(class, "dee", "notes.txt"), []byte("gone"), 0o644)
	var results []*autograde.Result
	for _, s := range []string{"ann", "bob.go", "cyd.zip", "dee"} {
		results = append(results, &autograde.Result{Student: s, Dir: filepath.Join(class, s), Exercises: []*autograde.ExerciseResult{{Exercise: "02-alphabeta"}}})
	}
	rep := ClassOf(results, 1, "../../..", nil)
	if len(rep.Groups) != 1 || strings.Join(rep.Groups[0].Members, " ") != "(key) ann bob.go cyd.zip" {
		t.Errorf("groups %+v; want one: the key, ann, bob.go and cyd.zip", rep.Groups)
	}
	if len(rep.Unreadable) != 1 || !strings.HasPrefix(rep.Unreadable[0], "dee 02-alphabeta: ") {
		t.Errorf("not compared %q; want dee's, with why", rep.Unreadable)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "cutoff-submission-*")); len(left) > 0 {
		t.Errorf("the copies laid out again were left: %v", left)
	}
}

// A student's name is taken out as a word, their path wherever it is.
func TestAnonymise(t *testing.T) {
	r := &autograde.Result{Student: "max", Dir: "/class/max"}
	got := anonymise([]string{"max's code in /class/max/x.go", "Max takes the maximum"}, r)
	if strings.Join(got, "|") != "STUDENT's code in STUDENT/x.go|Max takes the maximum" {
		t.Errorf("anonymise: %q", got)
	}
}

func TestGroupsOf(t *testing.T) {
	p := func(ex, a, b string, s float64) similar.Pair {
		return similar.Pair{Exercise: ex, A: a, B: b, Similarity: s}
	}
	gs := groupsOf([]similar.Pair{p("01", "a", "b", 0.9), p("01", "c", "d", 1), p("01", "b", "e", 0.8), p("02", "a", "b", 0.75)})
	var got []string
	for _, g := range gs {
		got = append(got, fmt.Sprintf("%s:%s:%.2f-%.2f", g.Exercise, strings.Join(g.Members, ","), g.Min, g.Max))
	}
	if want := "01:a,b,e:0.80-0.90 01:c,d:1.00-1.00 02:a,b:0.75-0.75"; strings.Join(got, " ") != want {
		t.Errorf("groups %v, want %s", got, want)
	}
}

func TestRoster(t *testing.T) {
	ro, err := ParseRoster(strings.NewReader("\ufeffFolder, email ,id,name\nann,ann@x.edu,1,\"Lovelace, Ada\"\nbob,,2,Bob\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ro.Students) != 2 || ro.Students[0] != (RosterEntry{Folder: "ann", ID: "1", Email: "ann@x.edu", Name: "Lovelace, Ada"}) {
		t.Errorf("roster %+v", ro.Students)
	}
	for _, tc := range []struct{ file, want string }{
		{"", "an empty roster"},
		{"folder,name\nann,Ann\n", "needs a folder column and an id or email"},
		{"folder,id,mail\n", `unknown column "mail"`},
		{"folder,id\nann,1\nann,2\n", "line 3: folder ann again (first on line 2)"},
		{"folder,id,email\nann,,\n", "line 2: ann has neither an id nor an email"},
		{"folder,id\n,1\n", "line 2: no folder"},
		{"folder,id\n", "no students"},
		{"folder,id\n\"ann,1\n", "not a CSV roster"},
	} {
		_, err := ParseRoster(strings.NewReader(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseRoster(%q) = %v; want one line with %q", tc.file, err, tc.want)
		}
	}
}

// The LMS files: Canvas's columns and Points Possible row, Moodle's
// identifiers; a row per roster student, 0 for one with no submission;
// a folder not in the roster left out and named in the report.
func TestLMSFiles(t *testing.T) {
	ro, err := ParseRoster(strings.NewReader("folder,id,email,name,section\nbob,1002,bob@x.edu,Bob,S1\ncyd,1003,cyd@x.edu,Cyd,S1\nzed,1026,zed@x.edu,Zed,S2\n"))
	if err != nil {
		t.Fatal(err)
	}
	read := func(write func(*bytes.Buffer) error) [][]string {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	canvas := read(func(b *bytes.Buffer) error { return WriteCanvasCSV(b, class(), ro) })
	want := [][]string{
		{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Cutoff 02-alphabeta"},
		{"Points Possible", "", "", "", "", "100"},
		{"Bob", "", "1002", "bob@x.edu", "S1", "40"},
		{"Cyd", "", "1003", "cyd@x.edu", "S1", "40"},
		{"Zed", "", "1026", "zed@x.edu", "S2", "0"},
	}
	if !equalRows(canvas, want) {
		t.Errorf("Canvas CSV %q, want %q", canvas, want)
	}
	moodle := read(func(b *bytes.Buffer) error { return WriteMoodleCSV(b, class(), ro) })
	want = [][]string{{"ID number", "Email address", "Full name", "Cutoff 02-alphabeta"}, {"1002", "bob@x.edu", "Bob", "40"}, {"1003", "cyd@x.edu", "Cyd", "40"}, {"1026", "zed@x.edu", "Zed", "0"}}
	if !equalRows(moodle, want) {
		t.Errorf("Moodle CSV %q, want %q", moodle, want)
	}
	rep := ClassOf(class(), 1, t.TempDir(), ro)
	if strings.Join(rep.NotInRoster, " ") != "ann dee eve fay" || strings.Join(rep.NoSubmission, " ") != "zed" {
		t.Errorf("not in the roster %v, no submission %v", rep.NotInRoster, rep.NoSubmission)
	}
	base := filepath.Join(t.TempDir(), "book")
	_, paths, err := WriteClass(base, class(), 1, t.TempDir(), ro)
	if err != nil || len(paths) != 4 {
		t.Fatalf("WriteClass: %v, %v", paths, err)
	}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "\x00") != strings.Join(b[i], "\x00") {
			return false
		}
	}
	return true
}

// WriteClassFiles writes the gradebook, then the class report (and with a
// roster the LMS files), and says which of them it could not write.
func TestWriteClassFiles(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "book")
	paths, err := WriteClassFiles(base, class(), 1, t.TempDir(), nil)
	want := []string{base + ".csv", base + ".json", base + "-report.md", base + "-report.json"}
	if err != nil || strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Fatalf("WriteClassFiles = %q, %v; want %q", paths, err, want)
	}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, err := WriteClassFiles(filepath.Join(dir, "no-such-folder", "book"), class(), 1, t.TempDir(), nil); err == nil || !strings.HasPrefix(err.Error(), "gradebook: ") {
		t.Errorf("a gradebook in a missing folder: %v", err)
	}
	// The gradebook written, the report cannot be: a folder in its way.
	if err := os.Mkdir(base+"2-report.md", 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteClassFiles(base+"2", class(), 1, t.TempDir(), nil); err == nil || !strings.HasPrefix(err.Error(), "class report: ") {
		t.Errorf("a report that cannot be written: %v", err)
	}
}
