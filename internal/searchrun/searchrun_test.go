package searchrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

func mustTree(t *testing.T, src string) *gametree.Tree {
	t.Helper()
	tr, err := gametree.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// The textbook tree of AIMA figure 5.2, as cutoff search reports it.
func TestSearchReport(t *testing.T) {
	tr := mustTree(t, "((3 12 8) (2 4 6) (14 5 2))")
	r, err := Search(tr.Root(), &Config{Alg: "alphabeta", Depth: algos.FullDepth}, gametree.Node.LeafIndex)
	if err != nil {
		t.Fatal(err)
	}
	if r.Value != 3 || r.Move != 0 || !slices.Equal(r.PV, []int{0, 0}) {
		t.Errorf("value %d move %d pv %v, want 3 0 [0 0]", r.Value, r.Move, r.PV)
	}
	if want := []int{0, 1, 2, 3, 6, 7, 8}; !slices.Equal(r.LeafOrder, want) {
		t.Errorf("leaf order %v, want %v", r.LeafOrder, want)
	}
	if int(r.Stats.Leaves) != len(r.LeafOrder) {
		t.Errorf("stats.leaves %d, but %d leaves in the order", r.Stats.Leaves, len(r.LeafOrder))
	}
	if r.Depth != nil || r.MoveName != "" || r.PVNames != nil {
		t.Errorf("depth %v, move name %q, pv names %v: want none for an unlabelled tree without depth", r.Depth, r.MoveName, r.PVNames)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]any
	if err := json.Unmarshal(b, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"algorithm", "value", "move", "pv", "stats", "leaf_order"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON %s lacks the key %q", b, k)
		}
	}
	for _, k := range []string{"depth", "move_name", "pv_names", "iterations"} {
		if _, ok := keys[k]; ok {
			t.Errorf("JSON %s has the key %q, which should be left out", b, k)
		}
	}
}

