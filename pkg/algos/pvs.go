package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// PVS is principal variation search: alpha-beta in negamax form that searches
// one move with the node's window and tries to prove every other move no
// better with a null window (α, α+1), which cuts more than a wide window. A
// null-window search that fails high (a value above α, below β) has found a
// better move, whose exact value it does not know: the move is searched again,
// a re-search, with the window (α, β).
//
// The default, opt.Fail = FailHard (the registry's "pvs"), is Moreland's code
// from Moreland's article (Chinese translation, xqbase.com), line for line:
//
//	int AlphaBeta(int depth, int alpha, int beta) {
//	    BOOL fFoundPv = FALSE;
//	    if (depth == 0) return Evaluate();
//	    GenerateLegalMoves();
//	    while (MovesLeft()) {
//	        MakeNextMove();
//	        if (fFoundPv) {
//	            val = -AlphaBeta(depth - 1, -alpha - 1, -alpha);
//	            if ((val > alpha) && (val < beta))   // the test failed
//	                val = -AlphaBeta(depth - 1, -beta, -alpha);
//	        } else
//	            val = -AlphaBeta(depth - 1, -beta, -alpha);
//	        UnmakeMove();
//	        if (val >= beta) return beta;
//	        if (val > alpha) { alpha = val; fFoundPv = TRUE; }
//	    }
//	    return alpha;
//	}
//
// Null windows start only once a move has raised α (a PV move was found), and
// the value is fail-hard: β on a cutoff, α when no move rises above α.
//
// With opt.Fail = FailSoft ("pvs-soft") it is the Russian Wikipedia article's
// pseudocode instead:
//
//	function pvs(node, depth, α, β, color) is
//	    if depth = 0 or node is a terminal node then
//	        return color × the heuristic value of node
//	    for each child of node do
//	        if child is first child then
//	            score := −pvs(child, depth − 1, −β, −α, −color)
//	        else
//	            score := −pvs(child, depth − 1, −α − 1, −α, −color) (* null window *)
//	            if α < score < β then
//	                score := −pvs(child, depth − 1, −β, −α, −color) (* full re-search *)
//	        α := max(α, score)
//	        if α ≥ β then break (* beta cut-off *)
//	    return α
//
// Every child after the first gets a null window, whether or not the first
// raised α. Its value is soft only above the window: a cutoff returns the
// score that caused it (which may exceed β), but a node whose moves all fail
// low returns α itself, as fail-hard does. The re-search window is (α, β), as
// the article writes it, not (score, β).
//
// Both re-search a child even when it is a leaf (Moreland and the Wikipedia
// article do; see NegaScout for the version that does not). Stats.NullWindow
// counts every child searched by the null-window line of the pseudocode,
// Stats.ReSearches every re-search; a ReSearch event precedes each re-search,
// with the re-search window and the null-window value that failed (Max's
// view).
//
// With opt.TT set (the positions must implement gametree.Keyed), each node
// probes the table as Moreland's ProbeHash does: an entry that covers the
// depth and settles the window (exact, or a bound beyond it) ends the node;
// any other entry only puts its move first. Each node stores its value with
// its bound and best move (the Persian Wikipedia negamax article). Unlike
// NegamaxAB's negamaxTT, an entry never narrows the window. A table filled by
// a deeper earlier search makes the search unstable: a null-window test can
// fail high on what the table knows, and the re-search, which the entry does
// not settle, come back at or below α (Moreland, "search instability";
// instability_test.go builds the smallest case). The code above handles it: a
// re-search value that does not rise above α changes nothing. The PV can then
// end early, where an entry settled a node.
func PVS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	color := int(root.ToMove())
	var key uint64
	if opt != nil && opt.TT != nil {
		heapRoot := &root // keys are taken through pointers into the heap
		if err := checkKeyed(heapRoot); err != nil {
			return Result{Move: -1}, err
		}
		key = keyOf(heapRoot)
	}
	return run(root, depth, opt, FailHard, true, func(s *searcher[P], w bounds) int {
		if color < 0 {
			w = w.negate()
		}
		switch {
		case s.soft && s.trace == nil:
			return color * s.pvsSoftUntraced(root, key, depth, 0, w, color)
		case s.soft:
			return color * s.pvsSoft(root, key, depth, 0, w, color)
		case s.trace == nil:
			return color * s.pvsHardUntraced(root, key, depth, 0, w, color)
		}
		return color * s.pvsHard(root, key, depth, 0, w, color)
	})
}

