package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/internal/proc"
)

func gradeUsage(w io.Writer) {
	help(w, "grade", nil)
}

// errNotFull is returned when the grading ran but some check failed: exit
// status 1, after the report is printed.
var errNotFull = errors.New("not every check passed")

type gradeFlags struct {
	format    string
	class     string
	gradebook string
	feedback  string // -feedback DIR: the feedback pages' folder
	roster    *gradereport.Roster
	opt       autograde.Options
	module    string
}

func runGrade(args []string, s streams) error {
	f := gradeFlags{format: "table", gradebook: "gradebook", opt: autograde.Options{Timeout: 60 * time.Second}}
	var run string
	fs := cliflag.NewSet("grade")
	cliflag.Bind(fs, map[string]any{"format": &f.format, "class": &f.class, "gradebook": &f.gradebook, "feedback": &f.feedback, "run": &run, "seed": &f.opt.Seed,
		"timeout": &f.opt.Timeout, "jobs": &f.opt.Jobs, "module": &f.module, "unsandboxed": &f.opt.Unsandboxed})
	fs.BoolFunc("json", "", func(string) error { f.format = "classroom"; return nil })
	fs.Func("with", "", func(dir string) error { f.opt.With = append(f.opt.With, dir); return nil })
	fs.Func("weights", "", func(path string) (err error) { f.opt.Weights, err = autograde.LoadWeights(path); return err })
	fs.Func("roster", "", func(path string) (err error) { f.roster, err = gradereport.LoadRoster(path); return err })
	fs.Func("memory", "", func(v string) error {
		n, err := autograde.ParseSize(v)
		if err != nil {
			return fmt.Errorf("-memory %w", err)
		}
		f.opt.Memory = n
		return nil
	})
	if err := cliflag.ParseInterspersed(fs, args); err != nil {
		return err
	}
	var reErr error
	if run != "" {
		f.opt.Only, reErr = regexp.Compile(run)
	}
	if err := cliflag.FirstBroken(cliflag.Rule(!slices.Contains(gradereport.Formats(), f.format), "-format %q: want table, classroom, gradescope, prairielearn or json", f.format),
		cliflag.Rule(f.opt.Timeout <= 0, "-timeout must be positive, got %v", f.opt.Timeout),
		cliflag.Rule(f.opt.Jobs < 0, "-jobs must be positive, got %d", f.opt.Jobs),
		cliflag.Rule(reErr != nil, "-run: %v", reErr),
		cliflag.Rule(fs.NArg() == 1 && f.class != "", "-class %s grades a class: no DIR as well (got %s)", f.class, fs.Arg(0)),
		cliflag.Rule(f.roster != nil && f.class == "", "-roster maps a class's folders: give -class too"),
		cliflag.Rule(fs.NArg() > 1, "one directory at most, got %d", fs.NArg())); err != nil {
		return err
	}
	dir := "exercises"
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	module, err := findModule(f.module, dir)
	if err != nil {
		return err
	}
	f.opt.Module = module
	if f.opt.Seed == 0 {
		f.opt.Seed = checks.Seed()
	}
	for _, w := range f.opt.With {
		if st, err := os.Stat(w); err != nil || !st.IsDir() {
			return fmt.Errorf("-with %s: not a directory", w)
		}
	}
	if len(f.opt.With) > 0 {
		// Before any student: a hidden folder or test that would cost every
		// student the exercise stops here, naming the file.
		if err := autograde.CheckWith(context.Background(), f.opt); err != nil {
			return err
		}
	}
	if f.feedback != "" {
		if st, err := os.Stat(f.feedback); err == nil && !st.IsDir() {
			return fmt.Errorf("-feedback %s: not a folder", f.feedback)
		}
	}
	f.opt.Feedback = f.feedback != ""
	if f.class != "" {
		// Before any student: a gradebook that could not be written would
		// throw the whole class's grading away.
		if err := checkGradebookFolder(f.gradebook); err != nil {
			return err
		}
		return gradeClass(f, s)
	}
	res, err := autograde.Grade(context.Background(), dir, f.opt)
	if err != nil {
		return err
	}
	// A grading that could not run (res.Error) is written for the platforms
	// even so, which want their result file: it says why, with no points.
	if res.Error == "" || f.format != gradereport.Table && f.format != gradereport.JSON {
		if err := gradereport.Write(s.stdout, res, f.opt.Seed, f.format); err != nil {
			return err
		}
	}
	if res.Error != "" {
		return fmt.Errorf("%s: %s", dir, res.Error)
	}
	if f.feedback != "" {
		if err := writeFeedback(f.feedback, []*autograde.Result{res}, f.opt.Seed, s); err != nil {
			return err
		}
	}
	fmt.Fprintln(s.stderr, sandboxLine(f.opt))
	if !res.Full() {
		return errNotFull
	}
	return nil
}

