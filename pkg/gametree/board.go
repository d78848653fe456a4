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
