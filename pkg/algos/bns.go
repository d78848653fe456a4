package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// BNS is Best Node Search (D. Rutko, Fuzzified algorithm for game tree search
// with statistical and analytical evaluation, Scientific Papers, University
// of Latvia 770 (2011) 90–111; the Russian Wikipedia article on it). It does
// not compute the root's value: it finds a best root move and a bound on the
// value, by asking of every root move still in play whether its value reaches
// a test value, and keeping only the moves that do. The article's pseudocode,
// in the view of the side to move at the root (negamax):
//
//	function nextGuess(α, β, subtreeCount) is
//	    return α + (β − α) × (subtreeCount − 1) / subtreeCount
//
//	function bns(node, α, β) is
//	    subtreeCount := number of children of node
//	    do
//	        test := nextGuess(α, β, subtreeCount)
//	        betterCount := 0
//	        for each child of node do
//	            bestVal := −alphabeta(child, −test, −(test − 1))
//	            if bestVal ≥ test then
//	                betterCount := betterCount + 1
//	                bestNode := child
//	        (update number of sub-trees that exceeds separation test value)
//	        (update alpha-beta range)
//	    while not (β − α < 2 or betterCount = 1)
//	    return bestNode
//
// The two updates: when betterCount > 0, α := test and only the better
// children stay in play (subtreeCount := betterCount); otherwise β := test.
// So the best child's value v always lies in [α, β): when β − α < 2 it is
// α exactly, and when betterCount = 1 the one better child is the best move
// and v ≥ α. bestNode is the last better child of the last pass that had
// one; all the children still in play are then best moves.
//
// # Conventions
//
// α, β and the test are in the view of the side to move at the root, as in
// the article; for a Max root that is Max's point of view. The test is
// integer: nextGuess's product is computed exactly and divided rounding down,
// then clamped to [α + 1, β − 1] so that every pass makes progress (the
// formula gives α when one subtree is in play). opt.NextGuess replaces
// nextGuess; it is called with (α, β, subtreeCount) in the same view and its
// answer is clamped the same way.
//
// Each child is tested by a null-window search of window (test − 1, test) for
// the root's side: negamax alpha-beta (NegamaxAB, fail-soft by default,
// opt.Fail honoured) or, when opt.TT is set, alpha-beta with that table (the
// Persian Wikipedia negamax article's; the positions must implement
// gametree.Keyed), which lets later passes reuse earlier ones.
//
// # The initial range
//
// The article's formula needs a finite range: with (−∞, +∞) its first tests
// would sit near ±2³⁰ and the range would shrink by a factor of only
// (n − 1)/n per pass. BNS therefore starts from:
//
//   - opt.Window when it is set, read as the closed range of values the
//     position can take, [Alpha, Beta] in Max's point of view (for tic-tac-toe
//     {−1, 1}, for a uniform tree {0, Range − 1});
//   - otherwise an aspiration range of half-width opt.Delta (0 means DefaultDelta, 50)
//     around the first guess, *opt.Guess or the root's static value (that
//     call of Value is not counted in Stats).
//
// Neither edge is trusted: an edge is proved only by a pass (α by one with
// betterCount > 0, β by one with betterCount = 0). If the range closes on
// an edge no pass proved, the value may lie beyond it, and BNS widens the
// range on that side by a step that doubles each time, like an aspiration
// search, and goes on. So the result is right whatever the range, and a
// good range only saves passes.
//
// # Result
//
// Result.Move is the best node; Result.PV is just that move. Result.Value
// is α, in Max's point of view: Exact when the range closed (β − α < 2),
// otherwise a bound from the pass with betterCount = 1 — a Lower bound for
// a Max root (value ≥ α), an Upper bound for a Min root (Max's value ≤ −α).
// A terminal root, or depth 0, is evaluated statically: an exact value and
// no move.
//
// Each pass counts one in Stats.Passes and one in Stats.NullWindow per child
// tested, and enters the root once (one node). It is announced by a Pass
// trace event and reported in Result.Iterations and to opt.Progress; both
// carry the pass's null window (Alpha, Beta) and test (Guess, the Pass's
// Value) in Max's point of view — for a Min root a child is better when its
// value is ≤ Guess — with Value the best value the pass saw among the
// children in play (fail-soft), Better the betterCount and Move the best
// node of the pass (−1 when betterCount = 0). The root's Enter carries the
// same null window and its Exit that best value; children that earlier
// passes eliminated are absent from a pass's tree (the Recorder lists them as
// Pruned, though no cutoff pruned them).
func BNS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	color := int(root.ToMove())
	if opt != nil && opt.TT != nil {
		if err := checkKeyed(&root); err != nil {
			return Result{Move: -1}, err
		}
	}
	move, exact := -1, true
	iters := make([]Iteration, 0, 16)
	res, err := run(root, depth, opt, FailSoft, false, func(s *searcher[P], _ bounds) int {
		if depth == 0 { // the static value, one node
			if !s.count() {
				return 0
			}
			if s.trace != nil {
				return s.leafTraced(root, 0, -Inf, Inf)
			}
			s.stats.Leaves++
			return root.Value()
		}
		f := s.open(0)
		kids := s.expand(root, 0, f)
		if len(kids) == 0 { // a terminal root: its value
			if !s.count() {
				return 0
			}
			if s.trace != nil {
				s.traceEnter(root, 0, depth, -Inf, Inf)
			}
			return s.terminal(root, 0)
		}
		alpha, beta := bnsRange(root, opt, color)
		alphaProved, betaProved := alpha <= -Inf, beta >= Inf
		step := int64(beta) - int64(alpha)
		play := make([]int, len(kids)) // indices into kids (search order)
		for i := range play {
			play[i] = i
		}
		var better []int
		for {
			if beta-alpha < 2 {
				// The range has closed on α: done if both edges are proved,
				// otherwise widen the side that is not.
				if !alphaProved {
					alpha = int(max(int64(alpha)-step, -Inf))
					alphaProved = alpha <= -Inf
				} else if !betaProved {
					beta = int(min(int64(beta)+step, Inf))
					betaProved = beta >= Inf
				} else {
					break
				}
				step *= 2
				continue
			}
			test := bnsGuess(opt, alpha, beta, len(play))
			a, b := maxView(test-1, test, color)
			before := s.stats
			s.stats.Passes++
			s.stats.NullWindow += int64(len(play))
			if s.trace != nil {
				s.trace.Event(Event[P]{Kind: Pass, Depth: depth, Alpha: a, Beta: b, Value: color * test})
			}
			var best int
			if s.trace == nil {
				best, better = s.bnsPassUntraced(root, depth, test, color, play, better[:0])
			} else {
				best, better = s.bnsPass(root, depth, test, color, play, better[:0])
			}
			if s.stopped {
				return 0
			}
			it := Iteration{Depth: depth, Alpha: a, Beta: b, Guess: color * test, Value: color * best,
				Bound: BoundOf(color*best, a, b), Move: -1, Better: len(better), Stats: passStats(s, before)}
			if len(better) > 0 {
				alpha, alphaProved = test, true
				play, better = better, play
				move = f.move(play[len(play)-1])
				it.Move = move
			} else {
				beta, betaProved = test, true
			}
			iters = append(iters, it)
			if opt != nil && opt.Progress != nil {
				opt.Progress(it)
			}
			if it.Better == 1 { // the article stops: a best move and a bound
				exact = beta-alpha < 2 && betaProved
				break
			}
		}
		return color * alpha
	})
	res.Iterations = iters
	if err != nil || move < 0 {
		return res, err
	}
	res.Move, res.PV = move, []int{move}
	if !exact {
		res.Bound = Lower
		if color < 0 {
			res.Bound = Upper
		}
	}
	return res, nil
}

