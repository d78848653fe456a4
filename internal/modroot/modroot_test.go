package modroot

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	root, err := Find(".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "modroot", "modroot.go")); err != nil {
		t.Errorf("Find(.) = %s, not this repository's root", root)
	}
	// A module of another path inside is passed over; a folder outside
	// every module is not found.
	inner := filepath.Join(t.TempDir(), "student")
	os.MkdirAll(filepath.Join(inner, "sub"), 0o755)
	os.WriteFile(filepath.Join(inner, "go.mod"), []byte("module example.com/student\n"), 0o644)
	if got, err := Find(filepath.Join(inner, "sub")); err != ErrNotFound {
		t.Errorf("Find outside the module = %q, %v; want ErrNotFound", got, err)
	}
	os.WriteFile(filepath.Join(inner, "go.mod"), []byte("// a checkout\nmodule \""+Path+"\" // quoted\n\ngo 1.26\n"), 0o644)
	if got, err := Find(filepath.Join(inner, "sub")); err != nil || got != inner {
		t.Errorf("Find = %q, %v; want %s", got, err, inner)
	}
}

func TestModulePath(t *testing.T) {
	for in, want := range map[string]string{
		"module a/b\n":                "a/b",
		"module \"a/b\" // c\n":       "a/b",
		"// module x/y\nmodule a/b\n": "a/b",
		"go 1.26\n":                   "",
		"module\n":                    "",
	} {
		if got := modulePath(in); got != want {
			t.Errorf("modulePath(%q) = %q, want %q", in, got, want)
		}
	}
}
