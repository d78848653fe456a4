package algos_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// BenchmarkVersusC measures untraced alpha-beta against a plain C search of
// the same tree in one run: testdata/reference/alphabeta.c, compiled with
// the system's C compiler (cc -O2; the benchmark is skipped without one),
// and four Go searches of the documented random tree b=8, d=12, seed 1
// (88,395,722 nodes each), run in turn once per iteration:
//
//   - alphabeta: algos.AlphaBeta, fail-hard, untraced, as users call it:
//     random.UniformNode is one of the types the untraced searches are
//     compiled for (pkg/algos/specialized.go), so this runs its copy;
//   - generic: the same search by the generic copy, as a position type of
//     the user's own runs it (AlphaBetaGeneric, export_test.go);
//   - minimal: a generic fail-hard alpha-beta over the same
//     gametree.Position interface with nothing else (no statistics, PV,
//     budget or frames): the floor of any search written against the
//     interface;
//   - plain: the C program's shape in Go (children computed on the fly, the
//     leaf formula inlined): what Go itself costs.
//
// It reports each one's best ns per node over the iterations (the host is
// shared, so the fastest round is the least disturbed) and its ratio to C's
// best. Run it with: go test -run '^$' -bench VersusC -benchtime 5x ./pkg/algos
func BenchmarkVersusC(b *testing.B) {
	if testing.Short() {
		b.Skip("88 million nodes per search")
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		b.Skip("no C compiler (cc) on PATH")
	}
	root, err := modroot.Find(".")
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "ab")
	if out, err := exec.Command(cc, "-O2", "-o", bin, filepath.Join(root, "testdata", "reference", "alphabeta.c")).CombinedOutput(); err != nil {
		b.Fatalf("cc: %v\n%s", err, out)
	}
	const depth = 12
	tree, err := random.Uniform{B: 8, D: depth, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	h := gametree.SplitMix64(1)
	runs := []struct {
		name string
		run  func() (value int, nodes int64, ns float64)
	}{
		{"C", func() (int, int64, float64) {
			out, err := exec.Command(bin).Output()
			if err != nil {
				b.Fatal(err)
			}
			var v int
			var n int64
			var ns float64
			if _, err := fmt.Fscanf(bytes.NewReader(out), "value %d nodes %d %f ns/node", &v, &n, &ns); err != nil {
				b.Fatalf("reading %q: %v", out, err)
			}
			return v, n, ns
		}},
		{"alphabeta", timed(func() (int, int64) {
			r, err := algos.AlphaBeta(tree, depth, &algos.Options[random.UniformNode]{Fail: algos.FailHard})
			if err != nil {
				b.Fatal(err)
			}
			return r.Value, r.Stats.Nodes
		})},
		{"generic", timed(func() (int, int64) {
			r, err := algos.AlphaBetaGeneric(tree, depth, &algos.Options[random.UniformNode]{Fail: algos.FailHard})
			if err != nil {
				b.Fatal(err)
			}
			return r.Value, r.Stats.Nodes
		})},
		{"minimal", timed(func() (int, int64) {
			m := minimal[random.UniformNode]{bufs: make([][]random.UniformNode, depth+1)}
			return m.search(tree, depth, -algos.Inf, algos.Inf), m.nodes
		})},
		{"plain", timed(func() (int, int64) {
			p := plain{b: 8, h: h}
			return p.search(0, 0, depth, -algos.Inf, algos.Inf), p.nodes
		})},
	}
	best := make([]float64, len(runs))
	for b.Loop() {
		for i, r := range runs {
			runtime.GC()
			v, n, ns := r.run()
			if v != 188 || n != 88395722 {
				b.Fatalf("%s: value %d with %d nodes, want 188 with 88,395,722", r.name, v, n)
			}
			if best[i] == 0 || ns < best[i] {
				best[i] = ns
			}
		}
	}
	for i, r := range runs {
		b.ReportMetric(best[i], r.name+"-ns/node")
		if i > 0 {
			b.ReportMetric(best[i]/best[0], r.name+"/C")
		}
	}
}

// timed turns a search returning its value and node count into a run that
// also returns its ns per node.
func timed(search func() (int, int64)) func() (int, int64, float64) {
	return func() (int, int64, float64) {
		start := time.Now()
		v, n := search()
		return v, n, float64(time.Since(start).Nanoseconds()) / float64(n)
	}
}

// minimal is fail-hard alpha-beta over gametree.Position and nothing else:
// one children buffer per depth, a node count.
type minimal[P gametree.Position[P]] struct {
	bufs  [][]P
	nodes int64
}

func (m *minimal[P]) search(pos P, depth, alpha, beta int) int {
	m.nodes++
	if depth == 0 {
		return pos.Value()
	}
	kids := pos.Children(m.bufs[depth][:0])
	m.bufs[depth] = kids
	if pos.ToMove() == gametree.Max {
		for _, c := range kids {
			v := m.search(c, depth-1, alpha, beta)
			if v >= beta {
				return beta
			}
			alpha = max(alpha, v)
		}
		return alpha
	}
	for _, c := range kids {
		v := m.search(c, depth-1, alpha, beta)
		if v <= alpha {
			return alpha
		}
		beta = min(beta, v)
	}
	return beta
}

// plain is alphabeta.c in Go: node (k, i) is searched without a position
// type, its children made on the fly, a leaf's value computed in place
// (random.Uniform's formula with Range 1000).
type plain struct {
	b, h  uint64
	nodes int64
}

func (p *plain) search(k int, i uint64, depth, alpha, beta int) int {
	p.nodes++
	if depth == 0 {
		return int(gametree.SplitMix64(p.h^i) % 1000)
	}
	if k&1 == 0 {
		for j := range p.b {
			v := p.search(k+1, i*p.b+j, depth-1, alpha, beta)
			if v >= beta {
				return beta
			}
			alpha = max(alpha, v)
		}
		return alpha
	}
	for j := range p.b {
		v := p.search(k+1, i*p.b+j, depth-1, alpha, beta)
		if v <= alpha {
			return alpha
		}
		beta = min(beta, v)
	}
	return beta
}
