package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/modroot"
)

// Required reports whether CUTOFF_BROWSER_TESTS=1: then a browser test
// that cannot run fails instead of being skipped.
func Required() bool { return os.Getenv("CUTOFF_BROWSER_TESTS") == "1" }

// SkipShort skips t under -short, unless Required.
func SkipShort(t testing.TB) {
	t.Helper()
	if testing.Short() && !Required() {
		t.Skip("browser test skipped under -short")
	}
}

// Missing stops t because what (e.g. "node is not on PATH") is missing:
// a failure when Required, else a skip.
func Missing(t testing.TB, what string) {
	t.Helper()
	if Required() {
		t.Fatalf("CUTOFF_BROWSER_TESTS=1 but %s (run .ci/test's install section)", what)
	}
	t.Skipf("%s; set CUTOFF_BROWSER_TESTS=1 to make this a failure", what)
}

// Tools is what a browser test runs with.
type Tools struct {
	Chromium string // $CUTOFF_CHROMIUM, or /usr/bin/chromium
	Node     string // node, from PATH
	Dir      string // the module's testdata/browser, absolute
	Out      string // screenshots: $CUTOFF_BROWSER_OUT, or a temporary directory
}

// Require skips t under -short (SkipShort), stops it (Missing) when
// Chromium, node or playwright-core is missing, and returns the tools.
func Require(t testing.TB) Tools {
	t.Helper()
	SkipShort(t)
	var tl Tools
	if tl.Chromium = os.Getenv("CUTOFF_CHROMIUM"); tl.Chromium == "" {
		tl.Chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(tl.Chromium); err != nil {
		Missing(t, tl.Chromium+" is missing (Debian package chromium)")
	}
	var err error
	if tl.Node, err = exec.LookPath("node"); err != nil {
		Missing(t, "node is not on PATH")
	}
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	tl.Dir = filepath.Join(root, "testdata", "browser")
	if _, err := os.Stat(filepath.Join(tl.Dir, "node_modules", "playwright-core")); err != nil {
		Missing(t, "testdata/browser/node_modules/playwright-core is missing (npm ci --prefix testdata/browser)")
	}
	if tl.Out = os.Getenv("CUTOFF_BROWSER_OUT"); tl.Out == "" {
		tl.Out = filepath.Join(t.TempDir(), "out")
	}
	return tl
}

// Timeout is $CUTOFF_BROWSER_TIMEOUT (e.g. "1s", to try the kill path) when
// set, else def.
func Timeout(t testing.TB, def time.Duration) time.Duration {
	t.Helper()
	s := os.Getenv("CUTOFF_BROWSER_TIMEOUT")
	if s == "" {
		return def
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("CUTOFF_BROWSER_TIMEOUT: %v", err)
	}
	return d
}

// Run runs node on testdata/browser/spec with expect written to a JSON
// file, its one argument, with "out" set to tl.Out and "profile" to a fresh
// directory for Chromium's profile (never under tl.Out, which other
// packages' browser tests may share: the only Chromium whose command line
// names it is the one the spec starts). node runs in a process group of its
// own, killed with that Chromium when ctx is done; that Chromium is killed
// when the spec ends in any case. Run logs node's output and fails t when
// the spec fails or times out.
func (tl Tools) Run(t testing.TB, ctx context.Context, spec string, expect map[string]any) {
	t.Helper()
	tmp := t.TempDir()
	profile := filepath.Join(tmp, "chromium-profile")
	expect["out"], expect["profile"] = tl.Out, profile
	js, err := json.Marshal(expect)
	if err != nil {
		t.Fatal(err)
	}
	expectPath := filepath.Join(tmp, "expect.json")
	if err := os.WriteFile(expectPath, js, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, tl.Node, filepath.Join(tl.Dir, spec), expectPath)
	cmd.Env = append(os.Environ(), "CUTOFF_CHROMIUM="+tl.Chromium)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// playwright starts Chromium in a process group of its own: kill
		// that too, found by its fresh profile directory, then node's.
		KillMatching("--user-data-dir=" + profile)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 10 * time.Second
	begin := time.Now()
	output, err := cmd.CombinedOutput()
	t.Logf("node %s (%v):\n%s", spec, time.Since(begin).Round(100*time.Millisecond), output)
	KillMatching("--user-data-dir=" + profile) // nothing should be left; make sure
	if ctx.Err() != nil {
		t.Fatalf("browser test timed out: %v", ctx.Err())
	}
	if err != nil {
		t.Fatalf("browser test failed: %v", err)
	}
}

// Screenshot checks that the PNG file path, a spec's screenshot, decodes
// and is at least 100×100 pixels, and logs its size.
func Screenshot(t testing.TB, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("screenshot %s: %v", path, err)
	}
	if r := img.Bounds(); r.Dx() < 100 || r.Dy() < 100 {
		t.Errorf("screenshot %s is only %v", path, r)
	}
	t.Logf("screenshot: %s (%v)", path, img.Bounds().Size())
}

// KillMatching kills the process groups of the processes whose command line
// contains s (naming a directory the test made fresh, such as a Chromium
// profile), and those processes; never this process or its group.
func KillMatching(s string) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.Contains(cmdline, []byte(s)) {
			continue
		}
		if pgid, err := syscall.Getpgid(pid); err == nil && pgid > 1 && pgid != syscall.Getpgrp() {
			syscall.Kill(-pgid, syscall.SIGKILL)
		}
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// CheckJS parses each named .js file of fsys (a package's embedded
// scripts) with `node --check`, which reports any syntax error with its
// line. Without node it is skipped, or fails when Required. It is not
// skipped under -short: a parse takes a fraction of a second.
func CheckJS(t *testing.T, fsys fs.FS, names ...string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		Missing(t, "node is not on PATH")
	}
	if len(names) == 0 {
		t.Fatal("CheckJS: no scripts named")
	}
	dir := t.TempDir()
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(node, "--check", p).CombinedOutput(); err != nil {
			t.Errorf("node --check %s: %v\n%s", name, err, out)
		}
	}
}
