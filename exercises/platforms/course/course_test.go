package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
)

const module = "../../.."

// secrets are what a student's view must not hold: a line of the private
// key, and the hidden checks' names and rules.
var secrets = []string{"PRIVATE KEY 7c1e", "hidden: the lecture's trees", "hidden: fewer evaluations than minimax",
	"deep cutoff on the lecture's trees", "evaluates no leaf that the reference alpha-beta prunes"}

// snoop is the key with an init that, run by the grader, tries to read the
// files named in secretFiles (panicking with what it read: a check's output
// would show it) and to forge the results file: write forged beside it and
// rename it over. Run as nobody by a grader that is root, it can do
// neither.
func snoop(key string, secretFiles []string, results string) string {
	q := func(s string) string { return strconv.Quote(s) }
	var list []string
	for _, f := range secretFiles {
		list = append(list, q(f))
	}
	return strings.Replace(key, "package alphabeta\n", "package alphabeta\n\nimport \"os\"\n", 1) + "\n" +
		"func init() {\n" +
		"\tfor _, f := range []string{" + strings.Join(list, ", ") + "} {\n" +
		"\t\tif b, err := os.ReadFile(f); err == nil {\n\t\t\tpanic(\"SNOOPED \" + f + \": \" + string(b))\n\t\t}\n\t}\n" +
		"\tforged := `{\"score\": 999, \"output\": \"FORGED\", \"tests\": []}`\n" +
		"\tif os.WriteFile(" + q(results+".x") + ", []byte(forged), 0o644) == nil {\n\t\tos.Rename(" + q(results+".x") + ", " + q(results) + ")\n\t}\n" +
		"\tos.WriteFile(" + q(results) + ", []byte(forged), 0o644)\n" +
		"}\n"
}

// cmd2 is a copy of cmd, not yet run, to run again.
func cmd2(cmd *exec.Cmd) *exec.Cmd {
	c := exec.Command(cmd.Path, cmd.Args[1:]...)
	c.Env, c.Dir = cmd.Env, cmd.Dir
	return c
}

// docExample is the worked hidden test of docs/instructors.md.
func docExample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(module, "docs", "instructors.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n(package alphabeta\n.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("docs/instructors.md has no worked hidden test of exercise 02")
	}
	return string(m[1])
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// env is a script's environment: PATH with bin first, HOME, Go's.
func env(bin string, extra ...string) []string {
	e := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "GO") {
			e = append(e, kv)
		}
	}
	return append(e, extra...)
}

// noSecret fails when view, what a student sees, holds a secret.
func noSecret(t *testing.T, where, view string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(view, s) {
			t.Errorf("%s shows a student %q", where, s)
		}
	}
}

// filesUnder returns every file's text under dir, by path.
func filesUnder(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			out[p] = read(t, p)
		}
		return err
	})
	return out
}

