// Package site builds the course's static web site: it executes the
// notebooks (notebooks/NN-*.ipynb) headless with Jupyter's nbconvert on the
// GoNB kernel, turns each into a page (internal/site/nbhtml), and writes
// around them the course map (from notebooks/README.md's table and each
// notebook's first cell, with the sources each runs from
// notebooks/SOURCES.md), the sources page, two pages made from README.md's
// sections, a page of step-through players (pkg/render), and a page to
// play Connect Four against the solver (connect4.go: pkg/connect4 and
// pkg/algos compiled to WebAssembly, run in a Web Worker), and the tree
// playground (playground.go: any tree, any search, stepped through). The pages are
// made from the templates of pages.html.tmpl with html/template, and share
// style.css; every link is relative, and nothing is loaded from outside the
// site, so it reads from file:// as from any web server. Python is only
// run, as nbconvert; the command is cutoff site (cmd/cutoff).
package site

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/internal/proc"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// Marker is the file that marks a directory as a site cutoff site
// wrote: only such a directory is replaced by a new build.
const Marker = ".cutoff-site"

// Timeouts of the notebooks' execution, as internal/coursetest's: one cell
// (nbconvert's own limit), and one notebook's whole nbconvert run, after
// which its process group, kernel included, is killed.
const (
	CellTimeout     = 300 * time.Second
	NotebookTimeout = 10 * time.Minute
)

// BuildError is an error of the build itself (a notebook's cell failed, a
// notebook timed out, the site could not be written), as opposed to bad
// input, which Prepare reports.
type BuildError struct{ Err error }

func (e *BuildError) Error() string { return e.Err.Error() }
func (e *BuildError) Unwrap() error { return e.Err }

// InputError is bad input to Prepare or Build: which input (InputOut,
// InputNotebooks, InputOnly) and what is wrong with it.
type InputError struct {
	Input string
	Err   error
}

// The inputs an InputError names: Prepare's out, nbDir and only.
const (
	InputOut       = "the site's directory"
	InputNotebooks = "the notebooks' directory"
	InputOnly      = "the list of notebooks"
)

