package autograde

import (
	"path/filepath"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"512MiB": 512 << 20, "2GiB": 2 << 30, "1G": 1 << 30, "300M": 300 << 20,
		" 1GB ": 1e9, "100MB": 100e6, "67108864": 64 << 20, "1.5GiB": 3 << 29, "1048576K": 1 << 30} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", "63MiB", "2TiB", "-1G", "0", "1.5", "2000G"} {
		if got, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", in, got)
		}
	}
	if _, err := ParseSize("1"); err == nil || err.Error() != `"1": want a size between 64MiB and 1TiB, such as 512MiB or 2GiB` {
		t.Errorf("message: %v", err)
	}
}

func TestModuleRoot(t *testing.T) {
	root, ok := ModuleRoot(".")
	if !ok || root != mustAbs(t, "../..") {
		t.Errorf("ModuleRoot(.) = %q, %v; want the repository's root", root, ok)
	}
	if root, ok := ModuleRoot(t.TempDir()); ok {
		t.Errorf("ModuleRoot(a temporary folder) = %q, want none", root)
	}
	if got, ok := ModuleRoot(t.TempDir(), "."); !ok || got != root {
		t.Errorf("ModuleRoot(a temporary folder, .) = %q, %v; want the repository's root, the second folder's", got, ok)
	}
	if got, ok := ModuleRoot(); ok {
		t.Errorf("ModuleRoot() = %q, want none", got)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