// unzipTo unpacks a zip as Gradescope does.
func unzipTo(t *testing.T, src, dst string) {
	t.Helper()
	r, err := zip.OpenReader(src)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range r.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		p := filepath.Join(dst, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, f.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

// A private course for exercise 02 with a private key and the guide's
// hidden test, each platform's part run in its own layout: the key and the
// hidden test grade as they should, and the students' view (the template,
// and what each platform's results show a student) holds neither. Run as
// root, as the platforms run their scripts, a hostile submission can read
// neither the hidden test nor the seed, nor forge the results file: the
// grader runs it as nobody, and the scripts close what it must not reach.
func TestPrivateCourse(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and grades")
	}
	tmp := t.TempDir()
	asRoot := os.Geteuid() == 0
	if asRoot {
		// As open as the platforms' folders (/autograder, /grade): only
		// what the scripts close is closed.
		for _, d := range []string{tmp, filepath.Dir(tmp)} {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		t.Log("not root: the hostile submissions are not run (the platforms run their scripts as root; CI does too)")
	}
	keyText := strings.Replace(read(t, filepath.Join(module, "solutions", "02-alphabeta", "alphabeta.go")), "package alphabeta", "package alphabeta\n\n// PRIVATE KEY 7c1e: this course's own key.", 1)
	key := filepath.Join(tmp, "key")
	write(t, filepath.Join(key, "02-alphabeta", "alphabeta.go"), keyText)
	hidden := filepath.Join(tmp, "hidden")
	write(t, filepath.Join(hidden, "02-alphabeta", "hidden_test.go"), docExample(t))
	wrong := read(t, filepath.Join(module, "testdata", "wrong", "no-deep-cutoff", "02-alphabeta", "alphabeta.go"))
	// The instructor's points: 02 worth 50 (the hidden checks keep their 15).
	weights := filepath.Join(tmp, "weights.json")
	write(t, weights, `{"02-alphabeta": {"points": 50}}`)
	out := filepath.Join(tmp, "course")
	var log bytes.Buffer
	if err := run(context.Background(), []string{"-out", out, "-module", module, "-run", "^02", "-key", key, "-hidden", hidden, "-seed", "7", "-weights", weights}, &log); err != nil {
		t.Fatalf("course: %v\n%s", err, log.String())
	}

	// The grader's version, which the platforms' copies (no .git) are
	// stamped with: this repository's revision.
	version := strings.TrimSpace(read(t, filepath.Join(out, "grader", "GRADER_VERSION")))
	if !regexp.MustCompile(`^[0-9a-f]{12}(\+dirty)?$`).MatchString(version) {
		t.Fatalf("grader/GRADER_VERSION %q: want the revision", version)
	}

	t.Run("template", func(t *testing.T) {
		tpl := filepath.Join(out, "template")
		for p, text := range filesUnder(t, tpl) {
			noSecret(t, p, text)
			rel, _ := filepath.Rel(tpl, p)
			if parts := strings.Split(filepath.ToSlash(rel), "/"); slices.Contains(parts, "solutions") || slices.Contains(parts, "hidden") || filepath.Base(p) == "hidden_test.go" {
				t.Errorf("the template holds %s", p)
			}
		}
		if bad := checkStudentREADME(read(t, filepath.Join(tpl, "exercises", "02-alphabeta", "README.md"))); len(bad) > 0 {
			t.Errorf("the template's README of 02 points at %q, which it lacks", bad)
		}
		if _, err := os.Stat(filepath.Join(tpl, "exercises", "01-minimax")); err == nil {
			t.Error("the template holds an exercise not set")
		}
		// On its own, offline: the stub fails its checks, the key passes them.
		gotest := func() (string, error) {
			cmd := exec.Command("go", "test", "-count=1", "./exercises/02-alphabeta")
			cmd.Dir = tpl
			cmd.Env = env("", "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "CUTOFF_SEED=7")
			b, err := cmd.CombinedOutput()
			return string(b), err
		}
		if o, err := gotest(); err == nil || !strings.Contains(o, "TODO(ex02)") {
			t.Errorf("the stub: %v\n%s", err, o)
		}
		write(t, filepath.Join(tpl, "exercises", "02-alphabeta", "alphabeta.go"), keyText)
		if o, err := gotest(); err != nil {
			t.Errorf("the key in the template: %v\n%s", err, o)
		}
	})

	// The grader's own cutoff, as setup.sh and the image build it.
	bin := filepath.Join(tmp, "bin")

	t.Run("gradescope", func(t *testing.T) {
		root := filepath.Join(tmp, "autograder")
		unzipTo(t, filepath.Join(out, "gradescope", "02-alphabeta.zip"), filepath.Join(root, "source"))
		for _, f := range []string{"setup.sh", "run_autograder"} { // Gradescope runs them as programs
			if st, err := os.Stat(filepath.Join(root, "source", f)); err != nil || st.Mode()&0o111 == 0 {
				t.Errorf("%s at the zip's root, executable: %v", f, err)
			}
		}
		setup := exec.Command("bash", filepath.Join(root, "source", "setup.sh"))
		setup.Env = env(bin, "AUTOGRADER_ROOT="+root, "CUTOFF_BIN="+bin, "CUTOFF_GO_INSTALLED=1")
		os.MkdirAll(bin, 0o755)
		o, err := setup.CombinedOutput()
		if err != nil {
			t.Fatalf("setup.sh: %v\n%s", err, o)
		}
		if !strings.Contains(string(o), "random trees from seed 7") {
			t.Errorf("setup.sh graded the key with another seed than the assignment's 7:\n%s", o)
		}
		if _, err := os.Stat(filepath.Join(root, "source", "cutoff", "solutions")); err == nil {
			t.Error("setup.sh left the key in the image")
		}
		for _, tc := range []struct {
			name, file, text string
			score            float64
			hiddenPass       bool
		}{
			{"a loose file, wrong", "alphabeta.go", wrong, -1, false},
			{"the key, zipped", "sub.zip", "", 65, true},
			{"the key, snooping and forging", "alphabeta.go", snoop(keyText, []string{
				filepath.Join(root, "source", "cutoff", "hidden", "02-alphabeta", "hidden_test.go"),
				filepath.Join(root, "source", "assignment.env")}, filepath.Join(root, "results", "results.json")), 65, true},
		} {
			if strings.Contains(tc.text, "SNOOPED") && !asRoot {
				continue
			}
			sub := filepath.Join(root, "submission")
			os.RemoveAll(sub)
			if tc.text != "" {
				write(t, filepath.Join(sub, tc.file), tc.text)
			} else {
				var b bytes.Buffer
				w := zip.NewWriter(&b)
				f, _ := w.Create("cutoff/exercises/02-alphabeta/alphabeta.go")
				f.Write([]byte(keyText))
				w.Close()
				write(t, filepath.Join(sub, tc.file), b.String())
			}
			cmd := exec.Command("bash", filepath.Join(root, "source", "run_autograder"))
			cmd.Env = env(bin, "AUTOGRADER_ROOT="+root)
			if o, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("run_autograder: %v\n%s", err, o)
			}
			var res gradereport.GradescopeResult
			b := read(t, filepath.Join(root, "results", "results.json"))
			if err := json.Unmarshal([]byte(b), &res); err != nil {
				t.Fatal(err)
			}
			view := res.Output
			hiddenTests, hiddenPassed := 0, 0
			for _, x := range res.Tests {
				if !strings.HasPrefix(x.Name, "02-alphabeta: ") {
					t.Errorf("%s: test %q of another exercise", tc.name, x.Name)
				}
				if x.Visibility == "visible" {
					view += "\n" + x.Name + "\n" + x.Output
					continue
				}
				if x.Visibility != "after_published" || !strings.HasPrefix(x.Name, "02-alphabeta: hidden: ") {
					t.Errorf("%s: test %q is %s", tc.name, x.Name, x.Visibility)
				}
				hiddenTests++
				if x.Status == "passed" {
					hiddenPassed++
				}
			}
			noSecret(t, "Gradescope's results ("+tc.name+", before publishing)", view)
			if strings.Contains(b, "SNOOPED") || strings.Contains(b, "FORGED") {
				t.Errorf("%s: the submission read a private file or forged its results:\n%s", tc.name, b)
			}
			if hiddenTests != 2 || (hiddenPassed == 2) != tc.hiddenPass {
				t.Errorf("%s: %d hidden tests, %d passed; want 2, all passed: %v", tc.name, hiddenTests, hiddenPassed, tc.hiddenPass)
			}
			if tc.score >= 0 && res.Score != tc.score {
				t.Errorf("%s: score %v, want %v\n%s", tc.name, res.Score, tc.score, b)
			}
			if !strings.Contains(res.Output, "seed 7") {
				t.Errorf("%s: output %q does not name the assignment's seed", tc.name, res.Output)
			}
			if !strings.Contains(res.Output, "grader "+version+".") {
				t.Errorf("%s: output %q does not name the grader's version %s", tc.name, res.Output, version)
			}
		}
	})

	t.Run("prairielearn", func(t *testing.T) {
		img := filepath.Join(out, "prairielearn", "graderImage")
		for p, text := range filesUnder(t, img) {
			noSecret(t, p, text)
		}
		for _, d := range []string{"solutions", "hidden"} {
			if _, err := os.Stat(filepath.Join(img, "cutoff", d)); err == nil {
				t.Errorf("the public image holds %s/", d)
			}
		}
		q := filepath.Join(out, "prairielearn", "questions", "cutoff-02-alphabeta")
		var info struct {
			Options struct {
				Entrypoint  string
				Environment map[string]string
			} `json:"externalGradingOptions"`
		}
		if err := json.Unmarshal([]byte(read(t, filepath.Join(q, "info.json"))), &info); err != nil || info.Options.Entrypoint != "/grade/tests/grade.sh" || info.Options.Environment["CUTOFF_SEED"] != "7" {
			t.Fatalf("info.json: %v %+v", err, info)
		}
		// The task is in the question: the exercise's README, as markdown.
		if qh := read(t, filepath.Join(q, "question.html")); !strings.Contains(qh, "<markdown>\n# Exercise 02") || strings.Contains(qh, "go run ./cmd/cutoff") || strings.Contains(qh, "{{") {
			t.Errorf("question.html does not hold the task as the template's README says it:\n%.600s", qh)
		}
		// What the student's side of the question holds: all but tests/.
		for p, text := range filesUnder(t, q) {
			if !strings.Contains(p, string(filepath.Separator)+"tests"+string(filepath.Separator)) {
				noSecret(t, p, text)
			}
		}
		// As the Dockerfile builds it: the version stamped.
		const stamp = `-ldflags "-X github.com/cutoff-go/cutoff/internal/autograde/report.stamped=$(cat GRADER_VERSION 2>/dev/null)"`
		if !strings.Contains(read(t, filepath.Join(img, "Dockerfile")), "RUN go build "+stamp) {
			t.Errorf("the Dockerfile does not build with %s", stamp)
		}
		pbin := filepath.Join(tmp, "plbin")
		build := exec.Command("go", "build", "-ldflags", "-X github.com/cutoff-go/cutoff/internal/autograde/report.stamped="+strings.TrimSpace(read(t, filepath.Join(img, "cutoff", "GRADER_VERSION"))), "-o", filepath.Join(pbin, "cutoff"), "./cmd/cutoff")
		build.Dir = filepath.Join(img, "cutoff")
		build.Env = env("", "GOWORK=off")
		if o, err := build.CombinedOutput(); err != nil {
			t.Fatalf("the image's grader does not build: %v\n%s", err, o)
		}
		root := filepath.Join(tmp, "grade")
		if err := os.MkdirAll(root, 0o755); err != nil {
			t.Fatal(err)
		}
		os.Symlink(filepath.Join(q, "tests"), filepath.Join(root, "tests"))
		write(t, filepath.Join(root, "student", "alphabeta.go"), wrong)
		cmd := exec.Command("bash", filepath.Join(root, "tests", "grade.sh"))
		e := []string{"GRADE_ROOT=" + root, "CUTOFF_MODULE=" + filepath.Join(img, "cutoff")}
		for k, v := range info.Options.Environment {
			e = append(e, k+"="+v)
		}
		cmd.Env = env(pbin, e...)
		if o, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("grade.sh: %v\n%s", err, o)
		}
		b := read(t, filepath.Join(root, "results", "results.json"))
		noSecret(t, "PrairieLearn's results", b) // a student sees them all
		var res gradereport.PrairieLearnResult
		if err := json.Unmarshal([]byte(b), &res); err != nil {
			t.Fatal(err)
		}
		last := res.Tests[len(res.Tests)-1]
		if last.Name != "02-alphabeta: the instructor's hidden checks" || last.MaxPoints != 15 || last.Points != 0 {
			t.Errorf("the hidden checks' test: %+v; want 0 of 15 points for a search that does not pass the window down", last)
		}
		if !strings.Contains(res.Output, "seed 7") || !strings.Contains(res.Output, "grader "+version) {
			t.Errorf("output %q does not name the seed and the grader's version %s", res.Output, version)
		}
		if !regexp.MustCompile(`(?m)^02-alphabeta: \d+/65$`).MatchString(res.Output) {
			t.Errorf("output %q: want 02-alphabeta out of 65 (the weights' 50 and the hidden 15)", res.Output)
		}
		if !asRoot {
			return
		}
		results := filepath.Join(root, "results", "results.json")
		write(t, filepath.Join(root, "student", "alphabeta.go"), snoop(keyText, []string{
			filepath.Join(root, "tests", "hidden", "02-alphabeta", "hidden_test.go"),
			filepath.Join(q, "tests", "hidden", "02-alphabeta", "hidden_test.go")}, results))
		if o, err := cmd2(cmd).CombinedOutput(); err != nil {
			t.Fatalf("grade.sh: %v\n%s", err, o)
		}
		b = read(t, results)
		noSecret(t, "PrairieLearn's results (a hostile submission)", b)
		if strings.Contains(b, "SNOOPED") || strings.Contains(b, "FORGED") {
			t.Errorf("a submission read a private file or forged its results:\n%s", b)
		}
		res = gradereport.PrairieLearnResult{}
		if err := json.Unmarshal([]byte(b), &res); err != nil || res.Score != 1 {
			t.Errorf("the key, snooping: score %v (%v), want 1\n%s", res.Score, err, b)
		}
	})

	t.Run("github-classroom", func(t *testing.T) {
		tpl := filepath.Join(out, "template")
		yml := read(t, filepath.Join(tpl, ".github", "workflows", "classroom.yml"))
		m := regexp.MustCompile(`(?m)^\s*run: (.*cutoff grade.*)$`).FindStringSubmatch(yml)
		if m == nil || !strings.Contains(m[1], "-run '^(02-alphabeta)$' -seed 7") {
			t.Fatalf("the workflow's grading step: %q", m)
		}
		work := filepath.Join(tmp, "runner")
		os.MkdirAll(work, 0o755)
		// The public grader (here the private one's copy: its hidden tests
		// are there, and the workflow must not run them).
		os.Symlink(filepath.Join(out, "grader"), filepath.Join(work, "grader"))
		os.Symlink(tpl, filepath.Join(work, "student")) // the key was written in above
		output := filepath.Join(work, "github_output")
		cmd := exec.Command("bash", "-e", "-c", m[1])
		cmd.Dir = filepath.Join(work, "grader")
		cmd.Env = env("", "GITHUB_OUTPUT="+output, "GITHUB_WORKSPACE="+work, "GOWORK=off")
		if o, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the grading step: %v\n%s", err, o)
		}
		line := read(t, output)
		b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(strings.TrimPrefix(line, "result=")))
		if err != nil {
			t.Fatal(err)
		}
		noSecret(t, "the Classroom result", string(b))
		var res gradereport.ClassroomResult
		if err := json.Unmarshal(b, &res); err != nil || res.MaxScore != 50 || res.Score != 50 {
			t.Errorf("the Classroom result: %v, %d/%d; want the key's 50/50 of 02 alone (the weights')", err, res.Score, res.MaxScore)
		}
		if rev := strings.TrimSuffix(version, "+dirty"); res.Grader != rev {
			t.Errorf("the Classroom result's grader %q; want the pinned commit's %s", res.Grader, rev)
		}
	})
}

