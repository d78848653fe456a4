package gametree_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// refSplitMix64 is splitmix64 written out from its reference C code, one
// statement per line.
func refSplitMix64(x uint64) uint64 {
	var z uint64
	z = x + 0x9e3779b97f4a7c15
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	z ^= z >> 31
	return z
}

func TestSplitMix64(t *testing.T) {
	// The first outputs of the reference splitmix64 generator seeded with 0:
	// output n is SplitMix64(n·0x9e3779b97f4a7c15).
	tests := []struct {
		in, want uint64
	}{
		{0, 0xe220a8397b1dcdaf},
		{0x9e3779b97f4a7c15, 0x6e789e6aa1b965f4},
		{0x3c6ef372fe94f82a, 0x06c45d188009454f},
	}
	for _, tt := range tests {
		if got := gametree.SplitMix64(tt.in); got != tt.want {
			t.Errorf("SplitMix64(%#x) = %#x, want %#x", tt.in, got, tt.want)
		}
		if got := refSplitMix64(tt.in); got != tt.want {
			t.Errorf("refSplitMix64(%#x) = %#x, want %#x", tt.in, got, tt.want)
		}
	}
	for x := uint64(0); x < 1000; x++ {
		y := x * 0x0123456789abcdef
		if a, b := gametree.SplitMix64(y), refSplitMix64(y); a != b {
			t.Fatalf("SplitMix64(%#x) = %#x, reference %#x", y, a, b)
		}
	}
}

// refZobrist is the documented generator, written again from
// refSplitMix64: z(i) = SplitMix64(SplitMix64(0x5A0B21) XOR i).
func refZobrist(i uint64) uint64 { return refSplitMix64(refSplitMix64(0x5A0B21) ^ i) }

func TestZobrist(t *testing.T) {
	for i := range uint64(100) {
		if got, want := gametree.Zobrist(i), refZobrist(i); got != want {
			t.Errorf("Zobrist(%d) = %#x, want %#x", i, got, want)
		}
	}
	// Pinned, so that a change of the generator is seen.
	pins := []struct {
		i, want uint64
	}{
		{0, 0xea284ca06d462fa5},
		{18, 0x4735c917312ecb40},
		{64, 0x119f83aa17b0849a},
	}
	for _, p := range pins {
		if got := gametree.Zobrist(p.i); got != p.want {
			t.Errorf("Zobrist(%d) = %#x, want %#x", p.i, got, p.want)
		}
	}
}
