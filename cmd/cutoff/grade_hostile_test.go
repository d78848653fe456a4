package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/internal/proc"
)

const hostileDir = "../../testdata/hostile"

// world is what a hostile submission goes after: the instructor's home
// (with an SSH key), their hidden tests, a folder outside the class, a
// class folder with another student's submission, listeners of the test
// on the loopback and on another of the host's addresses, and a process of
// the test's.
type world struct {
	home, hidden, outside, class string
	tcpHits, udpHits             atomic.Int64
	sentinel                     *exec.Cmd
	sentinelDone                 atomic.Bool
	vars                         map[string]string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	base := t.TempDir()
	w := &world{
		home:    filepath.Join(base, "home"),
		hidden:  filepath.Join(base, "hidden"),
		outside: filepath.Join(base, "outside"),
		class:   filepath.Join(base, "class"),
	}
	for _, d := range []string{filepath.Join(w.home, ".ssh"), filepath.Join(w.hidden, "02-alphabeta"), w.outside, w.class} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(w.home, ".ssh", "id_ed25519"), []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nthe instructor's\n"), 0o600)
	os.WriteFile(filepath.Join(w.hidden, "02-alphabeta", "hidden_test.go"), []byte("package alphabeta\n\nimport \"testing\"\n\n// The instructor's hidden test: graded nothing, secret all the same.\nfunc TestHiddenSecret(t *testing.T) {}\n"), 0o644)
	// The victim: another student, whose folder the hostile ones go after.
	copyTree(t, filepath.Join(exercisesDir, "02-alphabeta"), filepath.Join(w.class, "victim", "02-alphabeta"))
	copyTree(t, filepath.Join(solutionsDir, "02-alphabeta"), filepath.Join(w.class, "victim", "02-alphabeta"))

	tcp, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tcp.Close() })
	go func() {
		for {
			c, err := tcp.Accept()
			if err != nil {
				return
			}
			w.tcpHits.Add(1)
			c.Close()
		}
	}()
	udp, err := net.ListenPacket("udp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { udp.Close() })
	go func() {
		buf := make([]byte, 512)
		for {
			if _, _, err := udp.ReadFrom(buf); err != nil {
				return
			}
			w.udpHits.Add(1)
		}
	}()
	tport := strconv.Itoa(tcp.Addr().(*net.TCPAddr).Port)
	uport := strconv.Itoa(udp.LocalAddr().(*net.UDPAddr).Port)
	far := farAddress(t)

	w.sentinel = exec.Command("sleep", "600")
	if err := w.sentinel.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan struct{})
	go func() { w.sentinel.Wait(); w.sentinelDone.Store(true); close(waited) }()
	t.Cleanup(func() { w.sentinel.Process.Kill(); <-waited })

	module, _ := filepath.Abs("../..")
	w.vars = map[string]string{
		"@HOME@": w.home, "@HIDDEN@": w.hidden, "@OUTSIDE@": w.outside, "@CLASS@": w.class, "@MODULE@": module,
		"@TCP@": "127.0.0.1:" + tport, "@UDP@": "127.0.0.1:" + uport,
		"@FARTCP@": net.JoinHostPort(far, tport), "@FARUDP@": net.JoinHostPort(far, uport),
		"@PID@": strconv.Itoa(w.sentinel.Process.Pid),
	}
	return w
}

// farAddress is an address of this machine other than 127.0.0.1 that the
// test's listeners (on every address) answer on: 127.0.0.2, in the
// loopback range. A sandbox that let a submission reach the host's
// loopback through another address would fail the test; no traffic ever
// leaves the machine (the host's other addresses are in ranges this
// workplace must not send to).
func farAddress(t *testing.T) string {
	t.Helper()
	return "127.0.0.2"
}

