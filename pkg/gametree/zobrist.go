package gametree

// ZobristSeed is the seed of [Zobrist]'s generator.
const ZobristSeed = 0x5A0B21

// Zobrist returns the Zobrist value of index i:
//
//	z(i) = SplitMix64(SplitMix64(0x5A0B21) XOR i)
//
// with [SplitMix64] the standard splitmix64 mix, so that any other
// implementation can reproduce the keys of this package's games.
//
// # Zobrist hashing
//
// A. L. Zobrist (1970) gives every "feature" of a position — a piece on a
// square, the side to move — a random 64-bit value, and a position's key is
// the XOR of the values of the features it has. A move changes few
// features, so a child's key is its parent's key XOR the values of the
// features the move adds or removes: two or three XORs instead of a scan
// of the board. Equal positions get equal keys whatever the moves that led
// to them (XOR is commutative), which is what a transposition table needs;
// different positions share a key only by a 2⁻⁶⁴-scale accident, which is
// why a table still stores the whole key and a search tolerates the rare
// collision rather than relying on there being none.
//
// Each game documents its index layout, the index of each feature:
//
//   - [TicTacToe]: X on square s (0..8) is index s, O on square s is 9+s,
//     and "O (Min) to move" is 18. The empty board with X to move has key 0.
//   - [Nim]: pile p (0..3) holding s stones, s in 1..15, is index 16p+s (an
//     empty pile has no feature), and "Min to move" is 64. The position
//     without stones, Max to move, has key 0.
//
// Zobrist costs one SplitMix64 (the inner one is a constant the compiler
// folds) and is inlined.
func Zobrist(i uint64) uint64 { return SplitMix64(SplitMix64(ZobristSeed) ^ i) }

// Indices of the tic-tac-toe features (see [Zobrist]).
const (
	zobristTTTO    = 9  // O on square s is zobristTTTO + s; X on s is s
	zobristTTTSide = 18 // O to move
)

// Indices of the Nim features (see [Zobrist]).
const (
	zobristNimSide = 64 // Min to move; pile p with s ≥ 1 stones is 16p + s
)

// ticTacToeKey computes the key of the board x, o (masks of the squares
// holding X and O) from scratch; the side to move follows from the counts.
func ticTacToeKey(x, o uint16) uint64 {
	var k uint64
	for s := range 9 {
		if x>>s&1 == 1 {
			k ^= Zobrist(uint64(s))
		}
		if o>>s&1 == 1 {
			k ^= Zobrist(zobristTTTO + uint64(s))
		}
	}
	if (TicTacToe{x: x, o: o}).ToMove() == Min {
		k ^= Zobrist(zobristTTTSide)
	}
	return k
}

// nimPileKey is the Zobrist value of pile p holding s stones: none for an
// empty pile.
func nimPileKey(p, s int) uint64 {
	if s == 0 {
		return 0
	}
	return Zobrist(uint64(16*p + s))
}
