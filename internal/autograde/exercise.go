package autograde

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/proc"
	"github.com/cutoff-go/cutoff/internal/sandbox"
)

// StudentAPI is the one package of the module an exercise may import.
const StudentAPI = ModulePath + "/exercises/grade"

// denied are the standard packages an exercise may not import: each
// reaches past what a search needs into the grader's process.
var denied = map[string]string{
	"unsafe":        "it reads and writes memory past the language's rules (and allows go:linkname)",
	"reflect":       "it reads the grader's values behind a Node",
	"runtime/debug": "it dumps the grader's memory",
	"syscall":       "it reaches the operating system beneath the grader",
	"os/exec":       "it runs other programs",
	"plugin":        "it loads other code",
}

// importRule explains the rule in one line.
const importRule = "an exercise may import only the standard library and " + StudentAPI + " (see exercises/README.md)"

// checkImports returns why the submission's package may not be graded: a
// file that does not parse, a wrong package name, a forbidden import.
// files are the submission's non-test .go files, pkg the package name the
// exercise's test file declares.
func checkImports(files []string, pkg string) string {
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			var list interface{ Unwrap() []error }
			msg := err.Error()
			if errors.As(err, &list) && len(list.Unwrap()) > 0 {
				msg = list.Unwrap()[0].Error()
			}
			return "does not compile: " + trimDir(msg, filepath.Dir(f))
		}
		if af.Name.Name != pkg {
			return fmt.Sprintf("%s says package %s: the exercise's package is %s", filepath.Base(f), af.Name.Name, pkg)
		}
		for _, im := range af.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if why := forbidden(path); why != "" {
				return fmt.Sprintf("%s imports %s: %s; %s: 0 points", filepath.Base(f), path, why, importRule)
			}
		}
	}
	return ""
}

// forbidden says why path may not be imported ("" when it may).
func forbidden(path string) string {
	if path == StudentAPI {
		return ""
	}
	if path == ModulePath || strings.HasPrefix(path, ModulePath+"/") {
		return "that is the course's own code (the reference, the grader, the library or another exercise), not yours"
	}
	if path == "C" {
		return "cgo runs C code in the grader's process"
	}
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return "not the standard library"
	}
	if why, ok := denied[path]; ok {
		return why
	}
	return ""
}

// trimDir drops dir from the paths of a message.
func trimDir(msg, dir string) string {
	return strings.ReplaceAll(msg, dir+string(filepath.Separator), "")
}

