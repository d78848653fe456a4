package games_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/games"
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

// refZobrist is the documented generator, written again from
// refSplitMix64: z(i) = SplitMix64(SplitMix64(0x5A0B21) XOR i).
func refZobrist(i uint64) uint64 { return refSplitMix64(refSplitMix64(0x5A0B21) ^ i) }

// tttKeyFromScratch computes the key of a board from its String form by the
// documented layout: X on s is index s, O on s is 9+s, O to move is 18.
func tttKeyFromScratch(board string) uint64 {
	b := strings.ReplaceAll(board, "\n", "")
	var k uint64
	nx, no := 0, 0
	for s := range 9 {
		switch b[s] {
		case 'x':
			k ^= refZobrist(uint64(s))
			nx++
		case 'o':
			k ^= refZobrist(9 + uint64(s))
			no++
		}
	}
	if nx > no {
		k ^= refZobrist(18)
	}
	return k
}

// TestTicTacToeZobrist walks the whole game tree (549,946 nodes, so every
// position is reached by every move order that leads to it) and checks that
// the key computed incrementally by Children equals the key recomputed from
// the board, that every path to a board gives it the same key, that the
// 5,478 positions have 5,478 keys, and that ParseTicTacToe computes the same
// key (and value) as the moves did.
func TestTicTacToeZobrist(t *testing.T) {
	keyOf := map[string]uint64{} // board → key when first reached
	boardOf := map[uint64]string{}
	errs := 0
	walk(games.NewTicTacToe(), func(p games.TicTacToe, path []int) {
		board := p.String()
		if k, ok := keyOf[board]; ok {
			if k != p.Key() && errs < 10 {
				errs++
				t.Errorf("moves %v reach\n%s\nwith key %#x; another move order gave %#x", path, board, p.Key(), k)
			}
			return
		}
		keyOf[board] = p.Key()
		if want := tttKeyFromScratch(board); p.Key() != want && errs < 10 {
			errs++
			t.Errorf("moves %v: incremental key %#x, from scratch %#x, board\n%s", path, p.Key(), want, board)
		}
		if other, ok := boardOf[p.Key()]; ok && errs < 10 {
			errs++
			t.Errorf("key %#x shared by\n%s\nand\n%s", p.Key(), board, other)
		}
		boardOf[p.Key()] = board
		if q, err := games.ParseTicTacToe(board); err != nil || q != p {
			if errs < 10 {
				errs++
				t.Errorf("moves %v: ParseTicTacToe(%q) = %v (key %#x), %v; want the position with key %#x", path, board, q, q.Key(), err, p.Key())
			}
		}
	})
	if len(keyOf) != 5478 || len(boardOf) != 5478 {
		t.Errorf("%d positions, %d keys; want 5478 of each", len(keyOf), len(boardOf))
	}
	if k := games.NewTicTacToe().Key(); k != 0 || (games.TicTacToe{}).Key() != 0 {
		t.Errorf("empty board: key %#x, want 0 (no marks, X to move)", k)
	}
}

// play makes the moves named by squares (0..8) from the empty board.
func play(t *testing.T, squares ...int) games.TicTacToe {
	t.Helper()
	p := games.NewTicTacToe()
	for _, sq := range squares {
		found := false
		for i, c := range p.Children(nil) {
			if p.MoveKey(i) == sq {
				p, found = c, true
				break
			}
		}
		if !found {
			t.Fatalf("square %d is not a move in\n%v", sq, p)
		}
	}
	return p
}

