package gametree

// Board is a game position as a small grid, for pictures (render's
// TreeOptions.Boards draws it inside the position's node): rows top first.
type Board struct {
	Kind  BoardKind
	Cells [][]Cell
}

// BoardKind says how a board's cells are drawn.
type BoardKind int8

const (
	// Marks: a grid of squares marked X (Max's) and O (Min's): tic-tac-toe.
	Marks BoardKind = iota
	// Discs: a grid of holes with Max's and Min's discs in two colours:
	// Connect Four.
	Discs
	// Piles: one row per pile, a token per cell (Cell Token): Nim.
	Piles
)

// Cell is one cell of a board.
type Cell int8

const (
	Empty    Cell = iota
	MaxPiece      // X, or the first player's disc
	MinPiece      // O, or the second player's disc
	Token         // a token of a pile (Nim)
)

// Boarder is a position that can be drawn as a Board.
type Boarder interface {
	Board() Board
}

var (
	_ Boarder = TicTacToe{}
	_ Boarder = ConnectFour{}
	_ Boarder = Nim{}
)

// Board implements Boarder: 3 × 3 squares, X for Max, O for Min.
func (p TicTacToe) Board() Board {
	b := Board{Kind: Marks}
	for r := range 3 {
		row := make([]Cell, 3)
		for c := range 3 {
			switch p.At(3*r + c) {
			case 'x':
				row[c] = MaxPiece
			case 'o':
				row[c] = MinPiece
			}
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}

// Board implements Boarder: 6 rows of 7 holes, top row first; X (the
// first player, Max) and O discs.
func (p ConnectFour) Board() Board {
	b := Board{Kind: Discs}
	for r := C4Height - 1; r >= 0; r-- {
		row := make([]Cell, C4Width)
		for c := range C4Width {
			switch p.At(c, r) {
			case 'X':
				row[c] = MaxPiece
			case 'O':
				row[c] = MinPiece
			}
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}

// Board implements Boarder: a row per pile, as many tokens as the pile
// holds (rows as long as the largest pile).
func (g Nim) Board() Board {
	b := Board{Kind: Piles}
	piles := g.Piles()
	width := 1
	for _, n := range piles {
		width = max(width, n)
	}
	for _, n := range piles {
		row := make([]Cell, width)
		for i := range n {
			row[i] = Token
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}
