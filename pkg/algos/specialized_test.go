package algos_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// opaque wraps a position in a type of this test's own, which the
// specialized list does not name: the searches run their generic code on
// it, with the same children, values, keys and children's values.
type opaque[P gametree.Position[P]] struct{ p P }

func (o opaque[P]) Children(buf []opaque[P]) []opaque[P] {
	for _, c := range o.p.Children(nil) {
		buf = append(buf, opaque[P]{c})
	}
	return buf
}
func (o opaque[P]) Value() int              { return o.p.Value() }
func (o opaque[P]) ToMove() gametree.Player { return o.p.ToMove() }
func (o opaque[P]) Key() uint64             { return any(o.p).(gametree.Keyed).Key() }
func (o *opaque[P]) ValuedChildren() (uint64, int, bool) {
	return any(&o.p).(gametree.ChildValuer).ValuedChildren()
}
func (o *opaque[P]) ChildValue(first uint64, i int) int {
	return any(&o.p).(gametree.ChildValuer).ChildValue(first, i)
}

// TestSpecializedEqualsGeneric: every algorithm, untraced, gives the same
// Result (value, move, PV, every count, bound, error) on the library's
// trees, searched by the copies made for their types, as on the same trees
// behind a type of the test's own, searched by the generic code; with
// windows, orderings and budgets, on explicit and random uniform trees
// (natural order, where the frontier reads the children's values, and
// best order, where it cannot).
func TestSpecializedEqualsGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	for i := range 300 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -9, 19), gametree.Player(1-2*(i%2)))
		depth := algos.FullDepth
		if i%2 == 0 {
			depth = r.IntN(tree.Height() + 1)
		}
		sameResults(t, tree.Root(), depth, i, r.Int64N(int64(tree.Len())+1))
	}
	for i, u := range []random.Uniform{{B: 3, D: 5, Seed: 1}, {B: 4, D: 4, Seed: 2}, {B: 5, D: 4, Seed: 3, Order: random.Best},
		{B: 2, D: 7, Seed: 4}, {B: 6, D: 3, Seed: 5, Order: random.Worst}} {
		root, err := u.Root()
		if err != nil {
			t.Fatal(err)
		}
		sameResults(t, root, u.D, i, 40)
	}
}

// sameResults runs every algorithm on root and on opaque{root} with
// options chosen by i (budget: a node budget for some of them) and requires
// equal Results.
func sameResults[P gametree.Position[P]](t *testing.T, root P, depth, i int, budget int64) {
	t.Helper()
	for _, name := range algos.Names() {
		opt, wrapped := algos.Options[P]{}, algos.Options[opaque[P]]{}
		if i%3 == 0 {
			w := &algos.Window{Alpha: -3, Beta: 2}
			opt.Window, wrapped.Window = w, w
		}
		if i%4 == 1 {
			opt.Order, wrapped.Order = algos.StaticOrder[P](), algos.StaticOrder[opaque[P]]()
		}
		if i%5 == 2 {
			opt.MaxNodes, wrapped.MaxNodes = budget, budget
		}
		got, err1 := mustByName[P](t, name)(root, depth, &opt)
		want, err2 := mustByName[opaque[P]](t, name)(opaque[P]{root}, depth, &wrapped)
		if !errors.Is(err1, err2) || got.Value != want.Value || got.Move != want.Move ||
			!slices.Equal(got.PV, want.PV) || got.Stats != want.Stats || got.Bound != want.Bound {
			t.Fatalf("%s (case %d, depth %d):\nspecialized %+v %v\ngeneric     %+v %v", name, i, depth, got, err1, want, err2)
		}
	}
}
