package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
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
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	formats, err := render.ParseFormats(*formatList)
	if err != nil {
		return fmt.Errorf("-format: %v", err)
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
	return nil
}

func figuresUsage(w io.Writer) {
	help(w, "figures", nil)
}
