package random_test

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// refSplitMix64 is splitmix64 written out from its reference C code, one
// statement per line.
func refSplitMix64(x uint64) uint64 {
	var z uint64
	z = x + 0x9e3779b97f4a7c15
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	z ^= z >> 31
	return z
}

// refValue is the documented value formula of node (k, i), computed with
// the % operator.
func refValue(u random.Uniform, k int, i uint64) int {
	r := uint64(u.Range)
	if r == 0 {
		r = 1000
	}
	return int(refSplitMix64(refSplitMix64(u.Seed)^uint64(u.D-k)<<56^i) % r)
}

// refMinimax returns the exact minimax values of all nodes of u's canonical
// tree, level by level: mm[k][i] for node (k, i). Max is to move at even
// depth.
func refMinimax(u random.Uniform) [][]int {
	mm := make([][]int, u.D+1)
	n := 1
	for range u.D {
		n *= u.B
	}
	mm[u.D] = make([]int, n)
	for l := range mm[u.D] {
		mm[u.D][l] = refValue(u, u.D, uint64(l))
	}
	for k := u.D - 1; k >= 0; k-- {
		n /= u.B
		mm[k] = make([]int, n)
		for i := range mm[k] {
			kids := mm[k+1][i*u.B : (i+1)*u.B]
			if k%2 == 0 {
				mm[k][i] = slices.Max(kids)
			} else {
				mm[k][i] = slices.Min(kids)
			}
		}
	}
	return mm
}

func mustRoot(t testing.TB, u random.Uniform) random.UniformNode {
	t.Helper()
	r, err := u.Root()
	if err != nil {
		t.Fatalf("%+v.Root(): %v", u, err)
	}
	return r
}

// walk calls f on every node below root in depth-first move order, with the
// path of moves that reached it.
func walk[P gametree.Position[P]](root P, f func(p P, path []int)) {
	var rec func(p P, path []int)
	rec = func(p P, path []int) {
		f(p, path)
		for j, c := range p.Children(nil) {
			rec(c, append(path, j))
		}
	}
	rec(root, nil)
}

// TestUniformFormula checks every node of small natural trees against the
// documented formula, tracking (k, i) independently: child j of (k, i) is
// (k+1, i·b+j).
func TestUniformFormula(t *testing.T) {
	tests := []struct {
		name string
		u    random.Uniform
	}{
		{"b2 d3 seed0", random.Uniform{B: 2, D: 3}},
		{"b3 d4 seed1", random.Uniform{B: 3, D: 4, Seed: 1}},
		{"b5 d2 range7", random.Uniform{B: 5, D: 2, Seed: 42, Range: 7}},
		{"b1 d5 chain", random.Uniform{B: 1, D: 5, Seed: 9}},
		{"b4 d0 single leaf", random.Uniform{B: 4, D: 0, Seed: 3}},
		{"range 1", random.Uniform{B: 3, D: 3, Seed: 5, Range: 1}},
		{"range 2^62", random.Uniform{B: 3, D: 3, Seed: 5, Range: 1 << 62}},
		{"range MaxInt", random.Uniform{B: 2, D: 4, Seed: 6, Range: math.MaxInt}},
		{"max seed", random.Uniform{B: 2, D: 4, Seed: math.MaxUint64}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := tt.u
			type ki struct {
				k int
				i uint64
			}
			levelStart := uint64(0) // BFS index of (k, 0)
			starts := []uint64{}
			for k, n := 0, uint64(1); k <= u.D; k++ {
				starts = append(starts, levelStart)
				levelStart += n
				n *= uint64(u.B)
			}
			leaves := 0
			var rec func(n random.UniformNode, at ki, path []int)
			rec = func(n random.UniformNode, at ki, path []int) {
				if got, want := n.Value(), refValue(u, at.k, at.i); got != want {
					t.Errorf("node (%d,%d): Value() = %d, want %d", at.k, at.i, got, want)
				}
				if n.Depth() != at.k || n.Index() != at.i {
					t.Errorf("node (%d,%d): Depth, Index = %d, %d", at.k, at.i, n.Depth(), n.Index())
				}
				wantPlayer := gametree.Max
				if at.k%2 == 1 {
					wantPlayer = gametree.Min
				}
				if n.ToMove() != wantPlayer {
					t.Errorf("node (%d,%d): ToMove() = %v, want %v", at.k, at.i, n.ToMove(), wantPlayer)
				}
				if got, want := n.Key(), starts[at.k]+at.i; got != want {
					t.Errorf("node (%d,%d): Key() = %d, want breadth-first index %d", at.k, at.i, got, want)
				}
				if got := n.Path(); !slices.Equal(got, path) && len(path) > 0 {
					t.Errorf("node (%d,%d): Path() = %v, want %v", at.k, at.i, got, path)
				}
				kids := n.Children(nil)
				if at.k == u.D {
					leaves++
					if len(kids) != 0 || n.LeafIndex() != int64(at.i) {
						t.Errorf("leaf (%d,%d): %d children, LeafIndex %d", at.k, at.i, len(kids), n.LeafIndex())
					}
					return
				}
				if len(kids) != u.B || n.LeafIndex() != -1 {
					t.Fatalf("node (%d,%d): %d children, want %d; LeafIndex %d, want -1", at.k, at.i, len(kids), u.B, n.LeafIndex())
				}
				for j, c := range kids {
					rec(c, ki{at.k + 1, at.i*uint64(u.B) + uint64(j)}, append(path, j))
				}
			}
			rec(mustRoot(t, u), ki{0, 0}, nil)
			want := 1
			for range u.D {
				want *= u.B
			}
			if leaves != want {
				t.Errorf("%d leaves, want %d", leaves, want)
			}
		})
	}
}

