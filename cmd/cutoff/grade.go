package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func gradeUsage(w io.Writer) {
	fmt.Fprint(w, `Usage:
  cutoff grade [-json] [-with DIR]... [-run REGEXP] [-seed N] [-timeout D] [DIR]

Grades the course's exercises: runs their tests (go test -json) and adds up
the points of the checks that pass. DIR is the exercises directory (default
"exercises"), or one exercise in it, such as exercises/02-alphabeta; it must
lie inside a Go module that provides github.com/cutoff-go/cutoff.

It prints a table: each exercise's score out of 100, the checks passed, and
for each failed check its rule and first explanation line. With -json it
prints one object instead, which GitHub Classroom's grading reporter reads
(version 1: status, max_score, one test per check with its score) and which
adds nbgrader-style float credit (0..1) per exercise and in total.

Flags:
  -json           print the result as JSON (see above) instead of the table
  -with DIR       overlay the files of DIR/NN-topic/ onto each exercise
                  NN-topic before testing, without touching DIR or the
                  exercises: a file of the same name replaces the exercise's,
                  a new one (such as hidden_test.go) is added. Repeatable.
                  -with solutions grades the reference solutions; an
                  instructor's hidden tests go in their own directory.
  -run REGEXP     grade only the exercises whose directory name matches
  -seed N         the random trees' seed (default: chosen now and printed;
                  the same as CUTOFF_SEED=N go test)
  -timeout D      stop the tests after D (default 2m)

Exit status: 0 when every check passed, 1 when some check failed or an
exercise did not compile, 2 on bad input (no exercises found, bad flag).
`)
}

// errNotFull is returned when the grading ran but some check failed: exit
// status 1, after the report is printed.
var errNotFull = errors.New("not every check passed")

type gradeFlags struct {
	json    bool
	with    []string
	run     string
	seed    uint64
	timeout time.Duration
}

func runGrade(args []string, s streams) error {
	var f gradeFlags
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&f.json, "json", false, "")
	fs.Func("with", "", func(dir string) error { f.with = append(f.with, dir); return nil })
	fs.StringVar(&f.run, "run", "", "")
	fs.Uint64Var(&f.seed, "seed", 0, "")
	fs.DurationVar(&f.timeout, "timeout", 2*time.Minute, "")
	if err := parseInterspersed(fs, args); err != nil {
		return err
	}
	dir := "exercises"
	switch fs.NArg() {
	case 0:
	case 1:
		dir = fs.Arg(0)
	default:
		return fmt.Errorf("one directory at most, got %d", fs.NArg())
	}
	if f.timeout <= 0 {
		return fmt.Errorf("-timeout must be positive, got %v", f.timeout)
	}
	var match *regexp.Regexp
	if f.run != "" {
		re, err := regexp.Compile(f.run)
		if err != nil {
			return fmt.Errorf("-run: %v", err)
		}
		match = re
	}
	exs, err := findExercises(dir, match)
	if err != nil {
		return err
	}
	if f.seed == 0 {
		f.seed = grade.Seed()
	}
	rep, err := gradeExercises(exs, f)
	if err != nil {
		return err
	}
	if f.json {
		enc := json.NewEncoder(s.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep.classroom()); err != nil {
			return err
		}
	} else {
		rep.table(s.stdout)
	}
	if !rep.full() {
		return errNotFull
	}
	return nil
}

// parseInterspersed parses flags before and after the positional argument.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(pos) // leaves them as fs.Args()
}

// exercise is one exercise directory to grade.
type exercise struct {
	name string // its directory name, "02-alphabeta"
	dir  string // absolute
}

var exerciseName = regexp.MustCompile(`^[0-9][0-9]-[a-z0-9-]+$`)

