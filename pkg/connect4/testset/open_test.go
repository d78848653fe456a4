package testset

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Open reads a file whole and counts its lines, a last one without its
// newline included; "" and "-" are stdin, of unknown length.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	for content, want := range map[string]int{"": 0, "4455\n": 1, "4455\n\n12 3": 3} {
		name := filepath.Join(dir, "lines")
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		in, total, err := Open(name, nil)
		if err != nil || total != want {
			t.Fatalf("Open(%q): total %d, %v; want %d", content, total, err, want)
		}
		if b, _ := io.ReadAll(in); string(b) != content {
			t.Errorf("Open(%q) reads %q", content, b)
		}
	}
	stdin := strings.NewReader("4455\n")
	for _, name := range []string{"", "-"} {
		if in, total, err := Open(name, stdin); in != stdin || total != 0 || err != nil {
			t.Errorf("Open(%q, stdin): %v, %d, %v; want stdin, 0, nil", name, in, total, err)
		}
	}
	if _, _, err := Open("-", nil); !errors.Is(err, ErrNoStdin) {
		t.Errorf("Open(-, nil): %v, want ErrNoStdin", err)
	}
	if _, _, err := Open(filepath.Join(dir, "missing"), nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing): %v, want a not-exist error", err)
	}
}

func TestProgress(t *testing.T) {
	for _, c := range []struct {
		line, total int
		want        string
	}{{3, 10, "3/10 lines"}, {1, 0, "1 line"}, {7, 0, "7 lines"}} {
		if got := Progress(c.line, c.total); got != c.want {
			t.Errorf("Progress(%d, %d) = %q, want %q", c.line, c.total, got, c.want)
		}
	}
}
