package render

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// figureDeck writes three figures (two charts, one a wide one, and a tree)
// through WriteFigure as PNG and reads them back for a deck; the third has
// lost its untitled picture (a folder from before UntitledDir), so the deck
// uses its titled one.
func figureDeck(t *testing.T) (*FigureDeck, string) {
	t.Helper()
	dir := t.TempDir()
	figs := filepath.Join(dir, "01-minimax")
	formats := []Format{PNG}
	pts := []EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}
	ctx := context.Background()
	dot, err := TreeDOT(traced(t, "fixture:aima-fig5.2", "alphabeta"), TreeOptions{Step: -1, Title: "Alpha & beta"})
	if err != nil {
		t.Fatal(err)
	}
	draws := []struct {
		title string
		draw  func(opts ...Option) ([]byte, error)
	}{
		{"Pearl: b^d ≤ 2^20", func(opts ...Option) ([]byte, error) { return EBFChart(pts, "Pearl", opts...) }},
		{"Alpha & beta on fig. 5.2", func(opts ...Option) ([]byte, error) { return renderer(t).Draw(ctx, dot, opts...) }},
		{"Pearl: b^d ≤ 2^20", func(opts ...Option) ([]byte, error) { return EBFChart(pts, "Again", opts...) }},
	}
	for _, d := range draws {
		if err := WriteFigure(figs, d.title, formats, d.draw); err != nil {
			t.Fatal(err)
		}
	}
	third := filepath.Join(figs, UntitledDir, "pearl-b-d-2-20-2.png")
	if err := os.Remove(third); err != nil {
		t.Fatalf("the third figure has no untitled picture: %v", err)
	}
	k := 0
	list, err := ReadFigures(figs, func(string) string { k++; return fmt.Sprintf("notebook 01 · figure %d", k) })
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(draws) {
		t.Fatalf("ReadFigures found %d figures, want %d: %+v", len(list), len(draws), list)
	}
	for i, f := range list {
		if f.Title != draws[i].title || !strings.HasSuffix(f.Caption, fmt.Sprintf("figure %d", i+1)) {
			t.Errorf("figure %d: %q, %q: want the title %q, in the order drawn", i, f.Title, f.Caption, draws[i].title)
		}
		if titled := i == 2; f.Titled != titled || (filepath.Dir(f.PNG) == filepath.Join(figs, UntitledDir)) == titled {
			t.Errorf("figure %d: Titled %v, picture %s", i, f.Titled, f.PNG)
		}
	}
	return &FigureDeck{Figures: list}, dir
}

// A figure deck's PDF: a page per figure, all slide-sized, the title and
// the caption on each page as text.
func TestFigureDeckPDF(t *testing.T) {
	d, dir := figureDeck(t)
	path := filepath.Join(dir, "deck.pdf")
	if err := d.WriteDeck(path, ""); err != nil {
		t.Fatal(err)
	}
	info := runTool(t, "pdfinfo", "-f", "1", "-l", "999", path)
	if !strings.Contains(strings.Join(strings.Fields(info), " "), fmt.Sprintf("Pages: %d ", len(d.Figures))) {
		t.Fatalf("pdfinfo: want %d pages:\n%s", len(d.Figures), info)
	}
	want := fmt.Sprintf("%d x %d pts", SlideWidth, SlideHeight)
	sizes := 0
	for _, l := range strings.Split(info, "\n") {
		if strings.HasPrefix(l, "Page ") && strings.Contains(l, " size:") {
			sizes++
			if !strings.Contains(strings.Join(strings.Fields(l), " "), want) {
				t.Errorf("%s: want %s", l, want)
			}
		}
	}
	if sizes != len(d.Figures) {
		t.Errorf("pdfinfo listed %d page sizes, want %d", sizes, len(d.Figures))
	}
	for i, f := range d.Figures {
		text := strings.Join(strings.Fields(runTool(t, "pdftotext", "-f", strconv.Itoa(i+1), "-l", strconv.Itoa(i+1), path, "-")), " ")
		// Every word of the title and the caption, but those with a symbol
		// drawn as outlines (≤).
		words := f.Caption
		if !f.Titled {
			words += " " + f.Title
		}
		for _, w := range strings.Fields(words) {
			if _, ok := cp1252(w); ok && !strings.Contains(text, w) {
				t.Errorf("page %d: no %q of the title %q or the caption %q in %q", i+1, w, f.Title, f.Caption, text)
			}
		}
		// The title once: as the page's text over a picture without it,
		// or only in a picture that draws it (pixels, no text).
		head := strings.SplitN(f.Title, ":", 2)[0]
		if n, want := strings.Count(text, head), map[bool]int{false: 1, true: 0}[f.Titled]; n != want {
			t.Errorf("page %d: the title's %q is in the text %d times, want %d: %q", i+1, head, n, want, text)
		}
	}
	// The picture is on the page: the middle of page 2 (the tree) is not
	// all white.
	img := pdftoppmPage(t, path, 36)
	if img.Bounds().Dx() != SlideWidth/2 {
		t.Errorf("page 1 at 36 dpi is %d pixels wide, want %d", img.Bounds().Dx(), SlideWidth/2)
	}
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y + b.Dy()/4; y < b.Max.Y-b.Dy()/4; y++ {
		for x := b.Min.X + b.Dx()/4; x < b.Max.X-b.Dx()/4; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				dark++
			}
		}
	}
	if dark < 50 {
		t.Errorf("the middle of page 1 has %d dark pixels: no picture?", dark)
	}
	// Bad input: no figures, an unknown extension; nothing written.
	if err := (&FigureDeck{}).WriteDeck(filepath.Join(dir, "empty.pdf"), ""); err == nil {
		t.Error("an empty deck was written")
	}
	if err := d.WriteDeck(filepath.Join(dir, "deck.gif"), ""); err == nil {
		t.Error("a .gif figure deck was accepted")
	}
	if _, err := os.Stat(filepath.Join(dir, "empty.pdf")); err == nil {
		t.Error("the empty deck left a file")
	}
}