// pvsHard is Moreland's PVS, fail-hard, in negamax form: values and windows
// are from the point of view of the side with the given color.
func (s *searcher[P]) pvsHard(pos P, key uint64, depth, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	if s.trace != nil {
		a, b := maxView(w.alpha, w.beta, color)
		s.traceEnter(pos, ply, depth, a, b)
	}
	alpha0, ttMove := w.alpha, -1
	if s.tt != nil {
		move, v, settled := s.pvsProbe(key, depth, ply, w, color)
		if settled {
			return v
		}
		ttMove = move
	}
	if depth == 0 { // the depth limit: Evaluate()
		return color * s.terminal(pos, ply)
	}
	f := s.open(ply)
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: its value
		return color * s.terminal(pos, ply)
	}
	s.pvsFirst(f, ttMove)
	foundPV, bestMove := false, -1
	for i := range kids {
		f.i = i
		c, ck := kids[i], s.pvsChildKey(kids, i)
		var v int
		if foundPV {
			s.stats.NullWindow++
			v = -s.pvsHard(c, ck, depth-1, ply+1, w.nullAbove().negate(), -color)
			if s.stopped {
				return 0
			}
			if v > w.alpha && v < w.beta { // the null-window test failed: re-search
				s.stats.ReSearches++
				if s.trace != nil {
					s.traceReSearch(f, ply, w, v, color)
				}
				v = -s.pvsHard(c, ck, depth-1, ply+1, w.negate(), -color)
			}
		} else {
			v = -s.pvsHard(c, ck, depth-1, ply+1, w.negate(), -color)
		}
		if s.stopped {
			return 0
		}
		if v >= w.beta {
			s.cutoff(f, ply, w.betaFrom)
			return s.pvsExit(key, depth, ply, w.beta, f.move(i), alpha0, color, w)
		}
		if v > w.alpha {
			w.alpha, w.alphaFrom = v, ply
			foundPV = true
			s.best(f, ply, depth)
			bestMove = f.move(i)
		}
	}
	return s.pvsExit(key, depth, ply, w.alpha, bestMove, alpha0, color, w)
}

// pvsSoft is the Russian Wikipedia article's PVS in negamax form: the first
// child with the whole window, the others with a null window and a re-search,
// returning max(α, best score).
func (s *searcher[P]) pvsSoft(pos P, key uint64, depth, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	if s.trace != nil {
		a, b := maxView(w.alpha, w.beta, color)
		s.traceEnter(pos, ply, depth, a, b)
	}
	alpha0, ttMove := w.alpha, -1
	if s.tt != nil {
		move, v, settled := s.pvsProbe(key, depth, ply, w, color)
		if settled {
			return v
		}
		ttMove = move
	}
	if depth == 0 { // the depth limit: color × the heuristic value
		return color * s.terminal(pos, ply)
	}
	f := s.open(ply)
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: color × its value
		return color * s.terminal(pos, ply)
	}
	s.pvsFirst(f, ttMove)
	bestMove := -1
	for i := range kids {
		f.i = i
		c, ck := kids[i], s.pvsChildKey(kids, i)
		var score int
		if i == 0 {
			score = -s.pvsSoft(c, ck, depth-1, ply+1, w.negate(), -color)
		} else {
			s.stats.NullWindow++
			score = -s.pvsSoft(c, ck, depth-1, ply+1, w.nullAbove().negate(), -color)
			if s.stopped {
				return 0
			}
			if w.alpha < score && score < w.beta { // it failed high: a full re-search
				s.stats.ReSearches++
				if s.trace != nil {
					s.traceReSearch(f, ply, w, score, color)
				}
				score = -s.pvsSoft(c, ck, depth-1, ply+1, w.negate(), -color)
			}
		}
		if s.stopped {
			return 0
		}
		if score > w.alpha { // α := max(α, score)
			w.alpha, w.alphaFrom = score, ply
			s.best(f, ply, depth)
			bestMove = f.move(i)
		}
		if w.alpha >= w.beta { // beta cut-off
			s.cutoff(f, ply, w.betaFrom)
			break
		}
	}
	return s.pvsExit(key, depth, ply, w.alpha, bestMove, alpha0, color, w)
}

