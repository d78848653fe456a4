// Package cliflag is cmd/cutoff's flag machinery, apart from what any flag
// means: silent flag sets whose flags are bound from a table, flags before
// and after positional arguments, the names of the flags given, rules
// checked in the order a command lists them, a reader that keeps the first
// error of a row of flag values, and the writing of an output flag's file
// (- for stdout). What a flag means, its name in an error and its help
// stay in the command.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"time"

	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// NewSet is a silent flag set: the command reports errors in one line, and
// prints its help itself.
func NewSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// Bind defines one flag per entry of vars, a flag's name and the variable
// it sets, whose value when Bind is called is the flag's default: each
// command describes its flags in one table. A variable of another type
// than string, int, int64, uint64, bool and time.Duration is a bug: Bind
// panics.
func Bind(fs *flag.FlagSet, vars map[string]any) {
	for name, p := range vars {
		switch v := p.(type) {
		case *string:
			fs.StringVar(v, name, *v, "")
		case *int:
			fs.IntVar(v, name, *v, "")
		case *int64:
			fs.Int64Var(v, name, *v, "")
		case *uint64:
			fs.Uint64Var(v, name, *v, "")
		case *bool:
			fs.BoolVar(v, name, *v, "")
		case *time.Duration:
			fs.DurationVar(v, name, *v, "")
		default:
			panic(fmt.Sprintf("cutoff: flag -%s of type %T", name, p))
		}
	}
}

// BindSome defines the flags named in defaults only, each setting the
// variable of its name in vars, set first to its default there: a command
// whose kinds take some of a shared set of flags (cutoff plot's charts)
// describes each kind by its flags' defaults. A name missing from vars,
// or a default of another type than its variable, is a bug: BindSome
// panics.
func BindSome(fs *flag.FlagSet, vars, defaults map[string]any) {
	own := map[string]any{}
	for name, def := range defaults {
		reflect.ValueOf(vars[name]).Elem().Set(reflect.ValueOf(def))
		own[name] = vars[name]
	}
	Bind(fs, own)
}

// Parse parses args, which hold flags only, and returns the names of the
// flags given (set["depth"] for -depth).
func Parse(fs *flag.FlagSet, args []string) (map[string]bool, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	return Visited(fs), nil
}

// Visited returns the names of the flags given.
func Visited(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// ParseInterspersed parses flags before and after the positional
// arguments, which it leaves as fs.Args().
func ParseInterspersed(fs *flag.FlagSet, args []string) error {
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

// Rule is one rule of a command's flags: the error format and a say when
// bad holds, else nil.
func Rule(bad bool, format string, a ...any) error {
	if !bad {
		return nil
	}
	return fmt.Errorf(format, a...)
}

// FirstBroken returns the first error of rules that is not nil: a
// command's rules, checked in the order it lists them.
func FirstBroken(rules ...error) error {
	for _, err := range rules {
		if err != nil {
			return err
		}
	}
	return nil
}

// Reader reads a command's flag values in a row and keeps the first
// error, worded for its flag ("-b: …"): the command checks Err once, and
// it is the error of the first flag it read that is wrong.
type Reader struct{ Err error }

// Keep records err, when it is the first, as the error of the flag name
// ("" for an error worded already).
func (r *Reader) Keep(name string, err error) {
	if r.Err == nil && err != nil {
		r.Err = err
		if name != "" {
			r.Err = fmt.Errorf("%s: %w", name, err)
		}
	}
}

// Rule records the error format, a when bad holds (Rule), unless an error
// is kept already.
func (r *Reader) Rule(bad bool, format string, a ...any) {
	if r.Err == nil {
		r.Err = Rule(bad, format, a...)
	}
}

// Ints reads the flag name, which holds a list of integers ≥ lo
// (input.Ints).
func (r *Reader) Ints(name, s string, lo int) []int {
	ns, err := input.Ints(s, lo)
	r.Keep(name, err)
	return ns
}

// OneInt reads the flag name, which holds one integer ≥ lo; 0 after an
// error.
func (r *Reader) OneInt(name, s string, lo int) int {
	ns := r.Ints(name, s, lo)
	r.Rule(len(ns) > 1, "%s takes one integer, got %q", name, s)
	if r.Err != nil {
		return 0
	}
	return ns[0]
}

// WriteOut writes data to the file name, or to stdout for "-"; wrap words
// a file's error (os.WriteFile's) for the flag that named the file.
func WriteOut(name string, data []byte, stdout io.Writer, wrap func(error) error) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return wrap(err)
	}
	return nil
}

// Pathless is err without the path of an *os.PathError: the command's
// message names the file in its own words.
func Pathless(err error) error {
	if pe, ok := errors.AsType[*os.PathError](err); ok {
		return pe.Err
	}
	return err
}