// course -h prints the flags; a flag it does not know says where they are.
func TestCourseUsage(t *testing.T) {
	var b bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, &b); err != nil {
		t.Fatalf("-h: %v", err)
	}
	for _, f := range []string{"-out", "-run", "-key", "-hidden", "-weights", "-seed", "-grader-repo", "-image"} {
		if !strings.Contains(b.String(), "  "+f+" ") && !strings.Contains(b.String(), "  "+f+"\n") {
			t.Errorf("-h does not list %s:\n%s", f, b.String())
		}
	}
	if err := run(context.Background(), []string{"-nope"}, io.Discard); err == nil || !strings.Contains(err.Error(), "-nope") || !strings.Contains(err.Error(), "course -h") {
		t.Errorf("-nope: %v; want it named, and course -h", err)
	}
}

// A weights file cutoff grade would refuse stops the course before
// anything is written, with one line naming the file.
func TestCourseRefusesBadWeights(t *testing.T) {
	tmp := t.TempDir()
	for _, tc := range []struct{ text, want string }{
		{`{"02-alphabet": {"points": 5}}`, `no exercise "02-alphabet"`},
		{`{"02-alphabeta": {"points": -5}}`, "negative points"},
	} {
		w := filepath.Join(tmp, "weights.json")
		write(t, w, tc.text)
		out := filepath.Join(tmp, "course")
		err := run(context.Background(), []string{"-out", out, "-module", module, "-run", "^02", "-weights", w}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-weights "+w) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("err %v; want one line naming %s and saying %q", err, w, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s written all the same", out)
		}
	}
}

