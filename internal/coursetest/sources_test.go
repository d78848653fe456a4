package coursetest

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// oldSourceName matches the course's former private names for its source
// texts — the word "seed" or "seeds" followed by a three-digit number from
// zero to four, with a space, a hyphen, nothing or a comment line break
// between them — which a learner cannot decode, and the path of the folder
// the originals were kept in, which a clone does not have.
// notebooks/SOURCES.md names the sources instead.
var oldSourceName = regexp.MustCompile(`(?i)seeds?(?:[\s_-]|//|#|\*)*0{2}[0-4](?:[^0-9]|$)|shared/seed[s]`)

// repoFiles lists the repository's files (tracked, and untracked ones that
// are not ignored) relative to root: from git when it can, else by walking
// the tree without the directories git ignores here.
func repoFiles(t *testing.T, root string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		var files []string
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" {
				files = append(files, filepath.FromSlash(f))
			}
		}
		return files
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", ".tmp", ".venv", "site":
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err == nil && d.Type().IsRegular() {
			files = append(files, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestNoPrivateSourceNames fails on every file:line of the repository's text
// files that still calls a source text by its former number, or points at
// the folder the originals were kept in.
func TestNoPrivateSourceNames(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := repoFiles(t, root)
	if len(files) < 50 {
		t.Fatalf("found only %d files under %s", len(files), root)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			if os.IsNotExist(err) { // deleted in the work tree, not yet in git
				continue
			}
			t.Fatal(err)
		}
		if bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 {
			continue // binary
		}
		for _, m := range oldSourceName.FindAllIndex(b, -1) {
			line := 1 + bytes.Count(b[:m[0]], []byte("\n"))
			t.Errorf("%s:%d: %q: name the source as notebooks/SOURCES.md does", filepath.ToSlash(f), line, strings.TrimSpace(string(b[m[0]:m[1]])))
		}
	}
}

// TestSourcesPage checks that notebooks/SOURCES.md cites the five source
// texts with their links and licence, and that the course's entry points
// lead to it.
func TestSourcesPage(t *testing.T) {
	b, err := os.ReadFile("SOURCES.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{
		// §6.4 of the Russian textbook (no stable address found).
		"«Системы искусственного интеллекта»", "§6.4", "«Альфа — бета-процедура»", "Fig. 6.8", "Fig. 6.9", "Table 6.3",
		// The Persian Wikipedia article on negamax.
		"«نگامکس»", "https://fa.wikipedia.org/wiki/نگامکس",
		// Moreland's article in the Chinese translation of xqbase.com.
		"Moreland", "«主要变例搜索»", "https://www.xqbase.com/computer/advanced_pvs.htm", "http://www.seanet.com/~brucemo/topics/pvs.htm",
		// The Russian Wikipedia articles on PVS and on Best Node Search.
		"«Поиск основных вариантов»", "https://ru.wikipedia.org/wiki/Поиск_основных_вариантов",
		"«Лучший поиск узлов»", "https://ru.wikipedia.org/wiki/Лучший_поиск_узлов",
		"CC BY-SA 4.0",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("SOURCES.md lacks %q", want)
		}
	}
	for _, nb := range []string{"02-alphabeta", "03-negamax", "04-ordering", "05-transposition", "06-pvs", "07-mtd", "08-bns", "09-experiments", "10-connect4"} {
		if !strings.Contains(page, nb+".ipynb") {
			t.Errorf("SOURCES.md does not say which claims %s.ipynb runs", nb)
		}
	}
	for _, f := range []string{"README.md", "00-welcome.ipynb", filepath.Join("..", "README.md")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "SOURCES.md") {
			t.Errorf("%s does not point to SOURCES.md", f)
		}
	}
}

// legendRE finds the legend's table: the rows from "| mark |" on.
var legendRE = regexp.MustCompile(`(?ms)^\| mark \|.*?(?:\n\n|\z)`)

// TestOneLegend: the legend of the pictures in 00-welcome and in the
// notebooks' README (which the site shows as pictures.html) is one table,
// row for row.
func TestOneLegend(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := ipynb.Read("00-welcome.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var inNotebook string
	for _, c := range nb.Cells {
		if m := legendRE.FindString(string(c.Source)); c.CellType == "markdown" && m != "" {
			inNotebook = m
		}
	}
	inReadme := legendRE.FindString(string(readme))
	if inNotebook == "" || inReadme == "" {
		t.Fatalf("no legend table (| mark | …) in 00-welcome (%d bytes) or README.md (%d bytes)", len(inNotebook), len(inReadme))
	}
	if strings.TrimSpace(inNotebook) != strings.TrimSpace(inReadme) {
		t.Errorf("00-welcome's legend and README.md's differ:\n%s\n---\n%s", inNotebook, inReadme)
	}
}

// earlyExitRE finds a pipeline into a reader that exits at its first match
// or line (grep -q, grep -m, head): under set -o pipefail the writer then
// dies of a broken pipe and fails the pipeline at random (the kernel check
// of .ci/lib.sh failed 2 runs in 6 on a fresh HOME that way).
var earlyExitRE = regexp.MustCompile(`\|\s*(grep\s+(-[A-Za-z]*[qm]|--quiet|--max-count)|head\b)`)

// TestNoEarlyExitPipes checks every script of .ci/ for such a pipeline.
func TestNoEarlyExitPipes(t *testing.T) {
	scripts, err := filepath.Glob("../.ci/*")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in .ci/ (%v)", err)
	}
	for _, path := range scripts {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			if earlyExitRE.MatchString(line) {
				t.Errorf("%s:%d pipes into an early-exit reader (capture the output first): %s", filepath.Base(path), i+1, strings.TrimSpace(line))
			}
		}
	}
	for _, bad := range []string{`jupyter kernelspec list | grep -Eq gonb`, `x | head -1`, `y | grep -m1 z`} {
		if !earlyExitRE.MatchString(bad) {
			t.Errorf("earlyExitRE misses %q", bad)
		}
	}
}
