package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/site"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// The tests of cutoff site here need no Python: they convert the
// hand-written executed notebooks of internal/site/testdata, and run the command with
// a fake venv whose "jupyter" copies them into place (fakeVenv).

// fakeVenv makes a venv whose jupyter copies the notebook from the
// directory $CUTOFF_FAKE_EXECUTED into --output-dir, after sleeping
// $CUTOFF_FAKE_SLEEP seconds if set; it fails unless CUTOFF_QUIZ=static.
func fakeVenv(t *testing.T, executed string) string {
	t.Helper()
	venv := t.TempDir()
	script := `#!/bin/sh
out=""; nb=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output-dir) out="$2"; shift ;;
    *.ipynb) nb="$1" ;;
  esac
  shift
done
if [ "$CUTOFF_QUIZ" != static ]; then echo "CUTOFF_QUIZ is not static" >&2; exit 3; fi
if [ -n "$CUTOFF_FAKE_SLEEP" ]; then sleep "$CUTOFF_FAKE_SLEEP"; fi
if [ ! -f "$CUTOFF_FAKE_EXECUTED/$(basename "$nb")" ]; then
  echo "Traceback (most recent call last):" >&2
  echo "nbclient.exceptions.DeadKernelError: Kernel died" >&2
  exit 1
fi
cp "$CUTOFF_FAKE_EXECUTED/$(basename "$nb")" "$out/"
if [ -n "$CUTOFF_FAKE_FIGURE" ]; then
  mkdir -p "$CUTOFF_FIGURES"; for f in $(echo "$CUTOFF_FIGURE_FORMATS" | tr , ' '); do echo "$f" > "$CUTOFF_FIGURES/fig.$f"; done
  if [ -n "$CUTOFF_FAKE_PNG" ]; then cp "$CUTOFF_FAKE_PNG" "$CUTOFF_FIGURES/fig.png"; mkdir -p "$CUTOFF_FIGURES/untitled"; cp "$CUTOFF_FAKE_PNG" "$CUTOFF_FIGURES/untitled/fig.png"; printf 'fig\tA tree of %s\n' "$(basename "$nb" .ipynb)" > "$CUTOFF_FIGURES/figures.txt"; fi
fi
`
	for name, content := range map[string]string{
		"bin/jupyter": script, "bin/jupyter-nbconvert": "#!/bin/sh\n", "bin/goimports": "#!/bin/sh\n",
		"share/jupyter/kernels/gonb/kernel.json": `{"argv": ["/bin/sh", "--kernel", "{connection_file}"]}`,
	} {
		p := filepath.Join(venv, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CUTOFF_VENV", venv)
	abs, err := filepath.Abs(executed)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CUTOFF_FAKE_EXECUTED", abs)
	t.Setenv("CUTOFF_FAKE_SLEEP", "")
	t.Setenv("CUTOFF_FAKE_FIGURE", "")
	t.Setenv("CUTOFF_FAKE_PNG", "")
	return venv
}

// cutoff figures runs every notebook with the exporter on, one folder per
// notebook, and reports each; a failing notebook makes exit status 1.
func TestFiguresRun(t *testing.T) {
	fakeVenv(t, failingExecuted(t))
	t.Setenv("CUTOFF_FAKE_FIGURE", "1")
	out := t.TempDir()
	stale := filepath.Join(out, "00-first", "stale.svg")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "", "figures", "-o", out, "-format", "svg,pdf", "-notebooks", "../../internal/site/testdata/notebooks")
	if code != 1 {
		t.Errorf("exit %d, want 1 (01-second fails)\nstderr: %s", code, stderr)
	}
	want := fmt.Sprintf("2 figures of 2 notebook(s) in %s, each as svg, pdf\n", out)
	if stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	for _, w := range []string{"cutoff figures: 00-first.ipynb (1/2) in ", "s: 1 figure(s)\n", "cutoff figures: 01-second.ipynb (2/2) in ", "s: 1 figure(s) — "} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
	for _, f := range []string{"00-first/fig.svg", "00-first/fig.pdf", "01-second/fig.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a notebook's old figures are kept")
	}
}

