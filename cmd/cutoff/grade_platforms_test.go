package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const platformsDir = "../../exercises/platforms"

// platformEnv is the environment of a platform's script: PATH with a
// freshly built cutoff first.
func platformEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	bin := buildCutoff(t)
	env := []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "GO") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

func moduleDir(t *testing.T) string {
	t.Helper()
	abs, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// Gradescope's run_autograder, in a folder laid out as /autograder, writes
// a results.json Gradescope reads: a submission that is a repository with
// exercise 01 solved scores 100 of 900.
func TestGradescopeRunAutograder(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "source"), 0o755)
	if err := os.Symlink(moduleDir(t), filepath.Join(root, "source", "cutoff")); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(root, "submission")
	copyTree(t, exercisesDir, filepath.Join(sub, "exercises"))
	copyTree(t, filepath.Join(solutionsDir, "01-minimax"), filepath.Join(sub, "exercises", "01-minimax"))
	cmd := exec.Command("bash", filepath.Join(platformsDir, "gradescope", "run_autograder"))
	cmd.Env = platformEnv(t, "AUTOGRADER_ROOT="+root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run_autograder: %v\n%s", err, out)
	}
	var res gradereport.GradescopeResult
	b, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
	if err != nil || json.Unmarshal(b, &res) != nil {
		t.Fatalf("results.json: %v\n%s", err, b)
	}
	if res.Score != 100 || len(res.Tests) < 50 || res.Tests[0].Status != "passed" || !strings.HasPrefix(res.Tests[0].Name, "01-minimax: ") {
		t.Errorf("score %v, %d tests, first %+v; want 100 of the nine exercises' checks", res.Score, len(res.Tests), res.Tests[0])
	}
}

// PrairieLearn's grade.sh, in a folder laid out as /grade, grades the files
// of one exercise and always exits 0; a submission without the exercise's
// files is graded 0 with the reason, and one that is not there at all is
// not gradable (no attempt charged).
func TestPrairieLearnGradeScript(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    string // a folder whose .go files the student submits, "" for none
		gradable bool
		score    float64
		why      string
	}{
		{"solved", filepath.Join(solutionsDir, "02-alphabeta"), true, 1, ""},
		{"a stub", filepath.Join(exercisesDir, "02-alphabeta"), true, 0, "not done yet"},
		{"nothing", "", true, 0, "missing: no .go files"},
		{"wrong", filepath.Join(wrongDir, "no-deep-cutoff", "02-alphabeta"), true, 0.35, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, "student"), 0o755)
			if tc.files != "" {
				files, _ := filepath.Glob(filepath.Join(tc.files, "*.go"))
				for _, f := range files {
					if !strings.HasSuffix(f, "_test.go") {
						b, _ := os.ReadFile(f)
						os.WriteFile(filepath.Join(root, "student", filepath.Base(f)), b, 0o644)
					}
				}
			}
			cmd := exec.Command("bash", filepath.Join(platformsDir, "prairielearn", "tests", "grade.sh"))
			cmd.Env = platformEnv(t, "GRADE_ROOT="+root, "CUTOFF_MODULE="+moduleDir(t), "CUTOFF_EXERCISE=02-alphabeta")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("grade.sh exited non-zero (PrairieLearn would fail the job): %v\n%s", err, out)
			}
			var res gradereport.PrairieLearnResult
			b, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
			if err != nil || json.Unmarshal(b, &res) != nil {
				t.Fatalf("results.json: %v\n%s", err, b)
			}
			if res.Gradable != tc.gradable || res.Score != tc.score || len(res.Tests) != 6 {
				t.Errorf("gradable %v, score %v, %d tests; want %v, %v, 6", res.Gradable, res.Score, len(res.Tests), tc.gradable, tc.score)
			}
			if tc.why != "" && !strings.Contains(string(b), tc.why) {
				t.Errorf("the results do not say %q:\n%s", tc.why, b)
			}
			// The failing checks that compare visits carry their picture.
			images := 0
			for _, r := range res.Tests {
				images += len(r.Images)
				if len(r.Images) > 0 && (r.Points == r.MaxPoints || !strings.HasPrefix(r.Images[0].URL, "data:image/svg+xml;base64,")) {
					t.Errorf("%s: points %d/%d, image %.60s", r.Name, r.Points, r.MaxPoints, r.Images[0].URL)
				}
			}
			if wantImages := tc.name == "wrong"; (images > 0) != wantImages {
				t.Errorf("%d images; want some: %v", images, wantImages)
			}
		})
	}
	var info struct {
		GradingMethod string
		Options       struct {
			Image, Entrypoint string
			Environment       map[string]string
		} `json:"externalGradingOptions"`
	}
	b, _ := os.ReadFile(filepath.Join(platformsDir, "prairielearn", "info.json"))
	if err := json.Unmarshal(b, &info); err != nil || info.GradingMethod != "External" || info.Options.Entrypoint != "/grade/tests/grade.sh" || info.Options.Environment["CUTOFF_EXERCISE"] == "" {
		t.Errorf("info.json: %v %+v", err, info)
	}
}

// The GitHub Classroom workflow's grading step, run as written in a layout
// like the runner's (grader/ and student/ side by side), gives the reporter
// base64 JSON it reads.
func TestGitHubClassroomWorkflowStep(t *testing.T) {
	yml, err := os.ReadFile(filepath.Join(platformsDir, "github-classroom", "classroom.yml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*run: (.*cutoff grade.*)$`).FindSubmatch(yml)
	if m == nil {
		t.Fatal("classroom.yml has no step that runs cutoff grade")
	}
	work := t.TempDir()
	if err := os.Symlink(moduleDir(t), filepath.Join(work, "grader")); err != nil {
		t.Fatal(err)
	}
	copyTree(t, exercisesDir, filepath.Join(work, "student", "exercises"))
	copyTree(t, filepath.Join(solutionsDir, "03-negamax"), filepath.Join(work, "student", "exercises", "03-negamax"))
	output := filepath.Join(work, "github_output")
	cmd := exec.Command("bash", "-e", "-c", string(m[1]))
	cmd.Dir = filepath.Join(work, "grader")
	cmd.Env = platformEnv(t, "GITHUB_OUTPUT="+output, "GITHUB_WORKSPACE="+work)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the step failed: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(output)
	enc, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "result=")
	raw, err := base64.StdEncoding.DecodeString(enc)
	if !ok || err != nil {
		t.Fatalf("GITHUB_OUTPUT holds %q (%v)", b, err)
	}
	var res gradereport.ClassroomResult
	if err := json.Unmarshal(raw, &res); err != nil || res.Version != 1 || res.MaxScore != 900 || res.Score != 100 || res.Status != "fail" {
		t.Errorf("the reporter gets %v: version %d, %d/%d, %s; want 1, 100/900, fail", err, res.Version, res.Score, res.MaxScore, res.Status)
	}
	// The feedback pages the artifact step uploads: one per failing exercise.
	if !strings.Contains(string(yml), "path: ${{ github.workspace }}/feedback") {
		t.Error("classroom.yml does not upload the feedback folder")
	}
	if pages, _ := filepath.Glob(filepath.Join(work, "feedback", "*.html")); len(pages) != 8 {
		t.Errorf("%d feedback pages; want 8 (the stubs)", len(pages))
	}
}
