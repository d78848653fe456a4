package checks

import (
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// A student's view and the reference's view of the same search record the
// same visits: here a hand-written minimax against the library's.
func TestWatchMatchesReference(t *testing.T) {
	var minimax func(n Node) int
	minimax = func(n Node) int {
		kids := n.Children()
		if len(kids) == 0 {
			return n.Value()
		}
		values := make([]int, len(kids))
		for i, c := range kids {
			values[i] = minimax(c)
		}
		if n.Max() {
			return slices.Max(values)
		}
		return slices.Min(values)
	}
	for _, cs := range Fixtures("aima-fig5.2", "uneven", "deep-cutoff") {
		want, wtr := Reference(cs.Tree, "minimax", depthOf(full), -Inf, Inf, nil)
		n, tr := Watch(cs.Tree.Root(), 0)
		if got := minimax(n); got != want.Value {
			t.Errorf("%s: value %d, reference %d", cs.Name, got, want.Value)
		}
		if d := visitDiff(tr, wtr); d != nil {
			t.Errorf("%s: %s", cs.Name, strings.Join(d, "\n"))
		}
		if len(tr.Evals()) != cs.Tree.Leaves() {
			t.Errorf("%s: %d evaluations, %d leaves", cs.Name, len(tr.Evals()), cs.Tree.Leaves())
		}
	}
}

// The limit stops a runaway search with ErrTooManyVisits.
func TestLimit(t *testing.T) {
	n, _ := Watch(Fixtures("aima-fig5.2")[0].Tree.Root(), 3)
	defer func() {
		if _, ok := recover().(ErrTooManyVisits); !ok {
			t.Errorf("the 4th visit did not panic with ErrTooManyVisits")
		}
	}()
	for _, c := range n.Children() {
		c.Children()
	}
	t.Errorf("4 visits with a limit of 3 went through")
}

// Shrink keeps the property failing and ends at a tree none of whose
// one-edit-smaller trees fails.
func TestShrink(t *testing.T) {
	tree := mustParse("((3 12 8) (2 (4 9) 6) (14 5 2))")
	fails := func(t *gametree.Tree) bool { // "some leaf is worth at least 9"
		for i := range t.Len() {
			if n := t.Node(i); n.IsLeaf() && n.Value() >= 9 {
				return true
			}
		}
		return false
	}
	got := Shrink(tree, fails)
	if !fails(got) {
		t.Fatalf("shrunk to %s, which no longer fails", got)
	}
	if got.Len() != 2 {
		t.Errorf("shrunk to %s (%d nodes); want a root with one leaf ≥ 9", got, got.Len())
	}
	for _, s := range smaller(got.Spec()) {
		if st, err := gametree.NewTree(s, got.RootPlayer()); err == nil && fails(st) {
			t.Errorf("%s is not minimal: %s fails too", got, st)
		}
	}
}

func TestSameInWindow(t *testing.T) {
	for _, c := range []struct {
		got, want, alpha, beta int
		ok                     bool
	}{
		{5, 5, 0, 10, true}, {4, 5, 0, 10, false},
		{0, -3, 0, 10, true}, {-3, -3, 0, 10, true}, {1, -3, 0, 10, false}, // fail low: ≤ α
		{10, 12, 0, 10, true}, {12, 12, 0, 10, true}, {9, 12, 0, 10, false}, // fail high: ≥ β
	} {
		if got := sameInWindow(c.got, c.want, c.alpha, c.beta); got != c.ok {
			t.Errorf("sameInWindow(%d, %d, %d, %d) = %v", c.got, c.want, c.alpha, c.beta, got)
		}
	}
}
