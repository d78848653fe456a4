package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/site"
)

// cutoff site executes the course's notebooks and writes them as a static
// web site (see siteUsage); internal/site builds it.

// siteFlags are the flags that set site.Prepare's and NewFigures' inputs.
var siteFlags = map[string]string{site.InputOut: "-o", site.InputNotebooks: "-notebooks", site.InputOnly: "-only", site.InputFigures: "-o"}

// siteInput names the flag of a site.InputError: "-o: ...".
func siteInput(err error) error {
	if ie, ok := err.(*site.InputError); ok {
		return fmt.Errorf("%s: %w", siteFlags[ie.Input], ie.Err)
	}
	return err
}

// runSite is cutoff site.
func runSite(args []string, s streams) error {
	fs := cliflag.NewSet("site")
	out := fs.String("o", "site", "")
	nbDir := fs.String("notebooks", "", "")
	only := fs.String("only", "", "")
	timeout := fs.Duration("timeout", site.NotebookTimeout, "")
	if _, err := cliflag.Parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-o: give the site's directory")
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout must be positive, got %v", *timeout)
	}
	cfg, err := site.Prepare(*out, *nbDir, *only, *timeout)
	if err != nil {
		return siteInput(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return buildSite(ctx, cfg, s)
}

// buildSite builds the site, its progress on stderr, the summary on stdout.
func buildSite(ctx context.Context, cfg *site.Config, s streams) error {
	st, err := site.Build(ctx, cfg, func(line string) { fmt.Fprintf(s.stderr, "cutoff site: %s\n", line) })
	if be := (*site.BuildError)(nil); errors.As(err, &be) {
		// A failure of the build itself (a notebook's cell failed, a
		// notebook timed out, the site could not be written), as opposed
		// to bad input: exit status 1.
		return &statusError{err, exitBudget}
	}
	if err != nil {
		return siteInput(err)
	}
	fmt.Fprintf(s.stdout, "cutoff site: wrote %s: %d pages, %d pictures, %d bytes in %.1f s\n",
		st.Dir, st.Pages, st.Pictures, st.Bytes, st.Took.Seconds())
	return nil
}

// siteUsage prints cutoff site's help.
func siteUsage(w io.Writer) {
	help(w, "site", map[string]any{"Marker": site.Marker, "NotebookTimeout": site.NotebookTimeout, "CellTimeout": site.CellTimeout})
}