// TestUniformPinnedSeed1 pins the values of the tree b=2, d=3, seed 1 so
// that other implementations can compare, and checks them by the formula.
// The best and worst orders were derived by hand from the leaf values:
// the depth-2 Max nodes are worth 606, 915, 575, 818, the depth-1 Min
// nodes 606 and 575, the root 606.
func TestUniformPinnedSeed1(t *testing.T) {
	u := random.Uniform{B: 2, D: 3, Seed: 1}
	const rootStatic = 827
	natural := []int{158, 606, 227, 915, 435, 575, 818, 666} // value(L), L = 0..7
	tests := []struct {
		order random.Ordering
		want  []int // leaf values in move order
	}{
		{random.Natural, natural},
		{random.Best, []int{606, 158, 915, 227, 575, 435, 818, 666}},
		{random.Worst, []int{666, 818, 435, 575, 227, 915, 158, 606}},
	}
	for l, v := range natural {
		if w := refValue(u, 3, uint64(l)); v != w {
			t.Errorf("pinned value(%d) = %d, but the formula gives %d", l, v, w)
		}
	}
	if w := refValue(u, 0, 0); w != rootStatic {
		t.Errorf("pinned root static value %d, but the formula gives %d", rootStatic, w)
	}
	for _, tt := range tests {
		t.Run(tt.order.String(), func(t *testing.T) {
			u := u
			u.Order = tt.order
			root := mustRoot(t, u)
			if root.Value() != rootStatic {
				t.Errorf("root Value() = %d, want %d", root.Value(), rootStatic)
			}
			var got []int
			walk(root, func(n random.UniformNode, _ []int) {
				if n.LeafIndex() >= 0 {
					got = append(got, n.Value())
				}
			})
			if !slices.Equal(got, tt.want) {
				t.Errorf("leaf values %v, want %v", got, tt.want)
			}
		})
	}
}

