package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/site"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// runFigures is cutoff figures: it runs the course's notebooks headless,
// as cutoff site does, with render's exporter on, so that every tree and
// chart they draw is also written as files, one folder per notebook.
func runFigures(args []string, s streams) error {
	fs := cliflag.NewSet("figures")
	out := fs.String("o", "figures", "")
	formatList := fs.String("format", "svg,png,pdf,tex", "")
	nbDir := fs.String("notebooks", "", "")
	only := fs.String("only", "", "")
	timeout := fs.Duration("timeout", site.NotebookTimeout, "")
	deck := fs.String("deck", "", "")
	if _, err := cliflag.Parse(fs, args); err != nil {
		return err
	}
	formats, err := render.ParseFormats(*formatList)
	if err != nil {
		return fmt.Errorf("-format: %v", err)
	}
	deckAbs, err := site.DeckFile(*deck)
	if err != nil {
		return fmt.Errorf("-deck %w", err)
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
	b, err := site.NewFigures(*out, *nbDir, *only, *timeout)
	if errors.Is(err, site.ErrNotFolder) {
		return fmt.Errorf("-o %s is a file, not a folder", *out)
	}
	if err != nil {
		return siteInput(err)
	}
	defer b.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var names []string
	for _, f := range formats {
		names = append(names, string(f))
	}
	total, failures := b.Run(ctx, formats, func(r site.FigureRun) { fmt.Fprintf(s.stderr, "cutoff figures: %s\n", r) })
	fmt.Fprintf(s.stdout, "%d figures of %d notebook(s) in %s, each as %s\n", total, len(b.Notebooks()), b.Out, strings.Join(names, ", "))
	if failures > 0 {
		return &statusError{fmt.Errorf("%d notebook(s) failed: their figures are incomplete", failures), exitBudget}
	}
	if deckAbs == "" {
		return nil
	}
	n, err := b.WriteDeck(deckAbs)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "%d figures as one deck in %s\n", n, deckAbs)
	return nil
}

func figuresUsage(w io.Writer) {
	help(w, "figures", nil)
}
