package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

func solveUsage(w io.Writer) {
	help(w, "solve", map[string]any{"TableBits": connect4.DefaultTableBits})
}

// solveProgressEvery is how long stderr may stay silent while lines are
// being solved before a progress line is written (a variable for tests).
var solveProgressEvery = 5 * time.Second

type solveFlags struct {
	weak, summary bool
	part, bits    int
}

// newSolveFlags defines the flags of cutoff solve on a silent flag set.
func newSolveFlags() (*flag.FlagSet, *solveFlags) {
	f := &solveFlags{}
	fs := cliflag.NewSet("solve")
	cliflag.Bind(fs, map[string]any{"weak": &f.weak, "part": &f.part, "table-bits": &f.bits, "summary": &f.summary})
	return fs, f
}

func runSolve(args []string, s streams) error {
	fs, f := newSolveFlags()
	if err := cliflag.ParseInterspersed(fs, args); err != nil {
		return err
	}
	set := cliflag.Visited(fs)
	if fs.NArg() > 1 {
		return fmt.Errorf("one FILE at most, got %d arguments", fs.NArg())
	}

	opt := connect4.Default()
	var err error
	if set["part"] {
		if opt, err = connect4.Part(f.part); err != nil {
			return fmt.Errorf("-part: %s", c4Message(err))
		}
	}
	if set["table-bits"] {
		if err := cliflag.FirstBroken(cliflag.Rule(opt.Table == connect4.NoTable, "-table-bits: part %d has no transposition table", f.part),
			cliflag.Rule(f.bits == 0, "-table-bits must be positive (leave it out for the default size)")); err != nil {
			return err
		}
		opt.TableBits = f.bits
	}
	opt.Weak = opt.Weak || f.weak
	solver, err := connect4.New(opt)
	if err != nil {
		if set["table-bits"] {
			return fmt.Errorf("-table-bits: %s", c4Message(err))
		}
		return errors.New(c4Message(err))
	}

	// A FILE is read whole, so that progress can tell the total; standard
	// input line by line, so that piping works interactively (testset.Open).
	in, total, err := testset.Open(fs.Arg(0), s.stdin)
	if errors.Is(err, testset.ErrNoStdin) {
		return err
	}
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", fs.Arg(0), cliflag.Pathless(err))
	}
	return solveLines(in, total, solver, opt.Weak, f.summary, s)
}

// solveLines solves every line of in (testset.Runner), writing one result
// line per position to s.stdout (at once) and one report per bad or wrong
// line to s.stderr. total is the number of lines, 0 if unknown.
func solveLines(in io.Reader, total int, solver *connect4.Solver, weak, summary bool, s streams) error {
	report := func(format string, a ...any) {
		fmt.Fprintf(s.stderr, "cutoff: solve: "+format+"\n", a...)
	}
	r := &testset.Runner{Solver: solver, Weak: weak, ProgressEvery: solveProgressEvery, Out: s.stdout,
		Problem:  func(line int, err error) { report("line %d: %s", line, err) },
		Progress: func(line int) { report("%s", testset.Progress(line, total)) },
	}
	t, err := r.Run(in)
	if err != nil {
		return err
	}
	if summary {
		report("%s", t.Summary())
	}
	// The verdict on the lines (each bad or wrong line was reported
	// already): exit status 2 when some line was bad input, else 1.
	if t.Err() == nil {
		return nil
	}
	status := exitBudget
	if t.Bad > 0 {
		status = exitUsage
	}
	return &statusError{t.Err(), status}
}

// c4Message is err's message without the package prefix: the user ran a
// command, not a package.
func c4Message(err error) string {
	return strings.TrimPrefix(err.Error(), "connect4: ")
}
