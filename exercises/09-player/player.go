// Package player is exercise 09: a tic-tac-toe player that deepens its
// search one ply at a time, remembers positions in a transposition table and
// stops when its node budget runs out. See README.md for the task and how it
// is graded.
package player

import "github.com/cutoff-go/cutoff/exercises/grade"

// BestMove returns the move to play in the tic-tac-toe position n: an index
// into n.Children(). n is not finished (it has at least one move); X is Max
// and O is Min (n.Max()), and n.Value() is from X's point of view: ±(10 +
// empty squares) for a won game, 0 for a draw, a heuristic in [−8, 8]
// for an unfinished position.
//
// Search by iterative deepening: alpha-beta in the negamax form (fail-soft)
// to depth 1, then 2, 3, …, until an iteration evaluated no position at its
// depth limit (every line it searched ended in a finished game). Keep one
// transposition table for the whole call, keyed by n.Key() (the Persian
// Wikipedia negamax article's third pseudocode): an entry holds a value, its
// bound (exact, lower, upper), the depth it was searched to and the best move
// found; an entry searched at least as deep settles a position or narrows its
// window, and its best move is searched first. At the root, search the best
// move of the previous iteration first.
//
// budget bounds the visits of the whole call: a visit is a call of
// Children that returns at least one child (an expansion) or a call of Value
// (an evaluation), exactly what the grader counts. Count your own visits and
// never make the visit after the budget-th: when the budget runs out in the
// middle of an iteration, drop that iteration and return the best move of
// the last finished one (move 0 if none finished). budget is at least 1.
func BestMove(n grade.Node, budget int) int {
	panic("TODO(ex09): write BestMove")
}
