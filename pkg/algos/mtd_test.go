package algos_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TestMTDFMinimalTree: MTD(f) started at the true value v makes two passes —
// "value ≥ v?" fails high, "value ≥ v + 1?" fails low — and on best-ordered
// uniform trees the leaves it evaluates are exactly the Knuth–Moore minimal
// tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 distinct leaves, all of them critical. The
// first pass evaluates the leaves of a Max solution tree (b^⌈d/2⌉), the
// second those of a Min solution tree (b^⌊d/2⌋); they share the principal
// leaf, and since leaves at the depth limit are not stored in the table,
// that one leaf is evaluated twice: Stats.Leaves is the minimal tree + 1.
func TestMTDFMinimalTree(t *testing.T) {
	for b := 2; b <= 5; b++ {
		for d := 1; d <= 7; d++ {
			if b >= 4 && d == 7 && testing.Short() {
				continue
			}
			u := random.Uniform{B: b, D: d, Seed: uint64(b*100 + d), Order: random.Best, Range: 1000}
			root, err := u.Root()
			if err != nil {
				t.Fatal(err)
			}
			v := truth(root, d)
			rec := algos.NewRecorder[random.UniformNode]()
			res, err := algos.MTDF(root, d, &algos.Options[random.UniformNode]{Guess: &v, Trace: rec})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("b=%d,d=%d", b, d)
			if res.Value != v || res.Stats.Passes != 2 {
				t.Errorf("%s: value %d in %d passes, want %d in 2", name, res.Value, res.Stats.Passes, v)
			}
			distinct := map[int64]bool{}
			for _, l := range rec.Leaves() {
				distinct[l.LeafIndex()] = true
				if !critical(l.Path()) {
					t.Errorf("%s: evaluated non-critical leaf %v", name, l.Path())
				}
			}
			want := minimalLeaves(b, d)
			if int64(len(distinct)) != want {
				t.Errorf("%s: %d distinct leaves, Knuth–Moore minimal tree has %d", name, len(distinct), want)
			}
			if res.Stats.Leaves != want+1 {
				t.Errorf("%s: %d evaluations, want the minimal tree %d + the principal leaf again", name, res.Stats.Leaves, want)
			}
		}
	}
}

// TestMTDFMoveAfterFailLow: the last pass of MTD(f) often fails low (it
// proves value < β and finds no best move); the move must then come from
// the last pass that failed high. On the AIMA tree (value 3) started at 3:
// pass 1 tests ≥ 3 and fails high on move 0 (B = 3); pass 2 tests ≥ 4 and
// fails low. Then the same on random trees, counting how often the case
// arises.
func TestMTDFMoveAfterFailLow(t *testing.T) {
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	g := 3
	res, err := algos.MTDF(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Guess: &g})
	if err != nil {
		t.Fatal(err)
	}
	it := res.Iterations
	if len(it) != 2 || it[0].Bound != algos.Lower || it[0].Move != 0 || it[1].Bound != algos.Upper || it[1].Move != -1 ||
		res.Move != 0 || res.Value != 3 {
		t.Fatalf("AIMA from 3: %+v", res)
	}
	r := rand.New(rand.NewPCG(31, 3))
	failLow := 0
	for i := range 2000 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(5), 4, -20, 40), gametree.Player(1-2*(i%2)))
		want := truth(tree.Root(), algos.FullDepth)
		for _, name := range []string{"mtdf", "sss", "dual"} {
			res, err := mustByName[gametree.Node](t, name)(tree.Root(), algos.FullDepth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkBoundOnly(tree.Root(), algos.FullDepth, want, res); err != nil || res.Value != want {
				t.Fatalf("%s on %v: %+v: %v", name, tree, res, err)
			}
			if n := len(res.Iterations); n > 0 && res.Iterations[n-1].Bound == algos.Upper && res.Move >= 0 {
				failLow++
			}
		}
	}
	if failLow < 100 {
		t.Errorf("only %d searches ended on a fail-low pass", failLow)
	}
}

// TestMTDDominance: with a table that loses nothing, MT-SSS* and MT-DUAL*
// never evaluate a leaf that fail-hard alpha-beta with the same move order
// skips (Stockman's theorem for SSS*, and its dual), on thousands of random
// trees. Repeats across passes are allowed: the sets are compared.
func TestMTDDominance(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 5))
	n := 3000
	if testing.Short() {
		n = 300
	}
	var sss, dual, ab int
	for i := range n {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, 0, []int{2, 3, 10, 1000}[i%4]), gametree.Player(1-2*(i%2)))
		ref, _ := leafOrder(t, mustByName[gametree.Node](t, "alphabeta"), tree.Root(), algos.Options[gametree.Node]{})
		in := map[int]bool{}
		for _, l := range ref {
			in[l] = true
		}
		ab += len(in)
		for _, name := range []string{"sss", "dual"} {
			got, _ := leafOrder(t, mustByName[gametree.Node](t, name), tree.Root(), algos.Options[gametree.Node]{TT: algos.NewMapTT()})
			seen := map[int]bool{}
			for _, l := range got {
				if !in[l] {
					t.Fatalf("%s evaluates leaf %d on %v; alpha-beta evaluates only %v", name, l, tree, ref)
				}
				seen[l] = true
			}
			if name == "sss" {
				sss += len(seen)
			} else {
				dual += len(seen)
			}
		}
	}
	t.Logf("distinct leaves on %d trees: alpha-beta %d, MT-SSS* %d, MT-DUAL* %d", n, ab, sss, dual)
}

