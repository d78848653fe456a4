package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/autograde"
)

// Problems sums up in one line what kept a submission from its points
// beyond failed checks: not graded, exercises missing, not compiling,
// stopped, cheating, ignored things.
func Problems(r *autograde.Result) string {
	if r.Error != "" {
		return r.Error
	}
	var out []string
	for _, e := range r.Exercises {
		if e.Error != "" {
			out = append(out, e.Exercise+": "+ClipLine(e.Error, 100))
		}
		for _, n := range e.Notes {
			out = append(out, e.Exercise+": "+ClipLine(n, 100))
		}
	}
	return strings.Join(out, "; ")
}

// ClipLine makes s one line of at most n characters, "…" marking a cut.
func ClipLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// WriteGradebookCSV writes a class's gradebook as CSV: a row per student
// with a column per registered exercise (its points; empty when the
// submission lacks it), total, max, credit and problems.
func WriteGradebookCSV(w io.Writer, results []*autograde.Result) error {
	cw := csv.NewWriter(w)
	head := []string{"student"}
	exs := checks.Exercises()
	for _, e := range exs {
		head = append(head, e.Dir)
	}
	head = append(head, "total", "max", "credit", "problems")
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
		row = append(row, strconv.Itoa(got), strconv.Itoa(max), strconv.FormatFloat(Credit(got, max), 'f', 4, 64), Problems(r))
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// Gradebook is a class's gradebook as JSON: the seed and every student's
// checks.
type Gradebook struct {
	Seed     uint64    `json:"seed"`
	Students []Student `json:"students"`
}

// WriteGradebookJSON writes a class's Gradebook, indented.
func WriteGradebookJSON(w io.Writer, results []*autograde.Result, seed uint64) error {
	book := Gradebook{Seed: seed}
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