// testPackage returns the package name declared by the exercise's test
// files in the module.
func testPackage(dir string) (string, error) {
	tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if len(tests) == 0 {
		return "", fmt.Errorf("%s: no test file", dir)
	}
	af, err := parser.ParseFile(token.NewFileSet(), tests[0], nil, parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(af.Name.Name, "_test"), nil
}

// gradeExercise grades one exercise of one submission.
func gradeExercise(ctx context.Context, j *job, opt *Options) {
	if err := gradeIn(ctx, j, opt); err != nil {
		zero(j.out, j.ex, "not graded: "+err.Error())
	}
}

func gradeIn(ctx context.Context, j *job, opt *Options) error {
	ws, err := os.MkdirTemp("", "cutoff-grade-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(ws)
	official := filepath.Join(opt.Module, "exercises", j.ex.Dir)
	pkg, err := testPackage(official)
	if err != nil {
		return err
	}
	exDir := filepath.Join(ws, "exercises", j.ex.Dir)
	if err := workspace(ws, opt.Module); err != nil {
		return err
	}
	if err := os.MkdirAll(exDir, 0o755); err != nil {
		return err
	}
	// The submission's non-test files, then the grader's tests, then the
	// instructor's files (-with) over both.
	src := filepath.Join(j.base, j.ex.Dir)
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || !e.Type().IsRegular() {
			continue
		}
		if strings.HasSuffix(name, "_test.go") {
			if !sameFile(filepath.Join(src, name), filepath.Join(official, name)) {
				j.out.Notes = append(j.out.Notes, "ignored: your test file "+name+" (only the grader's tests run)")
			}
			continue
		}
		if err := copyFile(filepath.Join(src, name), filepath.Join(exDir, name)); err != nil {
			return err
		}
		files = append(files, filepath.Join(exDir, name))
	}
	tests, _ := filepath.Glob(filepath.Join(official, "*_test.go"))
	for _, t := range tests {
		if err := copyFile(t, filepath.Join(exDir, filepath.Base(t))); err != nil {
			return err
		}
	}
	overlaid := map[string]bool{}
	for _, w := range opt.With {
		more, _ := filepath.Glob(filepath.Join(w, j.ex.Dir, "*.go"))
		for _, m := range more {
			if err := copyFile(m, filepath.Join(exDir, filepath.Base(m))); err != nil {
				return err
			}
			overlaid[filepath.Base(m)] = true
		}
	}
	files = slices.DeleteFunc(files, func(f string) bool { return overlaid[filepath.Base(f)] })
	if len(files) == 0 && len(overlaid) == 0 {
		zero(j.out, j.ex, "missing: no .go files in "+j.ex.Dir)
		return nil
	}
	if why := checkImports(files, pkg); why != "" {
		zero(j.out, j.ex, why)
		return nil
	}
	bin := filepath.Join(ws, "exercise.test")
	if why, err := build(ctx, ws, j.ex.Dir, bin, opt.BuildTimeout); err != nil {
		return err
	} else if why != "" {
		zero(j.out, j.ex, why)
		return nil
	}
	scratch := filepath.Join(ws, "run")
	if err := os.MkdirAll(filepath.Join(scratch, "tmp"), 0o755); err != nil {
		return err
	}
	if !opt.sandboxed && proc.DropsRoot() {
		if err := forNobody(ws, bin, scratch); err != nil {
			return err
		}
	}
	run, err := runTests(ctx, bin, scratch, opt, opt.sandboxed)
	if err != nil {
		return err
	}
	score(j, run, len(opt.With) > 0)
	return nil
}

// workspace lays out a copy of the module in ws: its go.mod and go.sum,
// and links to the trusted packages (pkg/, internal/, exercises/grade,
// exercises/checks).
func workspace(ws, module string) error {
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(module, f), filepath.Join(ws, f)); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(ws, "exercises"), 0o755); err != nil {
		return err
	}
	for _, d := range []string{"pkg", "internal", "exercises/grade", "exercises/checks"} {
		if err := os.Symlink(filepath.Join(module, d), filepath.Join(ws, d)); err != nil {
			return err
		}
	}
	return nil
}

// forNobody readies a workspace for a test binary run as proc.Nobody (a
// grader running as root, without the sandbox): it may run the binary,
// without reading it, and write in its scratch folder, and nothing else of
// the workspace: not the sources, whose copies of the hidden tests and of
// the key are there (the workspace is the grader's temporary folder, 0700,
// made traversable only).
func forNobody(ws, bin, scratch string) error {
	// nobody must be able to enter every folder above the workspace.
	for d := filepath.Dir(ws); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("the grader's temporary folder is inside %s, which other users may not enter (mode %v), and a grader running as root runs the submission's code as nobody: set TMPDIR to a folder others may enter, such as /tmp", d, st.Mode().Perm())
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	for _, m := range []struct {
		path string
		mode os.FileMode
	}{{ws, 0o711}, {filepath.Join(ws, "exercises"), 0o700}, {bin, 0o711}} {
		if err := os.Chmod(m.path, m.mode); err != nil {
			return err
		}
	}
	for _, d := range []string{scratch, filepath.Join(scratch, "tmp")} {
		if err := os.Chown(d, proc.Nobody, proc.Nobody); err != nil {
			return err
		}
	}
	return nil
}

