package gametree

import (
	"fmt"
	"github.com/cutoff-go/cutoff/internal/c4bits"
	"math/bits"
	"strconv"
	"strings"
)

// Connect Four's board: 7 columns of 6 rows.
const (
	C4Width  = 7
	C4Height = 6
	// C4Score is the scale of [ConnectFour.Value]: a finished game is worth
	// C4Score × its score in Pascal Pons' convention (see [ConnectFour]),
	// and the heuristic of an unfinished one stays strictly between −C4Score
	// and C4Score, so that it never looks like a result.
	C4Score = 64
)

// Bit layout (Pascal Pons' solver, blog.gamesolver.org): column c holds bits
// c·7 … c·7+5, bottom to top, and bit c·7+6 is a sentinel row that stays
// empty, so that shifted alignments never wrap from one column to the next.
// The arithmetic lives in internal/c4bits, shared with the connect4 solver.
const (
	c4Col   = c4bits.Col
	c4Cells = c4bits.Cells
)

// ConnectFour is a position of Connect Four, 7 columns × 6 rows, on two
// bitboards: the first player's stones and every stone (Pons' position and
// mask, with the first player's stones in place of the mover's). The first
// player, X, is [Max] and moves first; O is [Min].
//
// Moves are columns, numbered 1–7 from the left in names and move strings
// (Pons' convention: "4455" plays columns 4, 4, 5, 5 from the empty board),
// 0–6 in [ConnectFour.MoveKey]. Children lists the playable columns left to
// right; ordering them (centre first, by threats) is the searcher's business.
//
// A game ends when a move completes four in a row (horizontally,
// vertically or diagonally) or fills the board. Its score is Pons': from the
// side to move, 22 − the winner's stones when it wins (negative when it
// loses), 0 for a draw; [ConnectFour.Score] gives it for a finished
// position, whose side to move has lost or drawn.
// [ConnectFour.Value] is from Max's point of view, scaled by [C4Score]: a
// finished game is worth ±C4Score·(22 − the winner's stones) or 0; an
// unfinished one is worth its open threats, the empty cells that would
// complete four for X minus those for O (a count in −41 … 41).
//
// Key is position + mask (Pons' key, with X's stones): unique per position,
// so a transposition table can trust it. Every method is O(1) and
// allocation-free except String and MoveName. The zero ConnectFour is the
// empty board.
type ConnectFour struct {
	x, mask uint64 // X's stones, every stone
	moves   int8   // stones on the board
	over    bool   // the last move won
}

var (
	_ Position[ConnectFour] = ConnectFour{}
	_ Keyed                 = ConnectFour{}
	_ MoveNamer             = ConnectFour{}
	_ MoveKeyer             = ConnectFour{}
)

// NewConnectFour returns the empty board, X to move.
func NewConnectFour() ConnectFour { return ConnectFour{} }

// ParseConnectFour plays a move string in Pons' convention from the empty
// board: one digit 1–7 per move, the column played. It returns an error
// naming the byte offset and the reason for a byte that is not a column
// digit, a move into a full column, and a move after the game was won.
// (A string whose last move wins is a finished position, not an error.)
func ParseConnectFour(moves string) (ConnectFour, error) {
	p := ConnectFour{}
	for i := 0; i < len(moves); i++ {
		ch := moves[i]
		if ch < '1' || ch > '0'+C4Width {
			return ConnectFour{}, fmt.Errorf("connect four: offset %d: %q is not a column digit 1-%d", i, ch, C4Width)
		}
		col := int(ch - '1')
		switch {
		case p.over:
			return ConnectFour{}, fmt.Errorf("connect four: offset %d: the game is already won", i)
		case !p.CanPlay(col):
			return ConnectFour{}, fmt.Errorf("connect four: offset %d: column %d is full", i, col+1)
		}
		p = p.Play(col)
	}
	return p, nil
}

// CanPlay reports whether column col (0–6) has room for a stone.
func (p ConnectFour) CanPlay(col int) bool {
	return col >= 0 && col < C4Width && p.mask&c4bits.Top(col) == 0
}

