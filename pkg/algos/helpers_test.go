package algos_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// randomSpec builds an uneven random tree: every interior node has 1..maxB
// children, a branch stops early with probability 1/5, leaf values are in
// [lo, lo+span).
func randomSpec(r *rand.Rand, depth, maxB, lo, span int) gametree.TreeSpec {
	if depth == 0 || (depth > 1 && r.IntN(5) == 0) {
		return gametree.TreeSpec{Value: lo + r.IntN(span)}
	}
	s := gametree.TreeSpec{Children: make([]gametree.TreeSpec, 1+r.IntN(maxB))}
	for i := range s.Children {
		s.Children[i] = randomSpec(r, depth-1, maxB, lo, span)
	}
	return s
}

// truth is an independent, obviously correct minimax used as the oracle:
// plain recursion on the Position interface, no shared code with the package.
func truth[P gametree.Position[P]](p P, depth int) int {
	kids := p.Children(nil)
	if depth == 0 || len(kids) == 0 {
		return p.Value()
	}
	best := truth(kids[0], depth-1)
	for _, c := range kids[1:] {
		v := truth(c, depth-1)
		if (p.ToMove() == gametree.Max && v > best) || (p.ToMove() == gametree.Min && v < best) {
			best = v
		}
	}
	return best
}

// checkPV replays pv from root and checks it is legal and ends where the
// search said the value comes from: at a leaf (terminal or at the depth limit)
// whose static value is the root value.
func checkPV[P gametree.Position[P]](root P, depth int, r algos.Result) error {
	p := root
	for i, m := range r.PV {
		kids := p.Children(nil)
		if m < 0 || m >= len(kids) {
			return fmt.Errorf("PV %v: move %d at ply %d is not legal (%d children)", r.PV, m, i, len(kids))
		}
		p = kids[m]
	}
	if len(r.PV) < depth && len(p.Children(nil)) > 0 {
		// A transposition-table entry may settle a node and end the PV
		// early; then the PV so far must still be optimal.
		if r.Stats.TTProbes == 0 {
			return fmt.Errorf("PV %v stops at an interior node above the depth limit", r.PV)
		}
		if v := truth(p, depth-len(r.PV)); v != r.Value {
			return fmt.Errorf("PV %v (cut short by the table) leads to a position of value %d, not %d", r.PV, v, r.Value)
		}
		return nil
	}
	if p.Value() != r.Value {
		return fmt.Errorf("PV %v ends at a leaf of value %d, but the search returned %d", r.PV, p.Value(), r.Value)
	}
	if len(r.PV) > 0 && r.Move != r.PV[0] {
		return fmt.Errorf("Move %d is not the first PV move %v", r.Move, r.PV)
	}
	return nil
}

// leafRecorder collects the evaluated leaves in order.
type leafRecorder[P any] struct{ leaves []P }

func (l *leafRecorder[P]) Event(e algos.Event[P]) {
	if e.Kind == algos.Leaf {
		l.leaves = append(l.leaves, e.Pos)
	}
}

// leafOrder runs search f on an explicit tree and returns the left-to-right
// indices of the leaves it evaluated, in order.
func leafOrder(t *testing.T, f algos.Func[gametree.Node], root gametree.Node, opt algos.Options[gametree.Node]) ([]int, algos.Result) {
	t.Helper()
	rec := &leafRecorder[gametree.Node]{}
	opt.Trace = rec
	res, err := f(root, algos.FullDepth, &opt)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int, len(rec.leaves))
	for i, n := range rec.leaves {
		out[i] = n.LeafIndex()
	}
	return out, res
}

func mustByName[P gametree.Position[P]](t testing.TB, name string) algos.Func[P] {
	t.Helper()
	f, err := algos.ByName[P](name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// boundOnly names the algorithms that return a best move and a bound rather
// than the exact value (Best Node Search).
func boundOnly(name string) bool { return name == "bns" }

// checkBoundOnly checks a bound-only result: Move is an optimal move, and
// Value is a bound of the kind Bound says on the true value want.
func checkBoundOnly[P gametree.Position[P]](root P, depth, want int, r algos.Result) error {
	kids := root.Children(nil)
	if len(kids) == 0 || depth == 0 {
		return nil
	}
	if r.Move < 0 || r.Move >= len(kids) {
		return fmt.Errorf("move %d is not legal", r.Move)
	}
	if v := truth(kids[r.Move], depth-1); v != want {
		return fmt.Errorf("move %d leads to value %d, the root's value is %d", r.Move, v, want)
	}
	switch {
	case r.Bound == algos.Exact && r.Value != want,
		r.Bound == algos.Lower && r.Value > want,
		r.Bound == algos.Upper && r.Value < want:
		return fmt.Errorf("value %d (%v) is not consistent with the true value %d", r.Value, r.Bound, want)
	}
	return nil
}
