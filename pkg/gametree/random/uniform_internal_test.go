package random

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestModulusReduce checks Barrett reduction against the % operator on
// random inputs and on the inputs around multiples of n and the extremes,
// where an off-by-one correction would show.
func TestModulusReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []uint64{1, 2, 3, 10, 1000, 7919, 1<<31 - 1, 1 << 32, 1<<63 + 1, math.MaxUint64} {
		q := newModulus(n)
		xs := []uint64{0, 1, n - 1, n, n + 1, 2*n - 1, 2 * n, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint64 - n}
		for range 100000 {
			xs = append(xs, rng.Uint64())
		}
		for range 1000 {
			m := rng.Uint64() / n // m·n is a multiple of n; test it and its neighbours
			xs = append(xs, m*n, m*n-1, m*n+1)
		}
		for _, x := range xs {
			if got, want := q.reduce(x), x%n; got != want {
				t.Fatalf("Barrett reduce(%d) mod %d = %d, want %d", x, n, got, want)
			}
		}
	}
}