func (e *InputError) Error() string { return e.Input + ": " + e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func failed(format string, args ...any) error {
	return &BuildError{fmt.Errorf(format, args...)}
}

// Config is one build of the site once its inputs are checked (Prepare).
type Config struct {
	out         string   // the site's directory, absolute
	nbDir       string   // the notebooks' directory, absolute
	jupyter     string   // the venv's jupyter
	env         []string // the environment of nbconvert and the kernel
	kernelSpec  string   // the GoNB kernel spec's kernel.json
	notebooks   []string // file names, NN-topic.ipynb, in order
	interactive bool     // nbDir has interactive.ipynb (left out: it needs a live kernel)
	readme      string   // notebooks/README.md
	sources     string   // notebooks/SOURCES.md
	timeout     time.Duration
	// Players makes players.html and counts its players (PlayersPage by
	// default; tests may stub it).
	Players func(context.Context) (string, int, error)
	// Connect4 makes the Connect Four page's files from the module at
	// root (Connect4Files by default; tests may stub it).
	Connect4 func(ctx context.Context, root string) (map[string][]byte, Connect4Stats, error)
	// Playground makes the tree playground's files from the module at root
	// (PlaygroundFiles by default; tests may stub it).
	Playground func(ctx context.Context, root string) (map[string][]byte, WasmStats, error)
	root       string // the repository's root, where the WebAssembly is built from
}

// Prepare checks everything a build needs before it starts: the
// notebooks in nbDir (default: notebooks/ of the repository holding the
// working directory), or only those of the comma-separated list only,
// README.md and SOURCES.md, Jupyter in the venv with the GoNB kernel, and
// that out is new or a site of ours. timeout bounds one notebook's run.
// Its errors are bad input: an *InputError when one of out, nbDir and
// only is wrong.
func Prepare(out, nbDir, only string, timeout time.Duration) (*Config, error) {
	cfg := &Config{timeout: timeout, Players: PlayersPage, Connect4: Connect4Files, Playground: PlaygroundFiles}
	var err error
	if cfg.out, err = filepath.Abs(out); err != nil {
		return nil, err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	root, _ := modroot.Find(cwd)
	if nbDir == "" {
		if root == "" {
			return nil, &InputError{InputNotebooks, errors.New("not inside the Cutoff repository (no go.mod of " + modroot.Path + " here or above): run it there or name the notebooks' directory")}
		}
		nbDir = filepath.Join(root, "notebooks")
	}
	if cfg.nbDir, err = filepath.Abs(nbDir); err != nil {
		return nil, err
	}
	if root == "" {
		root, _ = modroot.Find(cfg.nbDir)
	}
	cfg.root = root
	paths, err := filepath.Glob(filepath.Join(cfg.nbDir, "[0-9][0-9]-*.ipynb"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, &InputError{InputNotebooks, fmt.Errorf("no notebooks NN-*.ipynb in %s", cfg.nbDir)}
	}
	for _, p := range paths {
		cfg.notebooks = append(cfg.notebooks, filepath.Base(p))
	}
	slices.Sort(cfg.notebooks)
	if only != "" {
		var keep []string
		for _, name := range strings.Split(only, ",") {
			name = strings.TrimSpace(name)
			file := strings.TrimSuffix(name, ".ipynb") + ".ipynb"
			if !slices.Contains(cfg.notebooks, file) {
				return nil, &InputError{InputOnly, fmt.Errorf("no notebook %s in %s", file, cfg.nbDir)}
			}
			if !slices.Contains(keep, file) {
				keep = append(keep, file)
			}
		}
		slices.Sort(keep)
		cfg.notebooks = keep
	}
	if _, err := os.Stat(filepath.Join(cfg.nbDir, "interactive.ipynb")); err == nil {
		cfg.interactive = true
	}
	for _, f := range []struct {
		name, why string
		dst       *string
	}{
		{"README.md", "the course map is made from its table of notebooks", &cfg.readme},
		{"SOURCES.md", "sources.html and the sources of each notebook are made from it", &cfg.sources},
	} {
		b, err := os.ReadFile(filepath.Join(cfg.nbDir, f.name))
		if err != nil {
			return nil, fmt.Errorf("%s is missing (%s)", filepath.Join(cfg.nbDir, f.name), f.why)
		}
		*f.dst = string(b)
	}
	if err := checkSiteDir(cfg.out); err != nil {
		return nil, err
	}
	return cfg, findJupyter(cfg, root)
}

// findJupyter finds the venv ($CUTOFF_VENV, else the repository's .venv)
// with nbconvert and the GoNB kernel, and makes the environment the
// notebooks run in: the repository's .tmp/bin (gonb, goimports) and the
// venv's bin first on PATH, and CUTOFF_QUIZ=static (quiz cells print
// self-contained quizzes instead of waiting for widgets).
func findJupyter(cfg *Config, root string) error {
	install := "run `bash .ci/course --install` in the repository (it installs JupyterLab, nbconvert, GoNB and its kernel into .venv without starting a server)"
	venv := os.Getenv("CUTOFF_VENV")
	if venv == "" {
		if root == "" {
			return errors.New("no venv: set CUTOFF_VENV or run inside the Cutoff repository")
		}
		venv = filepath.Join(root, ".venv")
	}
	cfg.jupyter = filepath.Join(venv, "bin", "jupyter")
	if _, err := os.Stat(filepath.Join(venv, "bin", "jupyter-nbconvert")); err != nil {
		return fmt.Errorf("Jupyter's nbconvert is not in %s: %s", venv, install)
	}
	path := filepath.Join(venv, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")
	if root != "" {
		path = filepath.Join(root, ".tmp", "bin") + string(os.PathListSeparator) + path
	}
	var spec string
	for _, dir := range kernelDirs(venv) {
		if _, err := os.Stat(filepath.Join(dir, "gonb", "kernel.json")); err == nil {
			spec = filepath.Join(dir, "gonb", "kernel.json")
			break
		}
	}
	cfg.kernelSpec = spec
	if spec == "" {
		return fmt.Errorf("the GoNB kernel is not installed in %s: %s", venv, install)
	}
	var k struct{ Argv []string }
	if b, err := os.ReadFile(spec); err != nil || json.Unmarshal(b, &k) != nil || len(k.Argv) == 0 {
		return fmt.Errorf("the GoNB kernel spec %s is unreadable: %s", spec, install)
	}
	if _, err := os.Stat(k.Argv[0]); err != nil && filepath.IsAbs(k.Argv[0]) {
		return fmt.Errorf("the GoNB kernel's program %s is missing: %s", k.Argv[0], install)
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, "goimports")); err == nil && !st.IsDir() {
			cfg.env = siteEnv(path)
			return nil
		}
	}
	return fmt.Errorf("goimports, which GoNB needs, is not on PATH nor in the repository's .tmp/bin: %s", install)
}

// kernelDirs are where Jupyter looks for kernel specs: the venv's first.
func kernelDirs(venv string) []string {
	dirs := []string{filepath.Join(venv, "share", "jupyter", "kernels")}
	for _, d := range filepath.SplitList(os.Getenv("JUPYTER_PATH")) {
		if d != "" {
			dirs = append(dirs, filepath.Join(d, "kernels"))
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".local", "share", "jupyter", "kernels"))
	}
	return append(dirs, "/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels")
}

func siteEnv(path string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "CUTOFF_QUIZ=") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+path, "CUTOFF_QUIZ=static")
}

