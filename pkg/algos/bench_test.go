package algos_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// BenchmarkSearch reports ns per node for every algorithm on the same random
// tree (b=8, d=6, seed 1, natural order), untraced.
func BenchmarkSearch(b *testing.B) {
	root, err := random.Uniform{B: 8, D: 6, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range algos.Names() {
		f := mustByName[random.UniformNode](b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				r, _ := f(root, 6, nil)
				nodes += r.Stats.Nodes
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
		})
	}
}

// BenchmarkAlphaBetaDeep is the comparison with a plain C fail-hard search
// over the same generator (b=8, d=12, seed 1: 88,395,722 nodes).
func BenchmarkAlphaBetaDeep(b *testing.B) {
	root, err := random.Uniform{B: 8, D: 12, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		r, _ := algos.AlphaBeta(root, 12, nil)
		nodes += r.Stats.Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// TestAlphaBetaDeepNodeCount: the node count of fail-hard alpha-beta on the
// documented generator (b=8, d=12, seed 1) matches an independent C
// implementation's 88,395,722 nodes, root and leaves included.
func TestAlphaBetaDeepNodeCount(t *testing.T) {
	if testing.Short() {
		t.Skip("88 million nodes")
	}
	root, err := random.Uniform{B: 8, D: 12, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"alphabeta", "negamax-ab-hard"} {
		r, err := mustByName[random.UniformNode](t, name)(root, 12, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stats.Nodes != 88395722 {
			t.Errorf("%s: %d nodes, the C reference visits 88,395,722", name, r.Stats.Nodes)
		}
	}
}

// TestNoAllocationsPerNode: a search's allocations do not grow with the
// number of nodes. For a single search, one more ply multiplies the nodes by 6
// but adds only that ply's scratch frame (a handful of allocations). Drivers
// that search the root several times allocate per pass (the Iterations, the
// PV) and their internal table grows with the positions it holds, so for them
// the test bounds allocations per node instead.
func TestNoAllocationsPerNode(t *testing.T) {
	root, _ := random.Uniform{B: 6, D: 6, Seed: 3}.Root()
	big, _ := random.Uniform{B: 8, D: 7, Seed: 3}.Root()
	for _, name := range algos.Names() {
		f := mustByName[random.UniformNode](t, name)
		a := testing.AllocsPerRun(3, func() { f(root, 5, nil) })
		c := testing.AllocsPerRun(3, func() { f(root, 6, nil) })
		if res, _ := f(root, 6, nil); res.Iterations != nil || res.Stats.TTProbes > 0 {
			c := testing.AllocsPerRun(2, func() { f(big, 7, nil) })
			res, _ := f(big, 7, nil)
			if perNode := c / float64(res.Stats.Nodes); perNode > 0.01 {
				t.Errorf("%s: %v allocations for %d nodes (%.3f per node)", name, c, res.Stats.Nodes, perNode)
			}
			continue
		}
		if c-a > 6 || c > 60 {
			t.Errorf("%s: %v allocations at depth 5, %v at depth 6: allocations must not grow with the nodes", name, a, c)
		}
	}
}
