package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// MTDF is Plaat's MTD(f) (A. Plaat, J. Schaeffer, W. Pijls, A. de Bruin,
// Best-first fixed-depth minimax algorithms, Artificial Intelligence 87
// (1996) 255–293): it finds the root's value by a sequence of null-window
// searches, each of which only answers "is the value at least β?", and
// narrows the interval [lower, upper] that holds the value until it closes:
//
//	g := first guess; lower := −∞; upper := +∞
//	repeat
//	    β := max(g, lower + 1)
//	    g := AlphaBetaWithMemory(root, β − 1, β, depth)
//	    if g < β then upper := g else lower := g
//	until lower ≥ upper
//	return g
//
// Everything above is in Max's point of view, whoever moves at the root:
// each pass searches the window (β − 1, β) of Max's values (for a Min root
// the negamax search sees it turned around, (−β, −β + 1)).
//
// AlphaBetaWithMemory is negamax alpha-beta with a transposition table, the
// Persian Wikipedia negamax article's pseudocode (see NegamaxAB with
// Options.TT): fail-soft by default, so that a pass that fails returns a
// bound that may jump past β, and a table that carries what one pass learned
// into the next, so that later passes re-search little. opt.TT is that table
// (the positions must implement gametree.Keyed); when it is nil each call of
// MTDF uses a fresh MapTT of its own and drops it at the end. With a lossy
// table (a small fixed-size one) the value is still exact: entries that are
// lost are re-searched. With opt.Fail = FailHard every pass moves the
// interval by exactly one, which shows why fail-soft matters here.
//
// The first guess is *opt.Guess, or else the root's static value (that call
// of Value is not counted in Stats: it is not part of the search). The
// closer it is to the value, the fewer passes: started at the value, MTD(f)
// makes two passes (one proving value ≥ g, one proving value < g + 1) and,
// on a perfectly ordered tree, evaluates exactly the Knuth–Moore minimal
// tree. opt.Window is ignored: MTD(f) chooses its own windows.
//
// Each pass counts one in Stats.Passes and Stats.NullWindow, is announced by
// a Pass trace event (Alpha, Beta: the pass's window in Max's point of view,
// so Beta is the test value β; Value: the guess g the pass starts from, the
// pseudocode's g before β := max(g, lower + 1), so that a picture's "guess"
// is the pseudocode's g) followed by the root's Enter — so a Recorder has
// one root per pass — and is reported in Result.Iterations (Guess: g before
// the pass; Value and Bound: what the pass returned; Move: the root move
// that failed high for the side to move, else −1; Stats: that pass's work) and to
// opt.Progress.
//
// Result.Value is exact. Result.Move is the move that failed high in the
// last pass that failed high for the side to move (for a Max root one with
// g ≥ β, for a Min root one with g < β): that pass proved the move at least
// as good as g, and the root's value at the end is that g. (The last pass
// often fails the other way, proving that nothing is better; such a pass
// has no best move, and the root's PV it leaves behind is empty.) Result.PV starts with
// Move and continues as long as the table proves each step optimal (at a Max
// node with value v, a child whose entry says "at least v"; at a Min node,
// "at most v"); it is cut short where it cannot, so it can be as short as
// the move alone. Reading the PV from the table is not counted in Stats.
func MTDF[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return mtd(root, depth, opt, false, func() int {
		if opt != nil && opt.Guess != nil {
			return *opt.Guess
		}
		return root.Value()
	})
}

