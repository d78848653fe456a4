package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// FigureRun is one notebook run by Figures.
type FigureRun struct {
	File      string // NN-topic.ipynb
	Index, Of int    // its place among the notebooks, from 1
	Figures   int    // the pictures it wrote (in the first format)
	Elapsed   time.Duration
	Err       error // the notebook failed: its figures are incomplete
}

// Figures runs every notebook of cfg as a build does (Execute), with
// render's exporter on, so that every tree and chart it draws is also
// written into out/NN-topic (emptied first) in each of the formats; the
// executed copies go to scratch. progress hears of each notebook when it
// ends. Figures returns the pictures written, counted in the first format,
// and the number of notebooks that failed.
func (cfg *Config) Figures(ctx context.Context, out, scratch string, formats []render.Format, progress func(FigureRun)) (total, failures int) {
	var names []string
	for _, f := range formats {
		names = append(names, string(f))
	}
	notebooks := cfg.Notebooks()
	for i, file := range notebooks {
		dir := filepath.Join(out, strings.TrimSuffix(file, ".ipynb"))
		os.RemoveAll(dir)
		start := time.Now()
		err := cfg.Execute(ctx, file, scratch, render.FiguresEnv+"="+dir, render.FigureFormatsEnv+"="+strings.Join(names, ","))
		if err == nil {
			var nb *ipynb.Notebook
			if nb, err = ipynb.Read(filepath.Join(scratch, file)); err == nil {
				err = nbhtml.CheckCells(file, nb)
			}
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*."+names[0]))
		total += len(files)
		if err != nil {
			failures++
		}
		if progress != nil {
			progress(FigureRun{File: file, Index: i + 1, Of: len(notebooks), Figures: len(files), Elapsed: time.Since(start), Err: err})
		}
	}
	return total, failures
}

// NotebookCaption is a figure's caption in a deck: its notebook's heading,
// "Notebook 01 · Minimax", or its file's name when it has none.
func NotebookCaption(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".ipynb")
	nb, err := ipynb.Read(path)
	if err != nil {
		return "Notebook " + name
	}
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		for _, l := range strings.Split(string(c.Source), "\n") {
			if h, ok := strings.CutPrefix(l, "# "); ok && strings.TrimSpace(h) != "" {
				return "Notebook " + strings.TrimSpace(h)
			}
		}
	}
	return "Notebook " + name
}
