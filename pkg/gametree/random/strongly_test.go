package random_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

func mustOrdered(t testing.TB, s random.StronglyOrdered) random.OrderedNode {
	t.Helper()
	r, err := s.Root()
	if err != nil {
		t.Fatalf("%+v.Root(): %v", s, err)
	}
	return r
}

// plainMinimax is an independent minimax over leaf values.
func plainMinimax[P gametree.Position[P]](p P) int {
	kids := p.Children(nil)
	if len(kids) == 0 {
		return p.Value()
	}
	best := plainMinimax(kids[0])
	for _, c := range kids[1:] {
		v := plainMinimax(c)
		if p.ToMove() == gametree.Max {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// refDraw is the documented draw of StronglyOrdered.
func refDraw(seed, tag uint64, k int, i uint64) uint64 {
	return refSplitMix64(refSplitMix64(seed) ^ tag<<48 ^ uint64(k)<<56 ^ i)
}

// TestStronglyOrderedMinimax checks, at every node of small instances, that
// the carried value is the true minimax value found by search, that
// BestMove leads to a child of that value while every other child is
// strictly worse for the side to move, and that Value is the exact value at
// leaves and within the documented noise elsewhere.
func TestStronglyOrderedMinimax(t *testing.T) {
	tests := []struct {
		name string
		s    random.StronglyOrdered
	}{
		{"b2 d6 p0.5", random.StronglyOrdered{B: 2, D: 6, Seed: 1, P: 0.5}},
		{"b3 d5 p0.8", random.StronglyOrdered{B: 3, D: 5, Seed: 2, P: 0.8}},
		{"b4 d4 p0 range3", random.StronglyOrdered{B: 4, D: 4, Seed: 3, P: 0, Range: 3}},
		{"b5 d3 p1 range1", random.StronglyOrdered{B: 5, D: 3, Seed: 4, P: 1, Range: 1}},
		{"b1 d7 chain", random.StronglyOrdered{B: 1, D: 7, Seed: 5, P: 0}},
		{"b6 d0 leaf", random.StronglyOrdered{B: 6, D: 0, Seed: 6, P: 0.3}},
		{"b3 d6 big range", random.StronglyOrdered{B: 3, D: 6, Seed: 7, P: 0.6, Range: 1 << 26}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.s.Range
			if r == 0 {
				r = 1000
			}
			noise := r / 16
			root := mustOrdered(t, tt.s)
			if want := int(refDraw(tt.s.Seed, 1, 0, 0) % uint64(r)); root.MinimaxValue() != want {
				t.Errorf("root value %d, want draw(1, 0, 0) mod R = %d", root.MinimaxValue(), want)
			}
			nodes := 0
			walk(root, func(n random.OrderedNode, path []int) {
				nodes++
				mm := plainMinimax(n)
				if n.MinimaxValue() != mm {
					t.Fatalf("node %v: carried value %d, minimax %d", path, n.MinimaxValue(), mm)
				}
				kids := n.Children(nil)
				if len(kids) == 0 {
					if n.Value() != mm || n.BestMove() != -1 {
						t.Errorf("leaf %v: Value %d, BestMove %d; want %d, -1", path, n.Value(), n.BestMove(), mm)
					}
					return
				}
				if d := n.Value() - mm; d < -noise || d > noise {
					t.Errorf("node %v: heuristic %d is %d away from the minimax value, want at most %d", path, n.Value(), d, noise)
				}
				best := n.BestMove()
				for j, c := range kids {
					v := plainMinimax(c)
					worse := v < mm
					if n.ToMove() == gametree.Min {
						worse = v > mm
					}
					if j == best && v != mm || j != best && !worse {
						t.Errorf("node %v (%v to move, value %d, best move %d): child %d has minimax %d", path, n.ToMove(), mm, best, j, v)
					}
				}
			})
			want := 0
			for k, p := 0, 1; k <= tt.s.D; k, p = k+1, p*tt.s.B {
				want += p
			}
			if nodes != want {
				t.Errorf("%d nodes, want %d", nodes, want)
			}
		})
	}
}

// TestStronglyOrderedFormula recomputes the children of a few nodes from
// the documented draws.
func TestStronglyOrderedFormula(t *testing.T) {
	s := random.StronglyOrdered{B: 4, D: 5, Seed: 99, P: 0.5, Range: 200}
	const delta, noise = 200 / 4, 200 / 16 // Δ = R/4 and N = R/16 for R = 200
	walk(mustOrdered(t, s), func(n random.OrderedNode, path []int) {
		k, i := n.Depth(), n.Index()
		if k == s.D {
			return
		}
		best := 0
		if float64(refDraw(s.Seed, 2, k, i)>>11)/(1<<53) >= s.P {
			best = 1 + int(refDraw(s.Seed, 3, k, i)%uint64(s.B-1))
		}
		if n.BestMove() != best {
			t.Fatalf("node (%d,%d): BestMove %d, want %d", k, i, n.BestMove(), best)
		}
		if want := n.MinimaxValue() + int(refDraw(s.Seed, 5, k, i)%(2*noise+1)) - noise; n.Value() != want {
			t.Fatalf("node (%d,%d): Value %d, want %d", k, i, n.Value(), want)
		}
		for j, c := range n.Children(nil) {
			ci := i*uint64(s.B) + uint64(j)
			want := n.MinimaxValue()
			if j != best {
				d := 1 + int(refDraw(s.Seed, 4, k+1, ci)%delta)
				if n.ToMove() == gametree.Max {
					d = -d
				}
				want += d
			}
			if c.Index() != ci || c.MinimaxValue() != want {
				t.Fatalf("node (%d,%d) child %d: index %d value %d, want %d, %d", k, i, j, c.Index(), c.MinimaxValue(), ci, want)
			}
		}
	})
}

func TestStronglyOrderedBestFirst(t *testing.T) {
	tests := []struct {
		p       float64
		b, d    int
		maxDiff float64
	}{
		{0, 3, 6, 0},
		{1, 3, 6, 0},
		{0.25, 3, 8, 0.04},
		{0.5, 4, 6, 0.04},
		{0.9, 2, 11, 0.04},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("P=%v", tt.p), func(t *testing.T) {
			s := random.StronglyOrdered{B: tt.b, D: tt.d, Seed: 12, P: tt.p}
			internal, first := 0, 0
			positions := make([]int, tt.b)
			walk(mustOrdered(t, s), func(n random.OrderedNode, _ []int) {
				kids := n.Children(nil)
				if len(kids) == 0 {
					return
				}
				internal++
				// Independently of BestMove: is child 0 a best child?
				if kids[0].MinimaxValue() == n.MinimaxValue() {
					first++
				}
				positions[n.BestMove()]++
			})
			freq := float64(first) / float64(internal)
			if math.Abs(freq-tt.p) > tt.maxDiff {
				t.Errorf("the first child is best at %d of %d nodes (%.3f), want %.3f ± %.2f", first, internal, freq, tt.p, tt.maxDiff)
			}
			// The other positions are uniform on 1..b−1.
			others := internal - positions[0]
			for j := 1; j < tt.b && others > 100; j++ {
				want := float64(others) / float64(tt.b-1)
				if math.Abs(float64(positions[j])-want) > 0.15*want {
					t.Errorf("best child at position %d %d times, want about %.0f", j, positions[j], want)
				}
			}
		})
	}
}

// TestStronglyOrderedLarge walks b = 8, d = 12 (8¹² leaves) along its
// principal variation and along the path of greatest drift, without
// allocating per node.
func TestStronglyOrderedLarge(t *testing.T) {
	s := random.StronglyOrdered{B: 8, D: 12, Seed: 1, P: 0.7}
	root := mustOrdered(t, s)
	n := root
	buf := make([]random.OrderedNode, 0, 8)
	for n.BestMove() >= 0 {
		buf = n.Children(buf[:0])
		n = buf[n.BestMove()]
	}
	if n.Depth() != 12 || n.Value() != root.MinimaxValue() {
		t.Errorf("principal variation ends at depth %d with value %d, want 12 and %d", n.Depth(), n.Value(), root.MinimaxValue())
	}
	if a := testing.AllocsPerRun(100, func() { buf = root.Children(buf[:0]) }); a != 0 {
		t.Errorf("Children into a pre-sized buffer: %v allocations, want 0", a)
	}

	// Extreme values: the largest Range and depth, always taking the child
	// that moves the value furthest down.
	s = random.StronglyOrdered{B: 2, D: 47, Seed: 3, P: 0.5, Range: random.MaxStronglyOrderedRange}
	n = mustOrdered(t, s)
	for {
		if v := n.Value(); v < -1e9 || v > 1e9 {
			t.Fatalf("depth %d: Value %d outside ±1e9", n.Depth(), v)
		}
		kids := n.Children(nil)
		if len(kids) == 0 {
			break
		}
		n = kids[0]
		for _, c := range kids[1:] {
			if c.MinimaxValue() < n.MinimaxValue() {
				n = c
			}
		}
	}
	t.Logf("lowest path of b=2, d=47, Range=2^26 ends at %d", n.Value())
}

func TestStronglyOrderedErrors(t *testing.T) {
	bad := []struct {
		name string
		s    random.StronglyOrdered
	}{
		{"B zero", random.StronglyOrdered{B: 0, D: 3}},
		{"D negative", random.StronglyOrdered{B: 2, D: -1}},
		{"D too deep", random.StronglyOrdered{B: 1, D: 256}},
		{"2^48 leaves", random.StronglyOrdered{B: 2, D: 48}},
		{"8^16 leaves", random.StronglyOrdered{B: 8, D: 16}},
		{"P negative", random.StronglyOrdered{B: 2, D: 2, P: -0.1}},
		{"P above 1", random.StronglyOrdered{B: 2, D: 2, P: 1.5}},
		{"P NaN", random.StronglyOrdered{B: 2, D: 2, P: math.NaN()}},
		{"Range negative", random.StronglyOrdered{B: 2, D: 2, Range: -1}},
		{"Range too large", random.StronglyOrdered{B: 2, D: 2, Range: 1<<26 + 1}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.s.Root(); err == nil {
				t.Errorf("%+v.Root() succeeded, want an error", tt.s)
			}
		})
	}
	for _, s := range []random.StronglyOrdered{{B: 2, D: 47}, {B: 1, D: 255}, {B: 8, D: 15, P: 1}} {
		if _, err := s.Root(); err != nil {
			t.Errorf("%+v.Root(): %v", s, err)
		}
	}
}

func TestStronglyOrderedConformance(t *testing.T) {
	gametreetest.Run(t, mustOrdered(t, random.StronglyOrdered{B: 3, D: 5, Seed: 1, P: 0.6}), 1000)
	gametreetest.Run(t, mustOrdered(t, random.StronglyOrdered{B: 8, D: 12, Seed: 2, P: 0.9}), 3000)
}

func BenchmarkStronglyOrderedChildren(b *testing.B) {
	n := mustOrdered(b, random.StronglyOrdered{B: 8, D: 12, Seed: 1, P: 0.7})
	buf := make([]random.OrderedNode, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		buf = n.Children(buf[:0])
	}
}
