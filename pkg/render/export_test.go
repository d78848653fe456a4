package render

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// WriteFigure writes each picture in each format, named by its title,
// numbered when a title comes again: a chart and a tree (through
// Renderer.Draw), as PDF and TikZ.
func TestWriteFigure(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "figs")
	formats, err := ParseFormats("pdf,tex")
	if err != nil {
		t.Fatal(err)
	}
	pts := []EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}
	chart := func(opts ...Option) ([]byte, error) { return EBFChart(pts, "Pearl: b^d ≤ 2^20", opts...) }
	for range 2 {
		if err := WriteFigure(dir, "Pearl: b^d ≤ 2^20", formats, chart); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	dot, err := TreeDOT(traced(t, "fixture:aima-fig5.2", "alphabeta"), TreeOptions{Step: -1, Title: "Alpha & beta"})
	if err != nil {
		t.Fatal(err)
	}
	tree := func(opts ...Option) ([]byte, error) { return renderer(t).Draw(ctx, dot, opts...) }
	if err := WriteFigure(dir, "Alpha & beta", formats, tree); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pearl-b-d-2-20.pdf", "pearl-b-d-2-20.tex", "pearl-b-d-2-20-2.pdf", "pearl-b-d-2-20-2.tex", "alpha-beta.pdf", "alpha-beta.tex"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s was not written: %v", name, err)
			continue
		}
		if strings.HasSuffix(name, ".pdf") && !bytes.HasPrefix(b, []byte("%PDF-")) || strings.HasSuffix(name, ".tex") && !bytes.Contains(b, []byte(`\begin{tikzpicture}`)) {
			t.Errorf("%s is not a %s file", name, filepath.Ext(name))
		}
	}
	// A format the picture cannot be drawn in: the reason as a file, and
	// the error.
	bad := errors.New("no PNG today")
	err = WriteFigure(dir, "broken", formats[:1], func(...Option) ([]byte, error) { return nil, bad })
	if !errors.Is(err, bad) {
		t.Errorf("WriteFigure returned %v, want the drawing's error", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "broken.error.txt")); !strings.Contains(string(b), "no PNG today") {
		t.Errorf("broken.error.txt says %q", b)
	}
	if _, err := ParseFormats("gif"); err == nil {
		t.Error("an unknown format was accepted")
	}
}
