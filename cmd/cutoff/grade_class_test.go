package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// copyTree copies the files of src (recursively) into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, goName(rel)), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A class folder: every student gets a row with the reason for what they
// lost, the files are untouched, progress goes to stderr.
func TestGradeClass(t *testing.T) {
	class := t.TempDir()
	student := func(name string, files map[string]string) {
		dir := filepath.Join(class, name)
		copyTree(t, exercisesDir, dir)
		for rel, from := range files {
			copyTree(t, from, filepath.Join(dir, rel))
		}
	}
	// alice: both exercises solved.
	student("alice", map[string]string{"01-minimax": solutionsDir + "/01-minimax", "02-alphabeta": solutionsDir + "/02-alphabeta"})
	// bob: 01 solved, 02 hangs.
	student("bob", map[string]string{"01-minimax": solutionsDir + "/01-minimax", "02-alphabeta": cheatsDir + "/hang/02-alphabeta"})
	// carol: an LMS export, one folder down, 02 with a syntax error.
	copyTree(t, exercisesDir, filepath.Join(class, "carol", "exercises"))
	copyTree(t, solutionsDir+"/01-minimax", filepath.Join(class, "carol", "exercises", "01-minimax"))
	copyTree(t, cheatsDir+"/syntax-error/02-alphabeta", filepath.Join(class, "carol", "exercises", "02-alphabeta"))
	// dave: an empty folder; erin: a zip; frank: 02 missing, 01 delegates to the library.
	os.MkdirAll(filepath.Join(class, "dave"), 0o755)
	os.WriteFile(filepath.Join(class, "erin.zip"), []byte("PK\x03\x04"), 0o644)
	student("frank", nil)
	os.RemoveAll(filepath.Join(class, "frank", "02-alphabeta"))
	before := snapshot(t, class)

	book := filepath.Join(t.TempDir(), "book")
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-class", class, "-gradebook", book, "-run", "^0[12]-", "-timeout", "3s", "-seed", "11"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s %s", code, stdout.String(), stderr.String())
	}
	f, err := os.Open(book + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Join(rows[0], ",")
	if !strings.HasPrefix(head, "student,01-minimax,02-alphabeta,") || !strings.HasSuffix(head, ",total,max,credit,problems,seed,grader,read_as") {
		t.Errorf("header %q", head)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	want := map[string]struct{ ex01, ex02, total, problem string }{
		"alice":    {"100", "100", "200", ""},
		"bob":      {"100", "0", "100", "stopped after 3 s"},
		"carol":    {"100", "0", "100", "does not compile: alphabeta.go:11"},
		"dave":     {"0", "0", "0", "no exercise folders"},
		"erin.zip": {"0", "0", "0", "a zip file"},
		"frank":    {"0", "0", "0", "missing: no folder 02-alphabeta"},
	}
	if len(rows)-1 != len(want) {
		t.Errorf("%d rows, want %d: %q", len(rows)-1, len(want), rows)
	}
	for _, r := range rows[1:] {
		w, ok := want[r[0]]
		if !ok {
			t.Errorf("unexpected row %q", r)
			continue
		}
		if r[col["max"]] != "200" {
			t.Errorf("row %q: max %q, want 200 for every student", r, r[col["max"]])
		}
		if r[col["01-minimax"]] != w.ex01 || r[col["02-alphabeta"]] != w.ex02 || r[col["total"]] != w.total || !strings.Contains(r[col["problems"]], w.problem) {
			t.Errorf("row %q; want 01 %q, 02 %q, total %q, problems containing %q", r, w.ex01, w.ex02, w.total, w.problem)
		}
	}
	var gb struct {
		Seed     uint64                `json:"seed"`
		Students []gradereport.Student `json:"students"`
	}
	b, err := os.ReadFile(book + ".json")
	if err != nil || json.Unmarshal(b, &gb) != nil || gb.Seed != 11 || len(gb.Students) != len(want) {
		t.Fatalf("gradebook JSON: %v, seed %d, %d students", err, gb.Seed, len(gb.Students))
	}
	for _, s := range gb.Students {
		if s.Student == "alice" && (len(s.Exercises) != 2 || len(s.Exercises[1].CheckList) != 6 || !s.Exercises[1].CheckList[2].Passed) {
			t.Errorf("alice's checks are not in the JSON: %+v", s.Exercises)
		}
	}
	if n := strings.Count(stderr.String(), "cutoff grade: ["); n != 7 {
		t.Errorf("%d progress lines on stderr, want 7 (the exercise folders of 4 students):\n%s", n, stderr.String())
	}
	if !strings.Contains(stdout.String(), "6 submissions graded") {
		t.Errorf("summary:\n%s", stdout.String())
	}
	after := snapshot(t, class)
	if len(after) != len(before) {
		t.Errorf("grading changed the class folder: %d files before, %d after", len(before), len(after))
	}
	for p, c := range before {
		if after[p] != c {
			t.Errorf("grading changed %s", p)
		}
	}
}

// Bad input to -class: one line, exit 2.
func TestGradeClassBadInput(t *testing.T) {
	empty := t.TempDir()
	zip := filepath.Join(t.TempDir(), "class.zip")
	os.WriteFile(zip, []byte("PK"), 0o644)
	// A class with a submission: a -gradebook it could not write stops
	// before it is graded (no progress line).
	one := t.TempDir()
	os.MkdirAll(filepath.Join(one, "ann", "02-alphabeta"), 0o755)
	os.WriteFile(filepath.Join(one, "ann", "02-alphabeta", "alphabeta.go"), []byte("package alphabeta\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"grade", "-class", empty}, "no submissions in"},
		{[]string{"grade", "-class", zip}, "not a folder (a zip?"},
		{[]string{"grade", "-class", filepath.Join(empty, "nope")}, "no class folder"},
		{[]string{"grade", "-class", empty, "exercises"}, "no DIR as well"},
		{[]string{"grade", "-format", "moodle", "exercises"}, "-format \"moodle\""},
		{[]string{"grade", "-memory", "12", "exercises"}, "-memory \"12\""},
		{[]string{"grade", "-class", one, "-unsandboxed", "-gradebook", filepath.Join(empty, "out", "week2")}, "-gradebook " + filepath.Join(empty, "out", "week2") + ": no folder " + filepath.Join(empty, "out") + " (make it first)"},
		{[]string{"grade", "-class", one, "-unsandboxed", "-gradebook", filepath.Join(zip, "week2")}, "is not a folder"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if code != exitUsage || len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestGradeClassScale grades a class of $CUTOFF_CLASS_SIZE students × the
// nine exercises and reports the time: every student's files differ (a
// comment with their name), so nothing comes from the build cache but the
// course's own packages. A mix like a real class: solutions, stubs, wrong
// implementations, a few cheats and a hang. Skipped without the variable:
//
//	CUTOFF_CLASS_SIZE=80 go test -run TestGradeClassScale -v -timeout 0 ./cmd/cutoff
//
// and with CUTOFF_CLASS_UNSANDBOXED=1 the same class without the sandbox,
// with CUTOFF_CLASS_FEEDBACK=1 with the feedback pages (-feedback).
func TestGradeClassScale(t *testing.T) {
	size, _ := strconv.Atoi(os.Getenv("CUTOFF_CLASS_SIZE"))
	if size <= 0 {
		t.Skip("set CUTOFF_CLASS_SIZE=80 to grade a class of 80")
	}
	class := t.TempDir()
	wrongs, _ := filepath.Glob(filepath.Join(wrongDir, "*", "[0-9][0-9]-*"))
	cheats, _ := filepath.Glob(filepath.Join(cheatsDir, "*", "[0-9][0-9]-*"))
	exs := checks.Exercises()
	for i := range size {
		name := fmt.Sprintf("student%03d", i+1)
		dir := filepath.Join(class, name)
		copyTree(t, exercisesDir, dir)
		for j, e := range exs {
			switch k := (i*7 + j*3) % 10; {
			case k < 6:
				copyTree(t, filepath.Join(solutionsDir, e.Dir), filepath.Join(dir, e.Dir))
			case k < 8:
				for _, w := range wrongs {
					if filepath.Base(w) == e.Dir {
						copyTree(t, w, filepath.Join(dir, e.Dir))
						break
					}
				}
			case k == 8 && i%10 == 0 && e.Dir == "02-alphabeta":
				copyTree(t, cheats[i/10%len(cheats)], filepath.Join(dir, e.Dir))
			}
			files, _ := filepath.Glob(filepath.Join(dir, e.Dir, "*.go"))
			for _, f := range files {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				b, _ := os.ReadFile(f)
				os.WriteFile(f, append(b, []byte("\n// "+name+"\n")...), 0o644)
			}
		}
	}
	book := filepath.Join(t.TempDir(), "book")
	start := time.Now()
	var stdout, stderr bytes.Buffer
	args := []string{"grade", "-class", class, "-gradebook", book, "-timeout", "20s"}
	if os.Getenv("CUTOFF_CLASS_UNSANDBOXED") != "" {
		args = append(args, "-unsandboxed") // the cost of the sandbox: the same class without it
	}
	fb := filepath.Join(t.TempDir(), "feedback")
	if os.Getenv("CUTOFF_CLASS_FEEDBACK") != "" {
		args = append(args, "-feedback", fb) // the cost of the pictures
	}
	code := run(args, nil, &stdout, &stderr)
	elapsed := time.Since(start)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, _ := os.ReadFile(book + ".csv")
	if rows := strings.Count(string(b), "\n"); rows != size+1 {
		t.Errorf("%d gradebook lines, want %d", rows, size+1)
	}
	j, _ := os.ReadFile(book + ".json")
	t.Logf("%d notes say the sandbox blocked an attempt", strings.Count(string(j), "blocked: it tried"))
	if pages, _ := filepath.Glob(filepath.Join(fb, "*", "*.html")); len(pages) > 0 {
		pics, _ := filepath.Glob(filepath.Join(fb, "*", "*", "*.html"))
		t.Logf("%d feedback pages, %d pictured checks", len(pages), len(pics))
	}
	t.Logf("%d students × %d exercises graded in %.0f s on %d CPUs (%.2f s per exercise)", size, len(exs), elapsed.Seconds(), runtime.NumCPU(), elapsed.Seconds()/float64(size*len(exs)))
}
