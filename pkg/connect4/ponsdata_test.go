package connect4_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestPonsClasses reads Pons' six test files, when CUTOFF_PONS_DATA names a
// folder that holds them (they are not part of this project: see
// testdata/connect4/compare-pons), and checks that Classify puts every line
// in the class of its file: the definition of Remaining is the one his sets
// were made with.
func TestPonsClasses(t *testing.T) {
	dir := os.Getenv("CUTOFF_PONS_DATA")
	if dir == "" {
		t.Skip("CUTOFF_PONS_DATA is not set: Pons' test files are not part of this project")
	}
	for _, set := range connect4.Sets {
		f, err := os.Open(filepath.Join(dir, set.Pons))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() {
			moves, score, _ := strings.Cut(sc.Text(), " ")
			v, err := strconv.Atoi(score)
			if err != nil {
				t.Fatalf("%s: %q", set.Pons, sc.Text())
			}
			n++
			if got, ok := connect4.Classify(len(moves), v); !ok || got.Name != set.Name {
				t.Errorf("%s line %d %q: classified %q, want %q (remaining %d)", set.Pons, n, sc.Text(), got.Name, set.Name, connect4.Remaining(len(moves), v))
			}
		}
		f.Close()
		if n != 1000 {
			t.Errorf("%s: %d lines, want 1000", set.Pons, n)
		}
	}
}

// TestPonsNodeCounts compares, line by line, the nodes each of Pons' parts
// counted with those of Part(n), when CUTOFF_PONS_OUT names a folder of his
// solvers' outputs ("moves score nodes microseconds" lines, in files named
// partN-*.txt, strong mode; compare-pons -out writes such files): the same
// score and the same number of negamax calls on every line, which is what
// "the tutorial reproduced step by step" means.
func TestPonsNodeCounts(t *testing.T) {
	dir := os.Getenv("CUTOFF_PONS_OUT")
	if dir == "" {
		t.Skip("CUTOFF_PONS_OUT is not set: Pons' outputs are not part of this project")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "part*-*.txt"))
	checked := 0
	for _, name := range files {
		base := filepath.Base(name)
		if strings.Contains(base, "weak") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(base[:strings.Index(base, "-")], "part"))
		if err != nil || n < connect4.FirstPart || n > connect4.LastPart {
			continue
		}
		o, _ := connect4.Part(n)
		s, _ := connect4.New(o)
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			f := strings.Fields(line)
			if len(f) != 4 {
				t.Fatalf("%s line %d: %q", base, i+1, line)
			}
			p, err := gametree.ParseConnectFour(f[0])
			if err != nil {
				t.Fatal(err)
			}
			s.Reset()
			r, err := s.Solve(p)
			if score, nodes := strconv.Itoa(r.Score), strconv.FormatUint(r.Nodes, 10); err != nil || score != f[1] || nodes != f[2] {
				t.Errorf("%s line %d %s: part %d here scores %s in %s nodes, his %s in %s", base, i+1, f[0], n, score, nodes, f[1], f[2])
			}
			checked++
		}
	}
	t.Logf("%d lines of %d files: the same scores and node counts", checked, len(files))
}
