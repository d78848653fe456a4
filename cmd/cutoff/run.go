package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/pkg/algos"
)

// Exit statuses (documented in the package doc).
const (
	exitOK       = 0
	exitBudget   = 1 // the search ran out of -max-nodes; grade: a check failed; site: a notebook failed
	exitUsage    = 2 // bad input of any kind
	exitInternal = 3 // a panic: a bug in Cutoff
)

// streams are the process's standard streams, passed explicitly so that
// tests can run commands in-process.
type streams struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand. Adding a subcommand is adding one entry to
// commands.
type command struct {
	name    string
	summary string
	run     func(args []string, s streams) error
	usage   func(w io.Writer) // prints the command's help to w
}

func commands() []command {
	return []command{
		{"search", "search a game tree with one algorithm and print what it did", runSearch, searchUsage},
		{"bench", "compare the algorithms' leaf counts on random trees", runBench, benchUsage},
		{"render", "draw a traced search as a tree (SVG, PNG, PDF, TikZ), frames or an HTML player", runRender, renderUsage},
		{"plot", "draw a chart of node counts (SVG, PNG, PDF, TikZ) and its numbers as CSV", runPlot, plotUsage},
		{"grade", "grade the course's exercises: points per check, a score table or JSON", runGrade, gradeUsage},
		{"solve", "solve Connect Four positions, one per line, as Pascal Pons' solver", runSolve, solveUsage},
		{"site", "execute the notebooks and write the course as a static web site", runSite, siteUsage},
		{"figures", "write every picture of the course as SVG, PNG, PDF or TikZ files", runFigures, figuresUsage},
	}
}

// run is the whole program: it dispatches args to a subcommand and returns
// the exit status. It never panics: a panic is reported as an internal error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "cutoff: internal error (please report it): %s\n", cliword.OneLine(fmt.Sprint(r)))
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		return fail(stderr, errors.New(`missing command (run "cutoff help" for the list)`))
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			mainUsage(stdout)
			return exitOK
		}
		if len(rest) > 1 {
			return fail(stderr, fmt.Errorf("help takes one command name, got %d arguments", len(rest)))
		}
		c, err := lookup(rest[0])
		if err != nil {
			return fail(stderr, err)
		}
		c.usage(stdout)
		return exitOK
	}
	c, err := lookup(name)
	if err != nil {
		return fail(stderr, err)
	}
	err = c.run(rest, streams{stdin, stdout, stderr})
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.usage(stdout)
		return exitOK
	case errors.Is(err, errNotFull):
		return exitBudget // the report is printed: exit status 1
	case err != nil:
		return fail(stderr, fmt.Errorf("%s: %w", c.name, err))
	}
	return exitOK
}

func lookup(name string) (command, error) {
	for _, c := range commands() {
		if c.name == name {
			return c, nil
		}
	}
	return command{}, fmt.Errorf("unknown command %q (available: %s)", name, strings.Join(commandNames(), ", "))
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// fail prints err as the one line of a failure and returns its exit status.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "cutoff: %s\n", cliword.OneLine(err.Error()))
	if errors.Is(err, algos.ErrBudget) {
		return exitBudget
	}
	if se, ok := errors.AsType[*statusError](err); ok {
		return se.status
	}
	return exitUsage
}

// statusError is an error that carries its own exit status: a failure of
// the work rather than bad input (cutoff site's and figures' build
// failures, cutoff solve's wrong scores: status 1).
type statusError struct {
	err    error
	status int
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// mainUsage prints cutoff help: the commands and the exit statuses.
func mainUsage(w io.Writer) {
	type line struct{ Name, Summary string }
	var lines []line
	for _, c := range commands() {
		lines = append(lines, line{c.name, c.summary})
	}
	help(w, "main", lines)
}
