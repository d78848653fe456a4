// Package c4bits holds Connect Four's bitboard arithmetic, shared by
// gametree's ConnectFour and the connect4 solver: Pascal Pons' layout of 7
// bits per column, bottom to top, the seventh a sentinel row that stays
// empty so that shifted alignments never wrap from one column to the next.
package c4bits

// The board's shape and masks.
const (
	Width  = 7
	Height = 6
	Cells  = Width * Height // 42
	Col    = Height + 1     // bits per column

	Bottom = 0b1000000100000010000001000000100000010000001 // bit 0 of every column
	Board  = Bottom * (1<<Height - 1)                      // every playable cell
)

// Top returns column col's top playable cell.
func Top(col int) uint64 { return 1 << (Height - 1 + col*Col) }

// BottomOf returns column col's bottom cell.
func BottomOf(col int) uint64 { return 1 << (col * Col) }

// ColumnMask returns column col's playable cells.
func ColumnMask(col int) uint64 { return (1<<Height - 1) << (col * Col) }

// Playable returns the cell where a stone would land in each column that
// has room: one bit per open column.
func Playable(mask uint64) uint64 { return (mask + Bottom) & Board }

// Aligned reports whether stones holds four in a row: for each direction
// (1 vertical, 7 horizontal, 6 and 8 diagonal), stones & stones>>d marks the
// starts of pairs, and two pairs 2d apart are four.
func Aligned(stones uint64) bool {
	for _, d := range [4]uint{1, Col, Col - 1, Col + 1} {
		m := stones & (stones >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// Threats returns the empty cells (of the whole board, playable now or
// not) where a stone would give stones four in a row: in each direction, a
// cell with three stones beside it on one side, or two on one side and one
// on the other.
func Threats(stones, mask uint64) uint64 {
	// Unrolled, so that every shift is by a constant.
	r := (stones << 1) & (stones << 2) & (stones << 3) // three below
	r |= lineThreats(stones, Col)
	r |= lineThreats(stones, Col-1)
	r |= lineThreats(stones, Col+1)
	return r & (Board ^ mask)
}

// lineThreats is Threats in direction d: the cells with two stones on one
// side and one or two on the other.
func lineThreats(stones uint64, d uint) uint64 {
	up := (stones << d) & (stones << (2 * d))   // two on the lower side
	down := (stones >> d) & (stones >> (2 * d)) // two on the upper side
	return up&(stones<<(3*d)|stones>>d) | down&(stones<<d|stones>>(3*d))
}

// Mirror returns a board (or a key: any value whose columns are separate
// 7-bit fields) reflected left to right: column c becomes column 6 − c.
func Mirror(b uint64) uint64 {
	const f = 1<<Col - 1
	return (b&f)<<(6*Col) | (b>>Col&f)<<(5*Col) | (b>>(2*Col)&f)<<(4*Col) |
		b&(f<<(3*Col)) |
		(b>>(4*Col)&f)<<(2*Col) | (b>>(5*Col)&f)<<Col | b>>(6*Col)&f
}
