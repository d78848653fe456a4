package site

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// InputFigures is the input an InputError of NewFigures names: the
// figures' folder.
const InputFigures = "the figures' folder"

// ErrNotFolder is NewFigures' error (in an *InputError) when the figures'
// folder is a file.
var ErrNotFolder = errors.New("is a file, not a folder")

// FigureBuild is one run of cutoff figures: the notebooks of a
// configuration (Prepare) executed in a scratch folder of their own, their
// figures written into a folder (Run), then read back as one deck
// (WriteDeck). Close removes the scratch folder.
type FigureBuild struct {
	*Config
	Out     string // the figures' folder, absolute
	scratch string // the executed notebooks, and the site Prepare checked
}

// NewFigures checks and makes the figures' folder out (an *InputError of
// InputFigures when it cannot be one, holding ErrNotFolder when it is a
// file), makes a scratch folder, and prepares the notebooks of nbDir and
// only as Prepare does (its errors are Prepare's).
func NewFigures(out, nbDir, only string, timeout time.Duration) (*FigureBuild, error) {
	outAbs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(outAbs); err == nil && !st.IsDir() {
		return nil, &InputError{InputFigures, ErrNotFolder}
	}
	if err := os.MkdirAll(outAbs, 0o755); err != nil {
		return nil, &InputError{InputFigures, err}
	}
	scratch, err := os.MkdirTemp("", "cutoff-figures-*")
	if err != nil {
		return nil, err
	}
	cfg, err := Prepare(filepath.Join(scratch, "site"), nbDir, only, timeout)
	if err != nil {
		os.RemoveAll(scratch)
		return nil, err
	}
	return &FigureBuild{Config: cfg, Out: outAbs, scratch: scratch}, nil
}

// Close removes the scratch folder.
func (b *FigureBuild) Close() error { return os.RemoveAll(b.scratch) }

// Run runs the notebooks into b.Out (Figures).
func (b *FigureBuild) Run(ctx context.Context, formats []render.Format, progress func(FigureRun)) (total, failures int) {
	return b.Figures(ctx, b.Out, b.scratch, formats, progress)
}

// WriteDeck writes every figure Run wrote (in PNG) as one deck, path a
// .pdf or a .tex file (DeckFile), each figure captioned with its
// notebook's heading (NotebookCaption), and returns how many it holds.
func (b *FigureBuild) WriteDeck(path string) (int, error) {
	var figs []render.DeckFigure
	for _, file := range b.Notebooks() {
		caption := NotebookCaption(filepath.Join(b.scratch, file))
		f, err := render.ReadFigures(filepath.Join(b.Out, strings.TrimSuffix(file, ".ipynb")), func(string) string { return caption })
		if err != nil {
			return 0, err
		}
		figs = append(figs, f...)
	}
	d := &render.FigureDeck{Figures: figs}
	if err := d.WriteDeck(path, "Figures"); err != nil {
		return 0, err
	}
	return len(figs), nil
}

// DeckFile checks the path of a figure deck, "" for none, else a .pdf or
// a .tex file in a folder that exists, and returns it absolute; its errors
// start with path.
func DeckFile(path string) (string, error) {
	if path == "" {
		return "", nil
	}
	if !slices.Contains(render.FigureDeckFormats, strings.ToLower(filepath.Ext(path))) {
		return "", fmt.Errorf("%s: want a .pdf or a .tex (Beamer) file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s: its folder does not exist", path)
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a folder", path)
	}
	return abs, nil
}

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
