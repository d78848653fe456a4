package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeBlocks returns the fenced code blocks of the repository's README,
// each with its info string ("go", "console", …).
func readmeBlocks(t *testing.T) (root string, blocks []readmeBlock) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cur *readmeBlock
	for line := range strings.Lines(string(b)) {
		fence := strings.HasPrefix(line, "```")
		switch {
		case fence && cur == nil:
			cur = &readmeBlock{info: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
		case fence:
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line
		}
	}
	return root, blocks
}

type readmeBlock struct{ info, text string }

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
				t.Errorf("README: cutoff %s: exit %d, stderr %q", cmd, code, errOut)
			}
			if out != want.String() {
				t.Errorf("README: cutoff %s\nprints\n%s\nbut the README shows\n%s", cmd, out, want.String())
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
