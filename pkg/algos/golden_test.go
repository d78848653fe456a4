package algos_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestFixtureCountsGolden pins, perft-style, how every algorithm runs on
// every named fixture: value, move, and the counters (nodes, leaves, cutoffs
// and their kinds, null windows, re-searches, passes, table use). The AIMA
// and textbook (§6.4) rows are worked by hand in fixtures_test.go and
// pvs_test.go; this file catches any change in how any search runs.
// Regenerate deliberately with go test ./pkg/algos -run
// TestFixtureCountsGolden -update, and read the diff.
func TestFixtureCountsGolden(t *testing.T) {
	var out bytes.Buffer
	fmt.Fprintln(&out, "# fixture algorithm: value bound move | nodes leaves cutoffs(shallow/deep) pruned | null_window researches passes | tt_probes tt_hits tt_stores")
	for _, fx := range gametree.Fixtures() {
		for _, name := range algos.Names() {
			res, err := mustByName[gametree.Node](t, name)(fx.Tree().Root(), algos.FullDepth, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := res.Stats
			fmt.Fprintf(&out, "%s %s: %d %v %d | %d %d %d(%d/%d) %d | %d %d %d | %d %d %d\n",
				fx.Name, name, res.Value, res.Bound, res.Move,
				s.Nodes, s.Leaves, s.Cutoffs, s.ShallowCutoffs, s.DeepCutoffs, s.Pruned,
				s.NullWindow, s.ReSearches, s.Passes, s.TTProbes, s.TTHits, s.TTStores)
		}
	}
	path := filepath.Join("..", "..", "testdata", "golden", "fixture_counts.txt")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got, wantLines := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range max(len(got), len(wantLines)) {
			var g, w []byte
			if i < len(got) {
				g = got[i]
			}
			if i < len(wantLines) {
				w = wantLines[i]
			}
			if !bytes.Equal(g, w) {
				t.Errorf("%s line %d:\ngot  %s\nwant %s", path, i+1, g, w)
			}
		}
	}
}
