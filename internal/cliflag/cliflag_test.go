package cliflag

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBind(t *testing.T) {
	s, i, i64, u, b, d := "def", 3, int64(4), uint64(5), true, time.Second
	fs := NewSet("x")
	Bind(fs, map[string]any{"s": &s, "i": &i, "i64": &i64, "u": &u, "b": &b, "d": &d})
	for name, def := range map[string]string{"s": "def", "i": "3", "i64": "4", "u": "5", "b": "true", "d": "1s"} {
		if fl := fs.Lookup(name); fl == nil || fl.DefValue != def {
			t.Errorf("-%s: %v, want the default %s", name, fl, def)
		}
	}
	set, err := Parse(fs, []string{"-s", "v", "-i", "7", "-i64", "8", "-u", "9", "-b=false", "-d", "2m"})
	if err != nil {
		t.Fatal(err)
	}
	if s != "v" || i != 7 || i64 != 8 || u != 9 || b || d != 2*time.Minute {
		t.Errorf("parsed %q %d %d %d %v %v", s, i, i64, u, b, d)
	}
	if len(set) != 6 || !set["d"] {
		t.Errorf("set = %v, want the six flags", set)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "-f of type *float64") {
			t.Errorf("a *float64 flag: recovered %v, want a panic naming it", r)
		}
	}()
	var f float64
	Bind(NewSet("y"), map[string]any{"f": &f})
}

func TestBindSome(t *testing.T) {
	var b, d string
	var seeds int
	vars := map[string]any{"b": &b, "d": &d, "seeds": &seeds}
	fs := NewSet("x")
	BindSome(fs, vars, map[string]any{"b": "2..8", "seeds": 3})
	if fs.Lookup("d") != nil {
		t.Error("-d is defined, but not among the defaults")
	}
	if fl := fs.Lookup("b"); fl == nil || fl.DefValue != "2..8" || b != "2..8" || seeds != 3 {
		t.Fatalf("-b %v, b %q, seeds %d: want the defaults set and bound", fl, b, seeds)
	}
	if _, err := Parse(fs, []string{"-seeds", "5"}); err != nil || seeds != 5 || b != "2..8" {
		t.Errorf("-seeds 5: %v, seeds %d, b %q", err, seeds, b)
	}
	if _, err := Parse(fs, []string{"-d", "3"}); err == nil {
		t.Error("-d parsed, but BindSome did not define it")
	}
	for name, defaults := range map[string]map[string]any{
		"a default of the wrong type": {"seeds": "3"},
		"a name without a variable":   {"order": "best"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			BindSome(NewSet("y"), vars, defaults)
		}()
	}
}

func TestNewSetIsSilent(t *testing.T) {
	fs := NewSet("x")
	if fs.Output() != io.Discard {
		t.Errorf("NewSet writes its errors and usage to %v, want io.Discard", fs.Output())
	}
	if _, err := Parse(fs, []string{"-nope"}); err == nil || !strings.Contains(err.Error(), "flag provided but not defined: -nope") {
		t.Errorf("an unknown flag: %v", err)
	}
	if _, err := Parse(fs, []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
}

func TestParseRefusesArguments(t *testing.T) {
	fs := NewSet("x")
	fs.Int("n", 0, "")
	set, err := Parse(fs, []string{"-n", "2", "extra"})
	if err == nil || err.Error() != `unexpected argument "extra" (flags come as -name value)` || set != nil {
		t.Errorf("Parse with an argument: %v, %v", set, err)
	}
	set, err = Parse(NewSet("y"), nil)
	if err != nil || len(set) != 0 {
		t.Errorf("no flags: %v, %v", set, err)
	}
}

func TestParseInterspersed(t *testing.T) {
	fs := NewSet("x")
	n := fs.Int("n", 0, "")
	v := fs.Bool("v", false, "")
	if err := ParseInterspersed(fs, []string{"a", "-n", "3", "b", "-v", "c"}); err != nil {
		t.Fatal(err)
	}
	if *n != 3 || !*v || !slices.Equal(fs.Args(), []string{"a", "b", "c"}) {
		t.Errorf("n %d, v %v, args %q", *n, *v, fs.Args())
	}
	if got := Visited(fs); len(got) != 2 || !got["n"] || !got["v"] {
		t.Errorf("Visited = %v", got)
	}
	if err := ParseInterspersed(NewSet("y"), []string{"a", "-bad"}); err == nil {
		t.Error("an unknown flag after an argument: no error")
	}
}

func TestRules(t *testing.T) {
	if err := Rule(false, "never %d", 1); err != nil {
		t.Errorf("a rule that holds: %v", err)
	}
	err := FirstBroken(Rule(false, "first"), Rule(true, "second %d", 2), Rule(true, "third"))
	if err == nil || err.Error() != "second 2" {
		t.Errorf("FirstBroken = %v, want the second rule's", err)
	}
	if err := FirstBroken(); err != nil {
		t.Errorf("no rules: %v", err)
	}
}

func TestReaderKeepsTheFirstError(t *testing.T) {
	var r Reader
	if bs := r.Ints("-b", "2, 3,4", 1); !slices.Equal(bs, []int{2, 3, 4}) || r.Err != nil {
		t.Fatalf("Ints = %v, %v", bs, r.Err)
	}
	if d := r.OneInt("-d", "5", 0); d != 5 || r.Err != nil {
		t.Fatalf("OneInt = %d, %v", d, r.Err)
	}
	r.Ints("-b", "0", 1)
	r.Keep("-x", errors.New("later"))
	r.Rule(true, "a later rule")
	if r.Err == nil || r.Err.Error() != "-b: 0, want ≥ 1" {
		t.Errorf("Err = %v, want -b's", r.Err)
	}

	r = Reader{}
	if d := r.OneInt("-d", "2,3", 0); d != 0 || r.Err == nil || r.Err.Error() != `-d takes one integer, got "2,3"` {
		t.Errorf("OneInt of a list: %d, %v", d, r.Err)
	}
	r = Reader{}
	if d := r.OneInt("-d", "x", 0); d != 0 || r.Err == nil || !strings.HasPrefix(r.Err.Error(), `-d: "x" is not an integer`) {
		t.Errorf("OneInt of a word: %d, %v", d, r.Err)
	}
	r = Reader{}
	worded := errors.New("worded already")
	r.Keep("", nil)
	r.Keep("", worded)
	if r.Err != worded {
		t.Errorf("Keep with no name: %v, want the error as it is", r.Err)
	}
}

func TestWriteOut(t *testing.T) {
	var stdout bytes.Buffer
	wrap := func(err error) error { return fmt.Errorf("cannot write it: %w", Pathless(err)) }
	if err := WriteOut("-", []byte("to stdout"), &stdout, wrap); err != nil || stdout.String() != "to stdout" {
		t.Errorf("-: %v, %q", err, stdout.String())
	}
	path := filepath.Join(t.TempDir(), "out.txt")
	if err := WriteOut(path, []byte("to a file"), &stdout, wrap); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "to a file" || stdout.Len() != len("to stdout") {
		t.Errorf("the file holds %q (%v); stdout %q", b, err, stdout.String())
	}
	err := WriteOut(filepath.Join(path, "under-a-file"), nil, &stdout, wrap)
	if err == nil || strings.Contains(err.Error(), path) || !strings.HasPrefix(err.Error(), "cannot write it: ") {
		t.Errorf("a file under a file: %v, want the wrapped error without the path", err)
	}
	other := errors.New("other")
	if Pathless(other) != other {
		t.Error("Pathless changed an error that is not an *os.PathError")
	}
}