// goEnv is the environment of the go command that builds a submission:
// the caller's (for its caches), with no flags or workspace of its own.
func goEnv() []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "GOFLAGS=") || strings.HasPrefix(kv, "GOWORK=") || strings.HasPrefix(kv, "CGO_ENABLED=") || strings.HasPrefix(kv, checks.SessionEnv+"=")
	})
	// CGO_ENABLED=0: a test binary linked statically runs in the sandbox,
	// where there is no shared library (and cgo is refused anyway).
	return append(env, "GOFLAGS=-mod=mod", "GOWORK=off", "CGO_ENABLED=0")
}

// compileError finds a build's first error line.
var compileError = regexp.MustCompile(`(?m)^\S+\.go:\d+(:\d+)?: .*$`)

// build compiles the exercise's test binary; a submission that does not
// compile gets why (its first compiler error).
func build(ctx context.Context, ws, dir, bin string, limit time.Duration) (why string, err error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-trimpath", "-o", bin, "./exercises/"+dir)
	cmd.Dir = ws
	cmd.Env = goEnv()
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return fmt.Sprintf("does not compile: the build did not finish within %v", limit), nil
	}
	if err == nil {
		return "", nil
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return "", fmt.Errorf("go test -c: %v", err)
	}
	text := strings.ReplaceAll(string(out), ws+string(filepath.Separator), "")
	text = strings.ReplaceAll(text, "exercises/"+dir+"/", "")
	if m := compileError.FindString(text); m != "" {
		return "does not compile: " + strings.TrimPrefix(m, "./"), nil
	}
	return "does not compile: " + firstLine(text), nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return strings.TrimSpace(s)
}

// testRun is what a test binary did.
type testRun struct {
	records  []checks.Record
	pictures map[string][]checks.PicturePart // by test and check, with -feedback
	forged   int                             // lines on the record pipe whose signature failed
	lookies  []string                        // output lines that look like the grader's or go test's
	timedOut bool
	memory   bool // stopped at the memory limit
	// In the sandbox: what it saw (nil without), and the limits it set.
	box    *sandbox.Outcome
	limits sandbox.Spec
	exit   string // how it ended when not normally: "exit status 2", "killed"
	tail   string // the last lines of its output, for a crash
	limit  time.Duration
	mem    int64
}

// runTests runs a test binary under the limits, in the sandbox when
// sandboxed, and collects its signed records.
func runTests(ctx context.Context, bin, scratch string, opt *Options, sandboxed bool) (*testRun, error) {
	key := newKey()
	keyR, keyW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	recR, recW, err := os.Pipe()
	if err != nil {
		keyR.Close()
		keyW.Close()
		return nil, err
	}
	out := &capped{max: 1 << 20}
	args := []string{"-test.count=1", "-test.timeout=" + (opt.Timeout + time.Minute).String()}
	// Virtual memory is bounded loosely (the Go runtime reserves about
	// 700 MiB of address space at start); resident memory is watched.
	addressSpace := opt.Memory + (2 << 30)
	var p running
	if sandboxed {
		p, err = startSandboxed(bin, args, scratch, addressSpace, []*os.File{keyR, recW}, out, opt)
	} else {
		p, err = startPlain(ctx, bin, args, scratch, addressSpace, []*os.File{keyR, recW}, out)
	}
	keyR.Close()
	recW.Close()
	if err != nil {
		keyW.Close()
		recR.Close()
		return nil, err
	}
	if opt.Feedback {
		fmt.Fprintf(keyW, "%s %d pictures\n", key, opt.Seed)
	} else {
		fmt.Fprintf(keyW, "%s %d\n", key, opt.Seed)
	}
	keyW.Close()

	run := &testRun{limit: opt.Timeout, mem: opt.Memory}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		keyBytes, _ := hex.DecodeString(key)
		sc := bufio.NewScanner(recR)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if opt.Feedback && strings.HasPrefix(line, checks.PicturePrefix) {
				if p, ok := checks.ParsePicturePart(line, keyBytes); ok {
					if run.pictures == nil {
						run.pictures = map[string][]checks.PicturePart{}
					}
					// At most one picture's parts per check, and pictures of
					// at most 256 checks: a few MiB whatever is sent.
					k := p.Test + "\x00" + p.Check
					if _, seen := run.pictures[k]; (seen || len(run.pictures) < 256) && len(run.pictures[k]) < p.Parts {
						run.pictures[k] = append(run.pictures[k], p)
					}
				} else {
					run.forged++
				}
				continue
			}
			if !strings.HasPrefix(line, checks.RecordPrefix) {
				run.forged++
				continue
			}
			if r, ok := checks.ParseRecord(line, keyBytes); ok {
				run.records = append(run.records, r)
			} else {
				run.forged++
			}
		}
		io.Copy(io.Discard, recR)
		recR.Close()
	}()

	done := make(chan ended, 1)
	go func() { done <- p.wait() }()
	timer := time.NewTimer(opt.Timeout)
	defer timer.Stop()
	var tick <-chan time.Time
	if !sandboxed { // the sandbox watches the memory of all its processes itself
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		tick = t.C
	}
	var end ended
