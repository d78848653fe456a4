package render

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// figureDeck writes three figures (two charts, one a wide one, and a tree)
// through WriteFigure as PNG and reads them back for a deck.
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
	list, err := ReadFigures(figs, func(title string) string { return "notebook 01 · " + title })
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(draws) {
		t.Fatalf("ReadFigures found %d figures, want %d: %+v", len(list), len(draws), list)
	}
	for i, f := range list {
		if f.Title != draws[i].title || !strings.HasSuffix(f.Caption, draws[i].title) {
			t.Errorf("figure %d: %q, %q: want the title %q, in the order drawn", i, f.Title, f.Caption, draws[i].title)
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
		for _, w := range strings.Fields(f.Title + " " + f.Caption) {
			if _, ok := cp1252(w); ok && !strings.Contains(text, w) {
				t.Errorf("page %d: no %q of the title %q or the caption %q in %q", i+1, w, f.Title, f.Caption, text)
			}
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
		if want := strings.SplitN(f.Title, ":", 2)[0]; !strings.Contains(text, want) || !strings.Contains(text, "notebook 01") {
			t.Errorf("slide %d: no %q or caption in %q", i+1, want, text)
		}
	}
}