// The Beamer source: a frame per figure, compiled by pdflatex, each slide
// with its figure's title.
func TestFigureDeckBeamer(t *testing.T) {
	d, dir := figureDeck(t)
	path := filepath.Join(dir, "figures.tex")
	if err := d.WriteDeck(path, "Minimax"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if n := strings.Count(s, `\begin{frame}`); n != len(d.Figures) || !strings.Contains(s, "figures-pages.pdf") {
		t.Fatalf("%d frames, want %d, including figures-pages.pdf:\n%s", n, len(d.Figures), s)
	}
	tool := needTool(t, "pdflatex")
	needTool(t, "pdftotext")
	if out, err := exec.Command("kpsewhich", "beamer.cls").Output(); err != nil || len(out) == 0 {
		if os.Getenv("CUTOFF_TEX_TESTS") == "1" {
			t.Fatal("beamer.cls not found (CUTOFF_TEX_TESTS=1: texlive-latex-recommended is required)")
		}
		t.Skip("beamer.cls not found")
	}
	cmd := exec.Command(tool, "-interaction=nonstopmode", "-halt-on-error", "figures.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex figures.tex: %v\n%s", err, tail(string(out), 1500))
	}
	pdf := filepath.Join(dir, "figures.pdf")
	info := strings.Join(strings.Fields(runTool(t, "pdfinfo", pdf)), " ")
	if !strings.Contains(info, fmt.Sprintf("Pages: %d ", len(d.Figures))) {
		t.Fatalf("want %d pages: %s", len(d.Figures), info)
	}
	for i, f := range d.Figures {
		text := strings.Join(strings.Fields(runTool(t, "pdftotext", "-f", strconv.Itoa(i+1), "-l", strconv.Itoa(i+1), pdf, "-")), " ")
		head := strings.SplitN(f.Title, ":", 2)[0]
		if n, want := strings.Count(text, head), map[bool]int{false: 1, true: 0}[f.Titled]; n != want || !strings.Contains(text, "notebook 01") {
			t.Errorf("slide %d: the title's %q %d times (want %d), or no caption, in %q", i+1, head, n, want, text)
		}
	}
}

// WriteFigure's untitled pictures: a chart of the same size with nothing
// in the title's band, a tree shorter by the title's height.
func TestFigureUntitled(t *testing.T) {
	d, dir := figureDeck(t)
	figs := filepath.Join(dir, "01-minimax")
	decode := func(path string) image.Image {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	chart, chartTitled := decode(d.Figures[0].PNG), decode(filepath.Join(figs, "pearl-b-d-2-20.png"))
	if chart.Bounds() != chartTitled.Bounds() {
		t.Errorf("the untitled chart is %v, the titled one %v", chart.Bounds(), chartTitled.Bounds())
	}
	// The chart as PDF, with and without its title: the title's text is in
	// one and not in the other.
	pts := []EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}
	for _, untitled := range []bool{false, true} {
		opts := []Option{As(PDF)}
		if untitled {
			opts = append(opts, Untitled())
		}
		b, err := EBFChart(pts, "Zebra chart", opts...)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("chart-%v.pdf", untitled))
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		text := runTool(t, "pdftotext", path, "-")
		if n, want := strings.Count(text, "Zebra"), map[bool]int{false: 1, true: 0}[untitled]; n != want || !strings.Contains(text, "branching factor") {
			t.Errorf("the chart's PDF (untitled %v) has its title %d times, want %d; axis label: %v", untitled, n, want, strings.Contains(text, "branching factor"))
		}
	}
	tree, treeTitled := decode(d.Figures[1].PNG), decode(filepath.Join(figs, "alpha-beta-on-fig-5-2.png"))
	if dh := treeTitled.Bounds().Dy() - tree.Bounds().Dy(); dh < 20*DefaultDPI/72 || tree.Bounds().Dx() > treeTitled.Bounds().Dx() {
		t.Errorf("the untitled tree is %v, the titled one %v: want it shorter by the title's 20 pt or more", tree.Bounds(), treeTitled.Bounds())
	}
}
