package dot_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/dot"
)

// The package must build for js/wasm: nothing it imports may need
// Graphviz, fonts or cgo.
func TestBuildsForWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for js/wasm")
	}
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list for js/wasm: %v\n%s", err, out)
	}
	for _, bad := range []string{"go-graphviz", "gonum.org/v1/plot", "golang.org/x/image"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("package dot depends on %s for js/wasm", bad)
		}
	}
}

func TestFrameDOTFitsSizes(t *testing.T) {
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.AlphaBeta(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	sizes, err := dot.LayoutSizes([]byte(`{"objects":[{"name":"n0","width":"1.25","height":"0.5"}]}`))
	if err != nil || sizes["n0"] != [2]string{"1.25", "0.5"} {
		t.Fatalf("LayoutSizes = %v, %v", sizes, err)
	}
	d, err := dot.FrameDOT(rec, dot.TreeOptions{Step: 1}, sizes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d, `width="1.25"`) && !strings.Contains(d, `width=1.25`) {
		t.Errorf("frame 1 does not fix n0's width:\n%s", d)
	}
	steps, err := dot.FrameSteps(rec, dot.FrameOptions{})
	if err != nil || len(steps) != len(dot.EventLines(rec)) {
		t.Errorf("FrameSteps = %d steps (%v), EventLines %d", len(steps), err, len(dot.EventLines(rec)))
	}
	if _, err := dot.LayoutSizes([]byte("not json")); err == nil {
		t.Error("LayoutSizes accepts bad JSON")
	}
}

// LeafValues: before the search (Step 0) every leaf of AIMA Fig. 5.2 shows
// its value, grey and not bold, the three alpha-beta prunes alike with the
// six it evaluates; after it, the evaluated ones are bold. Off, no leaf
// shows a value before the search.
func TestLeafValues(t *testing.T) {
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.AlphaBeta(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	leaves := []string{"3", "12", "8", "2", "4", "6", "14", "5", "2"}
	grey := func(v string) string { return `<FONT COLOR="` + dot.ColSecondary + `">` + v + `</FONT>` }
	before, err := dot.TreeDOT(rec, dot.TreeOptions{Step: 0, LeafValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(before, "<B>"); n != 0 {
		t.Errorf("before the search, %d bold values", n)
	}
	for _, v := range []string{"3", "12", "8", "2", "4", "6", "14", "5"} {
		if !strings.Contains(before, grey(v)) {
			t.Errorf("before the search, leaf value %s is not shown grey", v)
		}
	}
	if n := strings.Count(before, `<FONT COLOR="`+dot.ColSecondary+`">`); n != len(leaves) {
		t.Errorf("before the search, %d grey values, want %d", n, len(leaves))
	}
	if strings.Contains(before, `class="pruned`) || strings.Contains(before, "to-pruned") {
		t.Error("before the search, a node or an edge is drawn (or classed) pruned")
	}
	off, err := dot.TreeDOT(rec, dot.TreeOptions{Step: 0})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(off, grey("12")) {
		t.Error("without LeafValues, a leaf shows its value before the search")
	}
	after, err := dot.TreeDOT(rec, dot.TreeOptions{Step: len(dot.EventLines(rec)), LeafValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(after, "<B>"); n < 6 {
		t.Errorf("after the search, %d bold values (six leaves evaluated)", n)
	}
}
