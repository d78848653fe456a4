package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/autograde"
)

// Problems sums up in one line what kept a submission from its points
// beyond failed checks: not graded, exercises missing, not compiling,
// stopped, cheating, ignored things, exercises left as the stub; each
// exercise's part clipped to 100 characters (for a table).
func Problems(r *autograde.Result) string { return problems(r, 100) }

// ProblemsFull is Problems unclipped (for the gradebook's CSV, where a
// cell may be long): every reason whole, on one line.
func ProblemsFull(r *autograde.Result) string { return problems(r, 0) }

// problems is Problems with each part clipped to n characters (0: not
// clipped).
func problems(r *autograde.Result, n int) string {
	clip := func(s string) string {
		if n == 0 {
			return strings.ReplaceAll(s, "\n", " ")
		}
		return ClipLine(s, n)
	}
	if r.Error != "" {
		return clip(r.Error)
	}
	var out, stubs []string
	for _, e := range r.Exercises {
		if e.Error != "" {
			out = append(out, e.Exercise+": "+clip(e.Error))
		}
		for _, n := range e.Notes {
			out = append(out, e.Exercise+": "+clip(n))
		}
		if e.Error == "" && Stub(e) {
			stubs = append(stubs, e.Exercise)
		}
	}
	if len(stubs) > 0 {
		out = append(out, "not done yet (the stub's TODO panic): "+strings.Join(stubs, ", "))
	}
	return strings.Join(out, "; ")
}

// notDoneYet opens the message of a check stopped by a stub's TODO panic
// (exercises/checks, panicMessage).
const notDoneYet = "not done yet:"

// Stub reports whether an exercise is still the stub: no check passed and
// a check stopped at the stub's TODO panic.
func Stub(e *autograde.ExerciseResult) bool {
	if len(e.Checks) == 0 || e.Passed() > 0 {
		return false
	}
	for _, c := range e.Checks {
		if len(c.Message) > 0 && strings.HasPrefix(c.Message[0], notDoneYet) {
			return true
		}
	}
	return false
}

// ClipLine makes s one line of at most n characters, "…" marking a cut.
func ClipLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// ProgressLine says in one line how far a class's grading is, elapsed
// after its start: the submission just graded and its points, with why it
// lost them all when it did.
func ProgressLine(p autograde.Progress, elapsed time.Duration) string {
	status := fmt.Sprintf("%d/%d", p.Points, p.Max)
	if p.Error != "" {
		status += " (" + ClipLine(p.Error, 60) + ")"
	}
	return fmt.Sprintf("[%d/%d %4.0fs] %s %s %s", p.Done, p.Total, elapsed.Seconds(), p.Student, p.Exercise, status)
}

// WriteGradebookCSV writes a class's gradebook as CSV: a row per student
// with a column per registered exercise (its points; empty when the
// submission lacks it), total, max, credit, problems and the seed the
// random trees were drawn from and the grader's Version (the same in every
// row: a regrade with them reproduces every score), and read_as: how a
// submission that is not a folder of exercise folders was read (its
// Layout: "unpacked bob.zip"; empty for a folder of exercise folders).
func WriteGradebookCSV(w io.Writer, results []*autograde.Result, seed uint64) error {
	cw := csv.NewWriter(w)
	head := []string{"student"}
	exs := checks.Exercises()
	for _, e := range exs {
		head = append(head, e.Dir)
	}
	head = append(head, "total", "max", "credit", "problems", "seed", "grader", "read_as")
	cw.Write(head)
	for _, r := range results {
		row := []string{r.Student}
		for _, e := range exs {
			cell := ""
			for _, x := range r.Exercises {
				if x.Exercise == e.Dir {
					got, _ := x.Score()
					cell = strconv.Itoa(got)
				}
			}
			row = append(row, cell)
		}
		got, max := r.Score()
		row = append(row, strconv.Itoa(got), strconv.Itoa(max), strconv.FormatFloat(Credit(got, max), 'f', 4, 64), ProblemsFull(r), strconv.FormatUint(seed, 10), Version(), r.Layout)
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// Gradebook is a class's gradebook as JSON: the seed, the grader's version
// and every student's checks.
type Gradebook struct {
	Seed     uint64    `json:"seed"`
	Grader   string    `json:"grader"` // the grader's Version
	Students []Student `json:"students"`
}

// WriteGradebookJSON writes a class's Gradebook, indented.
func WriteGradebookJSON(w io.Writer, results []*autograde.Result, seed uint64) error {
	book := Gradebook{Seed: seed, Grader: Version()}
	for _, r := range results {
		book.Students = append(book.Students, StudentOf(r))
	}
	b, err := json.MarshalIndent(book, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteGradebook writes a class's gradebook as base.csv
// (WriteGradebookCSV) and base.json (WriteGradebookJSON) and returns their
// paths.
func WriteGradebook(base string, results []*autograde.Result, seed uint64) (csvPath, jsonPath string, err error) {
	csvPath, jsonPath = base+".csv", base+".json"
	if err := writeFile(csvPath, func(w io.Writer) error { return WriteGradebookCSV(w, results, seed) }); err != nil {
		return "", "", err
	}
	if err := writeFile(jsonPath, func(w io.Writer) error { return WriteGradebookJSON(w, results, seed) }); err != nil {
		return "", "", err
	}
	return csvPath, jsonPath, nil
}

// writeFile creates path and writes it with write.
func writeFile(path string, write func(w io.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(file); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// WriteClassTable writes a class's results as a table: a line per
// student with the points and the problems (Problems), and under it, for a
// submission that is not a folder of exercise folders, how it was read.
func WriteClassTable(w io.Writer, results []*autograde.Result) error {
	if _, err := fmt.Fprintf(w, "%-24s %9s  %s\n", "student", "points", "problems"); err != nil {
		return err
	}
	for _, r := range results {
		got, max := r.Score()
		if _, err := fmt.Fprintf(w, "%-24s %4d/%-4d  %s\n", r.Student, got, max, Problems(r)); err != nil {
			return err
		}
		if r.Layout != "" {
			if _, err := fmt.Fprintf(w, "%-24s %9s  read as: %s\n", "", "", r.Layout); err != nil {
				return err
			}
		}
	}
	return nil
}
