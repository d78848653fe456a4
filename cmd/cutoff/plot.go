package main

import (
	"errors"
	"fmt"
	"io"
)

// runPlot is cutoff plot. TODO(issue 4): being written.
func runPlot(args []string, s streams) error {
	return errors.New("plot: not implemented yet")
}

// plotUsage prints cutoff plot's help.
func plotUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage: cutoff plot (being written)")
}
