package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// NegaScout is Reinefeld's NegaScout (A. Reinefeld, An improvement to the
// Scout tree search algorithm, ICCA Journal 6(4), 1983, 4–14; the proofs are
// in his Spielbaum-Suchverfahren, Informatik-Fachberichte 200, Springer,
// 1989), in negamax form and fail-soft:
//
//	function negascout(node, depth, α, β, color) is
//	    if depth = 0 or node is a terminal node then
//	        return color × the heuristic value of node
//	    m := −∞; b := β                      (* b: the window's upper edge *)
//	    for each child of node do
//	        t := −negascout(child, depth − 1, −b, −α, −color)
//	        if child is not the first and α < t < β and
//	           child is not a leaf then         (* a leaf's t is exact *)
//	            t := −negascout(child, depth − 1, −β, −(t − 1), −color)
//	        m := max(m, t); α := max(α, t)
//	        if α ≥ β then break                (* cut-off *)
//	        b := α + 1                         (* the new null window *)
//	    return m
//
// It differs from PVS (as the Russian Wikipedia article writes it) in three
// ways. It is fail-soft everywhere: m starts at −∞, so a node whose moves all
// fail low returns the best of their bounds, not α. A child evaluated
// statically — at the depth limit (depth − 1 = 0) or terminal — is never
// re-searched: its null-window value is its exact value (Reinefeld's
// "d < maxdepth − 1" condition). And the re-search starts from what the
// null-window search proved: the child is worth at least t, so Reinefeld
// re-searches with (t, β). Here the window is opened one lower, (t − 1, β),
// so that a child worth exactly t comes back with an exact value and its
// principal variation, not as a fail-low at t that gives the same value but
// no PV; it is still inside (α, β), so NegaScout still never evaluates a leaf
// that alpha-beta would not (Reinefeld's dominance theorem; see
// scout_test.go).
//
// Stats.NullWindow counts the null-window searches (every child after the
// first), Stats.ReSearches the re-searches; a ReSearch event precedes each
// re-search. opt.Fail is ignored (NegaScout is fail-soft) and so is opt.TT.
func NegaScout[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	if opt != nil && opt.Fail != FailDefault && opt.Fail != FailSoft {
		o := *opt
		o.Fail = FailSoft
		opt = &o
	}
	color := int(root.ToMove())
	return run(root, depth, opt, FailSoft, true, func(s *searcher[P], w bounds) int {
		if color < 0 {
			w = w.negate()
		}
		if s.trace == nil {
			return color * s.negaScoutUntraced(root, depth, 0, w, color)
		}
		return color * s.negaScout(root, depth, 0, w, color)
	})
}

func (s *searcher[P]) negaScout(pos P, depth, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: color × the static value
		if s.trace != nil {
			a, b := maxView(w.alpha, w.beta, color)
			return color * s.leafTraced(pos, ply, a, b)
		}
		s.stats.Leaves++
		return color * pos.Value()
	}
	f := s.open(ply)
	if s.trace != nil {
		a, b := maxView(w.alpha, w.beta, color)
		s.traceEnter(pos, ply, depth, a, b)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: color × its value
		return color * s.terminal(pos, ply)
	}
	entry := w
	m := -Inf
	n := w // the window of the next child: (α, β) for the first, then (α, α+1)
	for i, c := range kids {
		f.i = i
		if i > 0 {
			s.stats.NullWindow++
		}
		before := s.stats.Nodes
		t := -s.negaScout(c, depth-1, ply+1, n.negate(), -color)
		if s.stopped {
			return 0
		}
		// A search that entered one node evaluated the child statically: t is
		// exact. Otherwise a null-window value inside (α, β) is only a lower
		// bound: search again from it.
		if i > 0 && w.alpha < t && t < w.beta && s.stats.Nodes-before > 1 {
			s.stats.ReSearches++
			r := bounds{alpha: t - 1, beta: w.beta, alphaFrom: ply, betaFrom: w.betaFrom}
			if s.trace != nil {
				s.traceReSearch(f, ply, r, t, color)
			}
			t = -s.negaScout(c, depth-1, ply+1, r.negate(), -color)
			if s.stopped {
				return 0
			}
		}
		m = max(m, t)
		if t > w.alpha {
			w.alpha, w.alphaFrom = t, ply
			s.best(f, ply, depth)
		}
		if w.alpha >= w.beta { // cut-off
			s.cutoff(f, ply, w.betaFrom)
			break
		}
		n = w.nullAbove()
	}
	return s.negaScoutExit(ply, m, entry, color)
}

// negaScoutExit returns v from the node at ply of a negamax-form search, reporting it
// when tracing against the node's entry window (v and entry from the point
// of view of the side with the given color).
func (s *searcher[P]) negaScoutExit(ply, v int, entry bounds, color int) int {
	if s.trace != nil {
		a, b := maxView(entry.alpha, entry.beta, color)
		s.traceExit(ply, color*v, a, b)
	}
	return v
}