// checkSiteDir refuses an existing -o that is not a site cutoff site wrote
// (nor an empty directory): the build replaces it as a whole.
func checkSiteDir(out string) error {
	st, err := os.Lstat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &InputError{InputOut, err}
	}
	if !st.IsDir() {
		return &InputError{InputOut, fmt.Errorf("%s exists and is not a directory: refusing to replace it", out)}
	}
	if _, err := os.Stat(filepath.Join(out, Marker)); err == nil {
		return nil
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) == 0 {
		return nil
	}
	return &InputError{InputOut, fmt.Errorf("%s exists and is not a site cutoff site wrote (it has no %s file): refusing to replace it; remove it or choose another directory", out, Marker)}
}

// Stats are what a build wrote.
type Stats struct {
	Dir             string // the site's directory, absolute
	Pages, Pictures int
	Bytes           int64
	Took            time.Duration
}

// Build builds the site in a temporary sibling of its directory and
// renames it into place when, and only when, everything succeeded. It
// reports its progress, one line per notebook, to progress. Its errors
// are *BuildError but for a directory it cannot create.
func Build(ctx context.Context, cfg *Config, progress func(line string)) (stats Stats, err error) {
	start := time.Now()
	parent, base := filepath.Dir(cfg.out), filepath.Base(cfg.out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return stats, &InputError{InputOut, err}
	}
	stage, err := os.MkdirTemp(parent, "."+base+".new-")
	if err != nil {
		return stats, &InputError{InputOut, err}
	}
	defer func() {
		if stage != "" {
			os.RemoveAll(stage)
		}
	}()
	if err := os.Chmod(stage, 0o755); err != nil {
		return stats, err
	}
	report := func(format string, args ...any) { progress(fmt.Sprintf(format, args...)) }
	files := map[string][]byte{} // path in the site → content

	// The players are drawn here, in Go, while the kernels run the notebooks.
	type playersResult struct {
		html string
		n    int
		err  error
		took time.Duration
	}
	pctx, stopPlayers := context.WithCancel(ctx)
	playersDone := make(chan playersResult, 1)
	received := false
	defer func() {
		// A failed build stops the players and waits for them: Graphviz
		// must not be drawing when the next build starts (in tests).
		stopPlayers()
		if !received {
			<-playersDone
		}
	}()
	go func() {
		begin := time.Now()
		h, n, err := cfg.Players(pctx)
		playersDone <- playersResult{h, n, err, time.Since(begin)}
	}()
	// So is the Connect Four page's WebAssembly program built.
	type connect4Result struct {
		files map[string][]byte
		st    Connect4Stats
		err   error
	}
	connect4Done := make(chan connect4Result, 1)
	c4received := false
	defer func() {
		stopPlayers() // a failed build stops the go build too
		if !c4received {
			<-connect4Done
		}
	}()
	go func() {
		files, st, err := cfg.Connect4(pctx, cfg.root)
		connect4Done <- connect4Result{files, st, err}
	}()

	// And the tree playground's.
	type playgroundResult struct {
		files map[string][]byte
		st    WasmStats
		err   error
	}
	playgroundDone := make(chan playgroundResult, 1)
	pgReceived := false
	defer func() {
		stopPlayers()
		if !pgReceived {
			<-playgroundDone
		}
	}()
	go func() {
		files, st, err := cfg.Playground(pctx, cfg.root)
		playgroundDone <- playgroundResult{files, st, err}
	}()

	report("executing %d notebook(s) with %s (each at most %v)", len(cfg.notebooks), cfg.jupyter, cfg.timeout)
	executedDir := filepath.Join(stage, "notebooks")
	if err := os.MkdirAll(executedDir, 0o755); err != nil {
		return stats, err
	}
	links := nbhtml.Links{"SOURCES.md": "sources.html", "README.md": "index.html", "interactive.ipynb": "players.html"}
	for _, file := range cfg.notebooks {
		links[file] = strings.TrimSuffix(file, ".ipynb") + ".html"
	}
	// The "your turn" cells run with the exercises' key (key.go).
	keyDir, err := os.MkdirTemp("", "cutoff-site-key-")
	if err != nil {
		return stats, err
	}
	defer os.RemoveAll(keyDir)
	keyEnv, keyFiles, err := keyKernel(cfg.kernelSpec, filepath.Dir(cfg.nbDir), keyDir)
	if err != nil {
		return stats, failed("the exercises' key: %v", err)
	}
	if keyFiles > 0 {
		report("the exercises run with their key: %d solution file(s) in place of the stubs", keyFiles)
	}
	var entries []courseEntry
	var converted []*nbhtml.Page
	for i, file := range cfg.notebooks {
		begin := time.Now()
		if err := executeNotebook(ctx, cfg, file, executedDir, keyEnv...); err != nil {
			return stats, err
		}
		raw, err := os.ReadFile(filepath.Join(executedDir, file))
		if err != nil {
			return stats, failed("%s: nbconvert wrote no executed notebook: %v", file, err)
		}
		nb, err := nbhtml.Parse(file, raw)
		if err != nil {
			return stats, failed("%v", err)
		}
		if err := nbhtml.CheckCells(file, nb); err != nil {
			return stats, &BuildError{err}
		}
		stem := strings.TrimSuffix(file, ".ipynb")
		page, err := nbhtml.Convert(stem, nb, links)
		if err != nil {
			return stats, failed("%v", err)
		}
		e, err := courseEntryFor(file, nb, cfg, links)
		if err != nil {
			return stats, failed("%v", err)
		}
		entries = append(entries, e)
		converted = append(converted, page)
		report("%s executed in %.1f s (%d/%d, %d picture(s))", file, time.Since(begin).Seconds(), i+1, len(cfg.notebooks), len(page.Figures))
	}

	players := <-playersDone
	received = true
	if players.err != nil {
		return stats, failed("%v", players.err)
	}
	files["players.html"] = []byte(players.html)
	report("players.html: %d players in %.1f s", players.n, players.took.Seconds())
	c4 := <-connect4Done
	c4received = true
	if c4.err != nil {
		return stats, failed("%v", c4.err)
	}
	maps.Copy(files, c4.files)
	report("connect4.html: its WebAssembly program, %d bytes (%d gzipped), built in %.1f s", c4.st.WasmBytes, c4.st.GzipBytes, c4.st.Took.Seconds())
	pg := <-playgroundDone
	pgReceived = true
	if pg.err != nil {
		return stats, failed("%v", pg.err)
	}
	maps.Copy(files, pg.files)
	report("tree.html: its WebAssembly program, %d bytes (%d gzipped), built in %.1f s", pg.st.WasmBytes, pg.st.GzipBytes, pg.st.Took.Seconds())

	built := map[string]bool{}
	for _, e := range entries {
		built[e.Stem] = true
	}
	for i, e := range entries {
		nav := &pageNav{}
		if i > 0 {
			nav.PrevHref, nav.PrevTitle = entries[i-1].Stem+".html", entries[i-1].Title
		}
		if i+1 < len(entries) {
			nav.NextHref, nav.NextTitle = entries[i+1].Stem+".html", entries[i+1].Title
		}
		page := converted[i]
		page.Body = linkNotebookNames(page.Body, built)
		h, err := notebookPage(e, page, nav)
		if err != nil {
			return stats, failed("%s: %v", e.File, err)
		}
		files[e.Stem+".html"] = []byte(h)
		for _, f := range page.Figures {
			files[f.Path] = f.SVG
		}
		stats.Pictures += len(page.Figures)
	}
	sources, err := sourcesPage(cfg.sources, links, built)
	if err != nil {
		return stats, failed("SOURCES.md: %v", err)
	}
	files["sources.html"] = []byte(sources)
	// The legend of the pictures and the map of the algorithms, from
	// README.md's sections of those names.
	for _, pg := range readmePages {
		h, err := readmeSectionPage(cfg.readme, pg, links, built)
		if err != nil {
			return stats, failed("README.md: %v", err)
		}
		files[pg.file] = []byte(h)
	}
	index, err := indexPage(entries, cfg.interactive)
	if err != nil {
		return stats, failed("index.html: %v", err)
	}
	files["index.html"] = []byte(linkNotebookNames(index, built))
	files["style.css"] = styleCSS
	files[Marker] = []byte("This directory is a site written by `cutoff site`; the next build replaces it as a whole.\n")

	names := slices.Sorted(maps.Keys(files))
	for _, name := range names {
		if strings.HasSuffix(name, ".html") {
			stats.Pages++
			if problems := nbhtml.OfflineProblems(string(files[name])); len(problems) > 0 {
				return stats, failed("%s would load from outside the site: %s", name, strings.Join(problems, ", "))
			}
		}
		p := filepath.Join(stage, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return stats, failed("%v", err)
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return stats, failed("%v", err)
		}
	}
	if err := filepath.WalkDir(stage, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				stats.Bytes += info.Size()
			}
		}
		return err
	}); err != nil {
		return stats, failed("%v", err)
	}
	if err := ctx.Err(); err != nil {
		return stats, failed("interrupted: %v", err)
	}
	if err := replaceDir(stage, cfg.out); err != nil {
		return stats, failed("%v", err)
	}
	stage = ""
	stats.Dir, stats.Took = cfg.out, time.Since(start)
	return stats, nil
}

