package algos_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// The random-tree corpus: leaf value ranges with heavy ties (2, 3, 10) and
// without (1000), b 2–5, d 1–7. Each (range, b, d) gets several seeds; the
// biggest trees get fewer so that the whole corpus stays fast.
func uniformCorpus(short bool) []random.Uniform {
	var out []random.Uniform
	for _, rng := range []int{2, 3, 10, 1000} {
		for b := 2; b <= 5; b++ {
			for d := 1; d <= 7; d++ {
				leaves := 1
				for range d {
					leaves *= b
				}
				seeds := max(1, 20000/leaves)
				seeds = min(seeds, 40)
				if short {
					seeds = min(seeds, 4)
					if leaves > 20000 {
						continue
					}
				}
				for s := range seeds {
					out = append(out, random.Uniform{B: b, D: d, Seed: uint64(1000*d + 100*b + s), Range: rng})
				}
			}
		}
	}
	return out
}

// TestAgreeWithMinimaxUniform: every algorithm returns the minimax value on
// thousands of random uniform trees, with a legal PV that ends at a leaf of
// that value.
func TestAgreeWithMinimaxUniform(t *testing.T) {
	corpus := uniformCorpus(testing.Short())
	if !testing.Short() && len(corpus) < 1000 {
		t.Fatalf("corpus has only %d trees", len(corpus))
	}
	for _, name := range algos.Names() {
		f := mustByName[random.UniformNode](t, name)
		t.Run(name, func(t *testing.T) {
			for _, u := range corpus {
				root, err := u.Root()
				if err != nil {
					t.Fatal(err)
				}
				want := truth(root, u.D)
				res, err := f(root, u.D, nil)
				if err != nil {
					t.Fatal(err)
				}
				if boundOnly(name) {
					if err := checkBoundOnly(root, u.D, want, res); err != nil {
						t.Fatalf("%+v: %v", u, err)
					}
					continue
				}
				if res.Value != want || res.Bound != algos.Exact {
					t.Fatalf("%+v: got %d (%v), minimax value is %d", u, res.Value, res.Bound, want)
				}
				if err := checkPV(root, u.D, res); err != nil {
					t.Fatalf("%+v: %v", u, err)
				}
			}
		})
	}
}

// TestAgreeWithMinimaxUneven: the same on random explicit trees of uneven
// depth with negative values, searched to the end and to a depth limit, with
// the root Max or Min.
func TestAgreeWithMinimaxUneven(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 7))
	n := 1500
	if testing.Short() {
		n = 200
	}
	for i := range n {
		span := []int{2, 3, 10, 1000}[i%4]
		root := gametree.Max
		if i%3 == 0 {
			root = gametree.Min
		}
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -span/2, span), root)
		depth := algos.FullDepth
		if i%5 == 0 {
			depth = r.IntN(tree.Height() + 1)
		}
		want := truth(tree.Root(), depth)
		for _, name := range algos.Names() {
			res, err := mustByName[gametree.Node](t, name)(tree.Root(), depth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if boundOnly(name) {
				if err := checkBoundOnly(tree.Root(), depth, want, res); err != nil {
					t.Fatalf("%s on %v (depth %d): %v", name, tree, depth, err)
				}
				continue
			}
			if res.Value != want {
				t.Fatalf("%s on %v (depth %d): got %d, minimax value is %d", name, tree, depth, res.Value, want)
			}
			if err := checkPV(tree.Root(), depth, res); err != nil {
				t.Fatalf("%s on %v: %v", name, tree, err)
			}
		}
	}
}

// TestWindowSemantics: with a window (α, β) every alpha-beta variant returns
// the true value when it lies inside the window, and a correct bound when it
// does not. Fail-hard clamps to the window edge; fail-soft may return a
// tighter bound beyond it. Both agree strictly inside the window.
func TestWindowSemantics(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for i := range 1500 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(5), 4, -5, 10), gametree.Player(1-2*(i%2)))
		v := truth(tree.Root(), algos.FullDepth)
		a := -6 + r.IntN(12)
		w := algos.Window{Alpha: a, Beta: a + 1 + r.IntN(4)}
		for _, name := range []string{"alphabeta", "alphabeta-soft", "negamax-ab", "negamax-ab-hard"} {
			res, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Window: &w})
			if err != nil {
				t.Fatal(err)
			}
			hard := name == "alphabeta" || name == "negamax-ab-hard"
			got := res.Value
			var bad string
			switch {
			case v <= w.Alpha:
				if res.Bound != algos.Upper || got < v || (hard && got != w.Alpha) || got > w.Alpha {
					bad = "a fail-low must return an upper bound ≥ the true value and ≤ α (= α when fail-hard)"
				}
			case v >= w.Beta:
				if res.Bound != algos.Lower || got > v || (hard && got != w.Beta) || got < w.Beta {
					bad = "a fail-high must return a lower bound ≤ the true value and ≥ β (= β when fail-hard)"
				}
			default:
				if got != v || res.Bound != algos.Exact {
					bad = "inside the window the value must be exact"
				}
			}
			if bad != "" {
				t.Fatalf("%s on %v with window (%d,%d): true value %d, got %d (%v): %s", name, tree, w.Alpha, w.Beta, v, got, res.Bound, bad)
			}
		}
	}
}

