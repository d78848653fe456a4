package main

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/modroot"
)

// readDesign returns the module's root and its DESIGN.md.
func readDesign(t *testing.T) (string, []byte) {
	t.Helper()
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	design, err := os.ReadFile(filepath.Join(root, "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	return root, design
}

// DESIGN.md's picture of the packages is what the code imports: each
// package of the module (test-only packages and the exercises' stubs and
// solutions aside) with the packages of the module it imports.
func TestDesignImports(t *testing.T) {
	root, design := readDesign(t)
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

// Every citation of DESIGN.md in the code's comments (DESIGN.md,
// "Section" or DESIGN.md ("Section")) names a section it has.
func TestDesignCitations(t *testing.T) {
	root, design := readDesign(t)
	var sections []string
	for line := range strings.Lines(string(design)) {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			sections = append(sections, strings.TrimSpace(h))
		}
	}
	cite := regexp.MustCompile(`DESIGN\.md[,]?\s*\(?"([^"]+)"`)
	n := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		var text strings.Builder
		for _, c := range f.Comments {
			text.WriteString(c.Text())
		}
		for _, m := range cite.FindAllStringSubmatch(text.String(), -1) {
			n++
			if !slices.Contains(sections, m[1]) {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s cites DESIGN.md's section %q; its sections are %q", rel, m[1], sections)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Errorf("found %d citations of DESIGN.md's sections in the code; the regexp has gone stale", n)
	}
}
