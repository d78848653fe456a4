// Command gen writes pkg/algos/untraced.go: run "go generate ./pkg/algos".
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cutoff-go/cutoff/pkg/algos/internal/untrace"
)

func main() {
	src, err := untrace.Generate(".")
	if err == nil {
		err = os.WriteFile(filepath.Join(".", untrace.Output), src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "untrace:", err)
		os.Exit(1)
	}
}
