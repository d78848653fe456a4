package games

import (
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"math/bits"
	"strconv"
	"strings"
)

// TicTacToe is a position of tic-tac-toe (noughts and crosses). X is Max
// and moves first; O is Min.
//
// Squares are numbered 0..8 row-major from the top left, and named by
// column a–c and row 1–3: square 0 is "a1", 2 is "c1", 8 is "c3".
//
//	a1 b1 c1     0 1 2
//	a2 b2 c2     3 4 5
//	a3 b3 c3     6 7 8
//
// The moves of a position are its empty squares in ascending order; a
// position where a side has three in a row, or whose board is full, has
// none. Value, from X's (Max's) point of view:
//
//   - a won position is worth ±(10 + number of empty squares), positive if
//     X has three in a row, so faster wins score more;
//   - a full board without a line is a draw, worth 0;
//   - any other position gets the heuristic (lines still open for X) −
//     (lines still open for O), where a line (row, column or diagonal) is
//     open for a side if the opponent has no mark on it. It lies in [−8, 8],
//     strictly between −10 and 10, so it never looks like a result.
//
// TicTacToe is two 9-bit masks and the position's Zobrist key (see
// [gametree.Zobrist]), 16 bytes in a comparable value type: equal boards are equal
// values. Children keeps the key up to date: one SplitMix64 and two XORs
// per child. Every method is O(1) and allocation-free except String and
// MoveName. The zero TicTacToe is the empty board.
type TicTacToe struct {
	x, o uint16 // bit s set: square s holds X, or O
	key  uint64 // Zobrist key of x, o and the side to move
}

var (
	_ gametree.Position[TicTacToe] = TicTacToe{}
	_ gametree.Keyed               = TicTacToe{}
	_ gametree.MoveNamer           = TicTacToe{}
	_ gametree.MoveKeyer           = TicTacToe{}
)

// The eight lines of the board as square masks.
const (
	lineRow1 = 0b000_000_111
	lineRow2 = 0b000_111_000
	lineRow3 = 0b111_000_000
	lineColA = 0b001_001_001
	lineColB = 0b010_010_010
	lineColC = 0b100_100_100
	lineDiag = 0b100_010_001 // a1 b2 c3
	lineAnti = 0b001_010_100 // c1 b2 a3

	fullBoard = 0b111_111_111
)

// ticTacToeLines returns the eight lines; an array value, not a global.
func ticTacToeLines() [8]uint16 {
	return [8]uint16{lineRow1, lineRow2, lineRow3, lineColA, lineColB, lineColC, lineDiag, lineAnti}
}

// hasLine reports whether the squares in m include three in a row.
func hasLine(m uint16) bool {
	for _, l := range ticTacToeLines() {
		if m&l == l {
			return true
		}
	}
	return false
}

// openLines counts the lines on which the opponent, whose squares are opp,
// has no mark.
func openLines(opp uint16) int {
	n := 0
	for _, l := range ticTacToeLines() {
		if opp&l == 0 {
			n++
		}
	}
	return n
}

// NewTicTacToe returns the empty board, X to move.
func NewTicTacToe() TicTacToe { return TicTacToe{} }

// ParseTicTacToe reads a board as 9 characters 'x', 'o' or '.' (case
// insensitive) in square order, ignoring whitespace, so that the output of
// [TicTacToe.String] reads back. It fails unless the board can arise in a
// game: X has as many marks as O or one more, not both sides have three in
// a row, and the side with three in a row made the last move.
func ParseTicTacToe(s string) (TicTacToe, error) {
	var p TicTacToe
	sq := 0
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if sq == 9 {
			return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q has more than 9 squares", s)
		}
		switch r {
		case 'x', 'X':
			p.x |= 1 << sq
		case 'o', 'O':
			p.o |= 1 << sq
		case '.':
		default:
			return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q: square %d is %q, want x, o or .", s, sq, r)
		}
		sq++
	}
	if sq != 9 {
		return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q has %d squares, want 9", s, sq)
	}
	nx, no := bits.OnesCount16(p.x), bits.OnesCount16(p.o)
	xWon, oWon := hasLine(p.x), hasLine(p.o)
	switch {
	case nx != no && nx != no+1:
		return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q has %d X and %d O, want as many X as O or one more", s, nx, no)
	case xWon && oWon:
		return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q: both sides have three in a row", s)
	case xWon && nx == no:
		return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q: O moved after X won", s)
	case oWon && nx != no:
		return TicTacToe{}, fmt.Errorf("games: tic-tac-toe board %q: X moved after O won", s)
	}
	p.key = ticTacToeKey(p.x, p.o)
	return p, nil
}

