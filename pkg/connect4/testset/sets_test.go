package testset_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

var generate = flag.String("generate", "", "write the test sets of the stages listed (end,middle,begin) to testdata/connect4, solving every line")

const setsDir = "../../../testdata/connect4"

// TestGenerateSets writes this project's test sets: go test ./pkg/connect4/testset
// -run TestGenerateSets -generate end,middle,begin -timeout 0. Each file is
// written when its stage is complete.
func TestGenerateSets(t *testing.T) {
	if *generate == "" {
		t.Skip("run with -generate end,middle,begin to write testdata/connect4")
	}
	s, err := connect4.New(connect4.Default())
	if err != nil {
		t.Fatal(err)
	}
	stages := map[string]int{"end": 29, "middle": 15, "begin": 1}
	for _, name := range strings.Split(*generate, ",") {
		minMoves, ok := stages[name]
		if !ok {
			t.Fatalf("unknown stage %q", name)
		}
		start := time.Now()
		last := time.Now()
		sets, err := testset.GenerateSet(s, testset.SetSeed, minMoves, func(set testset.Set, l testset.Line) {
			if d := time.Since(last); d > time.Second || set.MinRemaining >= 14 {
				fmt.Fprintf(os.Stderr, "%q %s %d %v (%v)\n", set.Name, l.Moves, l.Score, d.Round(time.Millisecond), time.Since(start).Round(time.Second))
			}
			last = time.Now()
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range testset.Sets {
			lines, ok := sets[set.Name]
			if !ok {
				continue
			}
			var b strings.Builder
			for _, l := range lines {
				fmt.Fprintf(&b, "%s %d\n", l.Moves, l.Score)
			}
			if err := os.WriteFile(filepath.Join(setsDir, set.File), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("stage %s: %v", name, time.Since(start))
	}
}

// readSet reads one of this project's test set files.
func readSet(t testing.TB, set testset.Set) []testset.Line {
	t.Helper()
	f, err := os.Open(filepath.Join(setsDir, set.File))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := testset.ReadLines(f)
	if err != nil {
		t.Fatalf("%s: %v", set.File, err)
	}
	return lines
}

// TestReadLines: the format is checked and a bad line named.
func TestReadLines(t *testing.T) {
	lines, err := testset.ReadLines(strings.NewReader("4455 18\n12 -2\n"))
	if err != nil || len(lines) != 2 || lines[0] != (testset.Line{Moves: "4455", Score: 18}) || lines[1].Score != -2 {
		t.Errorf("ReadLines = %v, %v", lines, err)
	}
	for _, bad := range []string{"4455\n", "4455 x\n", " 3\n", "12 1\n4455 18 7\n"} {
		if _, err := testset.ReadLines(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("ReadLines(%q): %v, want an error naming the line", bad, err)
		}
	}
}

// TestSetFiles checks the committed test sets: each has its number of
// lines, every line is a legal unfinished position of its class (by its
// moves and its score's remaining moves), no position appears twice, and a
// sample of each is solved again, by this package's default solver and by
// Pons' part 12, to the same score.
func TestSetFiles(t *testing.T) {
	if *generate != "" {
		t.Skip("generating")
	}
	def, _ := connect4.New(connect4.Default())
	p12opt, _ := connect4.Part(12)
	p12, _ := connect4.New(p12opt)
	for _, set := range testset.Sets {
		lines := readSet(t, set)
		if len(lines) != set.Lines {
			t.Errorf("%s: %d lines, want %d", set.File, len(lines), set.Lines)
		}
		seen := map[uint64]int{}
		for i, l := range lines {
			p, err := connect4.ParsePosition(l.Moves)
			if err != nil || p.Over() {
				t.Fatalf("%s line %d %q: %v (over %v)", set.File, i+1, l.Moves, err, p.Over())
			}
			if j, dup := seen[p.Key()]; dup {
				t.Errorf("%s lines %d and %d are the same position", set.File, j, i+1)
			}
			seen[p.Key()] = i + 1
			if got, ok := testset.Classify(len(l.Moves), l.Score); !ok || got.Name != set.Name {
				t.Errorf("%s line %d %q: belongs to %q", set.File, i+1, l.Moves, got.Name)
			}
		}
		// A sample solved again: more of the cheap sets.
		step := map[int]int{0: 50, 14: 200, 28: 50}[set.MinRemaining]
		if set.MinMoves == 1 && set.MinRemaining == 14 {
			step = 250
		}
		if testing.Short() {
			step *= 4
		}
		for i := 0; i < len(lines); i += step {
			p, _ := connect4.ParsePosition(lines[i].Moves)
			for name, s := range map[string]*connect4.Solver{"default": def, "part 12": p12} {
				if name == "part 12" && set.MinRemaining >= 28 {
					continue // seconds each
				}
				s.Reset()
				if r, err := s.Solve(p); err != nil || r.Score != lines[i].Score {
					t.Errorf("%s line %d %q: %s solves %+v, %v; the file says %d", set.File, i+1, lines[i].Moves, name, r, err, lines[i].Score)
				}
			}
		}
	}
}

// TestSetsReproducible regenerates the End and Middle stages from SetSeed
// (seconds) and compares them with the committed files, line for line. The
// Begin stage takes about 20 minutes (go test -run TestGenerateSets
// -generate begin -timeout 0, then git diff).
func TestSetsReproducible(t *testing.T) {
	if *generate != "" || testing.Short() {
		t.Skip("generating, or -short")
	}
	s, _ := connect4.New(connect4.Default())
	for _, minMoves := range []int{29, 15} {
		sets, err := testset.GenerateSet(s, testset.SetSeed, minMoves, nil)
		if err != nil {
			t.Fatal(err)
		}
		for name, lines := range sets {
			var set testset.Set
			for _, x := range testset.Sets {
				if x.Name == name {
					set = x
				}
			}
			file := readSet(t, set)
			if len(file) != len(lines) {
				t.Errorf("%s: %d lines generated, %d in the file", set.File, len(lines), len(file))
				continue
			}
			for i := range lines {
				if lines[i] != file[i] {
					t.Errorf("%s line %d: generated %v, the file has %v", set.File, i+1, lines[i], file[i])
					break
				}
			}
		}
	}
}