func TestSearchNamesDepthAndIterations(t *testing.T) {
	tr := mustTree(t, "A(B(b1=3 b2=12) C(c1=8 c2=5))")
	r, err := Search(tr.Root(), &Config{Alg: "id", Depth: 2, DepthSet: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.MoveName != "C" || !slices.Equal(r.PVNames, []string{"C", "c2"}) {
		t.Errorf("move name %q, pv names %v, want C [C c2]", r.MoveName, r.PVNames)
	}
	if r.Depth == nil || *r.Depth != 2 {
		t.Errorf("depth %v, want 2", r.Depth)
	}
	if len(r.Iterations) != 2 || r.LeafOrder != nil {
		t.Errorf("%d iterations, leaf order %v: want 2 and none", len(r.Iterations), r.LeafOrder)
	}
}

func TestMoveNamesOfIndices(t *testing.T) {
	tr := mustTree(t, "((1 2) (3 4))")
	if n := MoveNames(tr.Root(), []int{1, 0}); n != nil {
		t.Errorf("names %v of an unlabelled tree, want nil", n)
	}
	if n := MoveNames(tr.Root(), []int{5}); n != nil {
		t.Errorf("names %v of a move out of range, want nil", n)
	}
}

func TestStatsLine(t *testing.T) {
	got := StatsLine(algos.Stats{Nodes: 11, Leaves: 7, MaxPly: 2})
	for _, want := range []string{"nodes=11", "leaves=7", "max_ply=2", "tt_hits=0"} {
		if !strings.Contains(got, want) {
			t.Errorf("StatsLine = %q, want it to contain %q", got, want)
		}
	}
	if !strings.HasPrefix(got, "nodes=11 leaves=7 ") {
		t.Errorf("StatsLine = %q, want the fields in order", got)
	}
}

func TestErrors(t *testing.T) {
	root := mustTree(t, "((3 12 8) (2 4 6) (14 5 2))").Root()
	_, err := Search(root, &Config{Alg: "minimax", Depth: algos.FullDepth, MaxNodes: 3}, nil)
	be, ok := errors.AsType[*BudgetError](err)
	if !ok || be.MaxNodes != 3 || !errors.Is(err, algos.ErrBudget) {
		t.Errorf("budget 3: err %v, want a *BudgetError wrapping algos.ErrBudget", err)
	}
	if err != nil && err.Error() != "algos: node budget exhausted after 3 nodes" {
		t.Errorf("budget message %q", err)
	}
	_, err = Search(root, &Config{Alg: "id", Depth: algos.FullDepth, TT: algos.MaxTableSize + 1}, nil)
	if _, ok := errors.AsType[*TableError](err); !ok {
		t.Errorf("oversized table: err %v, want a *TableError", err)
	}
	if err := (&Config{Alg: "aspiration", Delta: -1}).Validate(); err == nil {
		t.Error("Validate accepts delta -1")
	}
	if err := (&Config{Alg: "alphabeta"}).Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

func TestDrawDOTAndPass(t *testing.T) {
	in := For(mustTree(t, "((3 12 8) (2 4 6) (14 5 2))").Root(), nil)
	c := &Config{Alg: "alphabeta", Depth: algos.FullDepth}
	d, err := in.Draw(context.Background(), c, DrawSpec{DOT: true, Tree: render.TreeOptions{Step: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(d.Tree), "digraph") || d.Frames != nil {
		t.Errorf("tree %.40q…, %d frames: want DOT source and no frames", d.Tree, len(d.Frames))
	}
	_, err = in.Draw(context.Background(), c, DrawSpec{DOT: true, Tree: render.TreeOptions{Step: -1, Pass: 2}})
	if pe, ok := errors.AsType[*PassError](err); !ok || pe.Pass != 2 || pe.Passes != 1 {
		t.Errorf("pass 2 of alpha-beta: err %v, want *PassError{2, 1}", err)
	}
	_, err = in.Draw(context.Background(), &Config{Alg: "alphabeta", Depth: algos.FullDepth, MaxNodes: 2}, DrawSpec{DOT: true})
	if _, ok := errors.AsType[*BudgetError](err); !ok {
		t.Errorf("budget 2: err %v, want a *BudgetError", err)
	}
}

func TestInputMeasures(t *testing.T) {
	in := For(mustTree(t, "((3 12 8) (2 4 6) (14 5 2))").Root(), nil)
	iters, ref, err := in.MeasureIterations(algos.FullDepth, nil, "alphabeta", 0)
	if err != nil {
		t.Fatal(err)
	}
	if iters.Len() == 0 || ref.Name != "alphabeta to depth 2" || ref.Y[0] != 11 {
		t.Errorf("iterations %+v, reference %+v: want alphabeta's 11 nodes to depth 2", iters, ref)
	}
	m, err := in.MeasureAlgorithms(algos.FullDepth, []string{"minimax", "alphabeta"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || m[0].Name != "leaves" || m[0].Y[0] != 9 || m[0].Y[1] != 7 {
		t.Errorf("metrics %+v, want leaves 9 (minimax) and 7 (alphabeta)", m)
	}
}

// TestWriteText: the human summary of a traced search of an explicit tree
// and of a driver's iterations.
func TestWriteText(t *testing.T) {
	tr := mustTree(t, "((3 12 8) (2 4 6) (14 5 2))")
	r, err := Search(tr.Root(), &Config{Alg: "alphabeta", Depth: algos.FullDepth}, gametree.Node.LeafIndex)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "algorithm   alphabeta: " + algos.Describe("alphabeta") + "\n" +
		"depth       whole tree\nvalue       3\nbest move   0\npv          0 0\n" +
		"leaf order  0 1 2 3 6 7 8\nstats       " + StatsLine(r.Stats) + "\n"
	if b.String() != want {
		t.Errorf("WriteText:\n%s\nwant:\n%s", b.String(), want)
	}
	r, err = Search(tr.Root(), &Config{Alg: "mtdf", Depth: 2, DepthSet: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[1] != "depth       2" || len(r.Iterations) == 0 || len(lines) != 6+len(r.Iterations) {
		t.Fatalf("mtdf:\n%s", b.String())
	}
	it := r.Iterations[0]
	if want := fmt.Sprintf("iteration 1  depth 2 window (%s, %s) value %d (%v) move %d nodes %d", algos.FormatValue(it.Alpha), algos.FormatValue(it.Beta), it.Value, it.Bound, it.Move, it.Stats.Nodes); lines[6] != want {
		t.Errorf("first iteration %q, want %q", lines[6], want)
	}
}

// The measurements of an input report a search out of its budget as a
// *BudgetError, within the *experiment.SearchError that names the search.
func TestMeasureBudget(t *testing.T) {
	in := FromTree(mustTree(t, "((3 12 8) (2 4 6) (14 5 2))"))
	_, err := in.MeasureAlgorithms(algos.FullDepth, []string{"minimax"}, 5)
	se, ok := errors.AsType[*experiment.SearchError](err)
	if be, isBudget := errors.AsType[*BudgetError](err); !ok || se.Alg != "minimax" || !isBudget || be.MaxNodes != 5 {
		t.Errorf("MeasureAlgorithms with 5 nodes: %v, want a SearchError of minimax holding a *BudgetError of 5", err)
	}
	_, _, err = in.MeasureIterations(2, nil, "alphabeta", 3)
	if be, ok := errors.AsType[*BudgetError](err); !ok || be.MaxNodes != 3 || !errors.Is(err, algos.ErrBudget) {
		t.Errorf("MeasureIterations with 3 nodes: %v, want a *BudgetError of 3", err)
	}
	if _, err := in.MeasureAlgorithms(algos.FullDepth, []string{"minimax"}, 0); err != nil {
		t.Errorf("no budget: %v", err)
	}
}
