package connect4_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
)

// BenchmarkSolve solves the lines of each committed test set in turn, one
// per iteration, with the table forgotten before each (Pons clears his outside the timed part; Reset takes nanoseconds here, so it is timed too):
// ns/op is the mean time per position, nodes/op the mean negamax calls, and
// allocs/op must be 0. Begin-Medium and Begin-Hard are only in the -bench
// run that names them (seconds per line): go test -bench 'Solve/begin-hard'
// ./pkg/connect4. Each set runs with the default solver, weak and strong,
// and with Pons' part 12.
func BenchmarkSolve(b *testing.B) {
	part12, _ := connect4.Part(12)
	weak := connect4.Default()
	weak.Weak = true
	for _, set := range testset.Sets {
		lines := readSet(b, set)
		pos := make([]connect4.Position, len(lines))
		for i, l := range lines {
			pos[i], _ = connect4.ParsePosition(l.Moves)
		}
		for _, v := range []struct {
			name string
			opt  connect4.Options
		}{{"default", connect4.Default()}, {"weak", weak}, {"part12", part12}} {
			b.Run(set.File[:len(set.File)-4]+"/"+v.name, func(b *testing.B) {
				s, err := connect4.New(v.opt)
				if err != nil {
					b.Fatal(err)
				}
				var nodes uint64
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					s.Reset() // O(1): a new generation of entries
					r, err := s.Solve(pos[i%len(pos)])
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// TestSolveAllocs: solving allocates nothing, whatever the options.
func TestSolveAllocs(t *testing.T) {
	// A Middle-Easy line: quick even for part 4's plain alpha-beta.
	p, _ := connect4.ParsePosition(readSet(t, testset.Sets[1])[0].Moves)
	for n := connect4.FirstPart; n <= connect4.LastPart+1; n++ {
		o := connect4.Default()
		if n <= connect4.LastPart {
			o, _ = connect4.Part(n)
		}
		o.TableBits = 16
		s, _ := connect4.New(o)
		if a := testing.AllocsPerRun(3, func() { s.Reset(); s.Solve(p) }); a != 0 {
			t.Errorf("options %+v: %.0f allocations per solve, want 0", o, a)
		}
	}
}
