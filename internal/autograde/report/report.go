// Package report encodes what the grading engine (package autograde)
// found: a table for a person, the result files of the platforms that run
// an autograder (GitHub Classroom, Gradescope, PrairieLearn), one
// submission's every check as JSON, a class's gradebook as CSV and JSON,
// the LMS gradebooks (Canvas, Moodle) through a Roster, and the class
// report (ClassOf: the checks failed most, the scores' spread, similar code
// by package similar). Every output carries the seed and the grader's
// Version. Grading is autograde's, the checks are exercises/checks's, and
// cutoff grade chooses the format and where the bytes go.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
)

// The formats of one submission, as cutoff grade -format names them.
const (
	Table        = "table"        // for a person: points, failed checks, notes
	Classroom    = "classroom"    // GitHub Classroom's runner result
	Gradescope   = "gradescope"   // Gradescope's results.json
	PrairieLearn = "prairielearn" // PrairieLearn's external grader results
	JSON         = "json"         // every check's points and messages
)

// Formats lists the formats Write knows, in the order a help text gives them.
func Formats() []string { return []string{Table, Classroom, Gradescope, PrairieLearn, JSON} }

// Write encodes one submission's result in format (see Formats); seed is
// the random trees' seed the result was graded with, which reruns it.
func Write(w io.Writer, res *autograde.Result, seed uint64, format string) error {
	var v any
	switch format {
	case Table:
		return WriteTable(w, res, seed)
	case Classroom:
		v = ClassroomOf(res, seed)
	case Gradescope:
		v = GradescopeOf(res, seed)
	case PrairieLearn:
		v = PrairieLearnOf(res, seed)
	case JSON:
		st := StudentOf(res)
		st.Seed, st.Grader = seed, Version()
		v = st
	default:
		return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats(), ", "))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteTable writes the table a person reads: each exercise's points and
// checks passed, each failed check with its rule, each note, the total, and
// how to repeat the trees and rerun a check.
func WriteTable(w io.Writer, res *autograde.Result, seed uint64) error {
	var b strings.Builder
	total, totalMax := 0, 0
	fmt.Fprintf(&b, "%-20s %9s  %s\n", "exercise", "points", "checks passed")
	for _, e := range res.Exercises {
		got, max := e.Score()
		total += got
		totalMax += max
		fmt.Fprintf(&b, "%-20s %4d/%-4d  %d/%d\n", e.Exercise, got, max, e.Passed(), len(e.Checks))
		if e.Error != "" {
			fmt.Fprintf(&b, "    ✗ %s\n", e.Error)
		}
		for _, c := range e.Checks {
			if !c.Passed && e.Error == "" {
				fmt.Fprintf(&b, "    ✗ %s (%d points): %s\n", c.Name, c.Max, FirstLines(c.Message, 1))
			}
		}
		for _, n := range e.Notes {
			fmt.Fprintf(&b, "    · %s\n", n)
		}
	}
	fmt.Fprintf(&b, "%-20s %4d/%-4d\n", "total", total, totalMax)
	if res.Layout != "" {
		fmt.Fprintf(&b, "read as: %s\n", res.Layout)
	}
	fmt.Fprintf(&b, "random trees from seed %d (CUTOFF_SEED=%d, or cutoff grade -seed %d, repeats them); graded in %.1f s by grader %s\n",
		seed, seed, seed, res.Seconds, Version())
	if cmd := RerunCode(res); cmd != "" {
		fmt.Fprintln(&b, "details of a failed check: "+cmd)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// SeedLine says in one line which seed drew the random trees and how to
// draw the same ones again, and the grader's Version.
func SeedLine(seed uint64) string {
	return fmt.Sprintf("random trees from seed %d (CUTOFF_SEED=%d go test, or cutoff grade -seed %d, repeats them); grader %s", seed, seed, seed, Version())
}

// FirstLines joins a check's first n message lines with " / ", or says
// there is no message.
func FirstLines(lines []string, n int) string {
	if len(lines) == 0 {
		return "(no message)"
	}
	return strings.Join(lines[:min(n, len(lines))], " / ")
}

// Credit is got/max, 0 when max is.
func Credit(got, max int) float64 {
	if max == 0 {
		return 0
	}
	return float64(got) / float64(max)
}

// RerunCode is the go test command that shows the first failure of res
// in detail: the first failed check a student's copy has (not a hidden
// one), or the go test of the first exercise that did not build or run;
// "" when nothing failed.
func RerunCode(res *autograde.Result) string {
	for _, e := range res.Exercises {
		if e.Error != "" {
			continue
		}
		for _, c := range e.Checks {
			if !c.Passed && !c.Hidden && c.Test != "" {
				return TestCode(e.Exercise, c)
			}
		}
	}
	for _, e := range res.Exercises {
		if e.Error != "" && !strings.HasPrefix(e.Error, "missing:") {
			return "go test ./exercises/" + e.Exercise
		}
	}
	return ""
}

// TestCode is the go test command that reruns a check of an exercise.
func TestCode(exercise string, c autograde.CheckResult) string {
	return fmt.Sprintf("go test -run '^%s$/^%s$' ./exercises/%s", c.Test, strings.ReplaceAll(regexp.QuoteMeta(c.Name), " ", "_"), exercise)
}
