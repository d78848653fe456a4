package algos_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TestBNSPasses pins betterCount's semantics on two small trees, Max to move,
// searched with Window [0, 15] (the range of their leaf values), so BNS
// starts with α = 0, β = 16 in the Russian Wikipedia article's nextGuess.
func TestBNSPasses(t *testing.T) {
	type pass struct{ test, better int }
	tests := []struct {
		tree   string
		passes []pass
		value  int
		bound  algos.Bound
		move   int
	}{
		// A = 6, B = 7, C = 7, D = 1; four subtrees in play.
		//   test = 0 + 16·3/4 = 12: nobody reaches it      → β = 12
		//   test = 0 + 12·3/4 = 9:  nobody                 → β = 9
		//   test = 0 + 9·3/4 = 6:   A, B, C (6, 7, 7 ≥ 6)  → α = 6, keep A B C
		//   test = 6 + 3·2/3 = 8:   nobody                 → β = 8
		//   test = 6 + 2·2/3 = 7:   B, C                   → α = 7
		// β − α = 1: the value is exactly 7; bestNode is the last better
		// child, C (both B and C are best moves).
		{"((6 11) (7 13) (9 7) (1 4))", []pass{{12, 0}, {9, 0}, {6, 3}, {8, 0}, {7, 2}}, 7, algos.Exact, 2},
		// A = 5, B = 9, C = 8, D = 1.
		//   test = 12: nobody → β = 12
		//   test = 0 + 12·3/4 = 9: B alone → betterCount = 1: stop.
		// B is the best move and the value is at least 9 (it is 9), but BNS
		// never asks for more.
		{"((9 5) (9 12) (8 10) (1 2))", []pass{{12, 0}, {9, 1}}, 9, algos.Lower, 1},
	}
	for _, tc := range tests {
		tree, err := gametree.Parse(tc.tree)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range []algos.TT{nil, algos.NewMapTT()} {
			res, err := algos.BNS(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Window: &algos.Window{Alpha: 0, Beta: 15}, TT: tt})
			if err != nil {
				t.Fatal(err)
			}
			var got []pass
			for _, it := range res.Iterations {
				got = append(got, pass{it.Guess, it.Better})
			}
			if !slices.Equal(got, tc.passes) || res.Value != tc.value || res.Bound != tc.bound || res.Move != tc.move {
				t.Errorf("%s (table %v): passes %v, %d (%v), move %d; want %v, %d (%v), move %d", tc.tree, tt != nil,
					got, res.Value, res.Bound, res.Move, tc.passes, tc.value, tc.bound, tc.move)
			}
		}
	}
}

// TestNextGuess: the article's formula in integers, rounding down.
func TestNextGuess(t *testing.T) {
	tests := []struct{ alpha, beta, n, want int }{
		{0, 16, 4, 12}, {0, 16, 3, 10}, {6, 9, 3, 8}, {6, 8, 3, 7}, {0, 2, 2, 1}, {5, 100, 1, 5},
		{-algos.Inf, algos.Inf, 2, 0}, {-10, -4, 2, -7},
	}
	for _, tc := range tests {
		if got := algos.NextGuess(tc.alpha, tc.beta, tc.n); got != tc.want {
			t.Errorf("NextGuess(%d, %d, %d) = %d, want %d", tc.alpha, tc.beta, tc.n, got, tc.want)
		}
	}
}

// TestBNSBound: on random trees with heavy ties, Max or Min to move, BNS
// returns an optimal move and a bound consistent with the true value —
// without and with a table, with the article's nextGuess and with bisection,
// from the default aspiration range, from a window of the right size and from
// a window that misses the value (BNS must widen it).
func TestBNSBound(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 7))
	bisect := func(alpha, beta, _ int) int { return alpha + (beta-alpha)/2 }
	n := 2000
	if testing.Short() {
		n = 300
	}
	exact := 0
	for i := range n {
		span := []int{2, 3, 10, 1000}[i%4]
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -span/2, span), gametree.Player(1-2*(i%2)))
		depth := algos.FullDepth
		if i%5 == 0 {
			depth = r.IntN(tree.Height() + 1)
		}
		want := truth(tree.Root(), depth)
		lo, hi := -span/2, span-span/2-1
		windows := []*algos.Window{nil, {Alpha: lo, Beta: hi}, {Alpha: hi + 3, Beta: hi + 40}, {Alpha: lo - 9, Beta: lo - 1}}
		for _, w := range windows {
			for _, tt := range []algos.TT{nil, algos.NewMapTT()} {
				for _, next := range []func(int, int, int) int{nil, bisect} {
					opt := algos.Options[gametree.Node]{Window: w, TT: tt, NextGuess: next}
					res, err := algos.BNS(tree.Root(), depth, &opt)
					if err != nil {
						t.Fatal(err)
					}
					if depth == 0 || tree.Root().IsLeaf() {
						if res.Value != want || res.Bound != algos.Exact || res.Move != -1 {
							t.Fatalf("leaf root %v: %+v", tree, res)
						}
						continue
					}
					if err := checkBoundOnly(tree.Root(), depth, want, res); err != nil {
						t.Fatalf("%v (depth %d, window %v, table %v, bisect %v): %v", tree, depth, w, tt != nil, next != nil, err)
					}
					if res.Bound == algos.Exact {
						exact++
					}
				}
			}
		}
	}
	t.Logf("%d of %d results exact", exact, n*16)
}

