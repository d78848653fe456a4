package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grader"
	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
	"github.com/cutoff-go/cutoff/internal/modroot"
)

func gradeUsage(w io.Writer) {
	fmt.Fprint(w, `Usage:
  cutoff grade [-format F | -json] [-with DIR]... [-run REGEXP] [-seed N]
               [-timeout D] [-memory SIZE] [-jobs N] [-module DIR] [-unsandboxed] [DIR]
  cutoff grade -class CLASS [-gradebook PREFIX] [flags as above]

Grades the course's exercises. DIR is a folder of exercise folders (default
"exercises"), or one exercise folder such as exercises/02-alphabeta; with
-class, CLASS holds one such folder per student (a copy of exercises/, as
GitHub Classroom or an LMS export gives it).

Each exercise is graded in a temporary copy (the submission's files are
never modified): its imports are checked first (the standard library and
exercises/grade only: see exercises/README.md), then it is built with the
grader's own tests (the submission's test files are left out) and run under
a time and a memory limit, and only the checks' signed records count, each
with the points the grader registers (100 per exercise).

On Linux the test binary runs in a sandbox made of the kernel's user
namespaces: no network, no file but its own (a scratch folder of 64 MiB),
at most 256 processes and threads and 256 open files, no process outside
it to see or signal; stderr names it once per run. Where there is no
sandbox (not Linux, user namespaces switched off, a container that forbids
them), one submission is graded unsandboxed with a note, and -class refuses
unless -unsandboxed is given.

One submission: a table of each exercise's points and checks, and for each
failed check its rule; -format chooses another output:
  table         the table (default)
  classroom     GitHub Classroom's runner result (also -json)
  gradescope    Gradescope's results.json
  prairielearn  PrairieLearn's external grader results
  json          every check's points and messages

A class: progress on stderr, a summary table on stdout, and a gradebook:
PREFIX.csv (a row per student: a column per exercise, total, max, credit,
problems) and PREFIX.json (per check points and messages).

Flags:
  -format F       the output of one submission (see above)
  -json           the same as -format classroom
  -class CLASS    grade every student folder in CLASS
  -gradebook P    the gradebook's files, P.csv and P.json (default "gradebook")
  -with DIR       lay the files of DIR/NN-topic/ over each exercise before
                  testing: a file of the same name replaces the submission's,
                  a new one (such as hidden_test.go) is added. Repeatable.
                  -with solutions grades the reference solutions; an
                  instructor's hidden tests go in their own directory.
  -run REGEXP     grade only the exercises whose folder name matches
  -seed N         the random trees' seed (default: chosen now and printed;
                  the same as CUTOFF_SEED=N go test)
  -timeout D      each exercise's test run is stopped after D (default 60s)
  -memory SIZE    ... or when it uses more than SIZE, e.g. 512MiB, 2GiB
                  (default 1GiB of resident memory)
  -jobs N         exercises graded at once (default: the number of CPUs)
  -module DIR     the cutoff module whose grader grades (default: the one
                  the current directory is in)
  -unsandboxed    run the submissions' code without the sandbox, as your
                  user with your files and network: you accept the risk
                  (in a container that is the sandbox; see README.md,
                  "Grading untrusted code")

Exit status: 0 when every check passed (with -class: when the gradebook is
written), 1 when some check failed, 2 on bad input (no exercises found, a
bad flag, not a folder, a class folder with no submissions, -class where
there is no sandbox and no -unsandboxed).
`)
}

// errNotFull is returned when the grading ran but some check failed: exit
// status 1, after the report is printed.
var errNotFull = errors.New("not every check passed")

type gradeFlags struct {
	format    string
	class     string
	gradebook string
	opt       autograde.Options
	module    string
}

