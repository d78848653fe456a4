// Package games holds the course's small complete games as
// gametree.Position values: [TicTacToe] (noughts and crosses, on two 9-bit
// boards) and [Nim] (up to four piles of up to 15 stones, the
// transposition-table lesson). Both keep a Zobrist key (gametree.Zobrist),
// name and number their moves, and draw themselves as a gametree.Board.
// Connect Four, a real game with its own solver, is package connect4.
package games
