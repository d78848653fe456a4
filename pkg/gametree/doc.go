// Package gametree defines the positions that every search in Cutoff runs on,
// and three kinds of them: explicit trees written as literals, random uniform
// trees generated lazily from a documented formula, and small games.
//
// # One interface
//
// A position is anything that implements [Position]: it lists its successors
// in move order, gives a static value from Max's point of view, and says who
// is to move. The interface is generic in the position type so that value
// types (a tree node index, a tic-tac-toe bitboard) are never boxed and a
// search allocates nothing per node:
//
//	type Position[P any] interface {
//		Children(buf []P) []P
//		Value() int
//		ToMove() Player
//	}
//
// A move is the index of a child in Children order. Optional abilities are
// found by type assertion, as gonum/graph does: [Keyed] positions can be
// stored in a transposition table, [MoveNamer] positions name their moves.
//
// # Explicit trees
//
// [Parse] reads a tree literal, in parentheses or as JSON arrays, with optional
// labels:
//
//	((3 12 8) (2 4 6) (14 5 2))
//	[[3,12,8],[2,4,6],[14,5,2]]
//	A(B(3 12 8) C(2 4 6) D(14 5 2))
//
// The root is Max unless [RootPlayer] says otherwise. Named textbook trees are
// in [Fixtures].
//
// # Random trees and games
//
// [Uniform] describes a random uniform tree (branching b, depth d, seed,
// ordering) whose leaf values follow a formula any other implementation can
// reproduce. [TicTacToe] and [Nim] are small complete games. [ConnectFour]
// is a real one, on bitboards, in Pascal Pons' conventions (move strings such
// as "4455", scores from the side to move), so that results compare line by
// line with his solver (blog.gamesolver.org).
//
// # Conventions
//
// Value is always from Max's point of view (higher is better for Max), as in
// the negamax pseudocode of the Persian Wikipedia article on negamax, where a
// negamax search multiplies it by the color of the side to move.
package gametree
