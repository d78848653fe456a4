package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grader"
	"github.com/cutoff-go/cutoff/internal/autograde"
)

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
		status := fmt.Sprintf("%d/%d", p.Points, p.Max)
		if p.Error != "" {
			status += " (" + clipLine(p.Error, 60) + ")"
		}
		fmt.Fprintf(s.stderr, "cutoff grade: [%d/%d %4.0fs] %s %s %s\n", p.Done, p.Total, time.Since(start).Seconds(), p.Student, p.Exercise, status)
	}
	results, err := autograde.GradeClass(context.Background(), f.class, f.opt)
	if errors.Is(err, autograde.ErrNoSandbox) {
		return fmt.Errorf("-class: %v; grade the class in a container (README.md, \"Grading untrusted code\": a podman run line) or pass -unsandboxed to accept the risk", err)
	}
	if err != nil {
		return err
	}
	csvPath, jsonPath := f.gradebook+".csv", f.gradebook+".json"
	if err := writeGradebookCSV(csvPath, results); err != nil {
		return err
	}
	if err := writeGradebookJSON(jsonPath, results, f.opt.Seed); err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "%-24s %9s  %s\n", "student", "points", "problems")
	for _, r := range results {
		got, max := r.Score()
		fmt.Fprintf(s.stdout, "%-24s %4d/%-4d  %s\n", r.Student, got, max, problems(r))
	}
	fmt.Fprintf(s.stdout, "%d submissions graded in %.0f s (random trees from seed %d); gradebook: %s, %s\n",
		len(results), time.Since(start).Seconds(), f.opt.Seed, csvPath, jsonPath)
	return nil
}

// problems sums up in one line what kept a submission from its points
// beyond failed checks: not graded, exercises missing, not compiling,
// stopped, cheating, ignored things.
func problems(r *autograde.Result) string {
	if r.Error != "" {
		return r.Error
	}
	var out []string
	for _, e := range r.Exercises {
		if e.Error != "" {
			out = append(out, e.Exercise+": "+clipLine(e.Error, 100))
		}
		for _, n := range e.Notes {
			out = append(out, e.Exercise+": "+clipLine(n, 100))
		}
	}
	return strings.Join(out, "; ")
}

func clipLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func writeGradebookCSV(path string, results []*autograde.Result) error {
	file, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("gradebook: %v", err)
	}
	w := csv.NewWriter(file)
	head := []string{"student"}
	exs := grader.Exercises()
	for _, e := range exs {
		head = append(head, e.Dir)
	}
	head = append(head, "total", "max", "credit", "problems")
	w.Write(head)
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
		row = append(row, strconv.Itoa(got), strconv.Itoa(max), strconv.FormatFloat(credit(got, max), 'f', 4, 64), problems(r))
		w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		file.Close()
		return fmt.Errorf("gradebook: %v", err)
	}
	return file.Close()
}

func writeGradebookJSON(path string, results []*autograde.Result, seed uint64) error {
	var book struct {
		Seed     uint64          `json:"seed"`
		Students []studentRecord `json:"students"`
	}
	book.Seed = seed
	for _, r := range results {
		book.Students = append(book.Students, studentJSON(r))
	}
	b, err := json.MarshalIndent(book, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("gradebook: %v", err)
	}
	return nil
}