// cutoff figures -deck writes the figures of every notebook as one PDF,
// a slide each with its title and its notebook's heading, or as Beamer
// with its pictures beside it; a bad -deck is exit 2 before anything runs.
func TestFiguresDeck(t *testing.T) {
	fakeVenv(t, "../../internal/site/testdata/executed")
	t.Setenv("CUTOFF_FAKE_FIGURE", "1")
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 300, 150))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(dir, "fake.png")
	if err := os.WriteFile(fake, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CUTOFF_FAKE_PNG", fake)
	deck := filepath.Join(dir, "deck.pdf")
	code, stdout, stderr := cli(t, "", "figures", "-o", filepath.Join(dir, "figs"), "-format", "svg", "-deck", deck, "-notebooks", "../../internal/site/testdata/notebooks")
	if code != 0 || !strings.Contains(stdout, "2 figures as one deck in "+deck) {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	pdf, err := os.ReadFile(deck)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf, []byte("/Type /Page\n")); !bytes.HasPrefix(pdf, []byte("%PDF-")) || n != 2 {
		t.Errorf("the deck has %d pages, want 2", n)
	}
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		out, err := exec.Command(pdftotext, "-f", "1", "-l", "1", deck, "-").Output()
		if text := strings.Join(strings.Fields(string(out)), " "); err != nil || !strings.Contains(text, "A tree of 00-first") || !strings.Contains(text, "Notebook 00 · First steps") {
			t.Errorf("page 1 says %q (%v), want its title and its notebook's heading", text, err)
		}
	}
	tex := filepath.Join(dir, "deck.tex")
	if code, _, stderr := cli(t, "", "figures", "-o", filepath.Join(dir, "figs"), "-deck", tex, "-notebooks", "../../internal/site/testdata/notebooks"); code != 0 {
		t.Fatalf("-deck deck.tex: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(tex); err != nil || strings.Count(string(b), `\begin{frame}`) != 2 {
		t.Errorf("deck.tex: %v, %d frames, want 2", err, strings.Count(string(b), `\begin{frame}`))
	}
	if _, err := os.Stat(filepath.Join(dir, "deck-pages.pdf")); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{filepath.Join(dir, "deck.gif"), filepath.Join(dir, "missing", "deck.pdf"), dir} {
		code, stdout, stderr := cli(t, "", "figures", "-o", filepath.Join(dir, "figs2"), "-deck", bad, "-notebooks", "../../internal/site/testdata/notebooks")
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "cutoff: figures: -deck") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-deck %s: exit %d, stdout %q, stderr %q: want exit 2 and one line", bad, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "figs2")); err == nil {
		t.Error("a bad -deck ran the notebooks")
	}
}

