package main

import (
	"errors"
	"fmt"
	"io"
)

// runRender is cutoff render. TODO(issue 4): being written.
func runRender(args []string, s streams) error {
	return errors.New("render: not implemented yet")
}

// renderUsage prints cutoff render's help.
func renderUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage: cutoff render (being written)")
}
