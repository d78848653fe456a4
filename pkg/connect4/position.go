package connect4

import (
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"math/bits"
	"strconv"
	"strings"
)

// ValueScale is the scale of [Position.Value]: a finished game is worth
// ValueScale × its score in Pascal Pons' convention (see [Position]), and
// the heuristic of an unfinished one stays strictly between −ValueScale and
// ValueScale, so that it never looks like a result.
const ValueScale = 64

// Position is a position of Connect Four, 7 columns × 6 rows, on two
// bitboards: the first player's stones and every stone (Pons' position and
// mask, with the first player's stones in place of the mover's). The first
// player, X, is [gametree.Max] and moves first; O is [gametree.Min].
//
// Moves are columns, numbered 1–7 from the left in names and move strings
// (Pons' convention: "4455" plays columns 4, 4, 5, 5 from the empty board),
// 0–6 in [Position.MoveKey]. Children lists the playable columns left to
// right; ordering them (centre first, by threats) is the searcher's business.
//
// A game ends when a move completes four in a row (horizontally,
// vertically or diagonally) or fills the board. Its score is Pons': from the
// side to move, 22 − the winner's stones when it wins (negative when it
// loses), 0 for a draw; [Position.Score] gives it for a finished
// position, whose side to move has lost or drawn.
// [Position.Value] is from Max's point of view, scaled by [ValueScale]: a
// finished game is worth ±ValueScale·(22 − the winner's stones) or 0; an
// unfinished one is worth its open threats, the empty cells that would
// complete four for X minus those for O (a count in −41 … 41).
//
// Key is position + mask (Pons' key, with X's stones): unique per position,
// so a transposition table can trust it. Every method is O(1) and
// allocation-free except String and MoveName. The zero Position is the
// empty board.
type Position struct {
	x, mask uint64 // X's stones, every stone
	moves   int8   // stones on the board
	over    bool   // the last move won
}

var (
	_ gametree.Position[Position] = Position{}
	_ gametree.Keyed              = Position{}
	_ gametree.MoveNamer          = Position{}
	_ gametree.MoveKeyer          = Position{}
	_ gametree.Boarder            = Position{}
)

// NewPosition returns the empty board, X to move.
func NewPosition() Position { return Position{} }

// ParsePosition plays a move string in Pons' convention from the empty
// board: one digit 1–7 per move, the column played. It returns an error
// naming the byte offset and the reason for a byte that is not a column
// digit, a move into a full column, and a move after the game was won.
// (A string whose last move wins is a finished position, not an error.)
func ParsePosition(moves string) (Position, error) {
	p := Position{}
	for i := 0; i < len(moves); i++ {
		ch := moves[i]
		if ch < '1' || ch > '0'+Width {
			return Position{}, fmt.Errorf("connect four: offset %d: %q is not a column digit 1-%d", i, ch, Width)
		}
		col := int(ch - '1')
		switch {
		case p.over:
			return Position{}, fmt.Errorf("connect four: offset %d: the game is already won", i)
		case !p.CanPlay(col):
			return Position{}, fmt.Errorf("connect four: offset %d: column %d is full", i, col+1)
		}
		p = p.Play(col)
	}
	return p, nil
}

// CanPlay reports whether column col (0–6) has room for a stone.
func (p Position) CanPlay(col int) bool {
	return col >= 0 && col < Width && p.mask&topCell(col) == 0
}

// Play returns the position after a stone in column col (0–6). The caller
// checks [Position.CanPlay] and that the game is not over.
func (p Position) Play(col int) Position {
	bit := (p.mask + bottomCell(col)) & columnMask(col)
	c := p
	if p.ToMove() == gametree.Max {
		c.x |= bit
	}
	c.mask |= bit
	c.moves++
	c.over = aligned(c.lastMover())
	return c
}

// lastMover returns the stones of the side that made the last move.
func (p Position) lastMover() uint64 {
	if p.moves%2 == 1 {
		return p.x
	}
	return p.x ^ p.mask
}

// Moves returns the number of stones on the board.
func (p Position) Moves() int { return int(p.moves) }

