package course

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// TestLine names principal variations.
func TestNb01Line(t *testing.T) {
	aima := Tree(nb00AIMA)
	if got := Line(aima.Root(), Record(algos.Minimax, aima.Root(), algos.FullDepth, nil).PV); got != "B b1" {
		t.Errorf("AIMA: %q, want B b1", got)
	}
	if got := Line(Tree("((3 12 8) (2 4 6))").Root(), []int{0, 2}); got != "0 2" {
		t.Errorf("unlabelled: %q, want 0 2", got)
	}
	end := Must(games.ParseTicTacToe("xox .o. x.."))
	if got := Line(end, Record(algos.Minimax, end, algos.FullDepth, nil).PV); got != "b3" {
		t.Errorf("tic-tac-toe: %q, want b3", got)
	}
	if got := Line(end, []int{9}); got != "9" {
		t.Errorf("a move out of range: %q", got)
	}
}

// nb01Minimax is notebook 01's minimax, as a learner reads it there.
func nb01Minimax(n *Node) (v int) {
	defer n.Record(&v)()
	if n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		v = -Inf
		for _, c := range n.Children() {
			v = max(v, nb01Minimax(c))
		}
		return v
	}
	v = Inf
	for _, c := range n.Children() {
		v = min(v, nb01Minimax(c))
	}
	return v
}

// TestNotebook01Minimax: notebook 01's minimax, run with Mine on AIMA's
// tree, returns what the library's does and is drawn the same.
func TestNb01Minimax(t *testing.T) {
	aima := Tree(nb00AIMA)
	mine := Mine(aima, nb01Minimax)
	lib := Record(algos.Minimax, aima.Root(), algos.FullDepth, nil)
	if mine.Value != 3 || mine.Move != 0 || lib.Value != 3 {
		t.Errorf("value %d move %d, library %d: want 3, move 0 (B)", mine.Value, mine.Move, lib.Value)
	}
	if got, want := Describe(mine), Describe(lib); got != want {
		t.Errorf("the learner's search:\n%s\nthe library's:\n%s", got, want)
	}
	dot := func(s *Search[gametree.Node]) string {
		return Must(render.TreeDOT(s.Rec, render.TreeOptions{Step: -1, Title: "minimax"}))
	}
	if dot(mine) != dot(lib) {
		t.Errorf("the two pictures differ:\n%s\n---\n%s", dot(mine), dot(lib))
	}
}

// TestNb01Moves: each root move's value or bound, as the pictures show it.
func TestNb01Moves(t *testing.T) {
	aima := Tree(nb00AIMA).Root()
	for alg, want := range map[string]string{
		"minimax":        "B 3, C 2, D 2",
		"alphabeta-soft": "B 3, C ≤2, D ≤2",
		"alphabeta":      "B 3, C ≤3, D ≤3",
	} {
		if got := Moves(RecordByName(alg, aima, algos.FullDepth, nil)); got != want {
			t.Errorf("%s: %q, want %q", alg, got, want)
		}
	}
	end := Must(games.ParseTicTacToe("oxo ..x x.o"))
	s := Record(algos.Minimax, end, algos.FullDepth, nil)
	if got, want := Moves(s), "a2 −11, b2 10, b3 −11"; got != want {
		t.Errorf("tic-tac-toe: %q, want %q", got, want)
	}
	if s.Value != 10 || s.Stats.Nodes != 14 || Line(end, s.PV) != "b2 a2 b3" {
		t.Errorf("tic-tac-toe: value %d, %d nodes, line %q; want 10, 14, b2 a2 b3", s.Value, s.Stats.Nodes, Line(end, s.PV))
	}
	// A pass-by-pass search: the last pass's root.
	mtd := Record(algos.MTDF, Tree(legendTree).Root(), algos.FullDepth, &algos.Options[gametree.Node]{TT: algos.NewMapTT()})
	if got, want := Moves(mtd), "B ≤3, C ≤2"; got != want {
		t.Errorf("MTD(f): %q, want %q", got, want)
	}
}
