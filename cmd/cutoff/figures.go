package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/cutoff-go/cutoff/internal/site"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// runFigures is cutoff figures: it runs the course's notebooks headless,
// as cutoff site does, with render's exporter on, so that every tree and
// chart they draw is also written as files, one folder per notebook.
func runFigures(args []string, s streams) error {
	fs := newFlagSet("figures")
	out := fs.String("o", "figures", "")
	formatList := fs.String("format", "svg,png,pdf,tex", "")
	nbDir := fs.String("notebooks", "", "")
	only := fs.String("only", "", "")
	timeout := fs.Duration("timeout", site.NotebookTimeout, "")
	deck := fs.String("deck", "", "")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	formats, err := render.ParseFormats(*formatList)
	if err != nil {
		return fmt.Errorf("-format: %v", err)
	}
	deckAbs, err := deckPath(*deck)
	if err != nil {
		return err
	}
	if deckAbs != "" && !slices.Contains(formats, render.PNG) {
		formats = append(formats, render.PNG) // the deck's pictures
	}
	if *out == "" {
		return errors.New("-o: give the figures' folder")
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout must be positive, got %v", *timeout)
	}
	outAbs, err := filepath.Abs(*out)
	if err != nil {
		return err
	}
	if st, err := os.Stat(outAbs); err == nil && !st.IsDir() {
		return fmt.Errorf("-o %s is a file, not a folder", *out)
	}
	if err := os.MkdirAll(outAbs, 0o755); err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	scratch, err := os.MkdirTemp("", "cutoff-figures-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	cfg, err := site.Prepare(filepath.Join(scratch, "site"), *nbDir, *only, *timeout)
	if err != nil {
		return siteInput(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var names []string
	for _, f := range formats {
		names = append(names, string(f))
	}
	total, failures := cfg.Figures(ctx, outAbs, scratch, formats, func(r site.FigureRun) {
		status := fmt.Sprintf("%d figure(s)", r.Figures)
		if r.Err != nil {
			status += " — " + r.Err.Error()
		}
		fmt.Fprintf(s.stderr, "cutoff figures: %s (%d/%d) in %.1f s: %s\n", r.File, r.Index, r.Of, r.Elapsed.Seconds(), status)
	})
	fmt.Fprintf(s.stdout, "%d figures of %d notebook(s) in %s, each as %s\n", total, len(cfg.Notebooks()), outAbs, strings.Join(names, ", "))
	if failures > 0 {
		return &buildFailure{fmt.Errorf("%d notebook(s) failed: their figures are incomplete", failures)}
	}
	if deckAbs == "" {
		return nil
	}
	var figs []render.DeckFigure
	for _, file := range cfg.Notebooks() {
		f, err := render.ReadFigures(filepath.Join(outAbs, strings.TrimSuffix(file, ".ipynb")), site.FigureCaptions(filepath.Join(scratch, file)))
		if err != nil {
			return err
		}
		figs = append(figs, f...)
	}
	d := &render.FigureDeck{Figures: figs}
	if err := d.WriteDeck(deckAbs, "Figures"); err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "%d figures as one deck in %s\n", len(figs), deckAbs)
	return nil
}

// deckPath checks -deck: empty, or a .pdf or .tex file in a folder that
// exists.
func deckPath(deck string) (string, error) {
	if deck == "" {
		return "", nil
	}
	if !slices.Contains(render.FigureDeckFormats, strings.ToLower(filepath.Ext(deck))) {
		return "", fmt.Errorf("-deck %s: want a .pdf or a .tex (Beamer) file", deck)
	}
	abs, err := filepath.Abs(deck)
	if err != nil {
		return "", fmt.Errorf("-deck: %v", err)
	}
	if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
		return "", fmt.Errorf("-deck %s: its folder does not exist", deck)
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return "", fmt.Errorf("-deck %s is a folder", deck)
	}
	return abs, nil
}

func figuresUsage(w io.Writer) {
	help(w, "figures", nil)
}