// bnsRange returns Best Node Search's initial range [α, β) in the view of
// the side to move at the root (color): opt.Window read as the closed range
// of possible values, or the aspiration range around the first guess.
func bnsRange[P gametree.Position[P]](root P, opt *Options[P], color int) (alpha, beta int) {
	var lo, hi int // Max's point of view, closed
	switch {
	case opt != nil && opt.Window != nil:
		lo, hi = opt.Window.Alpha, opt.Window.Beta
	default:
		g, delta := 0, opt.delta()
		if opt != nil && opt.Guess != nil {
			g = *opt.Guess
		} else {
			g = root.Value()
		}
		g = min(max(g, -Inf), Inf)
		lo, hi = max(g-delta, -Inf), min(g+delta, Inf)
	}
	if color < 0 {
		lo, hi = -hi, -lo
	}
	return max(lo, -Inf), min(hi+1, Inf)
}

// bnsGuess returns the next test value: NextTest, or opt.NextGuess's
// answer clamped the same way.
func bnsGuess[P any](opt *Options[P], alpha, beta, subtrees int) int {
	if opt != nil && opt.NextGuess != nil {
		return clampTest(opt.NextGuess(alpha, beta, subtrees), alpha, beta)
	}
	return NextTest(alpha, beta, subtrees)
}

