package similar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func load(t *testing.T, path string) *Code {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(map[string][]byte{"alphabeta.go": b})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Renaming, reformatting and comments do not hide a copy; a one-line
// change leaves it very alike; code written apart is not; the stub, and
// code that is still nearly the stub, is alike to nothing.
func TestSimilarity(t *testing.T) {
	key := load(t, "../../../solutions/02-alphabeta/alphabeta.go")
	stub := load(t, "../../../exercises/02-alphabeta/alphabeta.go")
	renamed := load(t, "testdata/renamed.go.txt")
	wrong := load(t, "../../../testdata/wrong/no-deep-cutoff/02-alphabeta/alphabeta.go")
	honest := load(t, "testdata/honest.go.txt")
	for _, tc := range []struct {
		name   string
		a, b   *Code
		lo, hi float64
	}{
		{"key, renamed and reformatted", key, renamed, 1, 1},
		{"key, one line changed", key, wrong, 0.6, 0.95},
		{"key, written apart", key, honest, 0, 0.25},
		{"key, the stub", key, stub, 0, 0},
		{"stub, stub", stub, stub, 0, 0},
	} {
		s := Similarity(tc.a, tc.b, stub)
		t.Logf("%s: %.3f", tc.name, s)
		if s < tc.lo || s > tc.hi {
			t.Errorf("%s: similarity %.3f, want it in [%.2f, %.2f]", tc.name, s, tc.lo, tc.hi)
		}
		if s2 := Similarity(tc.b, tc.a, stub); s2 != s {
			t.Errorf("%s: not symmetric: %.3f and %.3f", tc.name, s, s2)
		}
	}
	pairs := Compare("02-alphabeta", map[string]*Code{"ann": renamed, "bob": honest, "cy": wrong, "dee": stub}, key, stub, 0.5)
	var got []string
	for _, p := range pairs {
		got = append(got, p.A+"~"+p.B)
	}
	if want := "ann~(key) ann~cy cy~(key)"; strings.Join(got, " ") != want && strings.Join(got, " ") != "ann~(key) cy~(key) ann~cy" {
		t.Errorf("pairs at 0.5: %v; want %s (most alike first)", got, want)
	}
	if _, err := Parse(map[string][]byte{"x.go": []byte("package x\nfunc {")}); err == nil {
		t.Error("code that does not parse: no error")
	}
	big := t.TempDir()
	os.WriteFile(filepath.Join(big, "big.go"), append([]byte("package x\n"), make([]byte, MaxBytes)...), 0o644)
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "not compared") {
		t.Errorf("Load of %d bytes: %v, want it refused", MaxBytes, err)
	}
}