// replaceDir moves the finished site stage to out, replacing out only if
// checkSiteDir allows it (checked again: it may have changed during the
// build). The old site is removed only once the new one is in place.
func replaceDir(stage, out string) error {
	if err := checkSiteDir(out); err != nil {
		return err
	}
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		return os.Rename(stage, out)
	}
	old, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".old-")
	if err != nil {
		return err
	}
	if err := os.Remove(old); err != nil {
		return err
	}
	if err := os.Rename(out, old); err != nil {
		return err
	}
	if err := os.Rename(stage, out); err != nil {
		if back := os.Rename(old, out); back != nil {
			return fmt.Errorf("%v; the previous site is in %s", err, old)
		}
		return err
	}
	return os.RemoveAll(old)
}

// Notebooks are the file names of the notebooks to build, NN-topic.ipynb,
// in order.
func (cfg *Config) Notebooks() []string { return slices.Clone(cfg.notebooks) }

// Execute runs the notebook file (one of Notebooks) as a build does, with
// env added to its environment, and writes the executed copy into dir.
// Its errors are *BuildError. cutoff figures runs the notebooks so, with
// render's exporter on.
func (cfg *Config) Execute(ctx context.Context, file, dir string, env ...string) error {
	return executeNotebook(ctx, cfg, file, dir, env...)
}

