// Package modroot finds the Cutoff module's root folder: the one place that
// knows the module path and how to recognise the module's go.mod.
package modroot

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Path is the module path of Cutoff.
const Path = "github.com/cutoff-go/cutoff"

// ErrNotFound is returned by Find when no folder at or above the start is
// the module's root.
var ErrNotFound = errors.New("not inside the cutoff module (" + Path + ")")

// Find returns the absolute path of the nearest folder at or above dir
// whose go.mod declares the module Path (another module's go.mod on the
// way up is passed over: a student's repository may be a module of its
// own inside a checkout).
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if Is(abs) {
			return abs, nil
		}
		up := filepath.Dir(abs)
		if up == abs {
			return "", ErrNotFound
		}
		abs = up
	}
}

// Is reports whether dir holds the go.mod of the module Path.
func Is(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	return modulePath(string(b)) == Path
}

// modulePath reads the module directive of a go.mod: `module path`, the
// path possibly quoted, a comment possibly after it.
func modulePath(gomod string) string {
	for _, l := range strings.Split(gomod, "\n") {
		if i := strings.Index(l, "//"); i >= 0 {
			l = l[:i]
		}
		f := strings.Fields(l)
		if len(f) != 2 || f[0] != "module" {
			continue
		}
		if p, err := strconv.Unquote(f[1]); err == nil {
			return p
		}
		return f[1]
	}
	return ""
}