// nullAbove returns the null window (α, α+1) at b's α; both of its bounds come
// from where α was set.
func (b bounds) nullAbove() bounds {
	return bounds{alpha: b.alpha, beta: b.alpha + 1, alphaFrom: b.alphaFrom, betaFrom: b.alphaFrom}
}

// pvsChildKey returns the table key of kids[i], or 0 when there is no table.
func (s *searcher[P]) pvsChildKey(kids []P, i int) uint64 {
	if s.tt == nil {
		return 0
	}
	return keyOf(&kids[i])
}

// pvsProbe is the table step of PVS: it looks the node up, and an entry that
// covers depth and settles the window (exact, or a bound beyond it) ends the
// node: settled is true, value is the entry's, and the entry's move starts
// the node's PV. Otherwise move is the entry's move, to be searched first
// (−1 if none), and the window is left as it is.
//
// That is Moreland's ProbeHash, the table of his article series, not the
// Persian Wikipedia negamax article's negamaxTT, which also narrows the
// window with a bound it cannot cut on. Narrowing would pin a re-searched
// child to what its null-window search stored a moment before, and hide the
// search instability Moreland warns about (instability_test.go shows it).
func (s *searcher[P]) pvsProbe(key uint64, depth, ply int, w bounds, color int) (move, value int, settled bool) {
	e, found, settles := s.probe(key, depth, w.alpha, w.beta, color)
	if s.trace != nil {
		s.traceTTHit(ply, e, found, color, settles)
	}
	if !found {
		return -1, 0, false
	}
	if settles {
		if s.trace != nil {
			a, b := maxView(w.alpha, w.beta, color)
			s.traceExit(ply, color*e.Value, a, b)
		}
		f := s.open(ply)
		if e.Move >= 0 {
			f.pv = append(f.pv, e.Move)
		}
		return e.Move, e.Value, true
	}
	return e.Move, 0, false
}

// pvsFirst puts the table's move first among f's children. Without a table
// it does nothing. When nothing sorted the children (no ordering), it first
// forgets any move order that first left in f at a previous node of this
// ply, which would otherwise be read as this node's.
func (s *searcher[P]) pvsFirst(f *frame[P], move int) {
	if s.tt == nil {
		return
	}
	if s.order == nil {
		f.moves = f.moves[:0]
	}
	s.first(f, move)
}

// pvsExit ends a PVS node entered with the window (alpha0, beta) that
// returns value: with a table it stores value with its bound (at or below
// alpha0 an upper bound, at or above beta a lower bound, else exact) and
// move; when tracing it reports the exit.
func (s *searcher[P]) pvsExit(key uint64, depth, ply, value, move, alpha0, color int, w bounds) int {
	if s.tt != nil {
		bound := Exact
		if value <= alpha0 {
			bound = Upper
		} else if value >= w.beta {
			bound = Lower
		}
		s.store(key, depth, value, bound, move, color)
	}
	if s.trace != nil {
		a, b := maxView(alpha0, w.beta, color)
		s.traceExit(ply, color*value, a, b)
	}
	return value
}

// traceReSearch reports that kids[f.i] of the node at ply is about to be
// searched again with the window w because its null-window search returned
// v (w and v from the point of view of the side with the given color).
func (s *searcher[P]) traceReSearch(f *frame[P], ply int, w bounds, v, color int) {
	a, b := maxView(w.alpha, w.beta, color)
	s.trace.Event(Event[P]{Kind: ReSearch, Ply: ply, Move: f.move(f.i), Alpha: a, Beta: b, Value: color * v})
}