// findExercises returns dir itself when it is an exercise (NN-topic), else
// its NN-topic subdirectories, those matching match when it is not nil.
func findExercises(dir string, match *regexp.Regexp) ([]exercise, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("no exercises directory %s", dir)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	var exs []exercise
	if exerciseName.MatchString(filepath.Base(abs)) {
		exs = append(exs, exercise{filepath.Base(abs), abs})
	} else {
		entries, err := os.ReadDir(abs)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.IsDir() && exerciseName.MatchString(e.Name()) {
				exs = append(exs, exercise{e.Name(), filepath.Join(abs, e.Name())})
			}
		}
	}
	if match != nil {
		exs = slices.DeleteFunc(exs, func(e exercise) bool { return !match.MatchString(e.name) })
	}
	if len(exs) == 0 {
		return nil, fmt.Errorf("no exercises (NN-topic directories) in %s", dir)
	}
	return exs, nil
}

// overlay maps each exercise's files to the -with directories' files of
// the same exercise, for go's -overlay flag.
func overlay(exs []exercise, with []string) (map[string]string, error) {
	m := map[string]string{}
	for _, w := range with {
		st, err := os.Stat(w)
		if err != nil || !st.IsDir() {
			return nil, fmt.Errorf("-with %s: not a directory", w)
		}
		found := false
		for _, e := range exs {
			files, err := filepath.Glob(filepath.Join(w, e.name, "*.go"))
			if err != nil {
				return nil, err
			}
			for _, file := range files {
				abs, err := filepath.Abs(file)
				if err != nil {
					return nil, err
				}
				m[filepath.Join(e.dir, filepath.Base(file))] = abs
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("-with %s: no .go files for these exercises (expected %s/NN-topic/*.go)", w, w)
		}
	}
	return m, nil
}

// check is one graded check as go test reported it.
type check struct {
	exercise string
	name     string // the check's name, spaces restored
	test     string // the subtest, "TestAlphaBeta/deep_cutoff"
	points   int    // what it is worth
	passed   bool
	message  []string // the failure's explanation
	elapsed  float64
}

// result is one exercise's outcome.
type result struct {
	exercise string
	checks   []*check
	broken   []string // output of a package that failed outside any check (e.g. did not compile)
}

func (r *result) score() (got, max int) {
	for _, c := range r.checks {
		max += c.points
		if c.passed {
			got += c.points
		}
	}
	if len(r.checks) == 0 {
		max = 100 // every exercise is worth 100: one that did not run scores 0 of them
	}
	return got, max
}

type gradeReport struct {
	results []*result
	seed    uint64
	elapsed time.Duration
}

func (r *gradeReport) full() bool {
	for _, res := range r.results {
		got, max := res.score()
		if got != max || len(res.broken) > 0 {
			return false
		}
	}
	return true
}

// gradeExercises runs go test -json on the exercises and reads the checks'
// points and outcomes from its events.
func gradeExercises(exs []exercise, f gradeFlags) (*gradeReport, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH (cutoff grade runs go test)")
	}
	args := []string{"test", "-json", "-count=1", "-timeout", f.timeout.String()}
	ov, err := overlay(exs, f.with)
	if err != nil {
		return nil, err
	}
	if len(ov) > 0 {
		tmp, err := os.CreateTemp("", "cutoff-grade-overlay-*.json")
		if err != nil {
			return nil, err
		}
		defer os.Remove(tmp.Name())
		if err := json.NewEncoder(tmp).Encode(map[string]any{"Replace": ov}); err != nil {
			return nil, err
		}
		tmp.Close()
		args = append(args, "-overlay", tmp.Name())
	}
	byPkg := map[string]*result{}
	rep := &gradeReport{seed: f.seed}
	for _, e := range exs {
		args = append(args, e.dir)
		res := &result{exercise: e.name}
		rep.results = append(rep.results, res)
		byPkg[e.name] = res
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, gobin, args...)
	cmd.Dir = exs[0].dir
	cmd.Env = append(os.Environ(), "CUTOFF_SEED="+strconv.FormatUint(f.seed, 10))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	readErr := readEvents(out, byPkg)
	waitErr := cmd.Wait()
	rep.elapsed = time.Since(start)
	if readErr != nil {
		return nil, readErr
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("go test did not finish within %v", f.timeout+time.Minute)
	}
	var exit *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exit) {
		return nil, fmt.Errorf("go test: %v", waitErr)
	}
	// go test's own complaints (a bad overlay, a package outside any
	// module) go to stderr: with no event at all they are the answer.
	seen := false
	for _, res := range rep.results {
		seen = seen || len(res.checks) > 0 || len(res.broken) > 0
	}
	if !seen {
		return nil, fmt.Errorf("go test ran no exercise: %s", strings.TrimSpace(stderr.String()))
	}
	return rep, nil
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build events
	Test       string
	Output     string
	Elapsed    float64
}

