package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cutoff-go/cutoff/internal/autograde"
)

// noSandbox runs cutoff with args where no sandbox can be made: in a user
// namespace of its own that may create no more (max_user_namespaces 0), as
// a kernel with user namespaces switched off would. Where there is no
// sandbox to begin with, cutoff runs as it is.
func noSandbox(t *testing.T, bin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	if _, err := autograde.Sandbox(); err == nil {
		cmd = exec.Command("/bin/sh", append([]string{"-c", `echo 0 >/proc/sys/user/max_user_namespaces && exec "$@"`, "sh", bin}, args...)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWUSER,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		}
	}
	cmd.Dir = "../.."
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%v: %v", args, err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// Where no sandbox can be made (found by trying), -class refuses in one
// line with exit status 2 and says what to do; -unsandboxed grades the
// class all the same, saying so; one submission is graded with a note.
func TestGradeWithoutSandbox(t *testing.T) {
	bin := buildCutoff(t)
	class := t.TempDir()
	copyTree(t, filepath.Join(solutionsDir, "01-minimax"), filepath.Join(class, "alice", "01-minimax"))
	book := filepath.Join(t.TempDir(), "book")

	code, stdout, stderr := noSandbox(t, bin, "grade", "-class", class, "-gradebook", book, "-run", "^01-")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	t.Log(lines[0])
	if code != exitUsage || stdout != "" || len(lines) != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and one line", code, stdout, stderr)
	}
	for _, want := range []string{"no sandbox", "user namespaces", "container", "-unsandboxed"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the refusal does not say %q: %s", want, lines[0])
		}
	}
	if _, err := os.Stat(book + ".csv"); err == nil {
		t.Errorf("a gradebook was written")
	}

	code, stdout, stderr = noSandbox(t, bin, "grade", "-class", class, "-gradebook", book, "-run", "^01-", "-unsandboxed")
	if code != exitOK || !strings.Contains(stdout, "alice") || !strings.Contains(stdout, "100/100") || !strings.Contains(stderr, "cutoff grade: no sandbox (-unsandboxed)") {
		t.Errorf("-unsandboxed: exit %d\n%s\n%s", code, stdout, stderr)
	}

	code, stdout, stderr = noSandbox(t, bin, "grade", "-run", "^01-", filepath.Join(class, "alice"))
	if code != exitOK || !strings.Contains(stdout, "01-minimax            100/100") || !strings.Contains(stderr, "cutoff grade: no sandbox: user namespaces are not available here") {
		t.Errorf("one submission: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
