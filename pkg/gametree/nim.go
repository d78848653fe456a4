package gametree

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits of [Nim] positions.
const (
	MaxNimPiles  = 4  // at most this many piles
	MaxNimStones = 15 // at most this many stones per pile
)

// Nim is a position of Nim under normal play: a move takes one or more
// stones from one pile, and the player who cannot move (every pile empty)
// loses. Max moves first.
//
// The moves of a position are listed pile by pile, pile 0 first, and within
// a pile by the number of stones taken, 1 first; they are named like "p0-2"
// (take 2 from pile 0). Value, from Max's point of view, is the result of a
// finished game, +1 if Min is to move (Min cannot move and has lost) and −1
// if Max is to move, and 0 for any unfinished position: Nim has no useful
// heuristic. The first player wins exactly when the XOR of the pile sizes
// (the nim-sum) is not 0.
//
// Nim is the course's transposition-table lesson: positions recur through
// many move orders. From piles 3, 4, 5 the game tree has 1,038,768 nodes but
// only 232 distinct positions (pile sizes and side to move), a ratio of
// about 4,500 (counted by the package's tests).
//
// Nim is a value type of four bytes; Children, Value and Key are O(number of
// children) or O(1) and allocation-free.
type Nim struct {
	piles uint16 // pile p in bits 4p..4p+3
	n     uint8  // number of piles
	turn  Player
}

var (
	_ Position[Nim] = Nim{}
	_ Keyed         = Nim{}
	_ MoveNamer     = Nim{}
)

// NewNim returns the start position with the given pile sizes, Max to move.
// It fails for more than [MaxNimPiles] piles or a pile outside
// 0..[MaxNimStones].
func NewNim(piles ...int) (Nim, error) {
	if len(piles) > MaxNimPiles {
		return Nim{}, fmt.Errorf("gametree: nim: %d piles, want at most %d", len(piles), MaxNimPiles)
	}
	g := Nim{n: uint8(len(piles)), turn: Max}
	for p, s := range piles {
		if s < 0 || s > MaxNimStones {
			return Nim{}, fmt.Errorf("gametree: nim: pile %d has %d stones, want 0 to %d", p, s, MaxNimStones)
		}
		g.piles |= uint16(s) << (4 * p)
	}
	return g, nil
}

// pile returns the size of pile p.
func (g Nim) pile(p int) int { return int(g.piles>>(4*p)) & 0xf }

// Piles returns the pile sizes.
func (g Nim) Piles() []int {
	s := make([]int, g.n)
	for p := range s {
		s[p] = g.pile(p)
	}
	return s
}

// ToMove returns the side to move.
func (g Nim) ToMove() Player {
	if g.turn == 0 { // the zero Nim: no piles, Max to move
		return Max
	}
	return g.turn
}

// Children appends the positions after each move, in the documented order:
// pile 0 first, taking 1, 2, … stones, then pile 1, and so on.
func (g Nim) Children(buf []Nim) []Nim {
	next := -g.ToMove()
	for p := range int(g.n) {
		for r := 1; r <= g.pile(p); r++ {
			buf = append(buf, Nim{piles: g.piles - uint16(r)<<(4*p), n: g.n, turn: next})
		}
	}
	return buf
}

// Value returns +1 if the game is over with Min to move, −1 if it is over
// with Max to move, and 0 while stones remain.
func (g Nim) Value() int {
	if g.piles != 0 {
		return 0
	}
	return -int(g.ToMove())
}

// Key returns the pile sizes packed 4 bits each, pile 0 lowest, with bit 16
// set when Min is to move: unique per position. Positions that differ only
// by trailing empty piles (3 4 and 3 4 0) are the same game and share a
// key.
func (g Nim) Key() uint64 {
	k := uint64(g.piles)
	if g.ToMove() == Min {
		k |= 1 << 16
	}
	return k
}

// MoveName names move i like "p1-3" (take 3 stones from pile 1); an
// out-of-range i is named by its number.
func (g Nim) MoveName(i int) string {
	if i >= 0 {
		j := i
		for p := range int(g.n) {
			s := g.pile(p)
			if j < s {
				return "p" + strconv.Itoa(p) + "-" + strconv.Itoa(j+1)
			}
			j -= s
		}
	}
	return strconv.Itoa(i)
}

// String returns the piles and the side to move, such as "3 4 5 (Max to
// move)".
func (g Nim) String() string {
	s := make([]string, g.n)
	for p := range s {
		s[p] = strconv.Itoa(g.pile(p))
	}
	return strings.Join(s, " ") + " (" + g.ToMove().String() + " to move)"
}
