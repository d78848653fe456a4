package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// DESIGN.md's picture of the packages is what the code imports: each
// package of the module (test-only packages and the exercises' stubs and
// solutions aside) with the packages of the module it imports.
func TestDesignImports(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	design, err := os.ReadFile(filepath.Join(root, "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```imports\n(.*?)```").FindSubmatch(design)
	if block == nil {
		t.Fatal("DESIGN.md has no ```imports block")
	}
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/cutoff-go/cutoff/"
	skip := regexp.MustCompile(`^(exercises/\d\d-|solutions/|testdata/)`)
	var want strings.Builder
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), ":")
		pkg = strings.TrimPrefix(pkg, mod)
		if skip.MatchString(pkg) {
			continue
		}
		var deps []string
		for _, d := range strings.Fields(imports) {
			if p, ok := strings.CutPrefix(d, mod); ok {
				deps = append(deps, p)
			}
		}
		slices.Sort(deps)
		want.WriteString(strings.TrimSpace(pkg + " → " + strings.Join(deps, " ")))
		want.WriteString("\n")
	}
	norm := func(s string) string {
		var lines []string
		for l := range strings.Lines(s) {
			if l = strings.Join(strings.Fields(l), " "); l != "" {
				lines = append(lines, l)
			}
		}
		slices.Sort(lines)
		return strings.Join(lines, "\n")
	}
	if norm(string(block[1])) != norm(want.String()) {
		t.Errorf("DESIGN.md's imports block is not what the code imports; it should read:\n```imports\n%s```", want.String())
	}
}
