// Package algos implements the game-tree searches Cutoff teaches, each on any
// [gametree.Position], each with the same shape:
//
//	func AlphaBeta[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error)
//
// A Result holds the value (always from Max's point of view), the best move,
// the principal variation and [Stats]: nodes, leaves (static evaluations),
// cutoffs split into shallow and deep. A nil *Options means the defaults.
// Bad arguments (a negative depth, an empty window) are errors, and
// Options.MaxNodes bounds the work of a search on a huge tree.
//
// # Algorithms
//
//   - [Minimax]: the Max/Min form of the course's seed 004.
//   - [Negamax]: negamax with the color parameter, seed 002's pseudocode.
//   - [AlphaBeta]: alpha-beta in the Max/Min form (seed 004, §6.4), with
//     shallow and deep cutoffs; fail-hard by default, fail-soft on request.
//   - [NegamaxAB]: alpha-beta in negamax form, seed 002's pseudocode
//     (fail-soft) or Moreland's fail-hard form (seed 001).
//
// [ByName] finds a search by the names the cutoff command uses. To search
// your own game, implement gametree.Position: the file example_game_test.go
// does it for a game of sticks in a dozen lines.
//
// # Seeing a search
//
// Options.Trace receives every event of a search — entering a node with its
// window, a static evaluation, a cutoff with its kind, leaving a node with its
// value and bound — and a [Recorder] rebuilds the searched tree from them for
// pictures and step-through players (pkg/render) and for tests that check how
// a search ran. Node types (PV, CUT, ALL) follow Knuth and Moore as Moreland
// describes them (seed 001).
//
// # Cost
//
// Each search is written once, with its tracing statements
// ("if s.trace != nil { … }"). The file untraced.go holds a generated copy of
// each with those statements deleted, which runs when Options.Trace is nil:
// an unused hook costs nothing per node. After editing a search, run
// "go generate ./pkg/algos"; a test fails while the copy is stale. A search
// allocates nothing per node: per-ply scratch space is reused.
//
// # References
//
//   - D. E. Knuth and R. W. Moore, An analysis of alpha-beta pruning,
//     Artificial Intelligence 6 (1975) 293–326.
//   - S. Russell and P. Norvig, Artificial Intelligence: A Modern Approach,
//     Fig. 5.2 (the fixture "aima-fig5.2").
//   - The course's seeds (shared/seeds): 004 on alpha-beta and deep cutoffs,
//     002 on negamax, 001 (Moreland) on node types and PVS.
package algos

//go:generate go run ./internal/untrace/gen