wait:
	for {
		select {
		case end = <-done:
			break wait
		case <-timer.C:
			run.timedOut = true
			p.kill()
		case <-ctx.Done():
			p.kill()
		case <-tick:
			if rss := proc.ResidentBytes(p.pid()); rss > opt.Memory {
				run.memory = true
				p.kill()
			}
		}
	}
	p.reap()
	wg.Wait()
	if end.err != nil {
		return nil, end.err
	}
	text := out.String()
	if strings.Contains(text, "fatal error: runtime: out of memory") || strings.Contains(text, "cannot allocate memory") {
		run.memory = true
	}
	run.memory = run.memory || end.memory
	run.exit = end.exit
	run.box, run.limits = end.box, end.limits
	run.tail = crashLine(text)
	run.lookies = lookalikes(text)
	return run, nil
}

// running is a test binary started, with or without the sandbox.
type running interface {
	pid() int
	kill() // stops it and what it started
	wait() ended
	reap() // once it ended: stops what it left
}

// ended is how a test binary's run ended.
type ended struct {
	exit   string           // "" for status 0, else "exit status 2", "signal: killed"
	memory bool             // stopped by the sandbox at the memory limit
	box    *sandbox.Outcome // how the sandbox saw it end (nil: no sandbox)
	limits sandbox.Spec     // the sandbox's limits
	err    error            // the grader's own failure, not the submission's
}

// plain runs a test binary as the grader's user (as nobody when that is
// root: forNobody), in a process group of its own, its virtual memory
// bounded by the shell's ulimit.
type plain struct{ cmd *exec.Cmd }

func startPlain(ctx context.Context, bin string, args []string, scratch string, addressSpace int64, files []*os.File, out io.Writer) (running, error) {
	kb := strconv.FormatInt(addressSpace>>10, 10)
	cmd := exec.CommandContext(ctx, "/bin/sh", append([]string{"-c", `ulimit -v "$0" 2>/dev/null; exec "$@"`, kb, bin}, args...)...)
	cmd.Dir = scratch
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + scratch,
		"TMPDIR=" + filepath.Join(scratch, "tmp"),
		"LANG=C.UTF-8",
		checks.SessionEnv + "=1",
	}
	cmd.ExtraFiles = files
	cmd.Stdout, cmd.Stderr = out, out
	proc.Isolate(cmd)
	proc.RunAsNobody(cmd) // as root: out of reach of what only root may read or write
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &plain{cmd}, nil
}

func (p *plain) pid() int { return p.cmd.Process.Pid }
func (p *plain) kill() {
	proc.KillTree(p.cmd.Process.Pid)
	proc.Reap(p.cmd) // its group, when it has ended and left a process holding its output
}
func (p *plain) reap() { proc.Reap(p.cmd) } // whatever the tests started and left in their group
func (p *plain) wait() ended {
	var e ended
	err := p.cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		e.exit = exit.String()
	} else if err != nil {
		e.exit = err.Error()
	}
	return e
}

