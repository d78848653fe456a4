package algos_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// BenchmarkUserPaths measures what users run, beside BenchmarkAlphaBeta's
// bare searches on random trees with nil options (go test -run '^$' -bench
// UserPaths ./pkg/algos):
//
//   - parse-record: a tree literal parsed and searched with a Recorder, as
//     every picture of the course and `cutoff render -tree` do;
//   - random-record: a random tree (b=4, d=6) searched with a Recorder, as
//     the notebooks' drawn experiments;
//   - tictactoe-table: the whole tic-tac-toe game by negamax alpha-beta with
//     a fixed-size two-tier table, as `cutoff search -game tictactoe -tt`;
//   - pvs-table: PVS with a table on a random tree (b=8, d=6).
func BenchmarkUserPaths(b *testing.B) {
	const literal = "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))"
	b.Run("parse-record", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			t, err := gametree.Parse(literal)
			if err != nil {
				b.Fatal(err)
			}
			rec := algos.NewRecorder[gametree.Node]()
			res, err := algos.AlphaBeta(t.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec})
			if err != nil || res.Value != 3 || len(rec.Roots) != 1 {
				b.Fatal(res, err)
			}
		}
	})
	b.Run("random-record", func(b *testing.B) {
		root, err := random.Uniform{B: 4, D: 6, Seed: 1}.Root()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		var nodes int64
		for range b.N {
			rec := algos.NewRecorder[random.UniformNode]()
			res, err := algos.AlphaBeta(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: rec})
			if err != nil {
				b.Fatal(err)
			}
			nodes = res.Stats.Nodes
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*nodes), "ns/node")
	})
	b.Run("tictactoe-table", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int64
		for range b.N {
			tt, err := algos.NewTable(1<<16, algos.ReplaceTwoTier)
			if err != nil {
				b.Fatal(err)
			}
			res, err := algos.NegamaxAB(games.NewTicTacToe(), algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tt})
			if err != nil || res.Value != 0 {
				b.Fatal(res, err)
			}
			nodes = res.Stats.Nodes
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*nodes), "ns/node")
	})
	b.Run("pvs-table", func(b *testing.B) {
		root, err := random.Uniform{B: 8, D: 6, Seed: 1}.Root()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		var nodes int64
		for range b.N {
			res, err := algos.PVS(root, algos.FullDepth, &algos.Options[random.UniformNode]{TT: algos.NewMapTT()})
			if err != nil {
				b.Fatal(err)
			}
			nodes = res.Stats.Nodes
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*nodes), "ns/node")
	})
}
