package coursetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/pkg/quiz"
	"github.com/cutoff-go/cutoff/pkg/quiz/nbquiz"
)

// The browser tests open notebooks in JupyterLab, as the course's learners
// do: the venv's `jupyter lab` (JupyterLab from PyPI, pinned in
// requirements.txt) serves a copy of the notebooks on 127.0.0.1 with the
// GoNB kernel, and headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core from testdata/browser) runs a spec of testdata/browser
// against it. TestInteractiveInBrowser (interactive_test.go) uses every
// widget of interactive.ipynb; TestPicturesInJupyterLab opens a notebook
// executed headless and checks its pictures; TestQuizInJupyterLab answers a
// live quiz (pkg/quiz/nbquiz).
//
// They are skipped under -short, and skipped when JupyterLab, GoNB, node,
// playwright-core or Chromium is missing, unless CUTOFF_BROWSER_TESTS=1
// (then that is a failure). Each is bounded by browserTimeout, after which
// the server, its kernels and Chromium are killed; they are killed when the
// test ends in any case.

// browserTimeout bounds one browser test, server start to Chromium's exit.
const browserTimeout = 10 * time.Minute

// browser is what a browser test runs with: pkg/render's, pkg/quiz's and
// cmd/cutoff's tools (internal/browsertest), and the venv's jupyter.
type browser struct {
	browsertest.Tools
	jupyter string
}

// needBrowser skips t (or fails it, with CUTOFF_BROWSER_TESTS=1) when a
// browser test cannot run, and returns what it runs with.
func needBrowser(t *testing.T) browser {
	t.Helper()
	browsertest.SkipShort(t)
	if why := haveTools(); why != "" {
		browsertest.Missing(t, why)
	}
	b := browser{jupyter: filepath.Join(venvDir(), "bin", "jupyter")}
	if err := exec.Command(b.jupyter, "lab", "--version").Run(); err != nil {
		browsertest.Missing(t, "JupyterLab is not installed in "+venvDir()+" (bash .ci/course installs it; CUTOFF_VENV names another venv)")
	}
	b.Tools = browsertest.Require(t)
	return b
}