// executeNotebook runs nbconvert on one notebook, writing the executed copy
// into dir, in a process group of its own that is killed, with the kernel
// and the cell's program (see isolate), after cfg.timeout or when ctx is
// cancelled (an interrupt). When nbconvert ends by itself it has shut its
// kernel down.
func executeNotebook(ctx context.Context, cfg *Config, file, dir string, env ...string) error {
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.jupyter, "nbconvert", "--to", "notebook", "--execute",
		"--ExecutePreprocessor.kernel_name=gonb",
		// Keep going after an error: the executed notebook then holds the
		// failing cell with its message, which checkCells reports.
		"--allow-errors",
		fmt.Sprintf("--ExecutePreprocessor.timeout=%d", int(CellTimeout.Seconds())),
		"--output-dir", dir, filepath.Join(cfg.nbDir, file))
	cmd.Dir = cfg.nbDir
	cmd.Env = append(slices.Clip(cfg.env), env...)
	proc.Isolate(cmd)
	cmd.WaitDelay = 10 * time.Second
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	err := cmd.Run()
	proc.Reap(cmd) // whatever nbconvert left in its group
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return failed("%s did not finish within %v: killed nbconvert and its kernel (-timeout sets the limit)", file, cfg.timeout)
	case ctx.Err() != nil:
		return failed("%s: interrupted", file)
	case err != nil:
		return failed("%s: jupyter nbconvert failed (%v): %s", file, err, lastLogLine(log.String()))
	}
	return nil
}

