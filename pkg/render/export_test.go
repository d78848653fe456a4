package render

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The exporter gets every tree drawn by Renderer.SVG and every chart drawn
// as SVG, with its title and a redraw in any format — and not the frames of
// a step-through.
func TestExporter(t *testing.T) {
	var titles []string
	var pdfs int
	prev := SetExporter(func(title string, redraw func(opts ...Option) ([]byte, error)) {
		titles = append(titles, title)
		if b, err := redraw(As(PDF)); err == nil && bytes.HasPrefix(b, []byte("%PDF-")) {
			pdfs++
		}
	})
	defer SetExporter(prev)
	ctx := context.Background()
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	dot, err := TreeDOT(rec, TreeOptions{Step: -1, Title: "Alpha & beta"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := renderer(t).SVG(ctx, dot); err != nil {
		t.Fatal(err)
	}
	if _, err := EBFChart([]EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}, "EBF chart"); err != nil {
		t.Fatal(err)
	}
	if _, err := EBFChart([]EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}}, "as PNG", As(PNG)); err != nil {
		t.Fatal(err)
	}
	if _, err := Frames(ctx, renderer(t), rec, TreeOptions{}, EveryEvent); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(titles, []string{"Alpha & beta", "EBF chart"}) || pdfs != 2 {
		t.Errorf("exported %q (%d PDFs); want the tree and the SVG chart, each redrawn as PDF, and no frames", titles, pdfs)
	}
}

// ExportFiguresFromEnv writes each picture in each format, named by its
// title, numbered when a title comes again.
func TestExportFiguresFromEnv(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "figs")
	t.Setenv(FiguresEnv, dir)
	t.Setenv(FigureFormatsEnv, "pdf,tex")
	prev := SetExporter(nil)
	defer SetExporter(prev)
	if err := ExportFiguresFromEnv(); err != nil {
		t.Fatal(err)
	}
	pts := []EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}
	for range 2 {
		if _, err := EBFChart(pts, "Pearl: b^d ≤ 2^20"); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"pearl-b-d-2-20.pdf", "pearl-b-d-2-20.tex", "pearl-b-d-2-20-2.pdf", "pearl-b-d-2-20-2.tex"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was not written: %v", name, err)
		}
	}
	t.Setenv(FigureFormatsEnv, "gif")
	if err := ExportFiguresFromEnv(); err == nil {
		t.Error("an unknown format was accepted")
	}
}
