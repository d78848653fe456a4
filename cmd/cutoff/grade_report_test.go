package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
)

// synthClass writes a class of n students (n ≥ 12) doing exercises 01
// and 02, of every kind a term brings: honest (three solutions written
// apart, testdata/honest), wrong (testdata/wrong), stubbed, copied from an
// honest classmate or from the key (identifiers renamed, comments
// rewritten, layout changed), half done, one exercise missing, one that
// does not compile, one a folder down as an LMS export puts it. Each file
// carries its student's name in a comment, so that nothing comes from the
// build cache. It returns the class folder and the students by kind.
func synthClass(t *testing.T, n int) (string, map[string][]string) {
	t.Helper()
	class := t.TempDir()
	kinds := map[string][]string{}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	student := func(kind string, files map[string]string) {
		name := fmt.Sprintf("s%02d-%s", len(kinds["all"])+1, kind)
		kinds[kind] = append(kinds[kind], name)
		kinds["all"] = append(kinds["all"], name)
		base := filepath.Join(class, name)
		if kind == "nested" {
			base = filepath.Join(class, name, name+"_12345_assignsubmission_file_")
		}
		for _, ex := range []string{"01-minimax", "02-alphabeta"} {
			copyTree(t, filepath.Join(exercisesDir, ex), filepath.Join(base, ex))
		}
		for rel, src := range files {
			path := filepath.Join(base, rel)
			if src == "" {
				os.RemoveAll(filepath.Dir(path))
				continue
			}
			os.WriteFile(path, []byte(src+"\n// "+name+"\n"), 0o644)
		}
	}
	const mm, ab = "01-minimax/minimax.go", "02-alphabeta/alphabeta.go"
	honest := func(v string) map[string]string {
		return map[string]string{mm: read("../../testdata/honest/" + v + "/" + mm), ab: read("../../testdata/honest/" + v + "/" + ab)}
	}
	key := map[string]string{mm: read(solutionsDir + "/" + mm), ab: read(solutionsDir + "/" + ab)}
	wrong01 := []string{"evaluates-interior", "expands-at-horizon", "ignores-depth", "max-at-root"}
	wrong02 := []string{"ignores-depth", "no-deep-cutoff", "strict-cutoff"}
	for _, v := range []string{"a", "b", "c"} {
		student("honest", honest(v))
	}
	plan := []string{"copy", "wrong", "key", "stub", "missing", "broken", "nested", "copy", "wrong", "key", "half", "stub"}
	for i := 0; len(kinds["all"]) < n; i++ {
		kind := plan[i%len(plan)]
		if i >= len(plan) {
			kind = []string{"wrong", "stub", "wrong", "copy", "key", "half", "wrong", "stub"}[(i-len(plan))%8]
		}
		j := len(kinds[kind])
		switch kind {
		case "copy": // from honest a or b, disguised
			student(kind, disguise(honest([]string{"a", "b"}[j%2]), j))
		case "key", "nested":
			student(kind, disguise(key, j))
		case "wrong":
			student(kind, map[string]string{
				mm: read(wrongDir + "/" + wrong01[j%len(wrong01)] + "/" + mm),
				ab: read(wrongDir + "/" + wrong02[j%len(wrong02)] + "/" + ab)})
		case "stub":
			student(kind, nil)
		case "half":
			student(kind, map[string]string{mm: read("../../testdata/honest/c/" + mm)})
		case "missing":
			student(kind, map[string]string{mm: read("../../testdata/honest/b/" + mm), ab: ""})
		case "broken":
			student(kind, map[string]string{mm: read("../../testdata/honest/a/" + mm), ab: strings.Replace(read(solutionsDir+"/"+ab), "return beta\n}", "return beta +\n}", 1)})
		}
	}
	return class, kinds
}

// disguise renames a copy's identifiers, rewrites its comments and changes
// its layout, as a student hiding a copy would.
func disguise(files map[string]string, j int) map[string]string {
	rename := []struct{ re, to string }{
		{`\bchildren\b`, "succ"}, {`\bbest\b`, "acc"}, {`\bkids\b`, "nodes"}, {`\bclamp\b`, "fit"}, {`\balpha\b`, "lo"},
		{`\bbeta\b`, "hi"}, {`\bdepth\b`, "plies"}, {`\bn\b`, "pos"}, {`\bch\b`, "list"}, {`\bv\b`, "val"}, {`\bc\b`, "child"},
	}
	comment := regexp.MustCompile(`(?m)//.*$`)
	out := map[string]string{}
	for rel, src := range files {
		head, body, _ := strings.Cut(src, "\nimport ")
		for _, r := range rename {
			body = regexp.MustCompile(r.re).ReplaceAllString(body, r.to)
		}
		src = comment.ReplaceAllString(head+"\nimport "+body, fmt.Sprintf("// my own work (%d)", j))
		out[rel] = strings.ReplaceAll(src, "\n\t", "\n\n\t")
	}
	return out
}

