package sandbox

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary be the sandbox's init.
func TestMain(m *testing.M) {
	Main()
	os.Exit(m.Run())
}

// need skips a test where there is no sandbox, or fails it where one is
// required (CUTOFF_SANDBOX_TESTS=1, as CI sets it).
func need(t testing.TB) {
	t.Helper()
	if err := Available(); err != nil {
		if os.Getenv("CUTOFF_SANDBOX_TESTS") != "" {
			t.Fatalf("CUTOFF_SANDBOX_TESTS is set but there is no sandbox: %v", err)
		}
		t.Skipf("no sandbox here: %v", err)
	}
}

// probeBinary builds testdata/probe, statically.
func probeBinary(t testing.TB) string {
	t.Helper()
	need(t)
	bin := filepath.Join(t.TempDir(), "probe")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = "testdata/probe"
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func start(t *testing.T, spec Spec) (Outcome, string) {
	t.Helper()
	spec.Root = t.TempDir()
	var out bytes.Buffer
	spec.Stdout, spec.Stderr = &out, &out
	c, err := Start(spec)
	if err != nil {
		t.Fatal(err)
	}
	o, err := c.Wait()
	if err != nil {
		t.Fatal(err)
	}
	return o, out.String()
}

// What a program sees in the sandbox: its own binary, three devices, its
// /proc and /work; no capability; the limits; no network; the files it is
// given; and outside, the root folder stays empty.
func TestSandboxView(t *testing.T) {
	bin := probeBinary(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	r, w, _ := os.Pipe()
	w.Write([]byte("hello"))
	w.Close()
	env := []string{"PROBE_DIAL=" + ln.Addr().String(), "PROBE_PID=" + strconv.Itoa(os.Getpid())}
	o, out := start(t, Spec{Binary: bin, Env: env, Files: []*os.File{r}})
	r.Close()
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || o.Exit != "" {
		t.Fatalf("%+v: %v\n%s", o, err, out)
	}
	want := map[string]any{
		"root": "dev exercise.test proc work", "etc": false,
		"CapEff": "0000000000000000", "CapPrm": "0000000000000000", "CapBnd": "0000000000000000", "NoNewPrivs": "1",
		"Max processes": "256", "Max open files": "256", "Max file size": "67108864",
		"write /": false, "write binary": false, "write /work": true,
		"hostname": "sandbox", "ppid": 1.0, "processes": 2.0, "dial": false, "fd3": "hello",
		"read /work/ann": false, "start": false, "signal": false,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %v, want %v", k, got[k], v)
		}
	}
	// What it tried outside, named in order; its own files (/work/x,
	// /work/missing, whose folder is its own) and the Go runtime's reads
	// are not.
	if watchedCalls != nil {
		blocked := []string{
			"read /etc/passwd", "write /x", "write /exercise.test", "read /work/ann/.ssh/id_ed25519",
			"start /bin/sh", "signal the process " + strconv.Itoa(os.Getpid()), "connect to " + ln.Addr().String(),
		}
		if !o.Watched || !slices.Equal(o.Blocked, blocked) || o.Copies != 0 || o.FDLimit {
			t.Errorf("watched %v, blocked %q, copies %d, fd limit %v; want watched, blocked %q, no copy, no limit",
				o.Watched, o.Blocked, o.Copies, o.FDLimit, blocked)
		}
	}
}

// A program over the memory limit is stopped, with what it started; what
// a program leaves running when it ends is stopped and counted, and the
// copies it starts and the limit of open files it reaches are seen.
func TestSandboxStops(t *testing.T) {
	bin := probeBinary(t)
	t0 := time.Now()
	o, out := start(t, Spec{Binary: bin, Args: []string{"hog"}, Memory: 200 << 20})
	if !o.Memory || o.Exit != "signal: killed" || time.Since(t0) > 8*time.Second {
		t.Errorf("hog: %+v after %v; want stopped at 200 MiB at once\n%s", o, time.Since(t0), out)
	}
	o, out = start(t, Spec{Binary: bin, Args: []string{"leave"}})
	if o.Leftovers != 1 || o.Exit != "" || watchedCalls != nil && (o.Copies != 1 || len(o.Blocked) > 0) {
		t.Errorf("leave: %+v; want 1 process left and stopped, 1 copy started, nothing blocked\n%s", o, out)
	}
	o, out = start(t, Spec{Binary: bin, Args: []string{"files"}, FDs: 100})
	if o.Exit != "" || watchedCalls != nil && !o.FDLimit {
		t.Errorf("files: %+v; want the limit of open files reached\n%s", o, out)
	}
	o, _ = start(t, Spec{Binary: bin, Args: []string{"true"}, FDs: 100})
	if o.FDLimit || len(o.Blocked) > 0 || o.Copies > 0 {
		t.Errorf("true: %+v; want nothing seen", o)
	}
}

func TestSandboxNamesItsFailure(t *testing.T) {
	need(t)
	c, err := Start(Spec{Binary: "/nonexistent/binary", Root: t.TempDir()})
	if err == nil {
		_, err = c.Wait()
	}
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/binary") {
		t.Errorf("err = %v; want one that names the binary", err)
	}
}

// The sandbox's cost: a program that does nothing, run in it, and run as
// cutoff grade runs it without (a shell that sets ulimit -v and execs it).
//
//	go test -run '^$' -bench Start ./internal/sandbox
func BenchmarkStart(b *testing.B) {
	bin := probeBinary(b)
	b.Run("sandbox", func(b *testing.B) {
		for range b.N {
			c, err := Start(Spec{Binary: bin, Args: []string{"true"}, Root: b.TempDir(), Memory: 1 << 30, AddressSpace: 3 << 30})
			if err != nil {
				b.Fatal(err)
			}
			if o, err := c.Wait(); err != nil || o.Exit != "" {
				b.Fatal(o, err)
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		for range b.N {
			if err := exec.Command("/bin/sh", "-c", `ulimit -v 3145728; exec "$0" true`, bin).Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