// ToMove returns Max (X) after an even number of moves, else Min (O).
func (p Position) ToMove() gametree.Player {
	if p.moves%2 == 0 {
		return gametree.Max
	}
	return gametree.

		// Over reports whether the game is finished: the last move won, or the
		// board is full.
		Min
}

func (p Position) Over() bool { return p.over || p.moves == cells }

// Won reports whether the last move completed four in a row.
func (p Position) Won() bool { return p.over }

// Children appends the positions after a stone in each playable column, left
// to right, or nothing if the game is over.
func (p Position) Children(buf []Position) []Position {
	if p.Over() {
		return buf
	}
	for col := 0; col < Width; col++ {
		if p.CanPlay(col) {
			buf = append(buf, p.Play(col))
		}
	}
	return buf
}

// Score returns a finished game's score in Pons' convention, from the side
// to move: −(22 − the winner's stones) when the last move won (the side to
// move has lost), 0 for a draw. ok is false when the game is not finished.
func (p Position) Score() (score int, ok bool) {
	switch {
	case p.over:
		return (int(p.moves)+1)/2 - (cells+2)/2, true
	case p.moves == cells:
		return 0, true
	}
	return 0, false
}

// Value returns ValueScale × the score of a finished game from Max's point of
// view, or the open-threats heuristic of an unfinished one (see
// [Position]).
func (p Position) Value() int {
	if s, ok := p.Score(); ok {
		return int(p.ToMove()) * ValueScale * s
	}
	o := p.x ^ p.mask
	return bits.OnesCount64(threats(p.x, p.mask)) - bits.OnesCount64(threats(o, p.mask))
}

// Key returns x + mask, a unique key of the position (Pons' key with X's
// stones for the mover's: the mover follows from the number of stones).
func (p Position) Key() uint64 { return p.x + p.mask }

// MoveKey returns the column, 0–6, of move i, or −1 if i is not a move.
func (p Position) MoveKey(i int) int {
	if i < 0 || p.Over() {
		return -1
	}
	for col := 0; col < Width; col++ {
		if p.CanPlay(col) {
			if i == 0 {
				return col
			}
			i--
		}
	}
	return -1
}

// MoveName names move i by its column, "1"–"7" as in Pons' move strings; an
// out-of-range i is named by its number in brackets.
func (p Position) MoveName(i int) string {
	if col := p.MoveKey(i); col >= 0 {
		return strconv.Itoa(col + 1)
	}
	return "[" + strconv.Itoa(i) + "]"
}

// String draws the board, top row first: X, O and . for an empty cell, one
// row per line.
func (p Position) String() string {
	var b strings.Builder
	for row := Height - 1; row >= 0; row-- {
		for col := 0; col < Width; col++ {
			bit := uint64(1) << (col*colBits + row)
			switch {
			case p.x&bit != 0:
				b.WriteByte('X')
			case p.mask&bit != 0:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
		if row > 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// At returns 'X', 'O' or '.' for the cell of column col and row row (0–6
// and 0–5, bottom row 0), or 0 outside the board.
func (p Position) At(col, row int) byte {
	if col < 0 || col >= Width || row < 0 || row >= Height {
		return 0
	}
	bit := uint64(1) << (col*colBits + row)
	switch {
	case p.x&bit != 0:
		return 'X'
	case p.mask&bit != 0:
		return 'O'
	}
	return '.'
}

// Bitboards returns X's stones and every stone, in Pons' layout: bit
// col·7+row, bottom row 0, the seventh bit of each column an empty
// sentinel. Solvers work on these directly.
func (p Position) Bitboards() (x, mask uint64) { return p.x, p.mask }

// Board implements Boarder: 6 rows of 7 holes, top row first; X (the
// first player, Max) and O discs.
func (p Position) Board() gametree.Board {
	b := gametree.Board{Kind: gametree.Discs}
	for r := Height - 1; r >= 0; r-- {
		row := make([]gametree.Cell, Width)
		for c := range Width {
			switch p.At(c, r) {
			case 'X':
				row[c] = gametree.MaxPiece
			case 'O':
				row[c] = gametree.MinPiece
			}
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}
