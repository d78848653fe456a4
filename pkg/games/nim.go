package games

import (
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/gametree"
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
// Nim is a comparable value type of 16 bytes: the piles, the side to move
// and the position's Zobrist key (see [gametree.Zobrist]), which Children keeps up to
// date. Children, Value, Key and MoveKey are O(number of children) or O(1)
// and allocation-free.
type Nim struct {
	key   uint64 // Zobrist key of the piles and the side to move
	piles uint16 // pile p in bits 4p..4p+3
	n     uint8  // number of piles
	turn  gametree.Player
}

var (
	_ gametree.Position[Nim] = Nim{}
	_ gametree.Keyed         = Nim{}
	_ gametree.MoveNamer     = Nim{}
	_ gametree.MoveKeyer     = Nim{}
)

// NewNim returns the start position with the given pile sizes, Max to move.
// It fails for more than [MaxNimPiles] piles or a pile outside
// 0..[MaxNimStones].
func NewNim(piles ...int) (Nim, error) {
	if len(piles) > MaxNimPiles {
		return Nim{}, fmt.Errorf("games: nim: %d piles, want at most %d", len(piles), MaxNimPiles)
	}
	g := Nim{n: uint8(len(piles)), turn: gametree.Max}
	for p, s := range piles {
		if s < 0 || s > MaxNimStones {
			return Nim{}, fmt.Errorf("games: nim: pile %d has %d stones, want 0 to %d", p, s, MaxNimStones)
		}
		g.piles |= uint16(s) << (4 * p)
		g.key ^= nimPileKey(p, s)
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
func (g Nim) ToMove() gametree.Player {
	if g.turn == 0 { // the zero Nim: no piles, Max to move
		return gametree.Max
	}
	return g.turn
}

// Children appends the positions after each move, in the documented order:
// pile 0 first, taking 1, 2, … stones, then pile 1, and so on. A child's key
// is its parent's XOR the values of the pile's old and new sizes XOR the
// value of "Min to move".
func (g Nim) Children(buf []Nim) []Nim {
	next := -g.ToMove()
	side := g.key ^ gametree.Zobrist(zobristNimSide)
	for p := range int(g.n) {
		s := g.pile(p)
		k := side ^ nimPileKey(p, s)
		for r := 1; r <= s; r++ {
			buf = append(buf, Nim{key: k ^ nimPileKey(p, s-r), piles: g.piles - uint16(r)<<(4*p), n: g.n, turn: next})
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

// Key returns the position's Zobrist key: the XOR of [gametree.Zobrist](16p+s) for
// each pile p holding s ≥ 1 stones, and Zobrist(64) when Min is to move.
// Positions that differ only by trailing empty piles (3 4 and 3 4 0) are the
// same game and share a key.
func (g Nim) Key() uint64 { return g.key }

// MoveKey returns 16p + r for move i, which takes r stones from pile p: the
// same pile and count are the same move in every position, as killer-move
// and history heuristics need. Keys lie in 1..63. It returns −1 if i is not
// a move.
func (g Nim) MoveKey(i int) int {
	if i >= 0 {
		for p := range int(g.n) {
			s := g.pile(p)
			if i < s {
				return 16*p + i + 1
			}
			i -= s
		}
	}
	return -1
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
