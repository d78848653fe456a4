package games_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
)

func mustNim(t testing.TB, piles ...int) games.Nim {
	t.Helper()
	g, err := games.NewNim(piles...)
	if err != nil {
		t.Fatalf("NewNim(%v): %v", piles, err)
	}
	return g
}

// TestNimSum checks the minimax value of every start position of up to 3
// piles of at most 4 stones against the nim-sum rule: the first player
// (Max) wins, +1, exactly when the XOR of the piles is not 0.
func TestNimSum(t *testing.T) {
	var starts [][]int
	for n := 0; n <= 3; n++ {
		var rec func(piles []int)
		rec = func(piles []int) {
			if len(piles) == n {
				starts = append(starts, slices.Clone(piles))
				return
			}
			for s := 0; s <= 4; s++ {
				rec(append(piles, s))
			}
		}
		rec(nil)
	}
	if len(starts) != 1+5+25+125 {
		t.Fatalf("%d start positions, want 156", len(starts))
	}
	for _, piles := range starts {
		xor := 0
		for _, s := range piles {
			xor ^= s
		}
		want := -1
		if xor != 0 {
			want = +1
		}
		if got := plainMinimax(mustNim(t, piles...)); got != want {
			t.Errorf("piles %v (nim-sum %d): minimax %d, want %d", piles, xor, got, want)
		}
	}
}

// nimState is an independent representation for counting: pile sizes and
// whether Min is to move.
type nimState struct {
	piles [3]int
	min   bool
}

// TestNimTranspositions counts the game tree of 3 4 5 by a walk, and its
// distinct positions both by Key and by an independent search over
// nimState: 232 positions for 1,038,768 tree nodes.
func TestNimTranspositions(t *testing.T) {
	// Independent count of distinct positions.
	seen := map[nimState]bool{}
	var explore func(s nimState)
	explore = func(s nimState) {
		if seen[s] {
			return
		}
		seen[s] = true
		for p := range s.piles {
			for r := 1; r <= s.piles[p]; r++ {
				c := s
				c.piles[p] -= r
				c.min = !s.min
				explore(c)
			}
		}
	}
	explore(nimState{piles: [3]int{3, 4, 5}})
	// Independent count of tree nodes: T(piles) = 1 + Σ T(child), memoised
	// on the piles since the side to move does not change the tree's shape.
	memo := map[[3]int]int{}
	var size func(piles [3]int) int
	size = func(piles [3]int) int {
		if n, ok := memo[piles]; ok {
			return n
		}
		n := 1
		for p := range piles {
			for r := 1; r <= piles[p]; r++ {
				c := piles
				c[p] -= r
				n += size(c)
			}
		}
		memo[piles] = n
		return n
	}

	// Walk the tree of Nim positions.
	keys := map[uint64]bool{}
	nodes := 0
	bufs := make([][]games.Nim, 13) // depth ≤ 3+4+5 = 12
	var rec func(g games.Nim, depth int)
	rec = func(g games.Nim, depth int) {
		nodes++
		keys[g.Key()] = true
		bufs[depth] = g.Children(bufs[depth][:0])
		for j := range bufs[depth] {
			rec(bufs[depth][j], depth+1)
		}
	}
	rec(mustNim(t, 3, 4, 5), 0)

	counts := []struct {
		name      string
		got, want int
	}{
		{"distinct positions by independent search", len(seen), 232},
		{"distinct positions by Key", len(keys), len(seen)},
		{"tree nodes by independent count", size([3]int{3, 4, 5}), 1038768},
		{"tree nodes by walk", nodes, size([3]int{3, 4, 5})},
	}
	for _, c := range counts {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.name, c.got, c.want)
		}
	}
	t.Logf("3 4 5: %d tree nodes, %d distinct positions, ratio %.0f", nodes, len(keys), float64(nodes)/float64(len(keys)))
}

func TestNimMoves(t *testing.T) {
	g := mustNim(t, 2, 0, 3)
	var got []string
	for i, c := range g.Children(nil) {
		got = append(got, fmt.Sprintf("%s=%v", g.MoveName(i), c.Piles()))
		if c.ToMove() != gametree.Min {
			t.Errorf("after %s: %v to move, want Min", g.MoveName(i), c.ToMove())
		}
	}
	want := []string{"p0-1=[1 0 3]", "p0-2=[0 0 3]", "p2-1=[2 0 2]", "p2-2=[2 0 1]", "p2-3=[2 0 0]"}
	if !slices.Equal(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
	if n := g.MoveName(5); n != "5" {
		t.Errorf("MoveName(5) = %q, want \"5\"", n)
	}
	if s := g.String(); s != "2 0 3 (Max to move)" {
		t.Errorf("String() = %q", s)
	}
}

func TestNimValueAndKey(t *testing.T) {
	over := mustNim(t, 0, 0)
	if over.Value() != -1 || len(over.Children(nil)) != 0 {
		t.Errorf("no stones, Max to move: Value %d, %d moves; want -1 (Max lost), 0", over.Value(), len(over.Children(nil)))
	}
	last := mustNim(t, 0, 1).Children(nil)[0] // Max took the last stone
	if last.ToMove() != gametree.Min || last.Value() != +1 {
		t.Errorf("Max took the last stone: %v to move, Value %d; want Min, +1", last.ToMove(), last.Value())
	}
	if v := mustNim(t, 1, 2).Value(); v != 0 {
		t.Errorf("unfinished Value %d, want 0", v)
	}
	// Zobrist keys (see gametree.Zobrist): z(0·16+3) ^ z(1·16+4) ^ z(2·16+5)
	// for 3 4 5, Max to move; z(14) ^ z(3·16+15) ^ z(64) for 14 0 0 15, Min
	// to move.
	if k := mustNim(t, 3, 4, 5).Key(); k != 0xb307d4be123b18dc {
		t.Errorf("Key of 3 4 5, Max to move = %#x, want 0xb307d4be123b18dc", k)
	}
	if k := mustNim(t, 15, 0, 0, 15).Children(nil)[0].Key(); k != 0x2a899900f3aa14b0 {
		t.Errorf("Key of 14 0 0 15, Min to move = %#x, want 0x2a899900f3aa14b0", k)
	}
	if g := (games.Nim{}); g.ToMove() != gametree.Max || g.Value() != -1 {
		t.Errorf("zero Nim: %v to move, Value %d", g.ToMove(), g.Value())
	}
}

func TestNimErrors(t *testing.T) {
	for _, piles := range [][]int{{1, 2, 3, 4, 5}, {16}, {-1}, {3, 99}} {
		if _, err := games.NewNim(piles...); err == nil {
			t.Errorf("NewNim(%v) succeeded, want an error", piles)
		}
	}
	if _, err := games.NewNim(15, 15, 15, 15); err != nil {
		t.Errorf("NewNim(15, 15, 15, 15): %v", err)
	}
}

func TestNimConformance(t *testing.T) {
	gametreetest.Run(t, mustNim(t, 3, 4, 5), 20000)
	gametreetest.Run(t, mustNim(t, 15, 1, 0, 7), 5000)
}

// plainMinimax is an independent minimax over leaf values.
func plainMinimax[P gametree.Position[P]](p P) int {
	kids := p.Children(nil)
	if len(kids) == 0 {
		return p.Value()
	}
	best := plainMinimax(kids[0])
	for _, c := range kids[1:] {
		v := plainMinimax(c)
		if p.ToMove() == gametree.Max {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}
