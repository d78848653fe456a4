package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/cutoff-go/cutoff/internal/modroot"
)

// documents are the repository's documents for readers: the README,
// DESIGN.md and docs/*.md.
func documents(t *testing.T) (root string, files []string) {
	t.Helper()
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	return root, append([]string{filepath.Join(root, "README.md"), filepath.Join(root, "DESIGN.md")}, docs...)
}

// markdownFiles are every Markdown file of the repository but what tools
// install (.venv, .tmp, node_modules).
func markdownFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") && d.Name() != ".ci" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// readmeBlocks returns the fenced code blocks of the repository's
// documents, each with its info string ("go", "console", …).
func readmeBlocks(t *testing.T) (root string, blocks []readmeBlock) {
	t.Helper()
	root, files := documents(t)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cur *readmeBlock
		for line := range strings.Lines(string(b)) {
			fence := strings.HasPrefix(line, "```")
			switch {
			case fence && cur == nil:
				cur = &readmeBlock{file: filepath.Base(f), info: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
			case fence:
				blocks = append(blocks, *cur)
				cur = nil
			case cur != nil:
				cur.text += line
			}
		}
	}
	return root, blocks
}

type readmeBlock struct{ file, info, text string }

// The README is what a newcomer reads first: at most 200 lines, with the
// two commands; every relative link of the repository's Markdown files
// leads to a file that exists, and a link to a heading of a Markdown file
// to a heading there.
func TestDocuments(t *testing.T) {
	root, files := documents(t)
	readme, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > 200 {
		t.Errorf("README.md has %d lines; a newcomer's README has at most 200 (move the rest to docs/)", n)
	}
	for _, cmd := range []string{"\nbash .ci/course\n", "\nbash .ci/test\n"} {
		if !strings.Contains(string(readme), cmd) {
			t.Errorf("README.md lacks the command %q", strings.TrimSpace(cmd))
		}
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range markdownFiles(t, root) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, f)
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			file := f
			if path != "" {
				file = filepath.Join(filepath.Dir(f), path)
			}
			body, err := os.ReadFile(file)
			if info, serr := os.Stat(file); serr == nil && info.IsDir() {
				continue
			} else if err != nil {
				t.Errorf("%s links to %s: no such file", name, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(file, ".md") && !slices.Contains(headingAnchors(string(body)), anchor) {
				t.Errorf("%s links to %s: no such heading", name, target)
			}
		}
	}
}

// headingAnchors are the anchors GitHub gives a Markdown file's headings:
// lower case, punctuation but hyphens and underscores dropped, spaces as
// hyphens.
func headingAnchors(md string) []string {
	var out []string
	fenced := false
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestREADMEConsole runs every "$ cutoff ..." line of the README's console
// blocks and compares the output with the README's.
func TestREADMEConsole(t *testing.T) {
	root, blocks := readmeBlocks(t)
	t.Chdir(root) // the examples name files relative to the repository root
	n := 0
	for _, b := range blocks {
		if b.info != "console" {
			continue
		}
		lines := strings.SplitAfter(b.text, "\n")
		for i := 0; i < len(lines); i++ {
			cmd, ok := strings.CutPrefix(lines[i], "$ cutoff ")
			if !ok {
				continue
			}
			var want strings.Builder
			for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
				i++
				want.WriteString(lines[i])
			}
			args := shellWords(t, strings.TrimSpace(cmd))
			code, out, errOut := cli(t, "", args...)
			if code != 0 || errOut != "" {
				t.Errorf("%s: cutoff %s: exit %d, stderr %q", b.file, cmd, code, errOut)
			}
			if out != want.String() {
				t.Errorf("%s: cutoff %s\nprints\n%s\nbut it shows\n%s", b.file, cmd, out, want.String())
			}
			n++
		}
	}
	if n == 0 {
		t.Error("the README has no cutoff examples")
	}
}

// shellWords splits a command line the README shows: words separated by
// spaces, with single quotes and nothing else.
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case !quoted && strings.ContainsRune(`"\$|&;<>*?`+"`", r):
			t.Fatalf("README command %q uses shell syntax this test does not read", s)
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("README command %q has an unclosed quote", s)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// TestREADMELibrary compiles and runs the README's Go example as a program
// of its own module, and compares what it prints with the block after it.
func TestREADMELibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the README's example")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	root, blocks := readmeBlocks(t)
	var src, want string
	for i, b := range blocks {
		if b.info == "go" && strings.Contains(b.text, "package main") {
			if i+1 == len(blocks) || blocks[i+1].info != "text" {
				t.Fatal("the README's Go example is not followed by a text block with its output")
			}
			src, want = b.text, blocks[i+1].text
			break
		}
	}
	if src == "" {
		t.Fatal("the README has no Go example (a go block with package main)")
	}
	dir := t.TempDir()
	gomod := "module readme\n\ngo 1.26\n\nrequire github.com/cutoff-go/cutoff v0.0.0\n\n" +
		"replace github.com/cutoff-go/cutoff => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "run", ".")
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run of the README's example: %v\n%s", err, errOut.String())
	}
	if out.String() != want {
		t.Errorf("the README's example prints\n%s\nbut the README says\n%s", out.String(), want)
	}
}