// SSS is MT-SSS*, MTD(+∞): MTD(f) started from the best value the side to
// move at the root could have, so that every pass but the last fails low
// and lowers an upper bound on the root's value, until a pass at the bound
// fails high and proves it. Plaat, Schaeffer, Pijls and de Bruin (1996, see
// MTDF) show that, searching children in the same order and with a table
// that loses nothing, MT-SSS* evaluates the same leaves in the same order as
// Stockman's SSS* (G. C. Stockman, A minimax algorithm better than
// alpha-beta?, Artificial Intelligence 12 (1979) 179–196), without SSS*'s
// OPEN list: a best-first algorithm as a sequence of depth-first null-window
// searches. Stockman's theorem then says it never evaluates a leaf that
// alpha-beta with the same move order skips.
//
// For a Max root that is a first guess of +Inf, for a Min root −Inf (in
// Max's point of view, as MTDF's passes are): SSS* is best-first for the
// side to move. Unlike MTDF, the passes search children in their static
// order (Children order, or opt.Order), as the paper's MT does and as the
// equivalence needs: the table's best moves are not tried first. (With
// them first, MT-SSS* does evaluate leaves alpha-beta skips on trees with
// tied values; see TestMTDDominance.) Everything else is as in MTDF.
func SSS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return mtd(root, depth, opt, true, func() int { return Inf * int(root.ToMove()) })
}

// Dual is MT-DUAL*, MTD(−∞): MTD(f) started from the worst value for the
// side to move at the root, so that every pass but the last fails high and
// raises a lower bound, until a pass just above it fails low. It is the
// MT form of DUAL* (Marsland, Reinefeld, Schaeffer 1987), SSS* played from
// the opponent's side; Plaat et al. (1996, see MTDF) show the equivalence
// as for SSS.
//
// For a Max root that is a first guess of −Inf, for a Min root +Inf.
// Children are searched in their static order, as in SSS. Everything else
// is as in MTDF.
func Dual[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return mtd(root, depth, opt, true, func() int { return -Inf * int(root.ToMove()) })
}

// mtd is the MTD driver of MTDF, SSS and Dual; first returns the first guess
// (Max's point of view). With static set the passes search children in
// their static order (Children, or opt.Order), not the table's best move
// first.
func mtd[P gametree.Position[P]](root P, depth int, opt *Options[P], static bool, first func() int) (Result, error) {
	heapRoot := &root // keys are taken through pointers into the heap
	if err := checkKeyed(heapRoot); err != nil {
		return Result{Move: -1}, err
	}
	key := keyOf(heapRoot)
	color := int(root.ToMove())
	move := -1
	iters := make([]Iteration, 0, 16)
	var pv []int
	res, err := run(root, depth, opt, FailSoft, false, func(s *searcher[P], _ bounds) int {
		if s.tt == nil {
			s.setTT(NewMapTT())
		}
		table := s.tt // unwrapped: read back for the move and PV at the end
		if static {
			s.setTT(staticOrder{table})
		}
		g := min(max(first(), -Inf), Inf)
		lower, upper := -Inf, Inf
		leafRoot := false
		for lower < upper {
			beta := max(g, lower+1)
			before := s.stats
			s.stats.Passes++
			s.stats.NullWindow++
			if s.trace != nil {
				s.trace.Event(Event[P]{Kind: Pass, Depth: depth, Alpha: beta - 1, Beta: beta, Value: g})
			}
			w := bounds{alpha: beta - 1, beta: beta}
			if color < 0 {
				w = w.negate()
			}
			var v int
			if s.trace == nil {
				v = color * s.negamaxTTUntraced(root, key, depth, 0, w, color)
			} else {
				v = color * s.negamaxTT(root, key, depth, 0, w, color)
			}
			if s.stopped {
				return 0
			}
			it := Iteration{Depth: depth, Alpha: beta - 1, Beta: beta, Guess: g, Value: v,
				Bound: BoundOf(v, beta-1, beta), Move: -1, Stats: passStats(s, before)}
			if v >= beta {
				lower = v
			} else {
				upper = v
			}
			// A pass that fails high for the side to move (v ≥ β for Max,
			// v < β for Min) proves its move as good as v.
			if p := s.frames[0].pv; len(p) > 0 && (v >= beta) == (color > 0) {
				it.Move, move = p[0], p[0]
			}
			if leafRoot = it.Stats.Nodes == 1 && it.Stats.Leaves == 1; leafRoot {
				// The root was evaluated statically (terminal or depth 0):
				// its value is exact, whatever the window.
				lower, upper = v, v
				it.Bound = Exact
			}
			g = v
			iters = append(iters, it)
			if opt != nil && opt.Progress != nil {
				opt.Progress(it)
			}
		}
		s.tt = table
		if move < 0 && !leafRoot {
			// Every pass that proved the value was settled by entries the
			// caller's table held before the search: take the root's.
			if e, ok := table.Probe(key); ok && e.Move >= 0 {
				move = e.Move
			}
		}
		pv = s.tablePV(root, depth, g, move)
		return g
	})
	res.Iterations = iters
	if err != nil {
		return res, err
	}
	res.Move, res.PV = move, pv
	return res, nil
}

