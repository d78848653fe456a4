package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderMissingFont: with no fallback font (CUTOFF_FONT_DIRS an empty
// directory), a Chinese title cannot be drawn in PNG, PDF or TikZ: one
// line naming the character and what to install (the package's prefix
// not repeated after the command's), exit 2, no file. Its SVG
// (the viewer's fonts) is written.
func TestRenderMissingFont(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CUTOFF_FONT_DIRS", filepath.Join(dir, "no-fonts"))
	for _, ext := range []string{"png", "pdf", "tex"} {
		out := filepath.Join(dir, "tree."+ext)
		code, stdout, stderr := cli(t, "", "render", "-alg", "minimax", "-tree", "A(b1=3 b2=5)", "-title", "极小化极大", "-o", out)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "cutoff: render: no font") ||
			!strings.Contains(stderr, "U+6781") || !strings.Contains(stderr, "fonts-noto-cjk") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", ext, code, stdout, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: the file was written (%v)", ext, err)
		}
	}
	out := filepath.Join(dir, "tree.svg")
	if code, _, stderr := cli(t, "", "render", "-alg", "minimax", "-tree", "A(b1=3 b2=5)", "-title", "极小化极大", "-o", out); code != 0 {
		t.Errorf("svg: exit %d, %q", code, stderr)
	}
}