// TestGradeClassReport grades a synthetic class (CUTOFF_CLASS_REPORT_SIZE
// students, default 12; 30 for the measure in docs/instructors.md)
// with a roster and a weights file, twice with the same seed: the second
// grading reproduces every score and message; the class report tells
// wrong from not attempted, flags every disguised copy (with its honest
// source or the key) and no honest pair, and the LMS files have a row per
// roster student.
func TestGradeClassReport(t *testing.T) {
	n := 12
	if v := os.Getenv("CUTOFF_CLASS_REPORT_SIZE"); v != "" {
		n, _ = strconv.Atoi(v)
		n = max(n, 12)
	}
	class, kinds := synthClass(t, n)
	dir := t.TempDir()
	roster := filepath.Join(dir, "roster.csv")
	var rb strings.Builder
	rb.WriteString("folder,id,email,name\n")
	for i, s := range kinds["all"] {
		fmt.Fprintf(&rb, "%s,%d,%s@uni.example,Student %d\n", s, 1000+i, s, i)
	}
	rb.WriteString("late,9999,late@uni.example,Late Student\n")
	os.WriteFile(roster, []byte(rb.String()), 0o644)
	weights := filepath.Join(dir, "weights.json")
	os.WriteFile(weights, []byte(`{"01-minimax": {"points": 40}, "02-alphabeta": {"points": 60, "checks": {"depth limit": 0}}}`), 0o644)
	grade := func(book string) (time.Duration, string) {
		var stdout, stderr bytes.Buffer
		start := time.Now()
		code := run([]string{"grade", "-class", class, "-gradebook", book, "-run", "^0[12]-", "-seed", "4242", "-roster", roster, "-weights", weights, "-timeout", "20s"}, nil, &stdout, &stderr)
		if code != exitOK {
			t.Fatalf("exit %d: %s %s", code, stdout.String(), stderr.String())
		}
		return time.Since(start), stdout.String()
	}
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	took, summary := grade(first)
	t.Logf("%s", summary)
	t.Logf("%d students × 2 exercises graded with the class report in %.1f s", n, took.Seconds())
	took2, _ := grade(second)
	t.Logf("regraded in %.1f s", took2.Seconds())
	if !strings.Contains(summary, first+"-report.md") || !strings.Contains(summary, first+"-canvas.csv") {
		t.Errorf("the summary does not name the report and the LMS files:\n%s", summary)
	}
	// Regrading with the same seed reproduces every score and message.
	for _, ext := range []string{".csv", "-canvas.csv", "-moodle.csv", "-report.md"} {
		a, b := readFile(t, first+ext), readFile(t, second+ext)
		if a != b {
			t.Errorf("%s differs between two gradings with the same seed:\n%s\n---\n%s", ext, a, b)
		}
	}
	var book1, book2 gradereport.Gradebook
	json.Unmarshal([]byte(readFile(t, first+".json")), &book1)
	json.Unmarshal([]byte(readFile(t, second+".json")), &book2)
	for i := range book1.Students {
		a, b := book1.Students[i], book2.Students[i]
		a.Seconds, b.Seconds = 0, 0
		for j := range a.Exercises {
			a.Exercises[j].Notes, b.Exercises[j].Notes = nil, nil
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s's checks differ between two gradings with the same seed:\n%s\n%s", a.Student, ja, jb)
		}
	}
	var rep gradereport.ClassReport
	if err := json.Unmarshal([]byte(readFile(t, first+"-report.json")), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Seed != 4242 || rep.Grader == "" || rep.Students != n || len(rep.Exercises) != 3 {
		t.Errorf("report: seed %d, grader %q, %d students", rep.Seed, rep.Grader, rep.Students)
	}
	// Scores: the weights hold (40 and 60, 100 in all), honest students
	// have them all.
	for _, d := range rep.Exercises {
		want := map[string]int{"01-minimax": 40, "02-alphabeta": 60, "total": 100}[d.Exercise]
		if d.MaxPoints != want || d.Students != n || d.Buckets[5] < len(kinds["honest"])+len(kinds["copy"])+len(kinds["key"]) {
			t.Errorf("%s: %+v; want max %d and at least the honest, copied and key-copied students at 100 %%", d.Exercise, d, want)
		}
	}
	// Wrong apart from not attempted.
	wrong, notAttempted := 0, 0
	for _, c := range rep.Checks {
		wrong += c.Wrong
		notAttempted += c.NotAttempted
		if c.Wrong > 0 && (len(c.Example) == 0 || strings.Contains(strings.Join(c.Example, "\n"), "s0")) {
			t.Errorf("%s %s: example %q; want a message with no student's name", c.Exercise, c.Check, c.Example)
		}
	}
	if wrong == 0 || notAttempted == 0 {
		t.Errorf("%d wrong, %d not attempted: want both", wrong, notAttempted)
	}
	// Every disguised copy is flagged with its source; no honest pair is.
	pairs := map[string]float64{}
	for _, p := range rep.Similar {
		pairs[p.Exercise+" "+p.A+" "+p.B] = p.Similarity
	}
	for j, c := range kinds["copy"] {
		src := kinds["honest"][j%2]
		for _, ex := range []string{"01-minimax", "02-alphabeta"} {
			if pairs[ex+" "+src+" "+c] < 0.9 {
				t.Errorf("%s: the copy %s of %s is not flagged (%v)", ex, c, src, rep.Similar)
			}
		}
	}
	for _, c := range append(kinds["key"], kinds["nested"]...) {
		if pairs["02-alphabeta "+c+" (key)"] < 0.9 {
			t.Errorf("the key copy %s is not flagged", c)
		}
	}
	h := kinds["honest"]
	for _, p := range [][2]string{{h[0], h[1]}, {h[0], h[2]}, {h[1], h[2]}} {
		if s, ok := pairs["02-alphabeta "+p[0]+" "+p[1]]; ok {
			t.Errorf("honest %s and %s flagged alike (%.2f)", p[0], p[1], s)
		}
	}
	if _, ok := pairs["02-alphabeta "+h[0]+" (key)"]; ok {
		t.Errorf("honest %s flagged like the key", h[0])
	}
	// The LMS files: a row per roster student (the late one at 0).
	f, _ := os.Open(first + "-canvas.csv")
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != n+3 || rows[1][0] != "Points Possible" || rows[1][5] != "40" || rows[1][6] != "60" || strings.Join(rows[n+2], ",") != "Late Student,,9999,late@uni.example,,0,0" {
		t.Errorf("Canvas CSV (%v): %d rows, want %d: %q", err, len(rows), n+3, rows)
	}
	if strings.Join(rep.NoSubmission, ",") != "late" {
		t.Errorf("no submission: %v, want late", rep.NoSubmission)
	}
	// Its groups: each disguised copy with its source.
	for j, c := range kinds["copy"] {
		found := false
		for _, g := range rep.Groups {
			found = found || g.Exercise == "02-alphabeta" && slices.Contains(g.Members, c) && slices.Contains(g.Members, kinds["honest"][j%2])
		}
		if !found {
			t.Errorf("no group holds %s and its source: %+v", c, rep.Groups)
		}
	}
	// The report's own cost: the comparisons over the class's folders.
	var rs []*autograde.Result
	for _, s := range kinds["all"] {
		rs = append(rs, &autograde.Result{Student: s, Dir: filepath.Join(class, s), Exercises: []*autograde.ExerciseResult{{Exercise: "01-minimax"}, {Exercise: "02-alphabeta"}}})
	}
	start := time.Now()
	gradereport.ClassOf(rs, 1, "../..", nil)
	t.Logf("the class report alone (reading, normalising and comparing %d × 2 folders): %.0f ms", n, time.Since(start).Seconds()*1000)
	md := readFile(t, first+"-report.md")
	t.Logf("the class report:\n%s", md)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Bad -weights and -roster files: one line, exit 2, nothing graded.
func TestGradeWeightsRosterBad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"grade", "-weights", write("w1.json", `{"02-alphabet": {"points": 5}}`), "exercises"}, `no exercise "02-alphabet"`},
		{[]string{"grade", "-weights", write("w2.json", `{"02-alphabeta": {"checks": {"nope": 5}}}`), "exercises"}, `02-alphabeta has no check "nope"`},
		{[]string{"grade", "-weights", write("w3.json", `{"02-alphabeta": {"points": -5}}`), "exercises"}, `negative points (-5)`},
		{[]string{"grade", "-weights", filepath.Join(dir, "none.json"), "exercises"}, `cannot read it`},
		{[]string{"grade", "-class", dir, "-roster", write("r1.csv", "folder,mail\n")}, `unknown column "mail"`},
		{[]string{"grade", "-roster", write("r2.csv", "folder,id\na,1\n"), "exercises"}, `-roster maps a class's folders: give -class too`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		wantOneLine(t, stdout.String(), stderr.String())
		if code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
