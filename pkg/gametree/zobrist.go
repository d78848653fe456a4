package gametree

// ZobristSeed is the seed of [Zobrist]'s generator.
const ZobristSeed = 0x5A0B21

// Zobrist returns the Zobrist value of index i:
//
//	z(i) = SplitMix64(SplitMix64(0x5A0B21) XOR i)
//
// with [SplitMix64] the standard splitmix64 mix, so that any other
// implementation can reproduce the keys of the games (packages games and
// connect4: Connect Four needs no Zobrist key, its bitboards are one).
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
// Each game documents its index layout, the index of each feature; those of
// package games are:
//
//   - TicTacToe: X on square s (0..8) is index s, O on square s is 9+s,
//     and "O (Min) to move" is 18. The empty board with X to move has key 0.
//   - Nim: pile p (0..3) holding s stones, s in 1..15, is index 16p+s (an
//     empty pile has no feature), and "Min to move" is 64. The position
//     without stones, Max to move, has key 0.
//
// Zobrist costs one SplitMix64 (the inner one is a constant the compiler
// folds) and is inlined.
func Zobrist(i uint64) uint64 { return SplitMix64(SplitMix64(ZobristSeed) ^ i) }

// SplitMix64 returns the standard splitmix64 mix of x:
//
//	z := x + 0x9e3779b97f4a7c15
//	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//	return z ^ (z >> 31)
//
// It is [Zobrist]'s mix and the only source of randomness of the
// generators of package random (Uniform, StronglyOrdered), so any
// implementation of it reproduces their keys and trees. SplitMix64(0) is
// 0xe220a8397b1dcdaf. It costs a few nanoseconds and is inlined.
func SplitMix64(x uint64) uint64 {
	z := x + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
