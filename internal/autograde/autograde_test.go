package autograde

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/sandbox"
)

// TestMain lets the test binary be the sandbox's init.
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}

func TestForbidden(t *testing.T) {
	for path, allowed := range map[string]bool{
		"fmt": true, "os": true, "net/http": true, StudentAPI: true,
		"os/exec": false, "syscall": false, "unsafe": false, "reflect": false, "C": false,
		ModulePath + "/pkg/algos": false, "github.com/x/y": false,
	} {
		if got := forbidden(path) == ""; got != allowed {
			t.Errorf("forbidden(%q) = %q", path, forbidden(path))
		}
	}
}

// submission copies the files of dirs, in order, into a fresh exercise
// folder and returns it.
func submission(t *testing.T, exercise string, dirs ...string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), exercise)
	os.MkdirAll(dst, 0o755)
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*.go"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644)
		}
	}
	return dst
}

// Grade runs the code in the sandbox where there is one, and says so;
// Unsandboxed runs it without.
func TestGradeSandboxed(t *testing.T) {
	sub := submission(t, "01-minimax", "../../exercises/01-minimax", "../../solutions/01-minimax")
	for _, unsandboxed := range []bool{false, true} {
		res, err := Grade(context.Background(), sub, Options{Module: "../..", Only: regexp.MustCompile("^01-"), Unsandboxed: unsandboxed, Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if _, err := Sandbox(); err == nil && !unsandboxed {
			want = sandbox.Name
		}
		if got, max := res.Score(); got != 100 || max != 100 || res.Sandbox != want {
			t.Errorf("unsandboxed %v: %d/%d, sandbox %q; want 100/100 in %q", unsandboxed, got, max, res.Sandbox, want)
		}
	}
}

// Options.Disk is the sandbox's bound on bytes written: a submission that
// writes gigabytes is held to it, and the report names it.
func TestGradeDiskLimit(t *testing.T) {
	if _, err := Sandbox(); err != nil {
		if os.Getenv("CUTOFF_SANDBOX_TESTS") != "" {
			t.Fatalf("CUTOFF_SANDBOX_TESTS is set but there is no sandbox: %v", err)
		}
		t.Skipf("no sandbox here: %v", err)
	}
	sub := submission(t, "02-alphabeta", "../../exercises/02-alphabeta", "../../testdata/hostile/disk-filler/02-alphabeta")
	res, err := Grade(context.Background(), sub, Options{Module: "../..", Only: regexp.MustCompile("^02-"), Disk: 8 << 20, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	e := res.Exercises[0]
	if got, _ := e.Score(); got != 100 || !strings.Contains(strings.Join(e.Notes, "\n"), "reached the 8 MiB it may write") {
		t.Errorf("%d points, notes %q; want 100 and the 8 MiB limit named", got, e.Notes)
	}
}