// courseCopy makes a copy of the course in a temporary directory for a
// server to serve: root/notebooks holds files (name → content), beside
// links to this module's go.mod, go.sum, pkg/, internal/ and testdata/,
// so the setup cell's ${GONB_DIR}/.. is this module. It returns the notebooks directory.
func courseCopy(t *testing.T, files map[string][]byte) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "course")
	nbDir := filepath.Join(root, "notebooks")
	if err := os.MkdirAll(nbDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(nbDir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"go.mod", "go.sum", "pkg", "internal", "exercises", "testdata"} { // what pkg/course imports
		abs, err := filepath.Abs(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return nbDir
}

// labServer is a running JupyterLab server.
type labServer struct {
	base, token string
	notary      []string // the --NotebookNotary flags it trusts notebooks with, for `jupyter trust`
}

// url is the address that opens the notebook name in JupyterLab.
func (s *labServer) url(name string) string {
	return s.base + "lab/tree/" + name + "?token=" + s.token
}

// labSettings are the JupyterLab settings of the tests' server (its
// user_settings_dir), which make the page deterministic and quiet: every
// cell drawn (no windowing, so every output is in the DOM), no autosave (the
// test never writes the notebook), and no news or update checks (nothing
// fetched from outside).
var labSettings = map[string]string{
	"@jupyterlab/notebook-extension/tracker.jupyterlab-settings":      `{"windowingMode": "none"}`,
	"@jupyterlab/docmanager-extension/plugin.jupyterlab-settings":     `{"autosave": false}`,
	"@jupyterlab/apputils-extension/notification.jupyterlab-settings": `{"fetchNews": "false", "checkForUpdates": false}`,
}

// startJupyterLab starts the venv's `jupyter lab` serving dir, bound to
// 127.0.0.1 on a free port with a fresh token, in a process group of its
// own, with its own configuration, runtime, settings and workspaces
// directories and notebook signatures under a temporary directory, and
// waits until it answers. When the test ends (or ctx is done), it asks the
// server to shut down, then kills its process group and its kernels'.
func startJupyterLab(t *testing.T, ctx context.Context, b browser, dir string) *labServer {
	t.Helper()
	tmp := t.TempDir()
	for name, content := range labSettings {
		path := filepath.Join(tmp, "settings", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	raw := make([]byte, 16)
	rand.Read(raw)
	s := &labServer{
		base:  fmt.Sprintf("http://127.0.0.1:%d/", port),
		token: hex.EncodeToString(raw),
		notary: []string{
			"--NotebookNotary.db_file=" + filepath.Join(tmp, "nbsignatures.db"),
			"--NotebookNotary.secret_file=" + filepath.Join(tmp, "notebook_secret"),
		},
	}
	runtime := filepath.Join(tmp, "runtime")
	args := append([]string{"lab", "--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port), "--port-retries=0",
		"--ServerApp.root_dir=" + dir, "--IdentityProvider.token=" + s.token,
		"--LabApp.user_settings_dir=" + filepath.Join(tmp, "settings"),
		"--LabApp.workspaces_dir=" + filepath.Join(tmp, "workspaces"),
		// No announcements, no update checks, no PyPI extension manager:
		// the server makes no requests of its own either.
		"--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
		"--LabApp.extension_manager=readonly", "--ServerApp.terminals_enabled=False",
		// window.jupyterapp, from which the specs read the kernel's state.
		"--expose-app-in-browser",
	}, s.notary...)
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.Command(b.jupyter, args...)
	cmd.Dir = dir
	// The kernels' connection files go to runtime: their command lines name
	// it, which is how the cleanup below finds them.
	cmd.Env = append(os.Environ(), "JUPYTER_RUNTIME_DIR="+runtime, "JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "config"),
		"JUPYTER_PREFER_ENV_PATH=1")
	var log syncBuffer
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		// Ask the server to shut down (it stops its kernels), then make sure.
		if resp, err := http.Post(s.base+"api/shutdown?token="+s.token, "", nil); err == nil {
			resp.Body.Close()
		}
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		browsertest.KillMatching(runtime)
	}
	// On timeout, stop at once: the test's own goroutine may be blocked.
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			browsertest.KillMatching(runtime)
		case <-done:
		}
	}()
	t.Cleanup(func() {
		close(done)
		stop()
		if t.Failed() {
			t.Logf("jupyter lab's log:\n%s", tail(log.String(), 60))
		}
	})
	for {
		resp, err := http.Get(s.base + "api/status?token=" + s.token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("jupyter lab did not answer on %s: %v\n%s", s.base, ctx.Err(), tail(log.String(), 40))
		case <-exited:
			t.Fatalf("jupyter lab exited\n%s", tail(log.String(), 40))
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// syncBuffer is a bytes.Buffer that the server's output and the test may
// use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// pictureCells returns the indices (among all cells) of the cells of nb
// that want a picture (cutoff.want in their metadata holds "picture").
func pictureCells(nb *ipynb.Notebook) []int {
	var idx []int
	for i, c := range nb.Cells {
		if c.CellType == "code" && slices.Contains(c.Metadata.Cutoff.Want, "picture") {
			idx = append(idx, i)
		}
	}
	return idx
}

// foldedCells counts the markdown cells of nb that are folded explanations.
func foldedCells(nb *ipynb.Notebook) int {
	n := 0
	for _, c := range nb.Cells {
		if c.CellType == "markdown" && foldedRE.MatchString(string(c.Source)) {
			n++
		}
	}
	return n
}

// picturesNotebook is the notebook TestPicturesInJupyterLab executes and
// opens: it has pictures and runs in seconds.
const picturesNotebook = "02-alphabeta.ipynb"

// TestPicturesInJupyterLab executes a course notebook headless as
// TestExecute does (runNotebook sets CUTOFF_QUIZ=static, so its quizzes are
// the static HTML kind), signs it with `jupyter trust` (JupyterLab renders
// the HTML and SVG, and runs the scripts, of trusted notebooks only), opens
// it in JupyterLab without running anything and checks in the page
// (testdata/browser/lab-pictures.spec.mjs) that every cell that wants a
// picture draws a visible SVG, that there are that many pictures, that the
// static quizzes are ready to answer, and that no output is an error. It
// saves screenshots to $CUTOFF_BROWSER_OUT when that is set.
func TestPicturesInJupyterLab(t *testing.T) {
	b := needBrowser(t)
	nbDir := courseCopy(t, nil)
	begin := time.Now()
	executed, err := execute(picturesNotebook, nbDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s executed headless in %v", picturesNotebook, time.Since(begin).Round(100*time.Millisecond))
	nb, err := ipynb.Read(executed)
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range check(nb) {
		t.Error(problem)
	}
	pictures := pictureCells(nb)
	if len(pictures) == 0 {
		t.Fatalf("%s has no cell that wants a picture", picturesNotebook)
	}

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	lab := startJupyterLab(t, ctx, b, nbDir)
	trust := exec.CommandContext(ctx, b.jupyter, append(append([]string{"trust"}, lab.notary...), executed)...)
	if out, err := trust.CombinedOutput(); err != nil {
		t.Fatalf("jupyter trust: %v\n%s", err, out)
	}
	b.Run(t, ctx, "lab-pictures.spec.mjs", map[string]any{
		"url":      lab.url(picturesNotebook),
		"name":     strings.TrimSuffix(picturesNotebook, ".ipynb"),
		"pictures": pictures,
		"quizzes":  strings.Count(strings.Join(sources(nb), "\n"), "Ask("),
		"folded":   foldedCells(nb),
		"cells":    len(nb.Cells),
	})
}

// TestQuizInJupyterLab answers a live quiz (pkg/quiz/nbquiz.Ask, with
// CUTOFF_QUIZ unset) in JupyterLab (testdata/browser/lab-quiz.spec.mjs): a
// notebook of the course's setup cell and one cell that asks
// quiz.ShallowOrDeep("deep-cutoff", "Y") — Fig. 6.9's deep cutoff. The
// wrong answer "a shallow cutoff" must get the feedback data-correct="false"
// with the mistake line quiz.Check gives here for the same choice, and the
// truth; "Try again" and the right answer, data-correct="true"; the cell run
// again and answered right, data-correct="true" from the kernel.
func TestQuizInJupyterLab(t *testing.T) {
	b := needBrowser(t)
	t.Setenv(nbquiz.EnvMode, "")
	os.Unsetenv(nbquiz.EnvMode) // live: the kernel grades (t.Setenv restores it)
	const tree, node = "deep-cutoff", "Y"
	q, err := quiz.ShallowOrDeep(tree, node)
	if err != nil {
		t.Fatal(err)
	}
	right := q.Answer()
	if q.Kind != quiz.OneChoice || len(right) != 1 {
		t.Fatalf("ShallowOrDeep(%q, %q) is a %v quiz with answer %v; want one choice", tree, node, q.Kind, right)
	}
	wrong := -1
	for i, o := range q.Options {
		if !o.Correct && wrong < 0 {
			wrong = i
		}
	}
	fb := q.Check([]int{wrong})
	if fb.Correct || fb.Mistake == "" || !q.Check(right).Correct {
		t.Fatalf("quiz.Check: %+v for %d, and %+v for %v", fb, wrong, q.Check(right), right)
	}
	nb, err := quizNotebook(fmt.Sprintf("%%%%\ncourse.Ask(quiz.ShallowOrDeep(%q, %q))", tree, node))
	if err != nil {
		t.Fatal(err)
	}
	nbDir := courseCopy(t, map[string][]byte{"quiz.ipynb": nb})

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	lab := startJupyterLab(t, ctx, b, nbDir)
	b.Run(t, ctx, "lab-quiz.spec.mjs", map[string]any{
		"url":    lab.url("quiz.ipynb"),
		"quizId": q.ID, "kind": "one",
		"wrong": wrong, "wrongMistake": fb.Mistake,
		"right": right[0], "truth": q.Truth,
	})
}

// quizNotebook returns a notebook (nbformat 4, GoNB kernel) of the
// course's setup cell and ask (GoNB adds the imports ask uses).
func quizNotebook(ask string) ([]byte, error) {
	n := 0
	code := func(src string) map[string]any {
		n++
		return map[string]any{"id": fmt.Sprintf("cell-%d", n), "cell_type": "code", "metadata": map[string]any{},
			"execution_count": nil, "outputs": []any{}, "source": src}
	}
	return json.MarshalIndent(map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{
			"kernelspec":    map[string]any{"name": "gonb", "display_name": "Go (gonb)", "language": "go"},
			"language_info": map[string]any{"name": "go"},
		},
		"cells": []any{
			code(setupCell),
			code(ask),
		},
	}, "", " ")
}

// sources returns the code cells' sources of nb.
func sources(nb *ipynb.Notebook) []string {
	var out []string
	for _, c := range nb.Cells {
		if c.CellType == "code" {
			out = append(out, string(c.Source))
		}
	}
	return out
}
