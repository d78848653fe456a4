package algos

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// keyOf returns the transposition-table key of *p. p must point into memory
// that is already on the heap (a children buffer, the root copy): converting
// a pointer to an interface allocates nothing, where converting the position
// itself would.
func keyOf[P any](p *P) uint64 { return any(p).(gametree.Keyed).Key() }

// checkKeyed fails unless positions of type P can be stored in a
// transposition table.
func checkKeyed[P any](root *P) error {
	if _, ok := any(root).(gametree.Keyed); !ok {
		return fmt.Errorf("algos: a transposition table needs positions that implement gametree.Keyed; %T does not", *root)
	}
	return nil
}

// probe looks key up for a node searched to depth with the window
// (alpha, beta) from the point of view of the side with the given color. It
// returns the entry converted to that side's view, whether it was found,
// and whether it settles the node (the entry covers depth and its value is
// exact, or a bound beyond the window).
func (s *searcher[P]) probe(key uint64, depth, alpha, beta, color int) (e Entry, found, settles bool) {
	s.stats.TTProbes++
	e, found = s.tt.Probe(key)
	if !found {
		return e, false, false
	}
	s.stats.TTHits++
	if color < 0 {
		e.Value, e.Bound = -e.Value, e.Bound.flip()
	}
	if e.Depth < depth || !e.Cutoff(alpha, beta) {
		return e, true, false
	}
	switch e.Bound {
	case Exact:
		s.stats.TTCutExact++
	case Lower:
		s.stats.TTCutLower++
	case Upper:
		s.stats.TTCutUpper++
	}
	return e, true, true
}

// store writes the result of a node searched to depth: value (from the point
// of view of the side with the given color) and its bound, stored from Max's
// point of view.
func (s *searcher[P]) store(key uint64, depth, value int, bound Bound, move, color int) {
	if color < 0 {
		value, bound = -value, bound.flip()
	}
	switch s.tt.Store(Entry{Key: key, Value: value, Depth: depth, Bound: bound, Move: move}) {
	case Added, Updated:
		s.stats.TTStores++
	case Replaced:
		s.stats.TTStores++
		s.stats.TTOverwrites++
	}
}

// flip turns a bound around for the other side: a lower bound for one side is
// an upper bound for the other.
func (b Bound) flip() Bound {
	switch b {
	case Lower:
		return Upper
	case Upper:
		return Lower
	}
	return b
}

// first moves the child reached by move to the front of f's children, keeping
// the others in order: the transposition table's best move is tried first.
func (s *searcher[P]) first(f *frame[P], move int) {
	if move <= 0 && len(f.moves) == 0 || move < 0 || move >= len(f.kids) {
		return
	}
	if len(f.moves) != len(f.kids) { // Children order so far: remember moves
		f.moves = f.moves[:0]
		for i := range f.kids {
			f.moves = append(f.moves, i)
		}
	}
	at := -1
	for i, m := range f.moves {
		if m == move {
			at = i
			break
		}
	}
	if at <= 0 {
		return
	}
	c, m := f.kids[at], f.moves[at]
	copy(f.kids[1:at+1], f.kids[:at])
	copy(f.moves[1:at+1], f.moves[:at])
	f.kids[0], f.moves[0] = c, m
}

// negamaxTT is negamax with alpha-beta and a transposition table, as the
// Persian Wikipedia article on negamax writes it:
//
//	function negamax(node, depth, α, β, color) is
//	    alphaOrig := α
//	    ttEntry := transpositionTableLookup(node)
//	    if ttEntry is valid and ttEntry.depth ≥ depth then
//	        if ttEntry.flag = EXACT then return ttEntry.value
//	        else if ttEntry.flag = LOWERBOUND then α := max(α, ttEntry.value)
//	        else if ttEntry.flag = UPPERBOUND then β := min(β, ttEntry.value)
//	        if α ≥ β then return ttEntry.value
//	    if depth = 0 or node is a terminal node then
//	        return color × the heuristic value of node
//	    value := −∞
//	    for each child in orderMoves(generateMoves(node)) do
//	        value := max(value, −negamax(child, depth − 1, −β, −α, −color))
//	        α := max(α, value)
//	        if α ≥ β then break
//	    ttEntry.value := value
//	    if value ≤ alphaOrig then ttEntry.flag := UPPERBOUND
//	    else if value ≥ β then ttEntry.flag := LOWERBOUND
//	    else ttEntry.flag := EXACT
//	    ttEntry.depth := depth
//	    transpositionTableStore(node, ttEntry)
//	    return value
//
// The entry's best move is searched first (the article's orderMoves), and the
// best move found is stored with the value. key is pos's key, computed by the
// caller from the children buffer.
func (s *searcher[P]) negamaxTT(pos P, key uint64, depth, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	if s.trace != nil {
		a, b := maxView(w.alpha, w.beta, color)
		s.traceEnter(pos, ply, depth, a, b)
	}
	alpha0, beta0 := w.alpha, w.beta
	e, found, settles := s.probe(key, depth, w.alpha, w.beta, color)
	if s.trace != nil {
		s.traceTTHit(ply, e, found, color, settles)
	}
	if settles {
		if s.trace != nil {
			a, b := maxView(alpha0, beta0, color)
			s.traceExit(ply, color*e.Value, a, b)
		}
		f := s.open(ply)
		if e.Move >= 0 {
			f.pv = append(f.pv, e.Move)
		}
		return e.Value
	}
	if found && e.Depth >= depth { // the article narrows the window with a bound
		switch e.Bound {
		case Lower:
			if e.Value > w.alpha {
				w.alpha, w.alphaFrom = e.Value, ply
			}
		case Upper:
			if e.Value < w.beta {
				w.beta, w.betaFrom = e.Value, ply
			}
		}
	}
	if depth == 0 { // the depth limit: color × the static value
		s.stats.Leaves++
		v := pos.Value()
		if s.trace != nil {
			s.traceLeaf(pos, ply, v)
		}
		return color * v
	}
	f := s.open(ply)
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: color × its value
		return color * s.terminal(pos, ply)
	}
	if found {
		s.first(f, e.Move)
	}
	value, best := -Inf, -1
	for i := range kids {
		f.i = i
		v := -s.negamaxTT(kids[i], keyOf(&kids[i]), depth-1, ply+1, w.negate(), -color)
		if s.stopped {
			return 0
		}
		if v > value {
			value, best = v, f.move(i)
		}
		if value > w.alpha {
			w.alpha, w.alphaFrom = value, ply
			s.best(f, ply, depth)
		}
		if w.alpha >= w.beta {
			s.cutoff(f, ply, w.betaFrom)
			break
		}
	}
	return s.finishTT(key, depth, ply, value, best, alpha0, beta0, w.beta, color)
}

// finishTT ends a node searched with a transposition table, as the Persian
// Wikipedia negamax article does: fail-hard clamps value to the entry window
// (alpha0, beta0); the bound is Upper at or below alphaOrig, Lower at or
// above the β the search used (which a table entry may have lowered), Exact
// between; the value is stored with the best move and the exit reported. It
// returns the value, from the point of view of the side with the given color.
func (s *searcher[P]) finishTT(key uint64, depth, ply, value, best, alpha0, beta0, beta, color int) int {
	if !s.soft {
		value = min(max(value, alpha0), beta0)
	}
	bound := Exact
	if value <= alpha0 {
		bound = Upper
	} else if value >= beta {
		bound = Lower
	}
	s.store(key, depth, value, bound, best, color)
	if s.trace != nil {
		a, b := maxView(alpha0, beta0, color)
		s.traceExit(ply, color*value, a, b)
	}
	return value
}