// sandboxed runs a test binary in the sandbox: it sees its own scratch
// folder (/work, which is HOME and holds TMPDIR) and nothing else.
type sandboxed struct {
	cmd  *sandbox.Cmd
	spec sandbox.Spec
}

func startSandboxed(bin string, args []string, scratch string, addressSpace int64, files []*os.File, out io.Writer, opt *Options) (running, error) {
	root := filepath.Join(scratch, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		return nil, err
	}
	spec := sandbox.Spec{
		Binary: bin,
		Args:   args,
		Env: []string{
			"HOME=/work",
			"TMPDIR=/work/tmp",
			"LANG=C.UTF-8",
			checks.SessionEnv + "=1",
		},
		Root:         root,
		Files:        files,
		Stdout:       out,
		Stderr:       out,
		Memory:       opt.Memory,
		AddressSpace: addressSpace,
		Disk:         opt.Disk,
	}
	c, err := sandbox.Start(spec)
	if err != nil {
		return nil, err
	}
	return &sandboxed{cmd: c, spec: spec.Limits()}, nil
}

func (s *sandboxed) pid() int { return s.cmd.Pid() }
func (s *sandboxed) kill()    { s.cmd.Kill() }
func (s *sandboxed) reap()    {} // nothing outlives the sandbox's init
func (s *sandboxed) wait() ended {
	o, err := s.cmd.Wait()
	return ended{exit: o.Exit, memory: o.Memory, box: &o, limits: s.spec, err: err}
}

// crashLine picks the line that says why a test binary died: a panic or a
// fatal error, else its last line.
func crashLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			return strings.TrimSpace(l)
		}
	}
	if len(lines) > 0 {
		return strings.TrimSpace(lines[len(lines)-1])
	}
	return ""
}

// lookalike matches output that imitates the grader's or go test's lines.
var lookalike = regexp.MustCompile(`(?m)^.*(cutoff-points:|` + regexp.QuoteMeta(checks.RecordPrefix) + `|^\s*--- (PASS|FAIL)|^=== RUN|^(ok|PASS|FAIL)\b).*$`)

// lookalikes returns the lines of a run's output that look like grader or
// go test output (the binary runs without -test.v: it prints none itself
// unless a test fails, and then only FAIL lines).
func lookalikes(text string) []string {
	var out []string
	for _, m := range lookalike.FindAllString(text, -1) {
		m = strings.TrimSpace(m)
		if m == "PASS" || m == "FAIL" || strings.HasPrefix(m, "--- FAIL: ") || strings.HasPrefix(m, "    --- FAIL: ") {
			continue // go test's own
		}
		out = append(out, m)
	}
	return out
}