// readEvents reads go test -json's events into the exercises' results.
func readEvents(r io.Reader, byPkg map[string]*result) error {
	checks := map[string]*check{} // by package + "\x00" + subtest
	pkgOut := map[string][]string{}
	failed := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			continue // not an event (go test may print other lines)
		}
		pkg := ev.Package
		if pkg == "" {
			pkg = strings.TrimSuffix(ev.ImportPath, " [setup failed]")
		}
		name := filepath.Base(pkg)
		res := byPkg[name]
		if res == nil {
			continue
		}
		switch {
		case ev.Test == "" || !strings.Contains(ev.Test, "/"):
			// Package-level or top-level test output: kept for a package
			// that fails outside its checks.
			if ev.Action == "output" || ev.Action == "build-output" {
				pkgOut[name] = append(pkgOut[name], strings.TrimRight(ev.Output, "\n"))
			}
			if ev.Action == "fail" && ev.Test == "" {
				failed[name] = true
			}
		default:
			key := pkg + "\x00" + ev.Test
			c := checks[key]
			if c == nil {
				_, sub, _ := strings.Cut(ev.Test, "/")
				c = &check{exercise: name, name: strings.ReplaceAll(sub, "_", " "), test: ev.Test, points: -1}
				checks[key] = c
				res.checks = append(res.checks, c)
			}
			switch ev.Action {
			case "output":
				line := strings.TrimRight(ev.Output, "\n")
				if i := strings.Index(line, grade.PointsPrefix); i >= 0 && c.points < 0 {
					if p, err := strconv.Atoi(strings.TrimSpace(line[i+len(grade.PointsPrefix):])); err == nil {
						c.points = p
					}
				} else if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "=== ") && !strings.HasPrefix(t, "--- ") && !strings.Contains(t, "random trees from seed") {
					c.message = append(c.message, trimLocation(t))
				}
			case "pass":
				c.passed, c.elapsed = true, ev.Elapsed
			case "fail":
				c.elapsed = ev.Elapsed
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for name, res := range byPkg {
		// Checks that never said their points are not graded checks
		// (a student's own subtests): leave them out.
		res.checks = slices.DeleteFunc(res.checks, func(c *check) bool { return c.points < 0 })
		if failed[name] && len(res.checks) == 0 {
			res.broken = pkgOut[name]
			if len(res.broken) == 0 {
				res.broken = []string{"the tests did not run"}
			}
		}
	}
	return nil
}

// trimLocation drops the "file.go:12: " prefix go test puts on log lines.
var location = regexp.MustCompile(`^[A-Za-z0-9_.-]+\.go:[0-9]+: `)

func trimLocation(s string) string { return location.ReplaceAllString(s, "") }