// String returns the board as three lines of 'x', 'o' and '.', top row
// first, separated by newlines (no trailing newline).
func (p TicTacToe) String() string {
	var b strings.Builder
	for sq := range 9 {
		if sq > 0 && sq%3 == 0 {
			b.WriteByte('\n')
		}
		b.WriteByte(p.At(sq))
	}
	return b.String()
}

// At returns 'x', 'o' or '.' for square sq in 0..8.
func (p TicTacToe) At(sq int) byte {
	switch {
	case p.x>>sq&1 == 1:
		return 'x'
	case p.o>>sq&1 == 1:
		return 'o'
	}
	return '.'
}

// ToMove returns Max (X) when both sides have as many marks, Min (O)
// otherwise.
func (p TicTacToe) ToMove() gametree.Player {
	if bits.OnesCount16(p.x) == bits.OnesCount16(p.o) {
		return gametree.Max
	}
	return gametree.

		// terminal reports whether the game is over.
		Min
}

func (p TicTacToe) terminal() bool {
	return p.x|p.o == fullBoard || hasLine(p.x) || hasLine(p.o)
}

// Children appends the positions after each move, the empty squares in
// ascending order, or nothing if the game is over. A child's key is its
// parent's XOR the value of the new mark on its square XOR the value of "O
// to move" (the side to move changes with every move).
func (p TicTacToe) Children(buf []TicTacToe) []TicTacToe {
	if p.terminal() {
		return buf
	}
	xToMove := p.ToMove() == gametree.Max
	var piece uint64 // index of the mover's mark on square 0
	if !xToMove {
		piece = zobristTTTO
	}
	side := p.key ^ gametree.Zobrist(zobristTTTSide)
	for empty := fullBoard &^ (p.x | p.o); empty != 0; empty &= empty - 1 {
		bit := empty & -empty
		c := p
		if xToMove {
			c.x |= bit
		} else {
			c.o |= bit
		}
		c.key = side ^ gametree.Zobrist(piece+uint64(bits.TrailingZeros16(empty)))
		buf = append(buf, c)
	}
	return buf
}

// Value returns the result of a finished game, ±(10 + empty squares) or 0,
// or the open-lines heuristic of an unfinished one (see [TicTacToe]).
func (p TicTacToe) Value() int {
	empty := 9 - bits.OnesCount16(p.x|p.o)
	switch {
	case hasLine(p.x):
		return 10 + empty
	case hasLine(p.o):
		return -(10 + empty)
	case empty == 0:
		return 0
	}
	return openLines(p.o) - openLines(p.x)
}

// Key returns the position's Zobrist key: the XOR of [gametree.Zobrist](s) for each
// square s holding X, Zobrist(9+s) for each square s holding O, and
// Zobrist(18) when O is to move. The 5,478 legal positions have 5,478
// different keys (the package's tests check it), spread over all 64 bits, so
// a fixed-size table can index by any of them.
func (p TicTacToe) Key() uint64 { return p.key }

// MoveKey returns the square, 0..8, of move i: the same square is the same
// move in every position, as killer-move and history heuristics need. It
// returns −1 if i is not a move.
func (p TicTacToe) MoveKey(i int) int {
	if i < 0 || p.terminal() {
		return -1
	}
	for empty := fullBoard &^ (p.x | p.o); empty != 0; empty &= empty - 1 {
		if i == 0 {
			return bits.TrailingZeros16(empty)
		}
		i--
	}
	return -1
}

// MoveName names the square of move i, such as "b2"; an out-of-range i is
// named by its number.
func (p TicTacToe) MoveName(i int) string {
	if i >= 0 && !p.terminal() {
		j := i
		for empty := fullBoard &^ (p.x | p.o); empty != 0; empty &= empty - 1 {
			if j == 0 {
				return squareName(bits.TrailingZeros16(empty))
			}
			j--
		}
	}
	return strconv.Itoa(i)
}

// squareName names square sq in 0..8 by column a–c and row 1–3.
func squareName(sq int) string {
	return string([]byte{byte('a' + sq%3), byte('1' + sq/3)})
}
