package autograde

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// CheckWith validates opt.With, the instructor's folders of hidden tests,
// before any student is graded, and returns the first problem in one line
// naming the file: a folder that matches no exercise (hidden/02-alphabet),
// a .go file outside an exercise folder, or, when the module holds the key
// (solutions/), a hidden test that does not compile with the key or a
// check that fails against it. It grades the key (trusted code) with only
// the hidden tests (*_test.go) of opt.With laid over it, in the exercises
// that have them and that opt grades; it returns nil when the module has
// no key to try them on.
func CheckWith(ctx context.Context, opt Options) error {
	if err := opt.defaults(); err != nil {
		return err
	}
	var names []string
	for _, e := range checks.Exercises() {
		names = append(names, e.Dir)
	}
	tests := map[string][]string{} // exercise → its hidden test files, all folders
	for _, w := range opt.With {
		entries, err := os.ReadDir(w)
		if err != nil {
			return fmt.Errorf("-with %s: %v", w, err)
		}
		for _, e := range entries {
			name, path := e.Name(), filepath.Join(w, e.Name())
			switch {
			case strings.HasPrefix(name, "."):
			case e.IsDir() && !slices.Contains(names, name):
				return fmt.Errorf("-with %s: folder %s matches no exercise (%s); its files would be ignored", w, name, strings.Join(names, ", "))
			case !e.IsDir() && strings.HasSuffix(name, ".go"):
				return fmt.Errorf("-with %s: %s is not in an exercise folder (put it in %s/NN-topic/)", w, path, w)
			case e.IsDir() && (opt.Only == nil || opt.Only.MatchString(name)):
				if files, _ := filepath.Glob(filepath.Join(path, "*_test.go")); len(files) > 0 {
					tests[name] = append(tests[name], files...)
				}
			}
		}
	}
	key := filepath.Join(opt.Module, "solutions")
	if len(tests) == 0 {
		return nil
	}
	if st, err := os.Stat(key); err != nil || !st.IsDir() {
		return nil
	}
	var exs []string
	for ex := range tests {
		exs = append(exs, regexp.QuoteMeta(ex))
	}
	slices.Sort(exs)
	// Only the hidden tests go over the key: the other files of -with are
	// a submission's overlay (the solutions, a wrong implementation).
	only, err := os.MkdirTemp("", "cutoff-with-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(only)
	for ex, files := range tests {
		if err := os.MkdirAll(filepath.Join(only, ex), 0o755); err != nil {
			return err
		}
		for _, f := range files {
			if err := copyFile(f, filepath.Join(only, ex, filepath.Base(f))); err != nil {
				return err
			}
		}
	}
	kopt := opt
	kopt.With = []string{key, only}
	kopt.Only = regexp.MustCompile("^(" + strings.Join(exs, "|") + ")$")
	kopt.Progress, kopt.Feedback = nil, false
	res, err := Grade(ctx, key, kopt)
	if err != nil {
		return fmt.Errorf("-with: grading the key (%s) with the hidden tests: %v", key, err)
	}
	if res.Error != "" {
		return fmt.Errorf("-with: grading the key (%s) with the hidden tests: %s", key, res.Error)
	}
	for _, e := range res.Exercises {
		if e.Error != "" {
			return fmt.Errorf("-with: %s with the key (%s): %s", whose(tests[e.Exercise], e.Error), key, oneLine(e.Error))
		}
		for _, c := range e.Checks {
			if !c.Passed {
				return fmt.Errorf("-with: %s: check %q (%s) fails against the key (%s): %s", testFile(tests[e.Exercise], c.Test), c.Name, c.Test, key, oneLine(strings.Join(c.Message, " / ")))
			}
		}
	}
	return nil
}

// whose names the instructor's file an error message begins with
// ("does not compile: hidden_test.go:17:12: …"), else all of them.
func whose(files []string, msg string) string {
	for _, f := range files {
		if strings.Contains(msg, filepath.Base(f)+":") {
			return f
		}
	}
	return strings.Join(files, ", ")
}

// testFile names the hidden test file that declares test, else the test.
func testFile(files []string, test string) string {
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), "func "+test+"(") {
			return f
		}
	}
	return "the key's own test " + test
}

// oneLine makes s one line of at most 300 characters.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}