// staticOrder is a table whose entries come without their best move, so
// that the search keeps the children's static order (negamaxTT tries an
// entry's move first). Stores reach the table with their moves.
type staticOrder struct{ TT }

// Probe returns the entry for key with Move −1.
func (t staticOrder) Probe(key uint64) (Entry, bool) {
	e, ok := t.TT.Probe(key)
	e.Move = -1
	return e, ok
}

// passStats returns what the searcher did since before: one pass's Stats.
func passStats[P gametree.Position[P]](s *searcher[P], before Stats) Stats {
	d := s.stats
	d.Nodes -= before.Nodes
	d.Leaves -= before.Leaves
	d.ShallowCutoffs -= before.ShallowCutoffs
	d.DeepCutoffs -= before.DeepCutoffs
	d.Cutoffs = d.ShallowCutoffs + d.DeepCutoffs
	d.Pruned -= before.Pruned
	d.NullWindow -= before.NullWindow
	d.ReSearches -= before.ReSearches
	d.Passes -= before.Passes
	d.TTProbes -= before.TTProbes
	d.TTHits -= before.TTHits
	d.TTStores -= before.TTStores
	d.TTOverwrites -= before.TTOverwrites
	d.TTCutExact -= before.TTCutExact
	d.TTCutLower -= before.TTCutLower
	d.TTCutUpper -= before.TTCutUpper
	d.MaxPly = max(s.stats.MaxPly, len(s.frames)-1) // as result counts it
	return d
}

// tablePV returns a principal variation for a root of the given value (Max's
// point of view) whose best move is known: move, then, while the table
// proves it, a child of each position that has the same value. At a Max
// position of value v, a child whose entry (searched deep enough) is a lower
// bound ≥ v has value exactly v, since no child exceeds v; at a Min
// position, an upper bound ≤ v. At the depth limit or a terminal position
// the child's static value is compared instead. The entry's own best move is
// tried first. It reuses the search's frames for the children lists; nothing
// here is counted in Stats.
func (s *searcher[P]) tablePV(root P, depth, value, move int) []int {
	if move < 0 {
		return nil
	}
	pv := make([]int, 1, min(depth, 16))
	pv[0] = move
	f := s.frames[0]
	f.kids = root.Children(f.kids[:0])
	p := f.kids[move]
	var grand []P
	for left := depth - 1; left > 0 && len(pv) < len(s.frames); left-- {
		f := s.frames[len(pv)]
		kids := p.Children(f.kids[:0])
		f.kids = kids
		if len(kids) == 0 {
			break
		}
		first := -1
		if e, ok := s.tt.Probe(keyOf(&p)); ok && e.Move >= 0 && e.Move < len(kids) {
			first = e.Move
		}
		next := -1
		for k := -1; k < len(kids) && next < 0; k++ {
			i := k
			if k < 0 {
				i = first
			} else if k == first {
				continue
			}
			if i < 0 {
				continue
			}
			c := &kids[i]
			if left == 1 {
				if (*c).Value() == value {
					next = i
				}
				continue
			}
			grand = (*c).Children(grand[:0])
			if len(grand) == 0 {
				if (*c).Value() == value {
					next = i
				}
				continue
			}
			e, ok := s.tt.Probe(keyOf(c))
			if ok && e.Depth >= left-1 && (p.ToMove() == gametree.Max && e.Bound&Lower != 0 && e.Value >= value ||
				p.ToMove() == gametree.Min && e.Bound&Upper != 0 && e.Value <= value) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		pv = append(pv, next)
		p = kids[next]
	}
	return pv
}