func TestUniformChildrenIndices(t *testing.T) {
	u := random.Uniform{B: 3, D: 3, Seed: 7}
	tests := []struct {
		path      []int
		wantDepth int
		want      []uint64 // canonical indices of the children
	}{
		{nil, 1, []uint64{0, 1, 2}},
		{[]int{2}, 2, []uint64{6, 7, 8}},
		{[]int{1, 2}, 3, []uint64{15, 16, 17}},
		{[]int{2, 2}, 3, []uint64{24, 25, 26}},
		{[]int{2, 2, 2}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.path), func(t *testing.T) {
			n := mustRoot(t, u)
			for _, m := range tt.path {
				n = n.Children(nil)[m]
			}
			var got []uint64
			for _, c := range n.Children(nil) {
				got = append(got, c.Index())
				if c.Depth() != tt.wantDepth {
					t.Errorf("child depth %d, want %d", c.Depth(), tt.wantDepth)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("children indices %v, want %v", got, tt.want)
			}
		})
	}
}

// TestUniformOrderings checks that Best and Worst list the canonical
// children of every node, stably sorted by their true minimax value as
// computed independently by refMinimax, and keep the leaves and values.
func TestUniformOrderings(t *testing.T) {
	tests := []struct {
		name string
		u    random.Uniform
	}{
		{"b2 d3", random.Uniform{B: 2, D: 3, Seed: 1}},
		{"b3 d5", random.Uniform{B: 3, D: 5, Seed: 2}},
		{"b4 d4 many ties", random.Uniform{B: 4, D: 4, Seed: 3, Range: 3}},
		{"b1 d4", random.Uniform{B: 1, D: 4, Seed: 4}},
		{"b40 d2 wide", random.Uniform{B: 40, D: 2, Seed: 5, Range: 50}},
		{"b7 d0", random.Uniform{B: 7, D: 0, Seed: 6}},
		// Deeper than the memoised levels: Children recomputes subtrees.
		{"b2 d17 beyond memo", random.Uniform{B: 2, D: 17, Seed: 7}},
		{"b16 d4 beyond memo", random.Uniform{B: 16, D: 4, Seed: 8, Range: 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.u.D > 10 {
				t.Skip("large tree")
			}
			mm := refMinimax(tt.u)
			type leaf struct {
				l int64
				v int
			}
			var leafSets [3][]leaf
			for _, order := range []random.Ordering{random.Natural, random.Best, random.Worst} {
				u := tt.u
				u.Order = order
				root := mustRoot(t, u)
				checkPaths := u.B*u.D < 100 // Path costs a re-sort per level
				errs := 0
				walk(root, func(n random.UniformNode, path []int) {
					k, i := n.Depth(), n.Index()
					if n.LeafIndex() >= 0 {
						leafSets[order] = append(leafSets[order], leaf{n.LeafIndex(), n.Value()})
					}
					if checkPaths && !slices.Equal(n.Path(), path) && len(path) > 0 {
						t.Errorf("%v: node (%d,%d) reached by %v has Path() %v", order, k, i, path, n.Path())
					}
					kids := n.Children(nil)
					if k == u.D {
						return
					}
					var idx []uint64
					for _, c := range kids {
						idx = append(idx, c.Index())
					}
					sorted := slices.Clone(idx)
					slices.Sort(sorted)
					for j := range sorted {
						if sorted[j] != i*uint64(u.B)+uint64(j) {
							t.Fatalf("%v: node (%d,%d) has children %v, want a permutation of its canonical children", order, k, i, idx)
						}
					}
					for j := 1; j < len(idx) && errs < 10; j++ {
						a, b := mm[k+1][idx[j-1]], mm[k+1][idx[j]]
						c := cmp.Compare(a, b)
						if order == random.Best && k%2 == 0 || order == random.Worst && k%2 == 1 {
							c = -c // descending
						}
						if order == random.Natural {
							c = 0
						}
						if c > 0 || c == 0 && idx[j-1] > idx[j] {
							errs++
							t.Errorf("%v: node (%d,%d), %v to move: children %v with minimax values %d, %d at moves %d, %d are out of order", order, k, i, n.ToMove(), idx, a, b, j-1, j)
						}
					}
				})
				if root.Value() != refValue(u, 0, 0) {
					t.Errorf("%v: root Value() = %d, want the static value %d", order, root.Value(), refValue(u, 0, 0))
				}
			}
			for o := range leafSets {
				slices.SortFunc(leafSets[o], func(a, b leaf) int { return cmp.Compare(a.l, b.l) })
			}
			if !slices.Equal(leafSets[0], leafSets[1]) || !slices.Equal(leafSets[0], leafSets[2]) {
				t.Errorf("the (leaf index, value) multisets differ between orderings")
			}
		})
	}
}