// TestMTDFPasses: started k away from the true value v, fail-hard MTD(f)
// moves by exactly one per pass: from v + k (k > 0) it makes k fail-low
// passes down to v + 1 and one fail-high at v (k + 1 passes); from v − k,
// k + 1 fail-high passes up to v and one fail-low at v + 1 (k + 2 passes,
// 2 from the value itself). Fail-soft returns
// bounds that can jump past the test, so it never needs more.
func TestMTDFPasses(t *testing.T) {
	for seed := range uint64(20) {
		u := random.Uniform{B: 3, D: 4, Seed: seed, Range: 100}
		root, err := u.Root()
		if err != nil {
			t.Fatal(err)
		}
		v := truth(root, u.D)
		for k := range 6 {
			for _, sign := range []int{1, -1} {
				g := v + sign*k
				want := int64(k + 2)
				if sign > 0 && k > 0 {
					want = int64(k + 1)
				}
				hard, err := algos.MTDF(root, u.D, &algos.Options[random.UniformNode]{Guess: &g, Fail: algos.FailHard})
				if err != nil {
					t.Fatal(err)
				}
				soft, err := algos.MTDF(root, u.D, &algos.Options[random.UniformNode]{Guess: &g})
				if err != nil {
					t.Fatal(err)
				}
				if hard.Value != v || soft.Value != v || hard.Stats.Passes != want || soft.Stats.Passes > want ||
					int64(len(hard.Iterations)) != want {
					t.Errorf("seed %d, guess %d (value %d): fail-hard %d passes, fail-soft %d; want %d and at most %d",
						seed, g, v, hard.Stats.Passes, soft.Stats.Passes, want, want)
				}
			}
		}
	}
}

// TestMTDFIterations: each pass is reported once, in order, to Progress,
// Iterations and the trace (a Pass event with the window, whose β is the
// test, and the guess g the pass starts from, as Iteration.Guess), and the
// passes' Stats add up to the Result's.
func TestMTDFIterations(t *testing.T) {
	root, _ := random.Uniform{B: 4, D: 5, Seed: 9}.Root()
	for _, name := range []string{"mtdf", "sss", "dual"} {
		var progress []algos.Iteration
		var passes []algos.Event[random.UniformNode]
		tr := algos.TracerFunc[random.UniformNode](func(e algos.Event[random.UniformNode]) {
			if e.Kind == algos.Pass {
				passes = append(passes, e)
			}
		})
		res, err := mustByName[random.UniformNode](t, name)(root, 5, &algos.Options[random.UniformNode]{
			Trace: tr, Progress: func(it algos.Iteration) { progress = append(progress, it) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(progress) != len(res.Iterations) || len(passes) != len(res.Iterations) || int64(len(passes)) != res.Stats.Passes {
			t.Fatalf("%s: %d progress calls, %d pass events, %d iterations, %d passes", name, len(progress), len(passes), len(res.Iterations), res.Stats.Passes)
		}
		var sum algos.Stats
		lower := -algos.Inf
		for i, it := range res.Iterations {
			e := passes[i]
			if fmt.Sprint(it) != fmt.Sprint(progress[i]) || e.Alpha != it.Alpha || e.Beta != it.Beta ||
				e.Value != it.Guess || it.Beta != max(it.Guess, lower+1) || it.Beta-it.Alpha != 1 || it.Depth != 5 || it.Bound != algos.BoundOf(it.Value, it.Alpha, it.Beta) {
				t.Errorf("%s pass %d: iteration %+v, event %+v", name, i, it, e)
			}
			if it.Value >= it.Beta {
				lower = it.Value
			}
			sum = sum.Add(it.Stats)
		}
		sum.MaxPly = res.Stats.MaxPly
		if sum != res.Stats || res.Stats.NullWindow != res.Stats.Passes {
			t.Errorf("%s: passes add up to %+v, result %+v", name, sum, res.Stats)
		}
	}
}

// TestTicTacToeTables: every algorithm finds the draw and an optimal first
// move with an unbounded MapTT and with fixed-size tables of every
// replacement scheme, down to a single entry: a lossy table costs work,
// never correctness.
func TestTicTacToeTables(t *testing.T) {
	root := games.NewTicTacToe()
	kids := root.Children(nil)
	moveValue := make([]int, len(kids))
	for i, k := range kids {
		moveValue[i] = truth(k, algos.FullDepth)
	}
	type table struct {
		name string
		tt   func() algos.TT
	}
	tables := []table{{"map", func() algos.TT { return algos.NewMapTT() }}}
	for _, r := range []algos.Replace{algos.ReplaceAlways, algos.ReplaceDepth, algos.ReplaceTwoTier} {
		for _, size := range []int{1, 2, 3, 17, 1000} {
			tables = append(tables, table{fmt.Sprintf("%v/%d", r, size), func() algos.TT {
				tt, err := algos.NewTable(size, r)
				if err != nil {
					t.Fatal(err)
				}
				return tt
			}})
		}
	}
	for _, name := range algos.Names() {
		f := mustByName[games.TicTacToe](t, name)
		for _, tb := range tables {
			if testing.Short() && tb.name != "map" && tb.name != "always/1" {
				continue
			}
			res, err := f(root, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tb.tt()})
			if err != nil {
				t.Fatalf("%s with %s: %v", name, tb.name, err)
			}
			if boundOnly(name) {
				if err := checkBoundOnly(root, algos.FullDepth, 0, res); err != nil {
					t.Errorf("%s with %s: %v", name, tb.name, err)
				}
				continue
			}
			if res.Value != 0 || res.Move < 0 || moveValue[res.Move] != 0 {
				t.Errorf("%s with %s: value %d, move %d", name, tb.name, res.Value, res.Move)
			}
			if err := checkPV(root, algos.FullDepth, res); err != nil {
				t.Errorf("%s with %s: %v", name, tb.name, err)
			}
		}
	}
}