// TestBNSIterations: one Iteration, one Progress call and one Pass event
// per pass; each pass tests its children with the null window around its
// test, and the passes' Stats add up to the Result's.
func TestBNSIterations(t *testing.T) {
	root, _ := random.Uniform{B: 5, D: 5, Seed: 4}.Root()
	for _, tt := range []algos.TT{nil, algos.NewMapTT()} {
		var progress []algos.Iteration
		rec := algos.NewRecorder[random.UniformNode]()
		res, err := algos.BNS(root, 5, &algos.Options[random.UniformNode]{TT: tt, Trace: rec,
			Progress: func(it algos.Iteration) { progress = append(progress, it) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(progress) != len(res.Iterations) || len(rec.Roots) != len(res.Iterations) || int64(len(rec.Roots)) != res.Stats.Passes {
			t.Fatalf("%d progress calls, %d recorded roots, %d iterations, %d passes", len(progress), len(rec.Roots), len(res.Iterations), res.Stats.Passes)
		}
		var sum algos.Stats
		inPlay := 5
		for i, it := range res.Iterations {
			root := rec.Roots[i]
			if fmt.Sprint(it) != fmt.Sprint(progress[i]) || root.Pass != i+1 || root.Guess != it.Guess ||
				root.Alpha != it.Alpha || root.Beta != it.Beta || it.Beta-it.Alpha != 1 || it.Guess != it.Beta ||
				len(root.Children) != inPlay || int64(inPlay) != it.Stats.NullWindow {
				t.Errorf("pass %d: iteration %+v, recorded root window [%d,%d] guess %d with %d children, %d in play",
					i+1, it, root.Alpha, root.Beta, root.Guess, len(root.Children), inPlay)
			}
			better := 0
			for _, c := range root.Children {
				if c.Value >= it.Guess {
					better++
				}
			}
			if better != it.Better {
				t.Errorf("pass %d: %d children reached %d, Better = %d", i+1, better, it.Guess, it.Better)
			}
			if it.Better > 0 {
				inPlay = it.Better
			}
			sum = sum.Add(it.Stats)
		}
		sum.MaxPly = res.Stats.MaxPly
		if sum != res.Stats {
			t.Errorf("passes add up to %+v, result %+v", sum, res.Stats)
		}
	}
}

// TestMeasureLeaves measures (it asserts nothing) the leaves each algorithm
// evaluates on random uniform trees, natural, best-ordered and strongly
// ordered, against alpha-beta's. Run it with CUTOFF_MEASURE=1 and -v.
func TestMeasureLeaves(t *testing.T) {
	if os.Getenv("CUTOFF_MEASURE") == "" {
		t.Skip("set CUTOFF_MEASURE=1 to measure")
	}
	type tree struct {
		name string
		b, d int
	}
	const seeds = 20
	for _, rng := range []int{1000, 10} {
		for _, sz := range []tree{{"b=4,d=6", 4, 6}, {"b=8,d=5", 8, 5}, {"b=3,d=9", 3, 9}} {
			for _, order := range []string{"natural", "best", "strong0.9"} {
				sums := map[string]int64{}
				for seed := range uint64(seeds) {
					var run func(name string, opt algos.Options[random.UniformNode]) algos.Result
					var runO func(name string, opt algos.Options[random.OrderedNode]) algos.Result
					if order == "strong0.9" {
						root, err := random.StronglyOrdered{B: sz.b, D: sz.d, Seed: seed, P: 0.9, Range: rng}.Root()
						if err != nil {
							t.Fatal(err)
						}
						runO = func(name string, opt algos.Options[random.OrderedNode]) algos.Result {
							res, err := mustByName[random.OrderedNode](t, name)(root, sz.d, &opt)
							if err != nil {
								t.Fatal(err)
							}
							return res
						}
					} else {
						o := random.Natural
						if order == "best" {
							o = random.Best
						}
						root, err := random.Uniform{B: sz.b, D: sz.d, Seed: seed, Order: o, Range: rng}.Root()
						if err != nil {
							t.Fatal(err)
						}
						run = func(name string, opt algos.Options[random.UniformNode]) algos.Result {
							res, err := mustByName[random.UniformNode](t, name)(root, sz.d, &opt)
							if err != nil {
								t.Fatal(err)
							}
							return res
						}
					}
					for _, name := range []string{"alphabeta", "negamax-ab", "mtdf", "sss", "dual", "bns", "bns+range", "bns+tt", "bns+range+tt"} {
						alg := name
						var w *algos.Window
						var useTT bool
						if len(name) > 3 && name[:3] == "bns" {
							alg = "bns"
							useTT = slices.Contains([]string{"bns+tt", "bns+range+tt"}, name)
							if slices.Contains([]string{"bns+range", "bns+range+tt"}, name) {
								w = &algos.Window{Alpha: 0, Beta: rng - 1}
							}
						}
						var res algos.Result
						if runO != nil {
							opt := algos.Options[random.OrderedNode]{Window: w}
							if useTT {
								opt.TT = algos.NewMapTT()
							}
							res = runO(alg, opt)
						} else {
							opt := algos.Options[random.UniformNode]{Window: w}
							if useTT {
								opt.TT = algos.NewMapTT()
							}
							res = run(alg, opt)
						}
						sums[name] += res.Stats.Leaves
						sums[name+"/passes"] += res.Stats.Passes
					}
				}
				ab := float64(sums["alphabeta"])
				line := fmt.Sprintf("range %4d %s %-9s alphabeta %8.0f |", rng, sz.name, order, ab/seeds)
				for _, name := range []string{"mtdf", "sss", "dual", "bns", "bns+range", "bns+tt", "bns+range+tt"} {
					line += fmt.Sprintf(" %s %.2f (%.1f passes)", name, float64(sums[name])/ab, float64(sums[name+"/passes"])/seeds)
				}
				t.Log(line)
			}
		}
	}
}