// NextTest is the test value Best Node Search uses next: NextGuess clamped
// to [alpha + 1, beta − 1], so that it lies strictly inside (alpha, beta)
// and every pass makes progress. beta − alpha must be at least 2.
func NextTest(alpha, beta, subtrees int) int {
	return clampTest(NextGuess(alpha, beta, subtrees), alpha, beta)
}

// clampTest clamps t to [alpha + 1, beta − 1].
func clampTest(t, alpha, beta int) int { return min(max(t, alpha+1), beta-1) }

// NextGuess is Best Node Search's default guess function, the article's
//
//	nextGuess(α, β, subtreeCount) = α + (β − α) × (subtreeCount − 1) / subtreeCount
//
// in integers: the product is exact (64-bit) and the division rounds down,
// so the result lies in [α, β) for subtreeCount ≥ 1, and in (α, β) when
// subtreeCount ≥ 2 and β − α ≥ 2. With n subtrees in play it puts the test
// where, if values were spread evenly, about one of them would pass it.
func NextGuess(alpha, beta, subtrees int) int {
	if subtrees < 1 {
		subtrees = 1
	}
	n := int64(subtrees)
	return alpha + int((int64(beta)-int64(alpha))*(n-1)/n)
}

// bnsPass is one pass of Best Node Search: the root is entered with the
// null window (test − 1, test) of its side to move (color), and each child
// kids[i], i in play (indices into frame 0's children), is tested by a
// null-window search. It returns the largest value a child returned (the
// root side's view; fail-soft) and, appended to better, the children whose
// value reached test.
func (s *searcher[P]) bnsPass(root P, depth, test, color int, play, better []int) (int, []int) {
	if !s.count() {
		return 0, better
	}
	if s.trace != nil {
		a, b := maxView(test-1, test, color)
		s.traceEnter(root, 0, depth, a, b)
	}
	f := s.frames[0]
	w := bounds{alpha: -test, beta: -(test - 1)} // the child's view
	best := -Inf
	for _, i := range play {
		f.i = i
		var v int
		if s.tt != nil {
			v = -s.negamaxTT(f.kids[i], keyOf(&f.kids[i]), depth-1, 1, w, -color)
		} else {
			v = -s.negamaxAB(f.kids[i], depth-1, 1, w, -color)
		}
		if s.stopped {
			return 0, better
		}
		best = max(best, v)
		if v >= test {
			better = append(better, i)
		}
	}
	if s.trace != nil {
		a, b := maxView(test-1, test, color)
		s.traceExit(0, color*best, a, b)
	}
	return best, better
}