// A hidden test that does not compile with the key, or a hidden folder
// that names no exercise, stops the course before anything is written
// for a platform, with one line naming the file.
func TestCourseRefusesBadHidden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the key")
	}
	for name, tc := range map[string]struct{ file, text, want string }{
		"typo":   {"02-alphabeta/hidden_test.go", strings.Replace(docExample(t), "checks.FullDepth, -checks.Inf", "checks.FullDepht, -checks.Inf", 1), "hidden_test.go"},
		"folder": {"02-alphabet/hidden_test.go", docExample(t), "folder 02-alphabet matches no exercise"},
	} {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			write(t, filepath.Join(tmp, "hidden", filepath.FromSlash(tc.file)), tc.text)
			out := filepath.Join(tmp, "course")
			hidden := filepath.Join(tmp, "hidden")
			err := run(context.Background(), []string{"-out", out, "-module", module, "-run", "^02", "-hidden", hidden}, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err %v; want one line saying %q", err, tc.want)
			}
			// It names the folder given, not the grader's copy of it.
			if err != nil && (!strings.Contains(err.Error(), hidden+string(filepath.Separator)) && !strings.Contains(err.Error(), "-hidden "+hidden+":") || strings.Contains(err.Error(), out)) {
				t.Errorf("err %v; want it to name %s, not the copy in %s", err, hidden, out)
			}
			// The folder it made is gone, with what it had written.
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s left behind", out)
			}
		})
	}
}

