// TestCommitted runs everywhere: every notebook is committed without
// outputs and starts with the setup cell. TestExecute runs every notebook
// headless with nbconvert on the GoNB kernel and checks its outputs; it is
// skipped under -short, and skipped when Jupyter or GoNB is missing unless
// CUTOFF_NOTEBOOK_TESTS=1 (which .ci/test sets), when that is a failure.
// The browser tests (jupyterlab_test.go, interactive_test.go) open
// notebooks in JupyterLab in headless Chromium; CUTOFF_BROWSER_TESTS=1
// makes their missing tools a failure.
package coursetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// setupCell is the first code cell of every notebook, and all of its set-up:
// it makes the kernel's module use this repository's packages and stops
// GoNB from running `go get` before each cell (nothing is missing). It
// prints nothing. GoNB adds the imports a cell uses; the Go flags the cells
// build with come from the kernel spec that .ci/lib.sh installs.
const setupCell = "!*go mod edit -replace=github.com/cutoff-go/cutoff=${GONB_DIR}/.. -require=github.com/cutoff-go/cutoff@v0.0.0\n%noautoget"

// Timeouts: cellTimeout for one cell (nbconvert's own), notebookTimeout for a
// whole nbconvert run, after which its process group (nbconvert, the kernel
// and the cell's program) is killed. A cold run compiles go-graphviz and
// gonum/plot once, which takes about a minute on a small machine.
const (
	cellTimeout     = 300 * time.Second
	notebookTimeout = 10 * time.Minute
)

// notebooks lists the course's notebooks, NN-topic.ipynb, in order.
func notebooks(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob("[0-9][0-9]-*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no notebooks NN-*.ipynb found")
	}
	return paths
}

// TestCommitted checks the notebooks as committed, the interactive one
// included: no outputs, no execution counts, the setup cell first, no check
// in the code a learner reads, and the kernel named gonb.
func TestCommitted(t *testing.T) {
	for _, path := range append(notebooks(t), interactive) {
		t.Run(path, func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(`"name": "gonb"`)) {
				t.Errorf("the notebook's kernelspec is not gonb")
			}
			nb, err := ipynb.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			first := true
			for i, c := range nb.Cells {
				if c.CellType != "code" {
					continue
				}
				if first && strings.TrimSpace(string(c.Source)) != setupCell {
					t.Errorf("cell %d: the first code cell must be the setup cell, exactly:\n%s", i, setupCell)
				}
				first = false
				if wantRE.MatchString(string(c.Source)) {
					t.Errorf("cell %d (%s) shows a check in its code (\"// want:\"): checks go into the cell's metadata, cutoff.want, where the learner does not read the answer", i, firstLine(string(c.Source)))
				}
				if len(c.Outputs) > 0 {
					t.Errorf("cell %d has outputs: commit notebooks without them (JupyterLab: Edit → Clear Outputs of All Cells, or jupyter nbconvert --clear-output --inplace %s)", i, path)
				}
				if ec := strings.TrimSpace(string(c.ExecutionCount)); ec != "" && ec != "null" {
					t.Errorf("cell %d has execution_count %s: commit notebooks without outputs", i, ec)
				}
			}
			if first {
				t.Errorf("no code cells")
			}
		})
	}
}

// venvDir is the course's Python environment, where .ci/lib.sh installs
// JupyterLab, nbconvert, nbclient and GoNB's kernel spec: $CUTOFF_VENV, or
// the repository's .venv.
func venvDir() string {
	if v := os.Getenv("CUTOFF_VENV"); v != "" {
		return v
	}
	abs, _ := filepath.Abs("../.venv")
	return abs
}

// haveTools reports why the headless run cannot happen, or "" when it can.
// It puts the repository's .tmp/bin (where .ci/lib.sh installs gonb and
// goimports) and the venv's bin first on PATH, .tmp/bin first, and sets
// JUPYTER_PREFER_ENV_PATH=1 so that Jupyter takes the kernel spec from the
// venv, as .ci/lib.sh's activate_venv does.
func haveTools() string {
	var first []string
	for _, dir := range []string{"../.tmp/bin", filepath.Join(venvDir(), "bin")} {
		if bin, err := filepath.Abs(dir); err == nil {
			if _, err := os.Stat(bin); err == nil {
				first = append(first, bin)
			}
		}
	}
	path := first
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if !slices.Contains(first, dir) {
			path = append(path, dir)
		}
	}
	os.Setenv("PATH", strings.Join(path, string(os.PathListSeparator)))
	os.Setenv("JUPYTER_PREFER_ENV_PATH", "1")
	for _, tool := range []string{"jupyter", "gonb", "goimports"} {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " is not on PATH (bash .ci/test installs it)"
		}
	}
	if _, err := exec.LookPath("jupyter-nbconvert"); err != nil {
		return "jupyter nbconvert is not installed (bash .ci/course installs it into " + venvDir() + ")"
	}
	out, err := exec.Command("jupyter", "kernelspec", "list").CombinedOutput()
	if err != nil || !regexp.MustCompile(`(?m)^\s*gonb\s`).Match(out) {
		return "the gonb kernel is not installed (gonb --install --force_deps)"
	}
	return ""
}

