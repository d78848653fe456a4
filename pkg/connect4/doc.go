// Package connect4 is Connect Four in one place: the game's [Position], on
// two bitboards in Pascal Pons' conventions (move strings such as "4455",
// scores from the side to move), so that results compare line by line with
// his solver, and a [Solver] of its positions, built one idea of the course
// at a time after his tutorial
// (blog.gamesolver.org, parts 4–12; his code is github.com/PascalPons/connect4),
// so that each step can be switched on in [Options] and its node count
// compared with his: a node is one call of the negamax function, as he
// counts them.
//
// # Steps
//
// In his order: alpha-beta negamax with the score bounds of the position (no
// score can beat winning with the next stone), centre-first move order, a
// transposition table of upper bounds, iterative deepening by null-window
// bisection (the MTD idea of notebook 07), skipping moves that lose at once,
// ordering by threats created, and a table of lower bounds too. [Part] gives
// the options of each of his parts; with them, this package's node counts
// equal his line by line. [Default] adds what this package does beyond him:
// a move that leaves the opponent no parry scored without a call
// (Lookahead), enhanced transposition cutoffs (ETC), both bounds and the best
// move in one entry (FullTable), and a position and its mirror image sharing
// an entry (Mirror).
//
// # Scores
//
// Scores are Pons': from the side to move, 22 − the winner's stones for a
// win, 0 for a draw, negative for a loss ("4455" scores 18: X wins with its
// 4th stone). The weak mode only tells win (1), draw (0) or loss (−1).
// [Position.Value] is [ValueScale] (64) × the score of a finished game, from
// Max's side, for the course's generic searches (pkg/algos).
//
// # Test sets
//
// Pons' six classes of test positions, this project's own sets under
// testdata/connect4 and the loop that solves such files (`cutoff solve`)
// are package testset (pkg/connect4/testset), outside the solver's API.
//
// # Cost
//
// [New] allocates the table once (Options.TableBits, default 64 MiB; on
// Linux mapped outside Go's heap and advised into 2 MiB pages, which spares
// most probes a TLB miss) and touches its pages; [Solver.Reset] forgets it in
// O(1); Solve allocates nothing.
package connect4