// glogRE matches the log lines GoNB writes to stderr ("I1124 09:18:32...").
var glogRE = regexp.MustCompile(`^[IWEF]\d{4} `)

// lastLogLine returns the last line of nbconvert's output that is not
// GoNB's logging: usually the Python exception.
func lastLogLine(log string) string {
	lines := strings.Split(strings.TrimSpace(nbhtml.StripANSI(log)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !glogRE.MatchString(l) {
			return l
		}
	}
	return "no output"
}

// courseEntryFor makes a notebook's entry of the course map.
func courseEntryFor(file string, nb *ipynb.Notebook, cfg *Config, links nbhtml.Links) (courseEntry, error) {
	e := courseEntry{File: file, Stem: strings.TrimSuffix(file, ".ipynb")}
	title, question := notebookIntro(nb)
	e.Title = title
	inline := func(dst *template.HTML, md string) error {
		h, err := nbhtml.Inline(md, links)
		*dst = template.HTML(h) // the course's own markdown, rendered
		return err
	}
	if question != "" {
		if err := inline(&e.Question, question); err != nil {
			return e, err
		}
	}
	if row, ok := readmeTable(cfg.readme)[file]; ok {
		if err := inline(&e.Shows, row.shows); err != nil {
			return e, err
		}
		if row.exercise != "" {
			if err := inline(&e.Exercise, row.exercise); err != nil {
				return e, err
			}
		}
	}
	for _, sec := range sourceSections(cfg.sources) {
		for _, claim := range sec.Uses[file] {
			h, err := nbhtml.Inline(claim, links)
			if err != nil {
				return e, err
			}
			e.Sources = append(e.Sources, sourceUse{Name: sec.Name, Title: sec.Title, Claim: h})
		}
	}
	return e, nil
}

// sourcesPage renders SOURCES.md as sources.html.
func sourcesPage(src string, links nbhtml.Links, built map[string]bool) (string, error) {
	body, err := nbhtml.Markdown(src, links)
	if err != nil {
		return "", err
	}
	return articlePage("Sources — Cutoff", "sources", linkNotebookNames(body, built))
}

// readmePage is a page of the site made from a section of the notebooks'
// README.md.
type readmePage struct{ file, heading, title string }

var readmePages = []readmePage{
	{"pictures.html", "Reading the pictures", "Reading the pictures — Cutoff"},
	{"algorithms.html", "Which algorithm when", "Which algorithm when — Cutoff"},
}

// readmeSectionPage renders README.md's "## heading" section, up to the
// next "## " heading, as a page.
func readmeSectionPage(readme string, pg readmePage, links nbhtml.Links, built map[string]bool) (string, error) {
	start := strings.Index(readme, "\n## "+pg.heading+"\n")
	if start < 0 {
		return "", fmt.Errorf("no section %q (the site's %s is made from it)", "## "+pg.heading, pg.file)
	}
	sec := readme[start+1:]
	if end := strings.Index(sec[3:], "\n## "); end >= 0 {
		sec = sec[:end+4]
	}
	body, err := nbhtml.Markdown("# "+strings.TrimPrefix(sec, "## "), links) // the section's heading is the page's title
	if err != nil {
		return "", err
	}
	return articlePage(pg.title, "readme", linkNotebookNames(body, built))
}
