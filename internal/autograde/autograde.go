// Package autograde grades submissions of the course's exercises the way an
// instructor needs it done: a submission (a folder holding NN-topic
// exercise folders, as a student's copy of exercises/ or an LMS export
// gives it) is graded in an isolated temporary copy, its files never
// modified; each exercise's imports are checked before any of its code
// runs; each exercise is built and run on its own, with the grader's own
// tests (the submission's test files are never compiled), under a time and
// a memory limit; and only the checks' signed records count, with the
// points the grader registers (see exercises/checks's Session).
//
// What a submission can do and still not gain a point: import the library
// it is meant to rewrite (rejected before it runs), write its own tests
// (left out), print or log lines that look like go test's framing or the
// grader's records (ignored: unsigned), exit, panic in a goroutine or hang
// (the checks that did not report score 0, with the reason), read the
// environment (the seed is not there) or write files (it runs in a scratch
// folder of the temporary copy).
//
// What it cannot reach: on Linux each test binary runs in the sandbox of
// package sandbox (no network, no file but its own, no other process, and
// limits on processes, open files and bytes written) unless
// Options.Unsandboxed; where no sandbox can be made, GradeClass refuses
// and Grade runs the code as the caller (see Sandbox).
//
// Four packages grade, each with one job: exercises/grade is the student
// API (the only package a submission may import); exercises/checks holds
// the checks, which the exercises' tests call; this package, the engine,
// runs those tests on submissions and collects the checks' points; and
// internal/autograde/report encodes the results for people and platforms.
// cutoff grade wires them to flags.
package autograde

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/internal/sandbox"
)

// ModulePath is the module whose exercises are graded.
const ModulePath = modroot.Path

// Options say how to grade.
type Options struct {
	// Module is the root of the cutoff module whose grader, reference and
	// tests grade the submissions (trusted: the instructor's copy).
	Module string
	// With are folders of instructor files laid over each exercise:
	// DIR/NN-topic/*.go replaces the submission's file of the same name
	// or is added (hidden tests; -with solutions grades the key).
	With []string
	// Only grades the exercises whose folder name matches (nil: all).
	Only *regexp.Regexp
	// Seed is the random trees' seed (0: one is chosen).
	Seed uint64
	// Timeout bounds each exercise's test run (default 60 s); its build has
	// a bound of its own (BuildTimeout, default 5 minutes).
	Timeout, BuildTimeout time.Duration
	// Memory bounds each exercise's test run, in bytes (default 1 GiB).
	Memory int64
	// Jobs is how many exercises are built and run at once (default: the
	// number of CPUs).
	Jobs int
	// Disk bounds the bytes each exercise's test run may write, all files
	// together, in the sandbox (default 64 MiB).
	Disk int64
	// Unsandboxed runs the submissions' code without the sandbox, as the
	// caller's user with the caller's files and network: the caller
	// accepts the risk (a platform whose container is the sandbox). A
	// caller that is root runs it as nobody (uid 65534) instead, so that
	// what only root may read or write (the key, the hidden tests, the
	// results file) is out of its reach. Without
	// it, the code runs in the sandbox where there is one (see Sandbox);
	// where there is none, Grade runs it unsandboxed all the same (a
	// student grading their own code) and GradeClass refuses.
	Unsandboxed bool
	// Feedback asks each failing check that compares visits for its
	// picture (CheckResult.Picture), sent signed on the grader's record
	// pipe (exercises/checks, picturesend.go): the submission's process still
	// writes no file.
	Feedback bool
	// Progress, when not nil, is told of each exercise graded.
	Progress func(Progress)
	// Weights are the instructor's points for the checks (nil: the
	// registry's, 100 an exercise); see LoadWeights.
	Weights *Weights

	sandboxed bool // decided by Grade and GradeClass
}

// Progress is one exercise graded, for a progress line.
type Progress struct {
	Done, Total int
	Student     string
	Exercise    string
	Points, Max int
	Error       string
}

