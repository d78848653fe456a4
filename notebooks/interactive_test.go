package notebooks

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
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// interactive is the notebook with GoNB widgets: it needs a live front end,
// so TestExecute leaves it out and TestInteractiveInBrowser runs it.
const interactive = "interactive.ipynb"

// TestInteractiveInBrowser runs interactive.ipynb as a learner does: a
// classic Jupyter server on 127.0.0.1 with the GoNB kernel, the notebook
// opened in headless Chromium (testdata/browser/notebook.spec.mjs, with
// playwright-core), every cell run, then the widgets used — slider, ◀ ▶,
// the tree and algorithm menus, Stop — while the test checks each caption
// and picture against the same searches run here.
//
// The notebook runs from a copy in a temporary directory (beside links to
// this module's go.mod, go.sum and pkg/), so the committed file is never
// written. It needs Jupyter's classic notebook, the GoNB kernel, node,
// playwright-core and /usr/bin/chromium; without them it is skipped, unless
// CUTOFF_BROWSER_TESTS=1 (as in CI). It is skipped under -short and bounded
// by 10 minutes, after which the server, the kernel and Chromium are killed.
func TestInteractiveInBrowser(t *testing.T) {
	required := os.Getenv("CUTOFF_BROWSER_TESTS") == "1"
	if testing.Short() && !required {
		t.Skip("browser test skipped under -short")
	}
	missing := func(what string) {
		t.Helper()
		if required {
			t.Fatalf("CUTOFF_BROWSER_TESTS=1 but %s (run .ci/test's install section)", what)
		}
		t.Skipf("%s; set CUTOFF_BROWSER_TESTS=1 to make this a failure", what)
	}
	if why := haveTools(); why != "" {
		missing(why)
	}
	if err := exec.Command("jupyter", "notebook", "--version").Run(); err != nil {
		missing("the classic Jupyter notebook is not installed (Debian: jupyter-notebook)")
	}
	chromium := os.Getenv("CUTOFF_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing(chromium + " is missing (Debian package chromium)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	browserDir, err := filepath.Abs(filepath.Join("..", "testdata", "browser"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(browserDir, "node_modules", "playwright-core")); err != nil {
		missing("testdata/browser/node_modules/playwright-core is missing (npm ci --prefix testdata/browser)")
	}

	expect := interactiveExpectations(t)
	tmp := t.TempDir()
	root := filepath.Join(tmp, "course")
	nbDir := filepath.Join(root, "notebooks")
	if err := os.MkdirAll(nbDir, 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(interactive)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nbDir, interactive), src, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go.mod", "go.sum", "pkg"} {
		abs, err := filepath.Abs(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	runtime := filepath.Join(tmp, "runtime")
	base := startJupyter(t, ctx, nbDir, runtime)
	out := os.Getenv("CUTOFF_BROWSER_OUT")
	if out == "" {
		out = filepath.Join(tmp, "out")
	}
	expect["url"] = strings.Replace(base, "?token=", "notebooks/"+interactive+"?token=", 1)
	expect["out"] = out
	js, err := json.Marshal(expect)
	if err != nil {
		t.Fatal(err)
	}
	expectPath := filepath.Join(tmp, "expect.json")
	if err := os.WriteFile(expectPath, js, 0o644); err != nil {
		t.Fatal(err)
	}
	profile := filepath.Join(out, "chromium-profile")
	cmd := exec.CommandContext(ctx, node, filepath.Join(browserDir, "notebook.spec.mjs"), expectPath)
	cmd.Env = append(os.Environ(), "CUTOFF_CHROMIUM="+chromium)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		killMatching("--user-data-dir=" + profile)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 10 * time.Second
	output, err := cmd.CombinedOutput()
	t.Logf("node notebook.spec.mjs:\n%s", output)
	killMatching("--user-data-dir=" + profile)
	if ctx.Err() != nil {
		t.Fatalf("browser test timed out: %v", ctx.Err())
	}
	if err != nil {
		t.Fatalf("browser test failed: %v", err)
	}
	if got, err := os.ReadFile(interactive); err != nil || !bytes.Equal(got, src) {
		t.Errorf("the committed %s changed during the test", interactive)
	}
}

// interactiveExpectations runs the searches the notebook shows and returns
// what notebook.spec.mjs must find: the player's frame count, and the
// captions and node counts of the widget's steps.
func interactiveExpectations(t *testing.T) map[string]any {
	t.Helper()
	ctx := context.Background()
	r, err := render.NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// events records the search of a fixture or tree literal, as the notebook does.
	events := func(tree, name string) (*algos.Recorder[gametree.Node], []string) {
		if f, ok := gametree.FixtureByName(tree); ok {
			tree = f.Literal
		}
		parsed, err := gametree.Parse(tree)
		if err != nil {
			t.Fatal(err)
		}
		search, err := algos.ByName[gametree.Node](name)
		if err != nil {
			t.Fatal(err)
		}
		rec := algos.NewRecorder[gametree.Node]()
		if _, err := search(parsed.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
			t.Fatal(err)
		}
		return rec, render.EventLines(rec)
	}
	rec, first := events("aima-fig5.2", "alphabeta")
	dot, err := render.TreeDOT(rec, render.TreeOptions{Windows: true, Step: len(first)})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := r.SVG(ctx, dot)
	if err != nil {
		t.Fatal(err)
	}
	// The notebook's last tree, where PVS re-searches (pkg/render's pvsResearch).
	const research = "A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))"
	_, tree := events(research, "alphabeta")
	_, second := events(research, "pvs")
	step := 0
	for i, e := range second {
		if strings.HasPrefix(e, "re-search") {
			step = i + 1
			break
		}
	}
	if step == 0 {
		t.Fatalf("pvs does not re-search on %s", research)
	}
	return map[string]any{
		"playerFrames": len(first), // the player draws one frame per event
		"first": map[string]any{
			"algorithm": "alphabeta", "steps": len(first),
			"firstEvent": first[0], "lastEvent": first[len(first)-1], "beforeLastEvent": first[len(first)-2],
			"lastNodes": len(svgNode.FindAll(svg, -1)),
		},
		"second": map[string]any{
			"tree": research, "treeSteps": len(tree),
			"algorithm": "pvs", "steps": len(second), "events": second, "researchStep": step,
		},
	}
}

// svgNode finds the drawn tree nodes of a Graphviz SVG, <g class="node …">,
// as the browser's selector "svg g.node" does.
var svgNode = regexp.MustCompile(`<g [^>]*class="node[ "]`)

// startJupyter starts the classic notebook server on notebooks dir, bound to
// 127.0.0.1 on a free port with a fresh token, in a process group of its own,
// waits until it answers and returns its base URL (with "?token=…"). The
// server, its kernels and their programs are stopped when the test ends.
func startJupyter(t *testing.T, ctx context.Context, dir, runtime string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	raw := make([]byte, 16)
	rand.Read(raw)
	token := hex.EncodeToString(raw)
	args := []string{"notebook", "--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port), "--port-retries=0",
		"--notebook-dir=" + dir, "--NotebookApp.token=" + token, "--NotebookApp.open_browser=False"}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.Command("jupyter", args...)
	cmd.Dir = dir // GoNB takes the notebooks directory from its working directory
	// The kernels' connection files go to runtime: their command lines name
	// it, which is how the cleanup below finds them.
	cmd.Env = append(os.Environ(), "JUPYTER_RUNTIME_DIR="+runtime)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("http://127.0.0.1:%d/", port)
	t.Cleanup(func() {
		// Ask the server to shut down (it stops its kernels), then make sure.
		if resp, err := http.Post(base+"api/shutdown?token="+token, "", nil); err == nil {
			resp.Body.Close()
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		killMatching(runtime)
		if t.Failed() {
			t.Logf("jupyter notebook's log:\n%s", tail(log.String(), 60))
		}
	})
	for {
		resp, err := http.Get(base + "api/status?token=" + token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base + "?token=" + token
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("jupyter notebook did not answer on %s: %v\n%s", base, ctx.Err(), tail(log.String(), 40))
		case <-time.After(300 * time.Millisecond):
		}
		if cmd.ProcessState != nil {
			t.Fatalf("jupyter notebook exited\n%s", tail(log.String(), 40))
		}
	}
}

// killMatching kills the process groups of the processes whose command line
// contains s (a directory this test made fresh), and those processes.
func killMatching(s string) {
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