// failingExecuted is a directory of executed notebooks whose 01-second fails.
func failingExecuted(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for src, dst := range map[string]string{"executed/00-first.ipynb": "00-first.ipynb", "failing/01-second.ipynb": "01-second.ipynb"} {
		b, err := os.ReadFile(filepath.Join("../../internal/site/testdata", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// siteFiles lists a directory's files, relative, with slashes.
func siteFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// siblings lists what is next to dir besides dir itself: the build's
// temporary directories must be gone.
func siblings(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.Name() != filepath.Base(dir) {
			out = append(out, e.Name())
		}
	}
	return out
}

var hrefRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

func TestSiteBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("draws the players (a few seconds)")
	}
	fakeVenv(t, "../../internal/site/testdata/executed")
	out := filepath.Join(t.TempDir(), "site")
	code, stdout, stderr := cli(t, "", "site", "-o", out, "-notebooks", "../../internal/site/testdata/notebooks")
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	if !regexp.MustCompile(`^cutoff site: wrote \S+: 9 pages, 2 pictures, \d+ bytes in \d+\.\d s\n$`).MatchString(stdout) {
		t.Errorf("summary line: %q", stdout)
	}
	players := len(site.PlayerFixtures) * len(site.PlayerAlgorithms)
	for _, want := range []string{"executing 2 notebook(s)", "00-first.ipynb executed in", "(2/2, 0 picture(s))", fmt.Sprintf("players.html: %d players", players), "connect4.html: its WebAssembly program"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
	files := siteFiles(t, out)
	want := []string{".cutoff-site", "00-first.html", "01-second.html", "figures/00-first/01-fig-1-a-pruned-tree.svg",
		"figures/00-first/02.svg", "index.html", "notebooks/00-first.ipynb", "notebooks/01-second.ipynb",
		"algorithms.html", "pictures.html", "players.html", "sources.html", "style.css",
		"connect4.html", "play/connect4.js", "play/connect4-wasm.js",
		"tree.html", "play/tree.js", "play/tree-wasm.js", "play/graphviz.js", "play/graphviz-LICENSE.txt"}
	slices.Sort(want)
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("site files:\n got %v\nwant %v", files, want)
	}
	// The legend and the map of the algorithms are README.md's sections,
	// each up to the next section.
	pics := readString(t, filepath.Join(out, "pictures.html"))
	algs := readString(t, filepath.Join(out, "algorithms.html"))
	if !strings.Contains(pics, "<h1 id=\"reading-the-pictures\">Reading the pictures</h1>") || !strings.Contains(pics, "<td>grey, dashed</td>") ||
		strings.Contains(pics, "minimax(n)") {
		t.Errorf("pictures.html is not README's legend section:\n%s", pics)
	}
	if !strings.Contains(algs, "Which algorithm when</h1>") || !strings.Contains(algs, "minimax(n):") || strings.Contains(algs, "Not on the site") {
		t.Errorf("algorithms.html is not README's map section:\n%s", algs)
	}
	if s := siblings(t, out); len(s) > 0 {
		t.Errorf("left next to the site: %v", s)
	}
	checkSiteLinks(t, out)

	index := readString(t, filepath.Join(out, "index.html"))
	for _, want := range []string{
		`<a href="00-first.html">00 · First steps</a>`,
		`<strong>Question:</strong> what does a <em>pruned</em> tree look like?`,
		`<dt>Shows</dt><dd>a first <strong>pruned</strong> tree`,
		`<dt>Sources</dt><dd><a href="sources.html#book-1">A book, «Книга»</a>, <a href="sources.html#wiki-2">A wiki page</a></dd>`,
		`<dt>Exercise</dt><dd><code>exercises/00-first</code></dd>`,
		`The first paragraph says what this notebook is about`,
		`href="notebooks/01-second.ipynb"`, `href="players.html"`, `href="sources.html"`,
		`<a href="players.html"><code>interactive.ipynb</code></a> (widgets`,
		`download <code>00-first.ipynb</code></a>`, // not linked twice
		`href="pictures.html"`, `href="algorithms.html"`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	// The map names the sources but not what the notebooks measure of them
	// (the answers to their questions): that is on the sources page.
	for _, claim := range []string{"the pruned tree of Fig. 1, and its", "its claim, measured"} {
		if strings.Contains(index, claim) {
			t.Errorf("index.html gives a notebook's result away: %q", claim)
		}
		if !strings.Contains(readString(t, filepath.Join(out, "sources.html")), claim) {
			t.Errorf("sources.html lacks %q", claim)
		}
	}
	first := readString(t, filepath.Join(out, "00-first.html"))
	second := readString(t, filepath.Join(out, "01-second.html"))
	if !strings.Contains(first, `<a rel="next" href="01-second.html">`) || strings.Contains(first, `rel="prev"`) ||
		!strings.Contains(second, `<a rel="prev" href="00-first.html">`) || strings.Contains(second, `rel="next"`) {
		t.Error("previous/next links are wrong")
	}
	if !strings.Contains(first, `<a href="01-second.html"><code>01-second.ipynb</code></a>`) {
		t.Error("a notebook's name in code is not linked to its page")
	}
	sources := readString(t, filepath.Join(out, "sources.html"))
	if !strings.Contains(sources, `<h2 id="book-1">[book-1] A book, «Книга»</h2>`) {
		t.Error("sources.html lacks the anchor of [book-1]")
	}
	if n := strings.Count(readString(t, filepath.Join(out, "players.html")), `class="cutoff-player"`); n != players {
		t.Errorf("players.html has %d players, want %d", n, players)
	}

	// A second build replaces the first as a whole.
	stale := filepath.Join(out, "stale.txt")
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := site.Prepare(out, "../../internal/site/testdata/notebooks", "01-second", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Players = stubPlayers
	var so, se strings.Builder
	if err := buildSite(context.Background(), cfg, streams{nil, &so, &se}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("the rebuild kept a file of the previous site")
	}
	if got := siteFiles(t, out); len(got) != 17 || got[1] != "01-second.html" {
		t.Errorf("rebuilt site: %v", got)
	}
	if strings.Contains(readString(t, filepath.Join(out, "01-second.html")), `rel="prev"`) {
		t.Error("-only 01-second: the page links a notebook that is not built")
	}
	if s := siblings(t, out); len(s) > 0 {
		t.Errorf("left next to the site: %v", s)
	}
	checkSiteLinks(t, out)
}

func stubPlayers(context.Context) (string, int, error) {
	return "<!DOCTYPE html>\n<title>Players</title>\n<h1>Players</h1>\n", 0, nil
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkSiteLinks checks every page of a site: each relative href and src
// names a file of the site (and an id in it, for a #fragment), and nothing
// loads from outside.
func checkSiteLinks(t *testing.T, dir string) {
	t.Helper()
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	for _, page := range pages {
		h := readString(t, page)
		name := filepath.Base(page)
		if p := nbhtml.OfflineProblems(h); len(p) > 0 {
			t.Errorf("%s loads from outside: %v", name, p)
		}
		for _, m := range hrefRE.FindAllStringSubmatch(h, -1) {
			u := m[1]
			if strings.HasPrefix(u, "https:") || strings.HasPrefix(u, "http:") || strings.HasPrefix(u, "data:") {
				continue
			}
			if strings.HasPrefix(u, "/") || strings.Contains(u, "://") {
				t.Errorf("%s: absolute link %q", name, u)
				continue
			}
			file, frag, _ := strings.Cut(u, "#")
			target := h
			if file != "" {
				b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
				if err != nil {
					t.Errorf("%s: link %q: %v", name, u, err)
					continue
				}
				target = string(b)
			}
			if frag != "" && !strings.Contains(target, `id="`+frag+`"`) {
				t.Errorf("%s: link %q: no id %q there", name, u, frag)
			}
		}
	}
}

func TestSiteFailure(t *testing.T) {
	fakeVenv(t, failingExecuted(t))
	// The previous site, which a failed build must leave as it was.
	out := filepath.Join(t.TempDir(), "site")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{site.Marker, "index.html"} {
		if err := os.WriteFile(filepath.Join(out, f), []byte("old "+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := cli(t, "", "site", "-o", out, "-notebooks", "../../internal/site/testdata/notebooks")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	want := `cutoff: site: 01-second.ipynb: cell 2 ("foo() // a typo") failed: ERROR: failed to run "/usr/bin/go build": exit status 1 undefined: foo`
	if code != 1 || stdout != "" || last != want {
		t.Errorf("exit %d, stdout %q, last line of stderr\n%s\nwant exit 1 and\n%s", code, stdout, last, want)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "cutoff site: ") {
			t.Errorf("stderr line %q is neither progress nor the error", l)
		}
	}
	if got := siteFiles(t, out); strings.Join(got, " ") != ".cutoff-site index.html" || readString(t, filepath.Join(out, "index.html")) != "old index.html" {
		t.Errorf("the failed build changed the previous site: %v", got)
	}
	if s := siblings(t, out); len(s) > 0 {
		t.Errorf("left next to the site: %v", s)
	}

	// nbconvert itself failing: its last line.
	t.Setenv("CUTOFF_FAKE_EXECUTED", t.TempDir())
	code, _, stderr = cli(t, "", "site", "-o", out, "-notebooks", "../../internal/site/testdata/notebooks")
	if code != 1 || !strings.HasSuffix(stderr, "cutoff: site: 00-first.ipynb: jupyter nbconvert failed (exit status 1): nbclient.exceptions.DeadKernelError: Kernel died\n") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}

	// A notebook that runs too long is killed with its process group.
	t.Setenv("CUTOFF_FAKE_SLEEP", "30")
	begin := time.Now()
	code, _, stderr = cli(t, "", "site", "-o", out, "-notebooks", "../../internal/site/testdata/notebooks", "-timeout", "500ms")
	if code != 1 || !strings.HasSuffix(stderr, "cutoff: site: 00-first.ipynb did not finish within 500ms: killed nbconvert and its kernel (-timeout sets the limit)\n") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if d := time.Since(begin); d > 8*time.Second {
		t.Errorf("the timeout took %v", d)
	}
	if got := siteFiles(t, out); strings.Join(got, " ") != ".cutoff-site index.html" {
		t.Errorf("the timed-out build changed the previous site: %v", got)
	}
	if s := siblings(t, out); len(s) > 0 {
		t.Errorf("left next to the site: %v", s)
	}
}

func TestSiteUsage(t *testing.T) {
	fakeVenv(t, "../../internal/site/testdata/executed")
	tmp := t.TempDir()
	notASite := filepath.Join(tmp, "mine")
	if err := os.MkdirAll(notASite, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(notASite, "thesis.tex"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	noSources := filepath.Join(tmp, "nosources")
	if err := os.MkdirAll(noSources, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"00-first.ipynb", "README.md"} {
		b, _ := os.ReadFile(filepath.Join("../../internal/site/testdata/notebooks", f))
		os.WriteFile(filepath.Join(noSources, f), b, 0o644)
	}
	nb := "../../internal/site/testdata/notebooks"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"-o"}, "flag needs an argument: -o"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-timeout", "0s", "-notebooks", nb}, "-timeout must be positive"},
		{[]string{"-timeout", "soon"}, `invalid value "soon" for flag -timeout`},
		{[]string{"-notebooks", tmp}, "-notebooks: no notebooks NN-*.ipynb in"},
		{[]string{"-notebooks", nb, "-only", "00-first,07-nope"}, "-only: no notebook 07-nope.ipynb in"},
		{[]string{"-notebooks", noSources, "-o", filepath.Join(tmp, "s")}, "SOURCES.md is missing (sources.html and the sources of each notebook are made from it)"},
		{[]string{"-notebooks", nb, "-o", notASite}, "exists and is not a site cutoff site wrote (it has no .cutoff-site file): refusing to replace it"},
		{[]string{"-notebooks", nb, "-o", filepath.Join(notASite, "thesis.tex")}, "exists and is not a directory"},
	} {
		code, stdout, stderr := cli(t, "", append([]string{"site"}, c.args...)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "cutoff: site: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("cutoff site %q: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
	if got := readString(t, filepath.Join(notASite, "thesis.tex")); got != "mine" {
		t.Error("the refused directory was changed")
	}
	t.Setenv("CUTOFF_VENV", filepath.Join(tmp, "no-venv"))
	code, _, stderr := cli(t, "", "site", "-notebooks", nb, "-o", filepath.Join(tmp, "s"))
	if code != exitUsage || !strings.Contains(stderr, "run `bash .ci/course --install`") {
		t.Errorf("no venv: exit %d, stderr %q", code, stderr)
	}
	code, stdout, _ := cli(t, "", "help", "site")
	if code != 0 || !strings.Contains(stdout, "cutoff site [-o DIR] [-notebooks DIR]") {
		t.Errorf("help site: exit %d, %q", code, stdout)
	}
}