// TestExecute runs every notebook headless on the GoNB kernel and checks
// its outputs (see check). With CUTOFF_EXECUTED=DIR it checks the notebooks
// DIR/NN-topic.ipynb that another run already executed the same way (the
// static site's, `cutoff site` writes them to SITE/notebooks) instead of
// executing them again, after making sure their code is the code of the
// notebooks here.
func TestExecute(t *testing.T) {
	if testing.Short() {
		t.Skip("executing notebooks is slow; skipped under -short")
	}
	executedDir := os.Getenv("CUTOFF_EXECUTED")
	if executedDir == "" {
		if why := haveTools(); why != "" {
			if os.Getenv("CUTOFF_NOTEBOOK_TESTS") == "1" {
				t.Fatalf("CUTOFF_NOTEBOOK_TESTS=1 but %s", why)
			}
			t.Skip(why)
		}
	}
	out := t.TempDir()
	start := time.Now()
	for _, path := range notebooks(t) {
		t.Run(path, func(t *testing.T) {
			begin := time.Now()
			var executed string
			if executedDir != "" {
				executed = filepath.Join(executedDir, filepath.Base(path))
				if err := sameCode(path, executed); err != nil {
					t.Fatalf("CUTOFF_EXECUTED=%s: %v", executedDir, err)
				}
			} else {
				var err error
				if executed, err = execute(path, out); err != nil {
					t.Fatal(err)
				}
				t.Logf("executed in %v", time.Since(begin).Round(100*time.Millisecond))
			}
			nb, err := ipynb.Read(executed)
			if err != nil {
				t.Fatal(err)
			}
			for _, problem := range check(nb) {
				t.Error(problem)
			}
			for _, problem := range leaks(nb) {
				t.Error(problem)
			}
			problems, heights := legibility(nb)
			for _, problem := range problems {
				t.Error(problem)
			}
			if len(heights) > 0 {
				t.Logf("%d pictures; smallest text %.1f px at a page width of %d px", len(heights), slices.Min(heights), pageWidth)
			}
		})
	}
	if executedDir == "" {
		t.Logf("all notebooks executed in %v", time.Since(start).Round(100*time.Millisecond))
	}
}

// sameCode reports an error unless the executed notebook has exactly the
// code cells of the notebook at path, in order.
func sameCode(path, executed string) error {
	nb, err := ipynb.Read(path)
	if err != nil {
		return err
	}
	ex, err := ipynb.Read(executed)
	if err != nil {
		return err
	}
	code := func(nb *ipynb.Notebook) []string {
		var l []string
		for _, c := range nb.Cells {
			if c.CellType == "code" {
				l = append(l, string(c.Source))
			}
		}
		return l
	}
	a, b := code(nb), code(ex)
	if !slices.Equal(a, b) {
		return fmt.Errorf("%s was executed from other code than %s (%d code cells vs %d, or a cell changed): build it again", executed, path, len(b), len(a))
	}
	return nil
}

// execute runs nbconvert on path, writing the executed notebook into dir,
// in a process group of its own that is killed on timeout with the kernel
// and whatever cell program is running.
func execute(path, dir string) (string, error) {
	_, err := runNotebook(path, dir, "jupyter", "nbconvert", "--to", "notebook", "--execute",
		"--ExecutePreprocessor.kernel_name=gonb",
		// Keep going after an error: the executed notebook then shows
		// every failing cell with its message, which check reports.
		"--allow-errors",
		fmt.Sprintf("--ExecutePreprocessor.timeout=%d", int(cellTimeout.Seconds())),
		"--output-dir", dir, path)
	return filepath.Join(dir, filepath.Base(path)), err
}

// executeTimed executes path as execute does, with testdata/latency.py
// (nbclient, as nbconvert uses it), and also returns how long each code
// cell took, from sending it to the kernel's reply.
func executeTimed(path, dir string) (string, []time.Duration, error) {
	stdout, err := runNotebook(path, dir, filepath.Join(venvDir(), "bin", "python"), filepath.Join("..", "internal", "coursetest", "testdata", "latency.py"),
		path, dir, strconv.Itoa(int(cellTimeout.Seconds())))
	if err != nil {
		return "", nil, err
	}
	var times struct{ Seconds []float64 }
	if err := json.Unmarshal(stdout, &times); err != nil {
		return "", nil, fmt.Errorf("latency.py printed %q: %v", stdout, err)
	}
	l := make([]time.Duration, len(times.Seconds))
	for i, s := range times.Seconds {
		l[i] = time.Duration(s * float64(time.Second))
	}
	return filepath.Join(dir, filepath.Base(path)), l, nil
}

