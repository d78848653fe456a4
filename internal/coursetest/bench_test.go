package coursetest

import (
	"os"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// BenchmarkCourse runs the whole headless course (every NN-*.ipynb, as
// TestExecute does) and reports what a learner waits: the course's run time
// and the latency of its code cells (median, 90th percentile, slowest).
//
//   - cold: an empty Go build cache, as right after `bash .ci/course` on a
//     fresh machine (the module cache is kept: the install filled it);
//   - warm: the same again, every package already compiled.
//
// It takes ten minutes or more, so it runs only with CUTOFF_COURSE_BENCH=1:
//
//	CUTOFF_COURSE_BENCH=1 go test -run '^$' -bench Course -benchtime 1x -timeout 60m ./internal/coursetest
func BenchmarkCourse(b *testing.B) {
	if os.Getenv("CUTOFF_COURSE_BENCH") != "1" {
		b.Skip("runs the whole course twice (10 minutes or more): set CUTOFF_COURSE_BENCH=1")
	}
	if why := haveTools(); why != "" {
		b.Skip(why)
	}
	cache := b.TempDir()
	b.Setenv("GOCACHE", cache) // the kernels' go builds inherit it
	for _, run := range []string{"cold", "warm"} {
		b.Run(run, func(b *testing.B) {
			for range b.N {
				if run == "cold" {
					b.StopTimer()
					if err := os.RemoveAll(cache); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				courseOnce(b)
			}
		})
	}
}

// courseOnce executes every notebook and reports the course's time and its
// cells' latencies as metrics of b.
func courseOnce(b *testing.B) {
	b.Helper()
	paths := notebooks(b)
	out := b.TempDir()
	var cells []time.Duration
	start := time.Now()
	for _, path := range paths {
		executed, l, err := executeTimed(path, out)
		if err != nil {
			b.Fatal(err)
		}
		nb, err := ipynb.Read(executed)
		if err != nil {
			b.Fatal(err)
		}
		if problems := check(nb); len(problems) > 0 {
			b.Fatalf("%s: %v", path, problems)
		}
		b.Logf("%s: %d code cells, median %v, slowest %v", path, len(l), quantile(l, 0.5), quantile(l, 1))
		cells = append(cells, l...)
	}
	b.ReportMetric(time.Since(start).Seconds(), "s/course")
	b.ReportMetric(float64(len(paths)), "notebooks")
	b.ReportMetric(float64(len(cells)), "cells")
	b.ReportMetric(quantile(cells, 0.5).Seconds(), "s/cell-median")
	b.ReportMetric(quantile(cells, 0.9).Seconds(), "s/cell-p90")
	b.ReportMetric(quantile(cells, 1).Seconds(), "s/cell-max")
}