func (r *gradeReport) table(w io.Writer) {
	total, totalMax := 0, 0
	fmt.Fprintf(w, "%-20s %9s  %s\n", "exercise", "points", "checks passed")
	for _, res := range r.results {
		got, max := res.score()
		total += got
		totalMax += max
		passed := 0
		for _, c := range res.checks {
			if c.passed {
				passed++
			}
		}
		fmt.Fprintf(w, "%-20s %4d/%-4d  %d/%d\n", res.exercise, got, max, passed, len(res.checks))
		if len(res.broken) > 0 {
			fmt.Fprintf(w, "    ✗ did not run: %s\n", firstLines(res.broken, 3))
		}
		for _, c := range res.checks {
			if !c.passed {
				fmt.Fprintf(w, "    ✗ %s (%d points): %s\n", c.name, c.points, firstLines(c.message, 1))
			}
		}
	}
	fmt.Fprintf(w, "%-20s %4d/%-4d\n", "total", total, totalMax)
	fmt.Fprintf(w, "random trees from seed %d (CUTOFF_SEED=%d, or cutoff grade -seed %d, repeats them); graded in %.1f s\n",
		r.seed, r.seed, r.seed, r.elapsed.Seconds())
	fmt.Fprintln(w, `details of a failed check: go test -run 'TestName/check_name' ./exercises/NN-topic`)
}

func firstLines(lines []string, n int) string {
	if len(lines) == 0 {
		return "(no message)"
	}
	return strings.Join(lines[:min(n, len(lines))], " / ")
}

// classroomResult is the JSON of cutoff grade -json: GitHub Classroom's
// runner result (version 1, read by its grading reporter) plus per-exercise
// float credit.
type classroomResult struct {
	Version   int              `json:"version"`
	Status    string           `json:"status"` // pass, fail or error
	MaxScore  int              `json:"max_score"`
	Score     int              `json:"score"`
	Credit    float64          `json:"credit"` // score / max_score
	Seed      uint64           `json:"seed"`
	Tests     []classroomTest  `json:"tests"`
	Exercises []exerciseResult `json:"exercises"`
}

type classroomTest struct {
	Name          string `json:"name"`
	Status        string `json:"status"` // pass, fail or error
	Score         int    `json:"score"`
	MaxScore      int    `json:"max_score"`
	Message       string `json:"message,omitempty"`
	TestCode      string `json:"test_code"`
	ExecutionTime string `json:"execution_time"`
}

type exerciseResult struct {
	Name      string  `json:"name"`
	Points    int     `json:"points"`
	MaxPoints int     `json:"max_points"`
	Credit    float64 `json:"credit"`
	Checks    int     `json:"checks"`
	Passed    int     `json:"passed"`
	Error     string  `json:"error,omitempty"`
}

func (r *gradeReport) classroom() classroomResult {
	out := classroomResult{Version: 1, Status: "pass", Seed: r.seed, Tests: []classroomTest{}}
	for _, res := range r.results {
		got, max := res.score()
		out.Score += got
		out.MaxScore += max
		er := exerciseResult{Name: res.exercise, Points: got, MaxPoints: max, Credit: credit(got, max), Checks: len(res.checks)}
		if len(res.broken) > 0 {
			er.Error = firstLines(res.broken, 5)
			out.Status = "error"
			out.Tests = append(out.Tests, classroomTest{Name: res.exercise, Status: "error", MaxScore: max,
				Message: er.Error, TestCode: "go test ./" + res.exercise, ExecutionTime: "0s"})
		}
		for _, c := range res.checks {
			t := classroomTest{Name: res.exercise + ": " + c.name, Status: "fail", MaxScore: c.points,
				TestCode:      fmt.Sprintf("go test -run '%s' ./%s", "^"+strings.ReplaceAll(c.test, "/", "$/^")+"$", res.exercise),
				ExecutionTime: fmt.Sprintf("%.2fs", c.elapsed)}
			if c.passed {
				t.Status, t.Score = "pass", c.points
				er.Passed++
			} else {
				t.Message = strings.Join(c.message, "\n")
				if out.Status == "pass" {
					out.Status = "fail"
				}
			}
			out.Tests = append(out.Tests, t)
		}
		out.Exercises = append(out.Exercises, er)
	}
	out.Credit = credit(out.Score, out.MaxScore)
	return out
}

func credit(got, max int) float64 {
	if max == 0 {
		return 0
	}
	return float64(got) / float64(max)
}