// Play returns the position after a stone in column col (0–6). The caller
// checks [ConnectFour.CanPlay] and that the game is not over.
func (p ConnectFour) Play(col int) ConnectFour {
	bit := (p.mask + c4bits.BottomOf(col)) & c4bits.ColumnMask(col)
	c := p
	if p.ToMove() == Max {
		c.x |= bit
	}
	c.mask |= bit
	c.moves++
	c.over = c4bits.Aligned(c.lastMover())
	return c
}

// lastMover returns the stones of the side that made the last move.
func (p ConnectFour) lastMover() uint64 {
	if p.moves%2 == 1 {
		return p.x
	}
	return p.x ^ p.mask
}

// Moves returns the number of stones on the board.
func (p ConnectFour) Moves() int { return int(p.moves) }

// ToMove returns Max (X) after an even number of moves, else Min (O).
func (p ConnectFour) ToMove() Player {
	if p.moves%2 == 0 {
		return Max
	}
	return Min
}

// Over reports whether the game is finished: the last move won, or the
// board is full.
func (p ConnectFour) Over() bool { return p.over || p.moves == c4Cells }

// Won reports whether the last move completed four in a row.
func (p ConnectFour) Won() bool { return p.over }

// Children appends the positions after a stone in each playable column, left
// to right, or nothing if the game is over.
func (p ConnectFour) Children(buf []ConnectFour) []ConnectFour {
	if p.Over() {
		return buf
	}
	for col := 0; col < C4Width; col++ {
		if p.CanPlay(col) {
			buf = append(buf, p.Play(col))
		}
	}
	return buf
}

// Score returns a finished game's score in Pons' convention, from the side
// to move: −(22 − the winner's stones) when the last move won (the side to
// move has lost), 0 for a draw. ok is false when the game is not finished.
func (p ConnectFour) Score() (score int, ok bool) {
	switch {
	case p.over:
		return (int(p.moves)+1)/2 - (c4Cells+2)/2, true
	case p.moves == c4Cells:
		return 0, true
	}
	return 0, false
}

// Value returns C4Score × the score of a finished game from Max's point of
// view, or the open-threats heuristic of an unfinished one (see
// [ConnectFour]).
func (p ConnectFour) Value() int {
	if s, ok := p.Score(); ok {
		return int(p.ToMove()) * C4Score * s
	}
	o := p.x ^ p.mask
	return bits.OnesCount64(c4bits.Threats(p.x, p.mask)) - bits.OnesCount64(c4bits.Threats(o, p.mask))
}

// Key returns x + mask, a unique key of the position (Pons' key with X's
// stones for the mover's: the mover follows from the number of stones).
func (p ConnectFour) Key() uint64 { return p.x + p.mask }

// MoveKey returns the column, 0–6, of move i, or −1 if i is not a move.
func (p ConnectFour) MoveKey(i int) int {
	if i < 0 || p.Over() {
		return -1
	}
	for col := 0; col < C4Width; col++ {
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
func (p ConnectFour) MoveName(i int) string {
	if col := p.MoveKey(i); col >= 0 {
		return strconv.Itoa(col + 1)
	}
	return "[" + strconv.Itoa(i) + "]"
}

// String draws the board, top row first: X, O and . for an empty cell, one
// row per line.
func (p ConnectFour) String() string {
	var b strings.Builder
	for row := C4Height - 1; row >= 0; row-- {
		for col := 0; col < C4Width; col++ {
			bit := uint64(1) << (col*c4Col + row)
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
func (p ConnectFour) At(col, row int) byte {
	if col < 0 || col >= C4Width || row < 0 || row >= C4Height {
		return 0
	}
	bit := uint64(1) << (col*c4Col + row)
	switch {
	case p.x&bit != 0:
		return 'X'
	case p.mask&bit != 0:
		return 'O'
	}
	return '.'
}

// Bitboards returns X's stones and every stone, in Pons' layout (see
// internal/c4bits): bit col·7+row, bottom row 0, the seventh bit of each
// column empty. Solvers work on these directly.
func (p ConnectFour) Bitboards() (x, mask uint64) { return p.x, p.mask }