// runNotebook runs a command that executes the notebook path into dir, in a
// process group of its own that is killed, with the kernel and whatever cell
// program is running, when it ends or after notebookTimeout. It returns the
// command's standard output and checks that the executed notebook is there.
func runNotebook(path, dir, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), notebookTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), "CUTOFF_QUIZ=static") // quizzes check themselves in the page (pkg/quiz/nbquiz)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	// The kernel may outlive the command: take the whole group down in any case.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	log := stderr.String() + stdout.String()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s did not finish within %v: killed it and its kernel\n%s", filepath.Base(name), notebookTimeout, tail(log, 40))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", filepath.Base(name), err, tail(log, 40))
	}
	executed := filepath.Join(dir, filepath.Base(path))
	if _, err := os.Stat(executed); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s wrote no %s\n%s", filepath.Base(name), executed, tail(log, 40))
	}
	return stdout.Bytes(), nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// wantRE finds a check written in a cell's code, "// want: TEXT", as the
// notebooks had them before the checks moved into the cells' metadata.
var wantRE = regexp.MustCompile(`(?m)//\s*want:`)

// check returns what is wrong with an executed notebook: error outputs,
// anything on stderr, a cell that was not run, a cell whose metadata wants
// a picture ("picture") and that shows no SVG or HTML display, and text
// outputs that differ from the cell's wanted lines. The checks are kept in
// the cell's metadata (cutoff.want), never in the code a learner reads: the
// k-th text want of a cell is compared with the k-th non-empty line of the
// cell's text output (stdout and text/plain results), with runs of white
// space collapsed; lines after the last want are not checked.
func check(nb *ipynb.Notebook) []string {
	var problems []string
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		src := string(c.Source)
		where := fmt.Sprintf("cell %d (%s)", i, firstLine(src))
		if ec := strings.TrimSpace(string(c.ExecutionCount)); ec == "" || ec == "null" {
			problems = append(problems, where+": was not executed")
		}
		if strings.TrimSpace(src) == setupCell && len(c.Outputs) > 0 {
			problems = append(problems, fmt.Sprintf("%s: the setup cell printed something: it must print nothing", where))
		}
		var lines []string
		picture := false
		// A program's stdout may arrive in several stream outputs that
		// split a line (nbconvert joins them, nbclient alone does not):
		// join consecutive ones before splitting into lines.
		var stdout strings.Builder
		flush := func() {
			lines = append(lines, textLines(stdout.String())...)
			stdout.Reset()
		}
		for _, o := range c.Outputs {
			if o.OutputType != "stream" || o.Name == "stderr" {
				flush()
			}
			switch o.OutputType {
			case "error":
				problems = append(problems, fmt.Sprintf("%s: error %s: %s\n%s%s", where, o.EName, o.EValue, strings.Join(o.Traceback, "\n"), shown(c.Outputs)))
			case "stream":
				if o.Name == "stderr" {
					problems = append(problems, fmt.Sprintf("%s: wrote to stderr:\n%s", where, o.Text))
					continue
				}
				stdout.WriteString(string(o.Text))
			case "display_data", "execute_result":
				if _, ok := o.Data["image/svg+xml"]; ok {
					picture = true
				} else if _, ok := o.Data["text/html"]; ok {
					picture = true
				} else if txt, ok := o.Data["text/plain"]; ok {
					lines = append(lines, textLines(string(txt))...)
				}
			}
		}
		flush()
		k := 0
		for _, want := range c.Metadata.Cutoff.Want {
			want = strings.Join(strings.Fields(want), " ")
			if want == "picture" {
				if !picture {
					problems = append(problems, where+": wants a picture, but shows no SVG or HTML")
				}
				continue
			}
			switch {
			case k >= len(lines):
				problems = append(problems, fmt.Sprintf("%s: want %q as output line %d, the cell printed only %d lines", where, want, k+1, len(lines)))
			case lines[k] != want:
				problems = append(problems, fmt.Sprintf("%s: output line %d is %q, want %q", where, k+1, lines[k], want))
			}
			k++
		}
	}
	return problems
}

// styleRE and tagRE match HTML style blocks and tags, which shown strips.
var (
	styleRE = regexp.MustCompile(`(?is)<(style|script)\b.*?</(style|script)>`)
	tagRE   = regexp.MustCompile(`<[^>]*>`)
)

// shown returns the text of a cell's displays (GoNB shows compile errors as
// HTML), for the message of a failing cell.
func shown(outs []ipynb.Output) string {
	var b strings.Builder
	for _, o := range outs {
		if o.OutputType != "display_data" {
			continue
		}
		txt, ok := o.Data["text/html"]
		if !ok {
			txt = o.Data["text/plain"]
		}
		for _, l := range textLines(html.UnescapeString(tagRE.ReplaceAllString(styleRE.ReplaceAllString(string(txt), ""), "\n"))) {
			if b.Len() < 2000 {
				b.WriteString("\n    " + l)
			}
		}
	}
	return b.String()
}

// textLines splits output into non-empty lines, white space collapsed.
func textLines(s string) []string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, strings.Join(f, " "))
		}
	}
	return lines
}

func firstLine(src string) string {
	for _, l := range strings.Split(src, "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "%%" {
			if len(l) > 50 {
				l = l[:50] + "…"
			}
			return l
		}
	}
	return ""
}

// quantile returns the q-quantile (0 ≤ q ≤ 1, nearest rank) of l.
func quantile(l []time.Duration, q float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	s := slices.Clone(l)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s)-1)+0.5))].Round(10 * time.Millisecond)
}