func (o *Options) defaults() error {
	if o.Module == "" {
		return errors.New("autograde: no module root")
	}
	if abs, err := filepath.Abs(o.Module); err == nil {
		o.Module = abs // the workspace links to it
	}
	if _, err := os.Stat(filepath.Join(o.Module, "exercises", "checks")); err != nil {
		return fmt.Errorf("%s: not the cutoff module (no exercises/checks)", o.Module)
	}
	if o.Timeout == 0 {
		o.Timeout = 60 * time.Second
	}
	if o.BuildTimeout == 0 {
		o.BuildTimeout = 5 * time.Minute
	}
	if o.Memory == 0 {
		o.Memory = 1 << 30
	}
	if o.Disk == 0 {
		o.Disk = 64 << 20
	}
	if o.Timeout < 0 || o.BuildTimeout < 0 || o.Memory < 0 || o.Disk < 0 {
		return errors.New("autograde: negative limit")
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.Seed == 0 {
		o.Seed = checks.Seed()
	}
	for _, w := range o.With {
		if st, err := os.Stat(w); err != nil || !st.IsDir() {
			return fmt.Errorf("autograde: With %s: not a directory", w)
		}
		if err := checkMoved(w); err != nil {
			return err
		}
	}
	return nil
}

// Moved maps the import paths of the module's packages that moved to their
// new paths: an instructor's hidden test written against an old one is
// refused with the fix, rather than failing to build in every submission.
var Moved = map[string]string{
	ModulePath + "/exercises/grader": ModulePath + "/exercises/checks", // the checks moved from exercises/grader
}

// checkMoved returns an error naming the first instructor file under dir
// (DIR/NN-topic/*.go) that imports a package by a path it no longer has,
// and the new path. A file that does not parse is left to the build.
func checkMoved(dir string) error {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.go"))
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if np, ok := Moved[p]; ok {
				return fmt.Errorf("autograde: With %s imports %s, which is now %s (package %s)", f, p, np, path.Base(np))
			}
		}
	}
	return nil
}

// Sandbox says what grading runs the submissions' code in here: the
// sandbox, named in one line, or an error that says why there is none
// (wrapping ErrNoSandbox).
func Sandbox() (string, error) {
	if err := sandbox.Available(); err != nil {
		return "", err
	}
	return sandbox.Name, nil
}

// ErrNoSandbox is wrapped by the errors of Sandbox and GradeClass where no
// sandbox can be made.
var ErrNoSandbox = sandbox.ErrUnavailable

// Result is one submission's grade.
type Result struct {
	Student   string // the submission's folder name (class mode), else ""
	Dir       string
	Sandbox   string // the sandbox its code ran in; "" when none
	Exercises []*ExerciseResult
	Error     string // the submission could not be graded at all
	// Layout says how a submission that is not a folder of exercise
	// folders was read ("unpacked sub.zip", "loose files laid out as
	// exercise folders: …"): information, not a problem.
	Layout  string
	Seconds float64

	tmp string // a folder the submission was unpacked into, removed after
}

// ExerciseResult is one exercise of a submission.
type ExerciseResult struct {
	Exercise string // "02-alphabeta"
	Checks   []CheckResult
	Error    string   // why it scored 0 without its checks running to the end
	Notes    []string // what was ignored, named
	Seconds  float64
}

// CheckResult is one check's outcome.
type CheckResult struct {
	Name    string
	Test    string // the test function that ran it
	Points  int    // scored
	Max     int    // registered
	Passed  bool
	Message []string
	Seconds float64
	Hidden  bool // an instructor's hidden check (from With)
	// Picture is the failing check's picture (with Options.Feedback, for a
	// check that compares visits); PictureError says why a picture sent
	// was refused.
	Picture      *feedback.Diff `json:"-"`
	PictureError string         `json:"-"`
}

// Score returns the exercise's points and maximum: its registered checks
// (100) and any hidden ones.
func (e *ExerciseResult) Score() (got, max int) {
	for _, c := range e.Checks {
		got += c.Points
		max += c.Max
	}
	return got, max
}

// Passed counts the checks that passed.
func (e *ExerciseResult) Passed() int {
	n := 0
	for _, c := range e.Checks {
		if c.Passed {
			n++
		}
	}
	return n
}

// Score returns the submission's points and maximum.
func (r *Result) Score() (got, max int) {
	for _, e := range r.Exercises {
		g, m := e.Score()
		got, max = got+g, max+m
	}
	return got, max
}

// Full reports whether every check passed.
func (r *Result) Full() bool {
	got, max := r.Score()
	return r.Error == "" && got == max && max > 0
}

// exercises returns the registered exercises that opt grades, with their
// checks' points under opt.Weights.
func (o *Options) exercises() []checks.Exercise {
	var out []checks.Exercise
	for _, e := range checks.Exercises() {
		if o.Only == nil || o.Only.MatchString(e.Dir) {
			out = append(out, o.Weights.Exercise(e))
		}
	}
	return out
}

// job is one exercise of one submission to grade.
type job struct {
	res  *Result
	ex   checks.Exercise
	out  *ExerciseResult
	base string // the submission's folder of exercise folders
}

// Grade grades one submission: dir is a folder of exercise folders
// (exercises/), or one exercise folder (exercises/02-alphabeta).
func Grade(ctx context.Context, dir string, opt Options) (*Result, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	opt.sandboxed = !opt.Unsandboxed && sandbox.Available() == nil
	res, jobs := plan(dir, "", &opt)
	defer res.cleanup()
	if res.Error != "" && len(jobs) == 0 {
		return res, nil
	}
	runJobs(ctx, jobs, &opt)
	return res, nil
}

