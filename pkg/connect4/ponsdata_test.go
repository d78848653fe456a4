package connect4_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

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
			p, err := connect4.ParsePosition(f[0])
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