// TestSameLeavesAcrossVariants: fail-hard and fail-soft evaluate exactly the
// same leaves in the same order, and so do the Max/Min and negamax forms.
func TestSameLeavesAcrossVariants(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	variants := []string{"alphabeta", "alphabeta-soft", "negamax-ab", "negamax-ab-hard"}
	for range 2000 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, 0, []int{2, 3, 10, 1000}[r.IntN(4)]), gametree.Max)
		ref, _ := leafOrder(t, mustByName[gametree.Node](t, variants[0]), tree.Root(), algos.Options[gametree.Node]{})
		for _, name := range variants[1:] {
			got, _ := leafOrder(t, mustByName[gametree.Node](t, name), tree.Root(), algos.Options[gametree.Node]{})
			if !slices.Equal(got, ref) {
				t.Fatalf("%s evaluates leaves %v on %v, alphabeta evaluates %v", name, got, tree, ref)
			}
		}
	}
}

// TestAlphaBetaNeverWorse: alpha-beta never evaluates a leaf minimax does not,
// evaluates each leaf at most once, and in left-to-right order.
func TestAlphaBetaNeverWorse(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	for range 500 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, 0, 10), gametree.Max)
		got, res := leafOrder(t, mustByName[gametree.Node](t, "alphabeta"), tree.Root(), algos.Options[gametree.Node]{})
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("leaves %v on %v are not strictly left to right", got, tree)
		}
		if res.Stats.Leaves > int64(tree.Leaves()) || res.Stats.Nodes > int64(tree.Len()) {
			t.Fatalf("alpha-beta visited more than the tree: %+v on %v", res.Stats, tree)
		}
		if int(res.Stats.Leaves) != len(got) {
			t.Fatalf("Stats.Leaves = %d, trace saw %d", res.Stats.Leaves, len(got))
		}
	}
}

// minimalLeaves is Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
func minimalLeaves(b, d int) int64 {
	pow := func(e int) int64 {
		p := int64(1)
		for range e {
			p *= int64(b)
		}
		return p
	}
	return pow((d+1)/2) + pow(d/2) - 1
}

// critical reports whether a path of moves (0-based) is one of Knuth and
// Moore's critical positions: a_i = 1 (here 0) for all even i, or for all
// odd i (1-based positions).
func critical(path []int) bool {
	odd, even := true, true
	for i, m := range path {
		if m != 0 {
			if i%2 == 0 { // 1-based position i+1 is odd
				odd = false
			} else {
				even = false
			}
		}
	}
	return odd || even
}

// TestKnuthMooreMinimalTree: on best-ordered uniform trees alpha-beta
// evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, and exactly the critical
// leaves; every node it enters is critical and its type is the one Knuth and
// Moore predict.
func TestKnuthMooreMinimalTree(t *testing.T) {
	for b := 2; b <= 5; b++ {
		for d := 1; d <= 7; d++ {
			if b >= 4 && d == 7 && testing.Short() {
				continue
			}
			for _, rng := range []int{1000, 10, 2} {
				u := random.Uniform{B: b, D: d, Seed: uint64(b*100 + d), Order: random.Best, Range: rng}
				name := fmt.Sprintf("b=%d,d=%d,range=%d", b, d, rng)
				root, err := u.Root()
				if err != nil {
					t.Fatal(err)
				}
				for _, alg := range []string{"alphabeta", "negamax-ab"} {
					rec := algos.NewRecorder[random.UniformNode]()
					res, err := mustByName[random.UniformNode](t, alg)(root, d, &algos.Options[random.UniformNode]{Trace: rec})
					if err != nil {
						t.Fatal(err)
					}
					if algos.MinimalLeaves(b, d) != minimalLeaves(b, d) {
						t.Fatalf("MinimalLeaves(%d, %d) = %d, want %d", b, d, algos.MinimalLeaves(b, d), minimalLeaves(b, d))
					}
					if want := minimalLeaves(b, d); res.Stats.Leaves != want {
						t.Errorf("%s %s: %d leaves, Knuth–Moore minimal tree has %d", alg, name, res.Stats.Leaves, want)
					}
					for n := range algos.Preorder(rec.Root()) {
						if path := n.Pos.Path(); !critical(path) {
							t.Errorf("%s %s: entered non-critical node %v", alg, name, path)
						}
						if !n.Leaf && n.Type != n.Expected {
							t.Errorf("%s %s: node %v is %v, Knuth–Moore predict %v", alg, name, n.Pos.Path(), n.Type, n.Expected)
						}
					}
				}
			}
		}
	}
}
