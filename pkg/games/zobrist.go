package games

import "github.com/cutoff-go/cutoff/pkg/gametree"

// Indices of the tic-tac-toe features (see [gametree.Zobrist]).
const (
	zobristTTTO    = 9  // O on square s is zobristTTTO + s; X on s is s
	zobristTTTSide = 18 // O to move
)

// Indices of the Nim features (see [gametree.Zobrist]).
const (
	zobristNimSide = 64 // Min to move; pile p with s ≥ 1 stones is 16p + s
)

// ticTacToeKey computes the key of the board x, o (masks of the squares
// holding X and O) from scratch; the side to move follows from the counts.
func ticTacToeKey(x, o uint16) uint64 {
	var k uint64
	for s := range 9 {
		if x>>s&1 == 1 {
			k ^= gametree.Zobrist(uint64(s))
		}
		if o>>s&1 == 1 {
			k ^= gametree.Zobrist(zobristTTTO + uint64(s))
		}
	}
	if (TicTacToe{x: x, o: o}).ToMove() == gametree.Min {
		k ^= gametree.Zobrist(zobristTTTSide)
	}
	return k
}

// nimPileKey is the Zobrist value of pile p holding s stones: none for an
// empty pile.
func nimPileKey(p, s int) uint64 {
	if s == 0 {
		return 0
	}
	return gametree.Zobrist(uint64(16*p + s))
}
