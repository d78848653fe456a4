package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
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
			status += " (" + gradereport.ClipLine(p.Error, 60) + ")"
		}
		fmt.Fprintf(s.stderr, "cutoff grade: [%d/%d %4.0fs] %s %s %s\n", p.Done, p.Total, time.Since(start).Seconds(), p.Student, p.Exercise, status)
	}
	results, err := autograde.GradeClass(context.Background(), f.class, f.opt)
	if errors.Is(err, autograde.ErrNoSandbox) {
		return fmt.Errorf("-class: %v; grade the class in a container (docs/grading.md, \"Grading untrusted code\": a podman run line) or pass -unsandboxed to accept the risk", err)
	}
	if err != nil {
		return err
	}
	csvPath, jsonPath := f.gradebook+".csv", f.gradebook+".json"
	if err := writeGradebook(csvPath, func(w io.Writer) error { return gradereport.WriteGradebookCSV(w, results) }); err != nil {
		return err
	}
	if err := writeGradebook(jsonPath, func(w io.Writer) error { return gradereport.WriteGradebookJSON(w, results, f.opt.Seed) }); err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "%-24s %9s  %s\n", "student", "points", "problems")
	for _, r := range results {
		got, max := r.Score()
		fmt.Fprintf(s.stdout, "%-24s %4d/%-4d  %s\n", r.Student, got, max, gradereport.Problems(r))
	}
	fmt.Fprintf(s.stdout, "%d submissions graded in %.0f s (random trees from seed %d); gradebook: %s, %s\n",
		len(results), time.Since(start).Seconds(), f.opt.Seed, csvPath, jsonPath)
	return nil
}

// writeGradebook writes the gradebook's CSV or JSON to path.
func writeGradebook(path string, write func(w io.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("gradebook: %v", err)
	}
	if err := write(file); err != nil {
		file.Close()
		return fmt.Errorf("gradebook: %v", err)
	}
	if err := file.Close(); err != nil {
		return fmt.Errorf("gradebook: %v", err)
	}
	return nil
}