// Scout is Pearl's SCOUT (J. Pearl, Asymptotic properties of minimax trees
// and game-searching procedures, Artificial Intelligence 14(2), 1980,
// 113–138; and SCOUT: a simple game-searching algorithm with proven optimal
// properties, AAAI 1980, 143–145), in the Max/Min form. It computes exact
// values with EVAL and answers yes/no questions with TEST:
//
//	EVAL(S): if S is a leaf, return its value
//	         v := EVAL(first child of S)
//	         for each other child S.k:
//	             if S is Max and TEST(S.k, v, >) then v := EVAL(S.k)
//	             if S is Min and TEST(S.k, v, <) then v := EVAL(S.k)
//	         return v
//	TEST(S, v, >): is S worth more than v?
//	         if S is a leaf, return value(S) > v
//	         Max node: true as soon as one child is worth more than v, else false
//	         Min node: false as soon as one child is worth v or less, else true
//
// TEST is strict: a child that only ties the current value is not better, is
// not EVALuated, and the first of equally good moves stays the best (as in
// alpha-beta). TEST(S, v, <) is asked as "not TEST(S, v−1, >)", which for
// integer values is "worth less than v".
//
// TEST is a boolean search, drawn in a trace as a fail-hard null-window
// search: "worth more than v?" enters with the window [v, v+1] and exits with
// v+1 (a lower bound: yes) or v (an upper bound: no); "worth less than v?"
// uses [v−1, v]. A TEST stops at the first child that decides it, a cutoff
// whose bound was set at the EVAL node that asked (Event.From). EVAL nodes
// have the window [−Inf, Inf] and never cut off: every child is at least
// tested.
//
// Stats.NullWindow counts the TESTs of children made by EVAL, and
// Stats.ReSearches the children EVALuated after a successful TEST (a
// ReSearch event precedes each, Value being the TEST's value). Such a child
// is searched twice, and leaves are counted each time they are evaluated.
// opt.Window, opt.Fail and opt.TT are ignored: SCOUT always computes the
// exact value.
func Scout[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return run(root, depth, opt, FailDefault, false, func(s *searcher[P], _ bounds) int {
		if s.trace == nil {
			return s.scoutEvalUntraced(root, depth, 0)
		}
		return s.scoutEval(root, depth, 0)
	})
}

// scoutEval is SCOUT's EVAL: the exact value of pos searched to depth (Max's
// point of view).
func (s *searcher[P]) scoutEval(pos P, depth, ply int) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: the static value
		if s.trace != nil {
			return s.leafTraced(pos, ply, -Inf, Inf)
		}
		s.stats.Leaves++
		return pos.Value()
	}
	f := s.open(ply)
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, -Inf, Inf)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: its value
		return s.terminal(pos, ply)
	}
	maxNode := pos.ToMove() == gametree.Max
	f.i = 0
	v := s.scoutEval(kids[0], depth-1, ply+1)
	if s.stopped {
		return 0
	}
	s.best(f, ply, depth)
	for i := 1; i < len(kids); i++ {
		f.i = i
		// TEST: is kids[i] better than v for the side to move? Max asks
		// "more than v?", Min asks "not more than v−1?".
		s.stats.NullWindow++
		threshold := v
		if !maxNode {
			threshold = v - 1
		}
		more := s.scoutTest(kids[i], depth-1, ply+1, threshold, ply)
		if s.stopped {
			return 0
		}
		if more != maxNode {
			continue
		}
		s.stats.ReSearches++
		if s.trace != nil {
			s.trace.Event(Event[P]{Kind: ReSearch, Ply: ply, Move: f.move(i), Alpha: -Inf, Beta: Inf, Value: testValue(more, threshold)})
		}
		v = s.scoutEval(kids[i], depth-1, ply+1)
		if s.stopped {
			return 0
		}
		s.best(f, ply, depth)
	}
	if s.trace != nil {
		s.traceExit(ply, v, -Inf, Inf)
	}
	return v
}

// scoutTest is SCOUT's TEST(pos, v, >): whether pos, searched to depth, is
// worth more than v. from is the ply of the EVAL node that asked.
func (s *searcher[P]) scoutTest(pos P, depth, ply, v, from int) bool {
	if !s.count() {
		return false
	}
	if depth == 0 { // the depth limit: compare the static value
		if s.trace != nil {
			return s.leafTraced(pos, ply, v, v+1) > v
		}
		s.stats.Leaves++
		return pos.Value() > v
	}
	f := s.open(ply)
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, v, v+1)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: compare its value
		return s.terminal(pos, ply) > v
	}
	// A Max node is worth more than v as soon as one child is; a Min node
	// is not as soon as one child is not. That child decides: a cutoff.
	decides := pos.ToMove() == gametree.Max
	for i, c := range kids {
		f.i = i
		if s.scoutTest(c, depth-1, ply+1, v, from) == decides {
			if s.stopped {
				return false
			}
			s.cutoff(f, ply, from)
			if s.trace != nil {
				s.traceExit(ply, testValue(decides, v), v, v+1)
			}
			return decides
		}
		if s.stopped {
			return false
		}
	}
	if s.trace != nil {
		s.traceExit(ply, testValue(!decides, v), v, v+1)
	}
	return !decides
}

// testValue is the fail-hard value a TEST of "more than v?" is drawn with:
// v+1 for yes (at least v+1), v for no (at most v).
func testValue(more bool, v int) int {
	if more {
		return v + 1
	}
	return v
}
