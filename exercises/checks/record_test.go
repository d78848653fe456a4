package checks

import (
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

const recTree = "R(A(a1=1 a2=2) B(b1=0 b2=5) C=4)"

func recorded(t *testing.T, limit int, search func(n Node)) (*Recording[gametree.Node], *gametree.Tree) {
	t.Helper()
	tree := mustParse(recTree)
	n, tr := Watch(tree.Root(), limit)
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(ErrTooManyVisits); !ok {
					panic(r)
				}
			}
		}()
		search(n)
	}()
	return RecordSearch(tree.Root(), tr), tree
}

func leafNames(rec *algos.Recorder[gametree.Node]) []string {
	var s []string
	for _, p := range rec.Leaves() {
		s = append(s, p.Label())
	}
	return s
}

// A child never visited of a position the search has left is pruned: a
// Cutoff event, the TraceNode's Pruned moves.
func TestRecordSearchPrunedChild(t *testing.T) {
	r, _ := recorded(t, 0, func(n Node) {
		kids := n.Children()
		a := kids[0].Children()
		a[0].Value()
		a[1].Value()
		b := kids[1].Children()
		b[0].Value() // b2 pruned
		kids[2].Value()
	})
	root := r.Rec.Root()
	if got := leafNames(r.Rec); !slices.Equal(got, []string{"a1", "a2", "b1", "C"}) {
		t.Fatalf("leaves %v", got)
	}
	if len(root.Children) != 3 || root.Pruned != nil {
		t.Fatalf("root: %d children, pruned %v; want 3 and none", len(root.Children), root.Pruned)
	}
	b := root.Children[1]
	if b.Cut == nil || b.Cut.Move != 0 || b.Cut.Skipped != 1 || !slices.Equal(b.Pruned, []int{1}) {
		t.Errorf("B: cut %+v, pruned %v; want a cutoff after move 0 skipping 1, move 1 pruned", b.Cut, b.Pruned)
	}
	if a := root.Children[0]; a.Cut != nil || a.Pruned != nil {
		t.Errorf("A: cut %+v, pruned %v; want none", a.Cut, a.Pruned)
	}
	if c := root.Children[2]; !c.Leaf || c.Value != 4 || c.Bound != algos.Exact {
		t.Errorf("C: leaf %v value %d bound %v; want an exact leaf of 4", c.Leaf, c.Value, c.Bound)
	}
	var kinds []string
	for e := range r.Rec.All() {
		kinds = append(kinds, e.Kind.String())
	}
	want := "enter enter enter leaf exit enter leaf exit exit enter enter leaf exit cutoff exit enter leaf exit exit"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("events\n%s\nwant\n%s", got, want)
	}
	// Every drawing of the course works on it.
	dot, err := render.TreeDOT(r.Rec, render.TreeOptions{Step: -1})
	if err != nil || !strings.Contains(dot, "b2") || !strings.Contains(dot, "pruned") || !strings.Contains(dot, "…") {
		t.Errorf("TreeDOT: %v; want b2 drawn pruned, interior values unknown (…):\n%s", err, dot)
	}
	if lines := render.EventLines(r.Rec); len(lines) != r.Rec.Len() {
		t.Errorf("%d event lines for %d events", len(lines), r.Rec.Len())
	}
}

// A position searched again after the search left it is a re-search; one
// touched twice in a row is listed in Twice.
func TestRecordSearchRepeat(t *testing.T) {
	r, _ := recorded(t, 0, func(n Node) {
		kids := n.Children()
		a := kids[0].Children()
		a[0].Value()
		a[0].Value() // twice in a row
		kids[1].Children()[0].Value()
		a = kids[0].Children() // A again
		a[1].Value()
	})
	if r.Repeats["0"] != 1 || len(r.Repeats) != 1 {
		t.Errorf("repeats %v; want A (path 0) once", r.Repeats)
	}
	if len(r.Twice) != 1 || r.Twice[0].Name != "a1" {
		t.Errorf("twice %v; want a1", r.Twice)
	}
	root := r.Rec.Root()
	if len(root.Children) != 3 || !root.Children[2].ReSearch || root.Children[2].Move != 0 {
		t.Fatalf("root's children: %d, last re-search %v; want A, B, A again marked re-search", len(root.Children), root.Children[len(root.Children)-1].ReSearch)
	}
	if !slices.Equal(root.Pruned, []int{2}) {
		t.Errorf("root pruned %v; want C (move 2)", root.Pruned)
	}
}

// Evaluating a position with children (a horizon, or a mistake) is a leaf
// of the recorded search with the position's static value, and listed.
func TestRecordSearchEvalInterior(t *testing.T) {
	r, _ := recorded(t, 0, func(n Node) {
		for _, c := range n.Children() {
			c.Value()
		}
	})
	if !slices.Equal(r.EvalInterior, []string{"0", "1"}) {
		t.Errorf("evaluated interior %v; want 0 and 1", r.EvalInterior)
	}
	root := r.Rec.Root()
	if len(root.Children) != 3 || !root.Children[0].Leaf || root.Children[0].Value != 0 || root.Children[0].Children != nil {
		t.Errorf("A: %+v; want a leaf of its static value 0", root.Children[0])
	}
}

// A runaway search, stopped at its Trace's limit, converts as far as it
// went; expanding the root again starts a new root search (a pass).
func TestRecordSearchRunaway(t *testing.T) {
	r, _ := recorded(t, 7, func(n Node) {
		for {
			n.Children()[1].Children()[1].Value()
		}
	})
	if n := len(r.Rec.Roots); n != 3 {
		t.Errorf("%d root searches; want 3 (7 visits: root, B, b2 twice, then the root)", n)
	}
	if got := leafNames(r.Rec); !slices.Equal(got, []string{"b2", "b2"}) {
		t.Errorf("leaves %v", got)
	}
	if r.Repeats[""] != 2 {
		t.Errorf("root repeats %d; want 2", r.Repeats[""])
	}
}

// A visit of a path that is not in the tree is kept apart.
func TestRecordSearchForeign(t *testing.T) {
	tree := mustParse(recTree)
	tr := &Trace{Visits: []Visit{{Path: ""}, {Path: "7.1", Name: "x", Eval: true}, {Path: "2", Name: "C", Eval: true}}}
	r := RecordSearch(tree.Root(), tr)
	if len(r.Foreign) != 1 || r.Foreign[0].Name != "x" || !slices.Equal(leafNames(r.Rec), []string{"C"}) {
		t.Errorf("foreign %v, leaves %v", r.Foreign, leafNames(r.Rec))
	}
}