// TestTicTacToeTranspositions: two move orders that reach the same position
// give the same key (dragontoothmg's apply_test invariant), and the key
// depends on the side to move and on who holds each square.
func TestTicTacToeTranspositions(t *testing.T) {
	tests := []struct {
		name string
		a, b []int
	}{
		{"X swaps its two moves", []int{0, 4, 8}, []int{8, 4, 0}},
		{"O swaps its two moves", []int{4, 0, 2, 8}, []int{4, 8, 2, 0}},
		{"both swap", []int{0, 1, 2, 3, 4}, []int{4, 3, 0, 1, 2}},
		{"a full drawn board", []int{0, 4, 8, 2, 6, 3, 5, 7, 1}, []int{1, 7, 5, 3, 6, 2, 8, 4, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := play(t, tt.a...), play(t, tt.b...)
			if a != b || a.Key() != b.Key() {
				t.Errorf("%v: %#x\n%v\n%v: %#x\n%v", tt.a, a.Key(), a, tt.b, b.Key(), b)
			}
		})
	}
	// Same squares, marks swapped: different positions, different keys.
	if a, b := play(t, 0, 4), play(t, 4, 0); a.Key() == b.Key() {
		t.Errorf("x on a1, o on b2 and the reverse share key %#x", a.Key())
	}
}