// GradeClass grades every submission in classDir, one folder per student,
// and returns their results sorted by student.
func GradeClass(ctx context.Context, classDir string, opt Options) ([]*Result, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	st, err := os.Stat(classDir)
	if err != nil {
		return nil, fmt.Errorf("no class folder %s", classDir)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder (a zip? unpack it first: one folder per student)", classDir)
	}
	if !opt.Unsandboxed {
		if err := sandbox.Available(); err != nil {
			return nil, fmt.Errorf("refusing to run a class's code unsandboxed: %w", err)
		}
		opt.sandboxed = true
	}
	entries, err := os.ReadDir(classDir)
	if err != nil {
		return nil, err
	}
	var results []*Result
	var jobs []*job
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(classDir, name)
		if lower := strings.ToLower(name); !e.IsDir() && !strings.HasSuffix(lower, ".zip") && !strings.HasSuffix(lower, ".go") {
			r := &Result{Student: name, Dir: path}
			ungraded(r, "not a folder, a .zip or a .go file: each student's submission is one of these", &opt)
			results = append(results, r)
			continue
		}
		r, js := plan(path, name, &opt)
		results = append(results, r)
		jobs = append(jobs, js...)
	}
	if len(results) == 0 {
		return nil, fmt.Errorf("no submissions in %s (expected one folder per student)", classDir)
	}
	defer func() {
		for _, r := range results {
			r.cleanup()
		}
	}()
	runJobs(ctx, jobs, &opt)
	return results, nil
}

// plan finds a submission's exercise folders: the jobs to run, and a result
// that already holds the missing ones.
func plan(dir, student string, opt *Options) (*Result, []*job) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	res := &Result{Student: student, Dir: abs}
	if opt.sandboxed {
		res.Sandbox = sandbox.Name
	}
	if _, err := os.Stat(abs); err != nil {
		ungraded(res, "no such folder", opt)
		return res, nil
	}
	exs := opt.exercises()
	base := abs
	if i := slices.IndexFunc(checks.Exercises(), func(e checks.Exercise) bool { return e.Dir == filepath.Base(abs) }); i >= 0 {
		// One exercise folder: grade it alone.
		base = filepath.Dir(abs)
		exs = slices.DeleteFunc(exs, func(e checks.Exercise) bool { return e.Dir != filepath.Base(abs) })
	}
	if len(exs) == 0 {
		res.Error = "no exercises to grade (-run matches none)"
		return res, nil
	}
	if base == abs {
		// A repository or an LMS export nests the exercise folders; a zip
		// or loose files are unpacked or laid out (module.go).
		b, tmp, n, err := locate(abs, exs, opt.packages())
		if err != nil {
			ungraded(res, err.Error(), opt)
			return res, nil
		}
		base, res.Layout, res.tmp = b, n, tmp
	}
	found := false
	var jobs []*job
	for _, e := range exs {
		out := &ExerciseResult{Exercise: e.Dir}
		res.Exercises = append(res.Exercises, out)
		if st, err := os.Stat(filepath.Join(base, e.Dir)); err != nil || !st.IsDir() {
			zero(out, e, "missing: no folder "+e.Dir)
			continue
		}
		found = true
		jobs = append(jobs, &job{res: res, ex: e, out: out, base: base})
	}
	if !found {
		res.Error = "no exercise folders (01-minimax … 09-player) in it"
	}
	return res, jobs
}

// ungraded records a submission that could not be graded at all: every
// exercise at 0 for reason.
func ungraded(res *Result, reason string, opt *Options) {
	res.Error = reason
	for _, e := range opt.exercises() {
		out := &ExerciseResult{Exercise: e.Dir}
		zero(out, e, reason)
		out.Error = ""
		res.Exercises = append(res.Exercises, out)
	}
}

// zero records an exercise that scores 0 for reason: each registered check
// at 0 of its points.
func zero(out *ExerciseResult, e checks.Exercise, reason string) {
	out.Error = reason
	out.Checks = out.Checks[:0]
	for _, c := range e.Checks {
		out.Checks = append(out.Checks, CheckResult{Name: c.Name, Test: e.Test, Max: c.Points, Message: []string{reason}})
	}
}

// runJobs grades the jobs, opt.Jobs at a time.
func runJobs(ctx context.Context, jobs []*job, opt *Options) {
	var mu sync.Mutex
	done := 0
	start := map[*Result]time.Time{}
	for _, j := range jobs {
		if _, ok := start[j.res]; !ok {
			start[j.res] = time.Now()
		}
	}
	ch := make(chan *job)
	var wg sync.WaitGroup
	for range min(opt.Jobs, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				t0 := time.Now()
				gradeExercise(ctx, j, opt)
				j.out.Seconds = time.Since(t0).Seconds()
				mu.Lock()
				done++
				j.res.Seconds = time.Since(start[j.res]).Seconds()
				if opt.Progress != nil {
					got, max := j.out.Score()
					opt.Progress(Progress{Done: done, Total: len(jobs), Student: j.res.Student, Exercise: j.ex.Dir, Points: got, Max: max, Error: j.out.Error})
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
}

// newKey returns a fresh session key, hex.
func newKey() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}
