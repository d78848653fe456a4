package connect4

// Connect Four's bitboard arithmetic, shared by [Position] and the
// [Solver]: Pascal Pons' layout of 7 bits per column, bottom to top, the
// seventh a sentinel row that stays empty so that shifted alignments never
// wrap from one column to the next.

// The board's shape and masks.
const (
	Width   = 7              // columns
	Height  = 6              // rows
	cells   = Width * Height // 42
	colBits = Height + 1     // bits per column

	bottomRow = 0b1000000100000010000001000000100000010000001 // bit 0 of every column
	boardMask = bottomRow * (1<<Height - 1)                   // every playable cell
)

// topCell returns column col's top playable cell.
func topCell(col int) uint64 { return 1 << (Height - 1 + col*colBits) }

// bottomCell returns column col's bottom cell.
func bottomCell(col int) uint64 { return 1 << (col * colBits) }

// columnMask returns column col's playable cells.
func columnMask(col int) uint64 { return (1<<Height - 1) << (col * colBits) }

// playableCells returns the cell where a stone would land in each column that
// has room: one bit per open column.
func playableCells(mask uint64) uint64 { return (mask + bottomRow) & boardMask }

// aligned reports whether stones holds four in a row: for each direction
// (1 vertical, 7 horizontal, 6 and 8 diagonal), stones & stones>>d marks the
// starts of pairs, and two pairs 2d apart are four.
func aligned(stones uint64) bool {
	for _, d := range [4]uint{1, colBits, colBits - 1, colBits + 1} {
		m := stones & (stones >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// threats returns the empty cells (of the whole board, playable now or
// not) where a stone would give stones four in a row: in each direction, a
// cell with three stones beside it on one side, or two on one side and one
// on the other.
func threats(stones, mask uint64) uint64 {
	// Unrolled, so that every shift is by a constant.
	r := (stones << 1) & (stones << 2) & (stones << 3) // three below
	r |= lineThreats(stones, colBits)
	r |= lineThreats(stones, colBits-1)
	r |= lineThreats(stones, colBits+1)
	return r & (boardMask ^ mask)
}

// lineThreats is Threats in direction d: the cells with two stones on one
// side and one or two on the other.
func lineThreats(stones uint64, d uint) uint64 {
	up := (stones << d) & (stones << (2 * d))   // two on the lower side
	down := (stones >> d) & (stones >> (2 * d)) // two on the upper side
	return up&(stones<<(3*d)|stones>>d) | down&(stones<<d|stones>>(3*d))
}

// mirror returns a board (or a key: any value whose columns are separate
// 7-bit fields) reflected left to right: column c becomes column 6 − c.
func mirror(b uint64) uint64 {
	const f = 1<<colBits - 1
	return (b&f)<<(6*colBits) | (b>>colBits&f)<<(5*colBits) | (b>>(2*colBits)&f)<<(4*colBits) |
		b&(f<<(3*colBits)) |
		(b>>(4*colBits)&f)<<(2*colBits) | (b>>(5*colBits)&f)<<colBits | b>>(6*colBits)&f
}