func TestTicTacToeMoveKey(t *testing.T) {
	tests := []struct {
		board string
		want  []int // MoveKey(0), MoveKey(1), …
	}{
		{".........", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{"....x....", []int{0, 1, 2, 3, 5, 6, 7, 8}},
		{"x.o.x....", []int{1, 3, 5, 6, 7, 8}},
		{"xoxoxoox.", []int{8}},
		{"xxx.oo...", nil}, // finished: no moves
	}
	for _, tt := range tests {
		t.Run(tt.board, func(t *testing.T) {
			p, err := games.ParseTicTacToe(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for i, c := range p.Children(nil) {
				got = append(got, p.MoveKey(i))
				// The move key names the square that the child filled.
				if sq := p.MoveKey(i); c.At(sq) == '.' || p.At(sq) != '.' {
					t.Errorf("move %d: MoveKey %d is not the square it fills", i, sq)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("MoveKeys %v, want %v", got, tt.want)
			}
			for _, i := range []int{-1, len(tt.want), 9} {
				if k := p.MoveKey(i); k != -1 {
					t.Errorf("MoveKey(%d) = %d, want -1 (not a move)", i, k)
				}
			}
		})
	}
	p := games.NewTicTacToe()
	if a := testing.AllocsPerRun(100, func() { _ = p.MoveKey(5) }); a != 0 {
		t.Errorf("MoveKey: %v allocations, want 0", a)
	}
}

// nimKeyFromScratch computes the key of piles and side to move by the
// documented layout: pile p with s ≥ 1 stones is index 16p+s, Min to move
// is 64.
func nimKeyFromScratch(piles []int, toMove gametree.Player) uint64 {
	var k uint64
	for p, s := range piles {
		if s > 0 {
			k ^= refZobrist(uint64(16*p + s))
		}
	}
	if toMove == gametree.Min {
		k ^= refZobrist(64)
	}
	return k
}

// TestNimZobrist visits every position reachable from 15 15 15 15, through
// every move into it, and checks: the incremental key equals the key from
// scratch, every move order gives one key, and the keys are all different.
//
// Of the 2·16⁴ = 131,072 pairs (piles, side to move), 16 are unreachable:
// those where c piles each lost exactly one stone, c = 0..4, and the side
// to move is not the one c moves give (the parity of the number of moves is
// forced); 1+4+6+4+1 = 16. That leaves 131,056.
func TestNimZobrist(t *testing.T) {
	type state struct {
		piles [4]int
		min   bool
	}
	stateOf := func(g games.Nim) state {
		var s state
		copy(s.piles[:], g.Piles())
		s.min = g.ToMove() == gametree.Min
		return s
	}
	keyOf := map[state]uint64{}
	stateOfKey := map[uint64]state{}
	errs := 0
	fail := func(format string, args ...any) {
		if errs++; errs <= 10 {
			t.Errorf(format, args...)
		}
	}
	var buf []games.Nim
	queue := []games.Nim{mustNim(t, 15, 15, 15, 15)}
	keyOf[stateOf(queue[0])] = queue[0].Key()
	for len(queue) > 0 {
		g := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		s := stateOf(g)
		if want := nimKeyFromScratch(g.Piles(), g.ToMove()); g.Key() != want {
			fail("%v: incremental key %#x, from scratch %#x", g, g.Key(), want)
		}
		if other, ok := stateOfKey[g.Key()]; ok {
			fail("key %#x shared by %v and %v", g.Key(), s, other)
		}
		stateOfKey[g.Key()] = s
		buf = g.Children(buf[:0])
		for _, c := range buf {
			cs := stateOf(c)
			if k, ok := keyOf[cs]; ok {
				if k != c.Key() {
					fail("%v reached from %v with key %#x, from elsewhere with %#x", c, g, c.Key(), k)
				}
				continue
			}
			keyOf[cs] = c.Key()
			queue = append(queue, c)
		}
	}
	if want := 2*16*16*16*16 - 16; len(keyOf) != want || len(stateOfKey) != want {
		t.Errorf("%d positions, %d keys; want %d of each", len(keyOf), len(stateOfKey), want)
	}

	// NewNim computes the same key as the moves, and trailing empty piles
	// do not change it.
	after := mustNim(t, 3, 4, 5).Children(nil)[4] // p1-2: 3 2 5, Min to move
	again := after.Children(nil)[0]               // p0-1: 2 2 5, Max to move
	if k := mustNim(t, 2, 2, 5).Key(); k != again.Key() {
		t.Errorf("NewNim(2, 2, 5) key %#x, reached by moves %#x", k, again.Key())
	}
	if mustNim(t, 3, 4).Key() != mustNim(t, 3, 4, 0).Key() || mustNim(t, 3, 4).Key() == mustNim(t, 3, 0, 4).Key() {
		t.Error("3 4 and 3 4 0 must share a key, 3 0 4 must not")
	}
	if k := (games.Nim{}).Key(); k != 0 || mustNim(t).Key() != 0 {
		t.Errorf("no piles, Max to move: key %#x, want 0", k)
	}
}

// TestNimTranspositionOrders: taking from two piles in either order gives
// one key.
func TestNimTranspositionOrders(t *testing.T) {
	g := mustNim(t, 3, 4, 5)
	// a: p0-1 then p2-2; b: p2-2 then p0-1 (move indices in Children order).
	a := g.Children(nil)[0].Children(nil)[2+4+1]
	b := g.Children(nil)[3+4+1].Children(nil)[0]
	if fmt.Sprint(a.Piles()) != "[2 4 3]" || a != b || a.Key() != b.Key() {
		t.Errorf("%v (key %#x) and %v (key %#x), want both 2 4 3 with one key", a, a.Key(), b, b.Key())
	}
}

func TestNimMoveKey(t *testing.T) {
	g := mustNim(t, 2, 0, 3)
	var got []int
	for i, c := range g.Children(nil) {
		k := g.MoveKey(i)
		got = append(got, k)
		p, r := k/16, k%16
		if g.Piles()[p]-c.Piles()[p] != r {
			t.Errorf("move %d (%s): MoveKey %d says %d from pile %d; the move gives %v", i, g.MoveName(i), k, r, p, c.Piles())
		}
	}
	if want := []int{1, 2, 33, 34, 35}; !slices.Equal(got, want) {
		t.Errorf("MoveKeys %v, want %v", got, want)
	}
	for _, i := range []int{-1, 5} {
		if k := g.MoveKey(i); k != -1 {
			t.Errorf("MoveKey(%d) = %d, want -1", i, k)
		}
	}
	if k := mustNim(t, 15, 15, 15, 15).MoveKey(59); k != 63 || k >= gametree.MaxMoveKey {
		t.Errorf("last move of 15 15 15 15: MoveKey %d, want 63", k)
	}
}