// TestUniformBestFirstIsPrincipalVariation checks on the pinned tree that
// following move 0 in Best order reaches a leaf worth the minimax value.
func TestUniformBestFirstIsPrincipalVariation(t *testing.T) {
	for seed := range uint64(20) {
		u := random.Uniform{B: 3, D: 5, Seed: seed, Order: random.Best}
		mm := refMinimax(u)
		n := mustRoot(t, u)
		for kids := n.Children(nil); len(kids) > 0; kids = n.Children(nil) {
			n = kids[0]
		}
		if n.Value() != mm[0][0] {
			t.Errorf("seed %d: first-move path ends at value %d, minimax %d", seed, n.Value(), mm[0][0])
		}
	}
}

func TestUniformErrors(t *testing.T) {
	tests := []struct {
		name string
		u    random.Uniform
	}{
		{"B zero", random.Uniform{B: 0, D: 2}},
		{"B negative", random.Uniform{B: -3, D: 2}},
		{"D negative", random.Uniform{B: 2, D: -1}},
		{"D beyond the depth byte", random.Uniform{B: 1, D: 256}},
		{"Range negative", random.Uniform{B: 2, D: 2, Range: -1}},
		{"unknown ordering", random.Uniform{B: 2, D: 2, Order: 3}},
		{"2^56 leaves", random.Uniform{B: 2, D: 56}},
		{"16^14 leaves", random.Uniform{B: 16, D: 14}},
		{"huge B overflows", random.Uniform{B: math.MaxInt, D: 3}},
		{"B ≥ 2^56 at depth 1", random.Uniform{B: 1 << 56, D: 1}},
		{"best order beyond 2^24 leaves", random.Uniform{B: 2, D: 25, Order: random.Best}},
		{"worst order beyond 2^24 leaves", random.Uniform{B: 8, D: 9, Order: random.Worst}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.u.Root(); err == nil {
				t.Errorf("%+v.Root() succeeded, want an error", tt.u)
			}
		})
	}
	ok := []random.Uniform{
		{B: 2, D: 55},
		{B: 1, D: 255},
		{B: 1 << 55, D: 1},
		{B: math.MaxInt, D: 0},
		{B: 2, D: 24, Order: random.Best, Range: 2}, // exactly 2^24 leaves
	}
	for _, u := range ok {
		if testing.Short() && u.Order != random.Natural {
			continue
		}
		if _, err := u.Root(); err != nil {
			t.Errorf("%+v.Root(): %v", u, err)
		}
	}
}

func TestOrderingStrings(t *testing.T) {
	for _, o := range []random.Ordering{random.Natural, random.Best, random.Worst} {
		got, err := random.ParseOrdering(o.String())
		if err != nil || got != o {
			t.Errorf("ParseOrdering(%q) = %v, %v", o.String(), got, err)
		}
	}
	if got, err := random.ParseOrdering(" Best "); err != nil || got != random.Best {
		t.Errorf(`ParseOrdering(" Best ") = %v, %v`, got, err)
	}
	if _, err := random.ParseOrdering("random"); err == nil {
		t.Error(`ParseOrdering("random") succeeded`)
	}
}