func runGrade(args []string, s streams) error {
	var f gradeFlags
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.format, "format", "table", "")
	fs.BoolFunc("json", "", func(string) error { f.format = "classroom"; return nil })
	fs.StringVar(&f.class, "class", "", "")
	fs.StringVar(&f.gradebook, "gradebook", "gradebook", "")
	fs.Func("with", "", func(dir string) error { f.opt.With = append(f.opt.With, dir); return nil })
	run := fs.String("run", "", "")
	fs.Uint64Var(&f.opt.Seed, "seed", 0, "")
	fs.DurationVar(&f.opt.Timeout, "timeout", 60*time.Second, "")
	fs.Func("memory", "", func(v string) error {
		n, err := parseSize(v)
		f.opt.Memory = n
		return err
	})
	fs.IntVar(&f.opt.Jobs, "jobs", 0, "")
	fs.StringVar(&f.module, "module", "", "")
	fs.BoolVar(&f.opt.Unsandboxed, "unsandboxed", false, "")
	if err := parseInterspersed(fs, args); err != nil {
		return err
	}
	if !slices.Contains(gradereport.Formats(), f.format) {
		return fmt.Errorf("-format %q: want table, classroom, gradescope, prairielearn or json", f.format)
	}
	if f.opt.Timeout <= 0 {
		return fmt.Errorf("-timeout must be positive, got %v", f.opt.Timeout)
	}
	if f.opt.Jobs < 0 {
		return fmt.Errorf("-jobs must be positive, got %d", f.opt.Jobs)
	}
	if *run != "" {
		re, err := regexp.Compile(*run)
		if err != nil {
			return fmt.Errorf("-run: %v", err)
		}
		f.opt.Only = re
	}
	dir := "exercises"
	switch fs.NArg() {
	case 0:
	case 1:
		if f.class != "" {
			return fmt.Errorf("-class %s grades a class: no DIR as well (got %s)", f.class, fs.Arg(0))
		}
		dir = fs.Arg(0)
	default:
		return fmt.Errorf("one directory at most, got %d", fs.NArg())
	}
	module, err := findModule(f.module, dir)
	if err != nil {
		return err
	}
	f.opt.Module = module
	if f.opt.Seed == 0 {
		f.opt.Seed = grader.Seed()
	}
	for _, w := range f.opt.With {
		if st, err := os.Stat(w); err != nil || !st.IsDir() {
			return fmt.Errorf("-with %s: not a directory", w)
		}
	}
	if f.class != "" {
		return gradeClass(f, s)
	}
	res, err := autograde.Grade(context.Background(), dir, f.opt)
	if err != nil {
		return err
	}
	if res.Error != "" {
		// The platforms want their result file even so: it says why, with
		// no points.
		if f.format != gradereport.Table && f.format != gradereport.JSON {
			if err := gradereport.Write(s.stdout, res, f.opt.Seed, f.format); err != nil {
				return err
			}
		}
		return fmt.Errorf("%s: %s", dir, res.Error)
	}
	if err := gradereport.Write(s.stdout, res, f.opt.Seed, f.format); err != nil {
		return err
	}
	fmt.Fprintln(s.stderr, sandboxLine(f.opt))
	if !res.Full() {
		return errNotFull
	}
	return nil
}

// sandboxLine says in one line what the submissions' code ran in.
func sandboxLine(opt autograde.Options) string {
	if opt.Unsandboxed {
		return "cutoff grade: no sandbox (-unsandboxed): the code ran as you, with your files and network"
	}
	name, err := autograde.Sandbox()
	if err != nil {
		return "cutoff grade: " + oneLine(err.Error()) + "; the code ran as you, with your files and network"
	}
	return "cutoff grade: sandbox: " + name
}

// findModule returns the root of the cutoff module: flagDir, else the
// module the current directory is in, else the one dir is in.
func findModule(flagDir, dir string) (string, error) {
	if flagDir != "" {
		if root, ok := moduleRoot(flagDir); ok {
			return root, nil
		}
		return "", fmt.Errorf("-module %s: not the cutoff module (%s)", flagDir, modroot.Path)
	}
	for _, start := range []string{".", dir} {
		if root, ok := moduleRoot(start); ok {
			return root, nil
		}
	}
	return "", fmt.Errorf("not inside the cutoff module (%s): run cutoff grade in it, or give -module DIR", modroot.Path)
}

// moduleRoot finds the cutoff module at or above dir, with its grader.
func moduleRoot(dir string) (string, bool) {
	root, err := modroot.Find(dir)
	if err != nil {
		return "", false
	}
	_, err = os.Stat(filepath.Join(root, "exercises", "grader"))
	return root, err == nil
}

// parseSize reads 512MiB, 2GiB, 1G, 300M or a number of bytes.
func parseSize(v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 || n*float64(mult) < 64<<20 || n*float64(mult) > 1<<40 {
		return 0, fmt.Errorf("-memory %q: want a size between 64MiB and 1TiB, such as 512MiB or 2GiB", v)
	}
	return int64(n * float64(mult)), nil
}

// parseInterspersed parses flags before and after the positional argument.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(pos) // leaves them as fs.Args()
}