// checkStudentREADME returns what of a README in the template points at
// something the template lacks: the grader's command, cutoff grade, a link
// up to the repository's root, a notebook that is not a link into the
// grader's repository.
func checkStudentREADME(text string) []string {
	var bad []string
	for _, s := range []string{"go run ./cmd/cutoff", "`cutoff grade`", "](../"} {
		if strings.Contains(text, s) {
			bad = append(bad, s)
		}
	}
	rest := regexp.MustCompile("https://github\\.com/[^/\\s]+/[^/\\s]+/blob/[^/\\s]+/notebooks/|\\[`notebooks/").ReplaceAllString(text, "")
	for _, m := range regexp.MustCompile(`.{0,40}notebooks/`).FindAllString(rest, -1) {
		bad = append(bad, m)
	}
	return bad
}

// The exercises' READMEs, rewritten for the template, point at nothing it
// lacks: no cutoff grade command, no ../../notebooks link, the notebooks
// and sources linked in the grader's repository at its commit.
func TestStudentREADME(t *testing.T) {
	c := &config{graderRepo: "teacher/cutoff", graderRef: "0123456789abcdef"}
	base := "https://github.com/teacher/cutoff/blob/0123456789abcdef/"
	files, _ := filepath.Glob(filepath.Join(module, "exercises", "0*", "README.md"))
	if len(files) < 9 {
		t.Fatalf("%d exercise READMEs", len(files))
	}
	for _, f := range files {
		orig := read(t, f)
		got := studentREADME(orig, c)
		if len(checkStudentREADME(orig)) == 0 {
			t.Errorf("%s as written: the check finds nothing it points at", f)
		}
		if bad := checkStudentREADME(got); len(bad) > 0 {
			t.Errorf("%s in the template points at %q", f, bad)
		}
		if strings.Contains(orig, "Notebook: `notebooks/") && !strings.Contains(got, "Notebook: [`notebooks/") {
			t.Errorf("%s: the Notebook line is gone, want it linked:\n%s", f, got)
		}
		if strings.Contains(orig, "../../notebooks/SOURCES.md") && !strings.Contains(got, "]("+base+"notebooks/SOURCES.md)") {
			t.Errorf("%s: the sources' link is not the grader repository's", f)
		}
		if !strings.Contains(got, "go test ./exercises/") {
			t.Errorf("%s: its go test line is gone", f)
		}
	}
}