// enrol copies a hostile submission into the class as a student, its
// placeholders filled in.
func (w *world) enrol(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join(hostileDir, name, "02-alphabeta")
	dst := filepath.Join(w.class, name, "02-alphabeta")
	copyTree(t, filepath.Join(exercisesDir, "02-alphabeta"), dst)
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for k, v := range w.vars {
			s = strings.ReplaceAll(s, k, v)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(w.class, name)
}

// snapshots hashes (here: keeps) every file the hostile submissions must
// leave alone.
func (w *world) snapshots(t *testing.T) map[string]string {
	m := snapshot(t, filepath.Dir(w.class)) // home, hidden, outside, class
	for k, v := range snapshot(t, filepath.Join(solutionsDir, "02-alphabeta")) {
		m[k] = v
	}
	for k, v := range snapshot(t, filepath.Join(exercisesDir, "02-alphabeta")) {
		m[k] = v
	}
	return m
}

func (w *world) alive() bool {
	return !w.sentinelDone.Load()
}

var unsandboxedLine = regexp.MustCompile(`(?m)^// unsandboxed: (\d+)$`)

// unsandboxedRootLine is the score of an attack that a grader running as
// root defeats even unsandboxed, by running the code as nobody.
var unsandboxedRootLine = regexp.MustCompile(`(?m)^// unsandboxed as root: (\d+)$`)

// Every hostile submission in testdata/hostile, graded as a class in the
// sandbox: each attempt fails or is stopped, each scores what its honest
// part earns with what was stopped named, and nothing outside its copy
// changed: the class folder, the other student, the instructor's home,
// hidden tests and module, a folder outside; the test's listeners heard
// nothing and its process lives.
func TestGradeHostileClass(t *testing.T) {
	if _, err := autograde.Sandbox(); err != nil {
		if os.Getenv("CUTOFF_SANDBOX_TESTS") != "" {
			t.Fatalf("CUTOFF_SANDBOX_TESTS is set but there is no sandbox: %v", err)
		}
		t.Skipf("no sandbox here (%v): hostile code is not run unsandboxed", err)
	}
	names := hostileNames(t)
	w := newWorld(t)
	specs := map[string]cheatSpec{}
	for _, n := range names {
		w.enrol(t, n)
		specs[n] = readCheat(t, filepath.Join(hostileDir, n, "02-alphabeta"))
	}
	before := w.snapshots(t)
	book := filepath.Join(t.TempDir(), "book")
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := run([]string{"grade", "-class", w.class, "-with", w.hidden, "-gradebook", book, "-run", "^02-", "-timeout", "30s", "-jobs", "2"}, nil, &stdout, &stderr)
	elapsed := time.Since(start)
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "cutoff grade: sandbox: Linux namespaces (user, net, pid, mount") {
		t.Errorf("stderr does not name the sandbox:\n%s", stderr.String())
	}
	var gb struct {
		Students []gradereport.Student `json:"students"`
	}
	b, err := os.ReadFile(book + ".json")
	if err != nil || json.Unmarshal(b, &gb) != nil {
		t.Fatalf("gradebook: %v\n%s", err, b)
	}
	got := map[string]gradereport.Student{}
	for _, s := range gb.Students {
		got[s.Student] = s
	}
	if s := got["victim"]; s.Points != 100 || len(s.Exercises) != 1 || len(s.Exercises[0].Notes) > 0 {
		t.Errorf("the victim scored %d, want 100 with no note: %+v", s.Points, s.Exercises)
	}
	for _, n := range names {
		s, ok := got[n]
		if !ok || len(s.Exercises) != 1 {
			t.Errorf("%s: not in the gradebook", n)
			continue
		}
		e := s.Exercises[0]
		if e.Points != specs[n].want {
			t.Errorf("%s: %d points, want %d: %s %q %+v", n, e.Points, specs[n].want, e.Error, e.Notes, e.CheckList)
		}
		for _, note := range specs[n].note {
			for k, v := range w.vars {
				note = strings.ReplaceAll(note, k, v)
			}
			if !strings.Contains(strings.Join(e.Notes, "\n"), note) {
				t.Errorf("%s: no note says %q: %q", n, note, e.Notes)
			}
		}
		t.Logf("%s: %d/100 in %.1f s; %q", n, e.Points, s.Seconds, e.Notes)
	}
	if m := regexp.MustCompile(`stopped: (\d+) process`).FindStringSubmatch(strings.Join(got["fork-bomb"].Exercises[0].Notes, "\n")); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 256 {
			t.Errorf("the fork bomb had %d processes: more than the limit, 256", n)
		}
	}
	if s := got["outlive"]; s.Seconds >= 20 {
		t.Errorf("outlive took %.0f s: its grading waited for the process it left", s.Seconds)
	}
	after := w.snapshots(t)
	for p, c := range before {
		if a, ok := after[p]; !ok || a != c {
			t.Errorf("grading the class changed %s", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("grading the class made %s", p)
		}
	}
	if n, u := w.tcpHits.Load(), w.udpHits.Load(); n+u > 0 {
		t.Errorf("the test's listeners heard %d connection(s) and %d datagram(s)", n, u)
	}
	if !w.alive() {
		t.Errorf("the test's own process was killed")
	}
	t.Logf("%d hostile submissions graded in %.1f s", len(names), elapsed.Seconds())
}

// The proof that TestGradeHostileClass can fail: graded -unsandboxed, each
// hostile submission with an "unsandboxed: N" line (those safe to run so)
// gets at what it goes after and scores N, in a world of its own.
func TestGradeHostileUnsandboxed(t *testing.T) {
	for _, n := range hostileNames(t) {
		src, _ := os.ReadFile(filepath.Join(hostileDir, n, "02-alphabeta", "alphabeta.go"))
		m := unsandboxedLine.FindSubmatch(src)
		if m == nil {
			continue
		}
		want, _ := strconv.Atoi(string(m[1]))
		asNobody := false
		if r := unsandboxedRootLine.FindSubmatch(src); r != nil && proc.DropsRoot() {
			want, _ = strconv.Atoi(string(r[1]))
			asNobody = true
		}
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			spec := readCheat(t, filepath.Join(hostileDir, n, "02-alphabeta"))
			sub := w.enrol(t, n)
			args := append([]string{"-unsandboxed", "-jobs", "1"}, spec.flags...)
			res, _ := gradeJSON(t, append(args, sub)...)
			got, stopped := -1, "" // 02-alphabeta's: the submissions are of 02
			for _, e := range res.Exercises {
				if e.Name == "02-alphabeta" {
					got, stopped = e.Points, e.Error
				}
			}
			if got != want {
				t.Errorf("unsandboxed it scores %d, want %d (its attempt should work there; as root, the code run as nobody: %v)", got, want, asNobody)
			}
			switch n {
			case "network":
				if w.tcpHits.Load() == 0 {
					t.Errorf("unsandboxed, the listener heard nothing")
				}
			case "outlive": // the grader waited for the process it left
				if !strings.Contains(stopped, "the time limit") {
					t.Errorf("unsandboxed, the grader did not wait for the process left: %q", stopped)
				}
			case "signal-others":
				time.Sleep(100 * time.Millisecond)
				if asNobody && !w.alive() {
					t.Errorf("unsandboxed as root (the code run as nobody), the test's process was killed")
				} else if !asNobody && w.alive() {
					t.Errorf("unsandboxed, the test's process still lives")
				}
			}
		})
	}
}

func hostileNames(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(hostileDir, "*", "02-alphabeta"))
	if err != nil || len(dirs) < 10 {
		t.Fatalf("hostile submissions in %s: %d (%v); want at least 10", hostileDir, len(dirs), err)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, filepath.Base(filepath.Dir(d)))
	}
	return names
}
