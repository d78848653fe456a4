// Package gametree defines the positions that every search in Cutoff runs
// on: the [Position] interface and its optional abilities, explicit trees
// written as literals, and the textbook trees. The positions themselves
// live beside it, one package per job: package random generates random
// trees (pkg/gametree/random), package games holds tic-tac-toe and Nim
// (pkg/games), package connect4 Connect Four (pkg/connect4); package
// gametreetest checks that any of them keeps the interface's contract, and
// package input reads them from the text the command line takes.
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
// stored in a transposition table, [MoveNamer] positions name their moves,
// [MoveKeyer] positions give moves an identity across positions, and
// [Boarder] positions draw themselves as a [Board]. [Zobrist] is the key
// generator the games share.
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
// # Conventions
//
// Value is always from Max's point of view (higher is better for Max), as in
// the negamax pseudocode of the Persian Wikipedia article on negamax, where a
// negamax search multiplies it by the color of the side to move.
package gametree