// capped keeps the first max bytes written to it and drops the rest.
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// score turns a run into the exercise's checks: each registered check at
// its registered points when its signed record says it passed; hidden
// checks (only with instructor files) at their own points.
func score(j *job, run *testRun, hiddenAllowed bool) {
	out, ex := j.out, j.ex
	out.Checks = out.Checks[:0]
	byName := map[string]checks.Record{}
	dups := 0
	for _, r := range run.records {
		k := r.Test + "\x00" + r.Check
		if _, seen := byName[k]; seen {
			dups++
			continue
		}
		byName[k] = r
	}
	stopped := ""
	switch {
	case run.timedOut:
		stopped = fmt.Sprintf("stopped after %s (the time limit): an endless loop or a search that never ends?", seconds(run.limit))
	case run.memory:
		stopped = fmt.Sprintf("stopped: it used more than %d MiB of memory (the limit)", run.mem>>20)
	case run.exit != "" && len(run.records) == 0:
		stopped = "the tests stopped before any check ended (" + run.exit + "): " + run.tail
	case run.exit != "":
		stopped = "the tests stopped before this check ended (" + run.exit + "): " + run.tail
	}
	for _, c := range ex.Checks {
		cr := CheckResult{Name: c.Name, Test: ex.Test, Max: c.Points}
		r, ok := byName[ex.Test+"\x00"+c.Name]
		delete(byName, ex.Test+"\x00"+c.Name)
		switch {
		case !ok && stopped != "":
			cr.Message = []string{stopped}
		case !ok:
			cr.Message = []string{"the tests ended before this check reported (did the code call os.Exit?)"}
		default:
			cr.Passed, cr.Message, cr.Seconds = r.Passed, r.Message, r.Seconds
			if r.Passed {
				cr.Points = c.Points
			} else {
				run.picture(&cr)
			}
		}
		out.Checks = append(out.Checks, cr)
	}
	if stopped != "" && (run.timedOut || run.memory) {
		out.Error = stopped
	}
	// Signed records of checks the registry does not know come from the
	// instructor's hidden tests.
	var extra []checks.Record
	for _, r := range byName {
		extra = append(extra, r)
	}
	slices.SortFunc(extra, func(a, b checks.Record) int { return strings.Compare(a.Test+a.Check, b.Test+b.Check) })
	for _, r := range extra {
		if !hiddenAllowed {
			out.Notes = append(out.Notes, "ignored: a check the grader does not register: "+r.Check)
			continue
		}
		cr := CheckResult{Name: r.Check, Test: r.Test, Max: r.Points, Passed: r.Passed, Message: r.Message, Seconds: r.Seconds, Hidden: true}
		if r.Passed {
			cr.Points = r.Points
		} else {
			run.picture(&cr) // a hidden check built on checks.VisitDiff or WrongAt
		}
		out.Checks = append(out.Checks, cr)
	}
	out.Notes = append(out.Notes, sandboxNotes(run.box, run.limits)...)
	if run.forged > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("ignored: %d line(s) written to the grader's record pipe without the grader's signature", run.forged))
	}
	if dups > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("ignored: %d repeated record(s) of a check (the first counts)", dups))
	}
	if n := len(run.lookies); n > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("ignored: %d printed line(s) that look like grader or go test output, e.g. %q", n, clip(run.lookies[0], 80)))
	}
}

// picture gives the failed check cr the picture its run sent, if any, or
// says why the picture sent was refused.
func (run *testRun) picture(cr *CheckResult) {
	parts := run.pictures[cr.Test+"\x00"+cr.Name]
	if len(parts) == 0 {
		return
	}
	if d, err := checks.ParsePicture(parts); err == nil {
		cr.Picture = &d
	} else {
		cr.PictureError = err.Error()
	}
}

// sandboxNotes says what the sandbox stopped, blocked and limited.
func sandboxNotes(box *sandbox.Outcome, lim sandbox.Spec) []string {
	if box == nil {
		return nil
	}
	var notes []string
	if len(box.Blocked) > 0 {
		notes = append(notes, "blocked: it tried to "+strings.Join(box.Blocked, "; ")+" (the sandbox shows it nothing but its own copy, and no network)")
	}
	if box.Leftovers > 0 {
		notes = append(notes, fmt.Sprintf("stopped: %d process(es) it started and left running when its tests ended (the sandbox ends with the tests)", box.Leftovers))
	}
	if box.Copies > 0 {
		copies := "copies"
		if box.Copies == 1 {
			copies = "copy"
		}
		notes = append(notes, fmt.Sprintf("limited: it started %d %s of its test binary, within the sandbox's %d processes and threads", box.Copies, copies, lim.Procs))
	}
	if box.FDLimit {
		notes = append(notes, fmt.Sprintf("limited: it held %d files open, the most a process may (the sandbox's limit)", lim.FDs))
	}
	if box.DiskFull {
		notes = append(notes, fmt.Sprintf("blocked: its writes reached the %d MiB it may write (the sandbox's limit)", lim.Disk>>20))
	}
	return notes
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

func sameFile(a, b string) bool {
	x, err1 := os.ReadFile(a)
	y, err2 := os.ReadFile(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
