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
//   - [Minimax]: the Max/Min form of the textbook's §6.4 (see Sources).
//   - [Negamax]: negamax with the color parameter, the pseudocode of the
//     Persian Wikipedia article on negamax.
//   - [AlphaBeta]: alpha-beta in the Max/Min form (the textbook's §6.4), with
//     shallow and deep cutoffs; fail-hard by default, fail-soft on request.
//   - [NegamaxAB]: alpha-beta in negamax form, the negamax article's
//     pseudocode (fail-soft) or Moreland's fail-hard form; with Options.TT,
//     the negamax article's negamax with a transposition table.
//   - [IterativeDeepening] (the textbook's reordering by shallower searches)
//     and [Aspiration] windows with fail-low/fail-high re-searches.
//   - [PVS]: principal variation search as Moreland writes it (fail-hard)
//     and as the Russian Wikipedia article on PVS writes it; [NegaScout]
//     (Reinefeld), with no re-search at the last ply; [Scout] (Pearl's TEST
//     and EVAL).
//   - [MTDF] over alpha-beta with memory, [SSS] (MT-SSS*, MTD(+∞)) and [Dual]
//     (MT-DUAL*, MTD(−∞)), after Plaat et al. (1996).
//   - [BNS]: Best Node Search (Rutko; the Russian Wikipedia article on it),
//     which returns a best move and a bound rather than the value.
//
// [ByName] finds a search by the names the cutoff command uses. One table,
// the registry ([Algorithms], [Lookup]), describes each name once: its
// search, its fail convention and the [Option]s it reads; [Validate] checks
// Options against it and against the options' rules, for every caller (the
// command line, the quizzes, the notebooks). [FormatValue], [FormatBound]
// and [FormatWindow] are how every text of the course writes a value, a
// bound and a window (±∞ for ±[Inf], never 2³⁰). To search
// your own game, implement gametree.Position: the file example_game_test.go
// does it for a game of sticks in a dozen lines.
//
// # Move ordering and transposition tables
//
// Children are searched in this order: the transposition table's best move
// (or the previous iteration's), then the two killer moves of the ply
// (Options.Killers), then by history score (Options.History), then by
// Options.Order's rank, ties in Children order. Killers and history know a
// move by gametree.MoveKeyer's MoveKey where the position implements it.
//
// A transposition table ([TT]) belongs to the caller: a [MapTT] never loses an
// entry; a [Table] has a fixed number of entries and a replacement scheme
// ([ReplaceAlways], [ReplaceDepth], [ReplaceTwoTier]). Entries keep the full
// key, so a shared slot never answers for the wrong position, and any size
// down to one entry gives exact values. Values and bounds in a table are from
// Max's point of view, like every value in this package.
//
// # Seeing a search
//
// Options.Trace receives every event of a search — entering a node with its
// window, a static evaluation, a cutoff with its kind, leaving a node with its
// value and bound — and a [Recorder] rebuilds the searched tree from them for
// pictures and step-through players (pkg/render) and for tests that check how
// a search ran. Node types (PV, CUT, ALL) follow Knuth and Moore as Moreland
// describes them (his article on PVS).
//
// # Cost
//
// Each search is written once, with its tracing statements
// ("if s.trace != nil { … }"). The file untraced.go holds a generated copy of
// each with those statements deleted, which runs when Options.Trace is nil:
// an unused hook costs nothing per node. It also holds, for each position
// type listed in specialized.go (the library's explicit and random trees),
// a copy of the untraced searches compiled for that type, where the
// position's methods are inlined instead of called through Go's generic
// dictionary; other position types run the generic copy, with the same
// Result. After editing a search, run "go generate ./pkg/algos"; a test
// fails while the copy is stale. A search allocates nothing per node:
// per-ply scratch space is reused.
//
// # References
//
//   - D. E. Knuth and R. W. Moore, An analysis of alpha-beta pruning,
//     Artificial Intelligence 6 (1975) 293–326.
//   - S. Russell and P. Norvig, Artificial Intelligence: A Modern Approach,
//     Fig. 5.2 (the fixture "aima-fig5.2").
//   - J. Pearl, Asymptotic properties of minimax trees and game-searching
//     procedures, Artificial Intelligence 14 (1980) 113–138 (SCOUT).
//   - A. Reinefeld, An improvement to the Scout tree search algorithm, ICCA
//     Journal 6(4) (1983) 4–14 (NegaScout).
//   - A. Plaat, J. Schaeffer, W. Pijls and A. de Bruin, Best-first
//     fixed-depth minimax algorithms, Artificial Intelligence 87 (1996)
//     255–293 (MTD(f), MT-SSS*, MT-DUAL*).
//   - D. Rutko, Fuzzified algorithm for game tree search with statistical and
//     analytical evaluation, Scientific Papers, University of Latvia 770
//     (2011) 90–111: Best Node Search.
//
// # Sources
//
// The course starts from five texts; notebooks/SOURCES.md cites them in full
// and lists the notebooks that run their claims.
//
//   - «Системы искусственного интеллекта» (Artificial intelligence systems), a
//     Russian textbook, §6.4 «Альфа — бета-процедура» (the alpha-beta
//     procedure), Figs. 6.8–6.9 and Table 6.3 — "the textbook": alpha-beta,
//     shallow and deep cutoffs, iterative deepening 2 → 3 → 6 with
//     reordering ([Minimax], [AlphaBeta], [IterativeDeepening]). No stable
//     address was found for its online edition.
//   - [Negamax (Persian Wikipedia)], «نگامکس», CC BY-SA 4.0: negamax with the
//     color parameter, with alpha-beta, and with a transposition table
//     ([Negamax], [NegamaxAB], [TT]).
//   - Bruce Moreland, Principal Variation Search, in the Chinese translation
//     of xqbase.com, [主要变例搜索] (original at
//     http://www.seanet.com/~brucemo/topics/pvs.htm): node types, fail-hard
//     PVS with fFoundPv, search instability ([PVS], [NegamaxAB] fail-hard).
//   - [Principal variation search (Russian Wikipedia)], «Поиск основных
//     вариантов», CC BY-SA 4.0: PVS in fail-soft pseudocode, NegaScout,
//     dominance and ordering claims, SCOUT, SSS* and MTD(f) ([PVS] with
//     FailSoft, [NegaScout], [Scout], [MTDF]).
//   - [Best Node Search (Russian Wikipedia)], «Лучший поиск узлов», CC BY-SA
//     4.0: nextGuess, betterCount, and its efficiency claim ([BNS],
//     [NextGuess]).
//
// [Negamax (Persian Wikipedia)]: https://fa.wikipedia.org/wiki/نگامکس
// [主要变例搜索]: https://www.xqbase.com/computer/advanced_pvs.htm
// [Principal variation search (Russian Wikipedia)]: https://ru.wikipedia.org/wiki/Поиск_основных_вариантов
// [Best Node Search (Russian Wikipedia)]: https://ru.wikipedia.org/wiki/Лучший_поиск_узлов
package algos

//go:generate go run ./internal/untrace/gen
