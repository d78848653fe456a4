package main

import (
	"flag"
	"fmt"
	"io"
)

// newFlagSet is a silent flag set: run reports errors in one line, and
// each command's usage prints its help.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, which hold flags only, and returns the names of
// the flags given (set["depth"] for -depth).
func parseFlags(fs *flag.FlagSet, args []string) (map[string]bool, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	return visited(fs), nil
}

// visited returns the names of the flags given.
func visited(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// parseInterspersed parses flags before and after the positional arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(pos) // leaves them as fs.Args()
}
