package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/cutoff-go/cutoff/internal/site"
)

// cutoff site executes the course's notebooks and writes them as a static
// web site (see siteUsage); internal/site builds it.

// buildFailure is a failure of the build itself (site.BuildError: a
// notebook's cell failed, a notebook timed out, the site could not be
// written), as opposed to bad input: exit status 1.
type buildFailure struct{ err error }

func (e *buildFailure) Error() string   { return e.err.Error() }
func (e *buildFailure) Unwrap() error   { return e.err }
func (e *buildFailure) ExitStatus() int { return exitBudget }

// siteFlags are the flags that set site.Prepare's inputs.
var siteFlags = map[string]string{site.InputOut: "-o", site.InputNotebooks: "-notebooks", site.InputOnly: "-only"}

// siteInput names the flag of a site.InputError: "-o: ...".
func siteInput(err error) error {
	if ie, ok := err.(*site.InputError); ok {
		return fmt.Errorf("%s: %w", siteFlags[ie.Input], ie.Err)
	}
	return err
}

// runSite is cutoff site.
func runSite(args []string, s streams) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "site", "")
	nbDir := fs.String("notebooks", "", "")
	only := fs.String("only", "", "")
	timeout := fs.Duration("timeout", site.NotebookTimeout, "")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0))
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
		return &buildFailure{err}
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
	fmt.Fprintf(w, `Usage:
  cutoff site [-o DIR] [-notebooks DIR] [-only LIST] [-timeout D]

Executes every notebook of the course (notebooks/NN-*.ipynb; not
interactive.ipynb, which needs a live kernel) headless on the GoNB kernel and
writes a static site that reads without installing anything, from file://
or any web server (relative links only; nothing is loaded from the network):

  index.html       the course map: each notebook's title and question, what
                   it shows (notebooks/README.md's table), which source and
                   claim it runs (notebooks/SOURCES.md), its exercise
  NN-topic.html    each notebook with its outputs and pictures, previous /
                   next links, and its executed notebook in notebooks/
  sources.html     notebooks/SOURCES.md
  pictures.html    the legend of the pictures' marks (notebooks/README.md)
  algorithms.html  which algorithm when, the pseudocodes side by side
                   (notebooks/README.md)
  players.html     step-through players of the searches on the textbook trees
  figures/NN-topic/*.svg  every picture as an SVG file, linked beside it

The site is built in a temporary directory next to DIR and moved into place
only when every notebook ran without an error: a failed build leaves DIR as
it was. An existing DIR is replaced only if it holds a site cutoff site
wrote (its %s file); anything else is refused.

Jupyter comes from the venv in $CUTOFF_VENV or the repository's .venv, with
the GoNB kernel; "bash .ci/course --install" installs them. Progress goes to
stderr, one line per notebook; the last line, on stdout, counts the pages,
pictures, bytes and seconds.

Flags:
  -o DIR          the site's directory (default site)
  -notebooks DIR  the course's notebooks (default: notebooks/ of the
                  repository holding the working directory)
  -only LIST      build only these notebooks, e.g. 00-welcome,02-alphabeta
  -timeout D      the longest one notebook may run before it and its kernel
                  are killed (default %v; each cell at most %v)

Examples:
  cutoff site                     # writes site/; open site/index.html
  cutoff site -o .tmp/site -only 00-welcome,02-alphabeta

Exit status: 0 success, 1 a notebook failed (the line names it and its
cell) or timed out, or the site could not be written, 2 bad input
(flags, a missing venv, notebook or file, DIR not a site).
`, site.Marker, site.NotebookTimeout, site.CellTimeout)
}