// TestUniformLazy checks that a tree far too large to store can be walked
// and that Children and Value allocate nothing.
func TestUniformLazy(t *testing.T) {
	u := random.Uniform{B: 8, D: 8, Seed: 11}
	n := mustRoot(t, u)
	buf := make([]random.UniformNode, 0, 8)
	for {
		buf = n.Children(buf[:0])
		if len(buf) == 0 {
			break
		}
		n = buf[len(buf)-1] // always the last move
	}
	if want := int64(1<<24 - 1); n.LeafIndex() != want || n.Depth() != 8 {
		t.Errorf("last leaf: LeafIndex %d, Depth %d; want %d, 8", n.LeafIndex(), n.Depth(), want)
	}
	if got, want := n.Value(), refValue(u, 8, 1<<24-1); got != want {
		t.Errorf("last leaf value %d, want %d", got, want)
	}
	root := mustRoot(t, u)
	if a := testing.AllocsPerRun(100, func() { buf = root.Children(buf[:0]) }); a != 0 {
		t.Errorf("Children into a pre-sized buffer: %v allocations, want 0", a)
	}
	var sink int
	if a := testing.AllocsPerRun(100, func() { sink += buf[3].Value() }); a != 0 {
		t.Errorf("Value: %v allocations, want 0", a)
	}
	best := mustRoot(t, random.Uniform{B: 8, D: 6, Seed: 11, Order: random.Best})
	if a := testing.AllocsPerRun(100, func() { buf = best.Children(buf[:0]) }); a != 0 {
		t.Errorf("Best-order Children into a pre-sized buffer: %v allocations, want 0", a)
	}
	if _, err := (random.Uniform{B: 8, D: 12}).Root(); err != nil {
		t.Errorf("b=8, d=12: %v", err)
	}
}

func TestUniformConformance(t *testing.T) {
	for _, o := range []random.Ordering{random.Natural, random.Best, random.Worst} {
		t.Run(o.String(), func(t *testing.T) {
			gametreetest.Run(t, mustRoot(t, random.Uniform{B: 3, D: 4, Seed: 1, Order: o, Range: 10}), 1000)
			gametreetest.Run(t, mustRoot(t, random.Uniform{B: 5, D: 8, Seed: 2, Order: o}), 2000)
		})
	}
}

func BenchmarkUniformChildren(b *testing.B) {
	n := mustRoot(b, random.Uniform{B: 8, D: 10, Seed: 1})
	n = n.Children(nil)[3].Children(nil)[5]
	buf := make([]random.UniformNode, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		buf = n.Children(buf[:0])
	}
}

func BenchmarkUniformValue(b *testing.B) {
	u := random.Uniform{B: 8, D: 10, Seed: 1}
	leaves := mustRoot(b, u).Children(nil)
	var sink int
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range leaves {
			sink += l.Value()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(leaves)), "ns/value")
	_ = sink
}

// alphaBeta is a plain fail-hard negamax alpha-beta written generically, as
// a search in pkg/algos would be, with one child buffer per ply. It counts
// the nodes it visits.
func alphaBeta[P gametree.Position[P]](p P, depth, alpha, beta int, bufs [][]P, nodes *int) int {
	*nodes++
	kids := p.Children(bufs[depth][:0])
	bufs[depth] = kids
	color := int(p.ToMove())
	if len(kids) == 0 {
		return color * p.Value()
	}
	for _, c := range kids {
		v := -alphaBeta(c, depth+1, -beta, -alpha, bufs, nodes)
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// BenchmarkUniformAlphaBeta measures an untraced alpha-beta over a natural
// uniform tree, in ns per visited node.
func BenchmarkUniformAlphaBeta(b *testing.B) {
	for _, u := range []random.Uniform{{B: 8, D: 8, Seed: 1}, {B: 2, D: 20, Seed: 1}} {
		b.Run(fmt.Sprintf("b%d_d%d", u.B, u.D), func(b *testing.B) {
			root := mustRoot(b, u)
			bufs := make([][]random.UniformNode, u.D+1)
			for i := range bufs {
				bufs[i] = make([]random.UniformNode, 0, u.B)
			}
			nodes := 0
			b.ReportAllocs()
			for b.Loop() {
				alphaBeta(root, 0, math.MinInt+1, math.MaxInt, bufs, &nodes)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
