package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// The builds themselves, with a fake Jupyter, are tested by cmd/cutoff's
// tests of cutoff site; these test the course map's reading of
// README.md, SOURCES.md and the notebooks.

func readNotebook(t *testing.T, path string) *ipynb.Notebook {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := nbhtml.Parse(filepath.Base(path), b)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

var testLinks = nbhtml.Links{"SOURCES.md": "sources.html", "README.md": "index.html",
	"00-first.ipynb": "00-first.html", "01-second.ipynb": "01-second.html"}

func TestCourseMap(t *testing.T) {
	readme, err := os.ReadFile("testdata/notebooks/README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := readmeTable(string(readme))
	if r := rows["00-first.ipynb"]; r.shows != "a first **pruned** tree, `a | b` in code, see [SOURCES.md](SOURCES.md)" || r.exercise != "`exercises/00-first`" {
		t.Errorf("00-first's row: %+v", r)
	}
	if r, ok := rows["01-second.ipynb"]; !ok || r.exercise != "" {
		t.Errorf("01-second's row: %+v (ok %v)", r, ok)
	}
	if _, ok := rows["interactive.ipynb"]; !ok || len(rows) != 3 {
		t.Errorf("rows: %v", rows)
	}
	sources, err := os.ReadFile("testdata/notebooks/SOURCES.md")
	if err != nil {
		t.Fatal(err)
	}
	secs := sourceSections(string(sources))
	if len(secs) != 2 || secs[0].Name != "book-1" || secs[0].Title != "A book, «Книга»" || secs[1].Name != "wiki-2" {
		t.Fatalf("sections: %+v", secs)
	}
	if got := secs[0].Uses["00-first.ipynb"]; len(got) != 2 || got[0] != "the pruned tree of Fig. 1, and its value 3." ||
		got[1] != "`01-second.ipynb` (the second step) and `00-first.ipynb`: both." {
		t.Errorf("book-1 uses of 00-first: %q", got)
	}
	if got := secs[1].Uses["01-second.ipynb"]; len(got) != 1 || got[0] != "its claim, measured." {
		t.Errorf("wiki-2 uses of 01-second: %q", got)
	}
	nb := readNotebook(t, "testdata/executed/00-first.ipynb")
	if title, q := notebookIntro(nb); title != "00 · First steps" || !strings.HasPrefix(q, "**Question:** what does") {
		t.Errorf("intro of 00-first: %q, %q", title, q)
	}
	nb = readNotebook(t, "testdata/executed/01-second.ipynb")
	if title, q := notebookIntro(nb); title != "01 · Second" || q != "The first paragraph says what this notebook is about (a `tree. Really`), with no question." {
		t.Errorf("intro of 01-second: %q, %q", title, q)
	}
	if got, _ := nbhtml.Inline(rows["00-first.ipynb"].shows, testLinks); got != `a first <strong>pruned</strong> tree, <code>a | b</code> in code, see <a href="sources.html">SOURCES.md</a>` {
		t.Errorf("renderInline: %s", got)
	}
}

// TestCourseMapReal reads the course's own README.md and SOURCES.md as the
// site does: every notebook has a row, and the sources name notebooks.
func TestCourseMapReal(t *testing.T) {
	readme, err := os.ReadFile("../../notebooks/README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := readmeTable(string(readme))
	paths, _ := filepath.Glob("../../notebooks/[0-9][0-9]-*.ipynb")
	for _, p := range paths {
		if r, ok := rows[filepath.Base(p)]; !ok || r.shows == "" {
			t.Errorf("notebooks/README.md's table has no row for %s", filepath.Base(p))
		}
	}
	sources, err := os.ReadFile("../../notebooks/SOURCES.md")
	if os.IsNotExist(err) {
		t.Skip("notebooks/SOURCES.md does not exist yet")
	}
	if err != nil {
		t.Fatal(err)
	}
	secs := sourceSections(string(sources))
	if len(secs) < 5 {
		t.Errorf("SOURCES.md: %d sections \"## [name] title\", want the 5 sources", len(secs))
	}
	used := map[string]bool{}
	for _, s := range secs {
		for nb := range s.Uses {
			used[nb] = true
		}
	}
	for _, nb := range []string{"02-alphabeta.ipynb", "03-negamax.ipynb", "06-pvs.ipynb", "08-bns.ipynb"} {
		if !used[nb] {
			t.Errorf("no source of SOURCES.md says (under **Where the course runs it:**) that %s runs it", nb)
		}
	}
}

// TestLinkNotebookNames: a built notebook's name links to its page, one
// not built stays text, interactive.ipynb (never on the site) links to the
// players, and a name already inside a link is left alone.
func TestLinkNotebookNames(t *testing.T) {
	h := `<p><code>02-alphabeta.ipynb</code>, <code>05-transposition.ipynb</code>, <code>interactive.ipynb</code>, <a href="x"><code>02-alphabeta.ipynb</code></a></p>`
	got := linkNotebookNames(h, map[string]bool{"02-alphabeta": true})
	want := `<p><a href="02-alphabeta.html"><code>02-alphabeta.ipynb</code></a>, <code>05-transposition.ipynb</code>, <a href="players.html"><code>interactive.ipynb</code></a>, <a href="x"><code>02-alphabeta.ipynb</code></a></p>`
	if got != want {
		t.Errorf("linkNotebookNames:\n got %s\nwant %s", got, want)
	}
}

// TestPrepareInputs: bad input is an *InputError naming the input, which
// cutoff site turns into its flag.
func TestPrepareInputs(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		out, nbDir, only string
		input, want      string
	}{
		{filepath.Join(tmp, "s"), tmp, "", InputNotebooks, "no notebooks NN-*.ipynb in " + tmp},
		{filepath.Join(tmp, "s"), "testdata/notebooks", "00-first,07-nope", InputOnly, "no notebook 07-nope.ipynb in"},
		{file, "testdata/notebooks", "", InputOut, file + " exists and is not a directory"},
	} {
		_, err := Prepare(c.out, c.nbDir, c.only, time.Minute)
		ie, ok := err.(*InputError)
		if !ok || ie.Input != c.input || !strings.Contains(ie.Err.Error(), c.want) {
			t.Errorf("Prepare(%q, %q, %q): %v, want an InputError of %s: %s", c.out, c.nbDir, c.only, err, c.input, c.want)
		}
	}
}