// sandboxLine says in one line what the submissions' code ran in.
func sandboxLine(opt autograde.Options) string {
	ranAs := "the code ran as you, with your files and network"
	if proc.DropsRoot() { // autograde runs it as nobody then
		ranAs = "the code ran as nobody (uid 65534), with what any user may read, and the network"
	}
	if opt.Unsandboxed {
		return "cutoff grade: no sandbox (-unsandboxed): " + ranAs
	}
	name, err := autograde.Sandbox()
	if err != nil {
		return "cutoff grade: " + cliword.OneLine(err.Error()) + "; " + ranAs
	}
	return "cutoff grade: sandbox: " + name
}

// findModule returns the root of the cutoff module: flagDir, else the
// module the current directory is in, else the one dir is in.
func findModule(flagDir, dir string) (string, error) {
	if flagDir != "" {
		if root, ok := autograde.ModuleRoot(flagDir); ok {
			return root, nil
		}
		return "", fmt.Errorf("-module %s: not the cutoff module (%s)", flagDir, modroot.Path)
	}
	if root, ok := autograde.ModuleRoot(".", dir); ok {
		return root, nil
	}
	return "", fmt.Errorf("not inside the cutoff module (%s): run cutoff grade in it, or give -module DIR", modroot.Path)
}

// checkGradebookFolder returns an error when the folder of the gradebook
// prefix is missing, not a folder, or not writable.
func checkGradebookFolder(prefix string) error {
	dir := filepath.Dir(prefix)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("-gradebook %s: no folder %s (make it first)", prefix, dir)
	case !st.IsDir():
		return fmt.Errorf("-gradebook %s: %s is not a folder", prefix, dir)
	}
	probe, err := os.CreateTemp(dir, ".cutoff-gradebook-*")
	if err != nil {
		return fmt.Errorf("-gradebook %s: cannot write in %s: %v", prefix, dir, cliword.OneLine(err.Error()))
	}
	probe.Close()
	os.Remove(probe.Name())
	if st, err := os.Stat(prefix + ".csv"); err == nil && st.IsDir() {
		return fmt.Errorf("-gradebook %s: %s.csv is a folder", prefix, prefix)
	}
	return nil
}

// gradeClass grades every submission of a class folder and writes the
// gradebook.
func gradeClass(f gradeFlags, s streams) error {
	start := time.Now()
	first := true
	f.opt.Progress = func(p autograde.Progress) {
		if first {
			fmt.Fprintln(s.stderr, sandboxLine(f.opt))
			first = false
		}
		fmt.Fprintf(s.stderr, "cutoff grade: %s\n", gradereport.ProgressLine(p, time.Since(start)))
	}
	results, err := autograde.GradeClass(context.Background(), f.class, f.opt)
	if errors.Is(err, autograde.ErrNoSandbox) {
		return fmt.Errorf("-class: %v; grade the class in a container (docs/grading.md, \"Grading untrusted code\": a podman run line) or pass -unsandboxed to accept the risk", err)
	}
	if err != nil {
		return err
	}
	paths, err := gradereport.WriteClassFiles(f.gradebook, results, f.opt.Seed, f.opt.Module, f.roster)
	if err != nil {
		return err
	}
	if err := gradereport.WriteClassTable(s.stdout, results); err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "%d submissions graded in %.0f s (random trees from seed %d, grader %s); gradebook: %s\n",
		len(results), time.Since(start).Seconds(), f.opt.Seed, gradereport.Version(), strings.Join(paths, ", "))
	if f.feedback != "" {
		return writeFeedback(f.feedback, results, f.opt.Seed, s)
	}
	return nil
}

// writeFeedback writes the feedback pages (-feedback DIR) and says where.
func writeFeedback(dir string, results []*autograde.Result, seed uint64, s streams) error {
	pages, err := gradereport.WriteFeedback(dir, results, seed)
	if err != nil {
		return fmt.Errorf("-feedback: %v", err)
	}
	fmt.Fprintf(s.stderr, "cutoff grade: %d feedback page(s) in %s\n", len(pages), dir)
	return nil
}
