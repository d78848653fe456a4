package algos

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// alphaBetaBare is alphaBeta (fail-hard, Max/Min form) with every tracing
// line removed and nothing else changed: the baseline that shows what the
// unused hook costs. Keep it in step with alphaBeta.
func (s *searcher[P]) alphaBetaBare(pos P, depth, ply int, w bounds) int {
	f := s.visit(ply)
	if f == nil {
		return 0
	}
	var kids []P
	if depth > 0 {
		kids = s.expand(pos, ply, f)
	}
	if len(kids) == 0 {
		s.stats.Leaves++
		return pos.Value()
	}
	alpha0, beta0 := w.alpha, w.beta
	if pos.ToMove() == gametree.Max {
		for i, c := range kids {
			f.i = i
			v := s.alphaBetaBare(c, depth-1, ply+1, w)
			if s.stopped {
				return 0
			}
			if v >= w.beta {
				s.stats.Cutoffs++
				s.stats.Pruned += int64(len(kids) - i - 1)
				if w.betaFrom >= ply-1 {
					s.stats.ShallowCutoffs++
				} else {
					s.stats.DeepCutoffs++
				}
				return beta0
			}
			if v > w.alpha {
				w.alpha, w.alphaFrom = v, ply
				s.best(f, ply)
			}
		}
		return w.alpha
	}
	for i, c := range kids {
		f.i = i
		v := s.alphaBetaBare(c, depth-1, ply+1, w)
		if s.stopped {
			return 0
		}
		if v <= w.alpha {
			s.stats.Cutoffs++
			s.stats.Pruned += int64(len(kids) - i - 1)
			if w.alphaFrom >= ply-1 {
				s.stats.ShallowCutoffs++
			} else {
				s.stats.DeepCutoffs++
			}
			return alpha0
		}
		if v < w.beta {
			w.beta, w.betaFrom = v, ply
			s.best(f, ply)
		}
	}
	return w.beta
}

// TestBareMatches keeps the baseline honest: same value and same counters.
func TestBareMatches(t *testing.T) {
	for seed := range uint64(30) {
		root, err := gametree.Uniform{B: 4, D: 6, Seed: seed}.Root()
		if err != nil {
			t.Fatal(err)
		}
		want, err := AlphaBeta(root, 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearcher[gametree.UniformNode](nil, FailHard)
		v := s.alphaBetaBare(root, 6, 0, bounds{alpha: -Inf, beta: Inf})
		s.stats.MaxPly = len(s.frames) - 1
		if v != want.Value || s.stats != want.Stats {
			t.Fatalf("seed %d: bare %d %+v, AlphaBeta %d %+v", seed, v, s.stats, want.Value, want.Stats)
		}
	}
}

// BenchmarkAlphaBeta measures untraced fail-hard alpha-beta on a random
// uniform tree (b=8, d=6, seed 1, natural order) and the cost of tracing:
//
//   - bare: the same search with the tracing lines deleted (the baseline);
//   - untraced: AlphaBeta with a nil hook — must be within 3% of bare;
//   - traced: a hook that does nothing — the price of a call per event;
//   - recorded: a Recorder building the searched tree.
//
// It reports ns/node and allocs/node besides the usual per-search figures.
func BenchmarkAlphaBeta(b *testing.B) {
	const d = 6
	root, err := gametree.Uniform{B: 8, D: d, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	nop := TracerFunc[gametree.UniformNode](func(Event[gametree.UniformNode]) {})
	cases := []struct {
		name   string
		search func() Stats
	}{
		{"bare", func() Stats {
			s := newSearcher[gametree.UniformNode](nil, FailHard)
			s.alphaBetaBare(root, d, 0, bounds{alpha: -Inf, beta: Inf})
			s.stats.MaxPly = len(s.frames) - 1
			return s.stats
		}},
		{"untraced", func() Stats { r, _ := AlphaBeta(root, d, nil); return r.Stats }},
		{"traced", func() Stats {
			r, _ := AlphaBeta(root, d, &Options[gametree.UniformNode]{Trace: nop})
			return r.Stats
		}},
		{"recorded", func() Stats {
			r, _ := AlphaBeta(root, d, &Options[gametree.UniformNode]{Trace: NewRecorder[gametree.UniformNode]()})
			return r.Stats
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				nodes += tc.search().Nodes
			}
			perOp := float64(nodes) / float64(b.N)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
			b.ReportMetric(perOp, "nodes/op")
		})
	}
}
