package algos

import (
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// AlphaBeta is the alpha-beta procedure in the Max/Min form of §6.4 of the
// Russian textbook «Системы искусственного интеллекта»: a Max node raises α
// with each child's value and stops as soon as a value reaches β (a
// β-cutoff); a Min node lowers β and stops as soon as a value reaches α (an
// α-cutoff). α and β travel down the whole path, so a bound set any number of
// plies above can cut (a deep cutoff), not only one set at the parent (a
// shallow cutoff).
//
// The default is fail-hard: the returned value is clamped to [α, β]. Set
// opt.Fail = FailSoft for the fail-soft variant, which returns the best value
// found; both evaluate exactly the same leaves. With the whole window the
// value equals Minimax's; with a narrower window (opt.Window) the Result's
// Bound says whether it is exact or a bound.
func AlphaBeta[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return run(root, depth, opt, FailHard, true, func(s *searcher[P], w bounds) int {
		if s.trace == nil {
			return s.alphaBetaUntraced(root, depth, 0, w)
		}
		return s.alphaBeta(root, depth, 0, w)
	})
}

func (s *searcher[P]) alphaBeta(pos P, depth, ply int, w bounds) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: the static value
		if s.trace != nil {
			return s.leafTraced(pos, ply, w.alpha, w.beta)
		}
		s.stats.Leaves++
		return pos.Value()
	}
	f := s.open(ply)
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, w.alpha, w.beta)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: its value
		return s.terminal(pos, ply)
	}
	alpha0, beta0 := w.alpha, w.beta
	if pos.ToMove() == gametree.Max {
		best := -Inf // fail-soft's value: the largest child value
		for i, c := range kids {
			f.i = i
			var v int
			if depth == 2 && s.cv != nil { // untraced: see alphaBetaFrontier
				v = s.alphaBetaFrontier(c, ply+1, w)
			} else {
				v = s.alphaBeta(c, depth-1, ply+1, w)
			}
			if s.stopped {
				return 0
			}
			if v >= w.beta { // β-cutoff: Min above will never allow this node
				s.cutoff(f, ply, w.betaFrom)
				return s.ret(ply, s.pick(v, beta0), alpha0, beta0)
			}
			best = max(best, v)
			if v > w.alpha {
				w.alpha, w.alphaFrom = v, ply
				s.best(f, ply, depth)
			}
		}
		return s.ret(ply, s.pick(best, w.alpha), alpha0, beta0)
	}
	best := Inf // fail-soft's value: the smallest child value
	for i, c := range kids {
		f.i = i
		var v int
		if depth == 2 && s.cv != nil { // untraced: see alphaBetaFrontier
			v = s.alphaBetaFrontier(c, ply+1, w)
		} else {
			v = s.alphaBeta(c, depth-1, ply+1, w)
		}
		if s.stopped {
			return 0
		}
		if v <= w.alpha { // α-cutoff: Max above already has something as good
			s.cutoff(f, ply, w.alphaFrom)
			return s.ret(ply, s.pick(v, alpha0), alpha0, beta0)
		}
		best = min(best, v)
		if v < w.beta {
			w.beta, w.betaFrom = v, ply
			s.best(f, ply, depth)
		}
	}
	return s.ret(ply, s.pick(best, w.beta), alpha0, beta0)
}

// frontierOpen readies the frame of pos, one ply above the depth limit, for
// a frontier search that has its children's values from s.cv (n children;
// see searcher.cv). The leaves get no frame, so their ply is counted as
// entered here (result takes the larger of it and the frames made). It
// makes no call, so it inlines; with pvOne and the inlined ChildValue the
// frontier searches make none on their way (a call, even one that seldom
// runs, makes the compiler save their variables at every node).
func (s *searcher[P]) frontierOpen(f *frame[P], ply, n int) {
	f.kids, f.moves = f.kids[:0], f.moves[:0]
	if n > 0 {
		s.stats.MaxPly = max(s.stats.MaxPly, ply+1)
	}
}

// leafRoom returns how many of n leaves the node budget lets a frontier
// search read: n, or fewer when count would stop the search at a leaf.
func (s *searcher[P]) leafRoom(n int) int {
	return int(min(int64(n), s.limit-s.stats.Nodes))
}

// countLeaves counts k leaves read by a frontier search, as count and
// alphaBeta's leaf branch would have one by one.
func (s *searcher[P]) countLeaves(k int) {
	s.stats.Nodes += int64(k)
	s.stats.Leaves += int64(k)
}

// spend stops the search at the leaf that exceeds the node budget, counted
// as count counts it, and returns 0 as count's callers do.
func (s *searcher[P]) spend() int {
	s.stats.Nodes++
	s.stopped = true
	return 0
}

// alphaBetaFrontier is alphaBeta at depth 1, untraced, from the children's
// values (s.cv) without making the children: the same value, counts,
// cutoffs and PV, with the leaves' recursion unrolled. The parent's loop
// calls it instead of alphaBeta when its children are one ply above the
// depth limit and s.cv is set (never when tracing), so a node of the last
// ply costs one call, not two. A position that cannot give its children's
// values is searched by alphaBeta.
func (s *searcher[P]) alphaBetaFrontier(pos P, ply int, w bounds) int {
	if !s.count() {
		return 0
	}
	s.cur = pos // s.cv's receiver
	first, n, ok := s.cv.ValuedChildren()
	if !ok {
		s.stats.Nodes-- // counted again there
		return s.alphaBeta(pos, 1, ply, w)
	}
	f := s.open(ply)
	s.frontierOpen(f, ply, n)
	if n == 0 { // a terminal position: its value (terminal, untraced)
		s.stats.Leaves++
		return pos.Value()
	}
	m := s.leafRoom(n)
	alpha0, beta0 := w.alpha, w.beta
	if pos.ToMove() == gametree.Max {
		best := -Inf
		for i := range m {
			v := s.cv.ChildValue(first, i)
			if v >= w.beta {
				s.countLeaves(i + 1)
				s.countCutoff(n-i-1, ply, w.betaFrom)
				return s.pick(v, beta0)
			}
			best = max(best, v)
			if v > w.alpha {
				w.alpha, w.alphaFrom = v, ply
				f.i = i
				f.pvOne(i)
			}
		}
		if s.countLeaves(m); m < n {
			return s.spend()
		}
		return s.pick(best, w.alpha)
	}
	best := Inf
	for i := range m {
		v := s.cv.ChildValue(first, i)
		if v <= w.alpha {
			s.countLeaves(i + 1)
			s.countCutoff(n-i-1, ply, w.alphaFrom)
			return s.pick(v, alpha0)
		}
		best = min(best, v)
		if v < w.beta {
			w.beta, w.betaFrom = v, ply
			f.i = i
			f.pvOne(i)
		}
	}
	if s.countLeaves(m); m < n {
		return s.spend()
	}
	return s.pick(best, w.beta)
}

// NegamaxAB is alpha-beta in negamax form, as the Persian Wikipedia article
// on negamax writes it (children ordered by opt.Order when it is set, the
// article's orderMoves):
//
//	function negamax(node, depth, α, β, color) is
//	    if depth = 0 or node is a terminal node then
//	        return color × the heuristic value of node
//	    value := −∞
//	    foreach child in orderMoves(generateMoves(node)) do
//	        value := max(value, −negamax(child, depth − 1, −β, −α, −color))
//	        α := max(α, value)
//	        if α ≥ β then break (* cut-off *)
//	    return value
//
// That is fail-soft, the default here. With opt.Fail = FailHard it returns β
// on a cutoff and α when every child fails low (Moreland's form). The
// Result's Value is from Max's point of view.
//
// With opt.TT set it follows the article's third pseudocode, negamax with
// alpha-beta and a transposition table (see negamaxTT): the positions must
// implement gametree.Keyed. Its PV can end early, where a table entry settled
// a node.
func NegamaxAB[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	color := int(root.ToMove())
	if opt != nil && opt.TT != nil {
		heapRoot := &root // keys are taken through pointers into the heap
		if err := checkKeyed(heapRoot); err != nil {
			return Result{Move: -1}, err
		}
		key := keyOf(heapRoot)
		return run(root, depth, opt, FailSoft, true, func(s *searcher[P], w bounds) int {
			if color < 0 {
				w = w.negate()
			}
			if s.trace == nil {
				return color * s.negamaxTTUntraced(root, key, depth, 0, w, color)
			}
			return color * s.negamaxTT(root, key, depth, 0, w, color)
		})
	}
	return run(root, depth, opt, FailSoft, true, func(s *searcher[P], w bounds) int {
		if color < 0 {
			w = w.negate()
		}
		if s.trace == nil {
			return color * s.negamaxABUntraced(root, depth, 0, w, color)
		}
		return color * s.negamaxAB(root, depth, 0, w, color)
	})
}

func (s *searcher[P]) negamaxAB(pos P, depth, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: the static value
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
	if len(kids) == 0 { // a terminal position: its value
		return color * s.terminal(pos, ply)
	}
	alpha0 := w.alpha
	value := -Inf
	for i, c := range kids {
		f.i = i
		var v int
		if depth == 2 && s.cv != nil { // untraced: see negamaxABFrontier
			v = -s.negamaxABFrontier(c, ply+1, w.negate(), -color)
		} else {
			v = -s.negamaxAB(c, depth-1, ply+1, w.negate(), -color)
		}
		if s.stopped {
			return 0
		}
		value = max(value, v)
		if value > w.alpha {
			w.alpha, w.alphaFrom = value, ply
			s.best(f, ply, depth)
		}
		if w.alpha >= w.beta {
			s.cutoff(f, ply, w.betaFrom)
			break
		}
	}
	if !s.soft {
		value = min(max(value, alpha0), w.beta)
	}
	if s.trace != nil {
		a, b := maxView(alpha0, w.beta, color)
		s.traceExit(ply, color*value, a, b)
	}
	return value
}

// negamaxABFrontier is negamaxAB at depth 1, untraced, from the children's
// values (s.cv) without making the children, called from the parent's loop
// as alphaBetaFrontier is from alphaBeta's.
func (s *searcher[P]) negamaxABFrontier(pos P, ply int, w bounds, color int) int {
	if !s.count() {
		return 0
	}
	s.cur = pos // s.cv's receiver
	first, n, ok := s.cv.ValuedChildren()
	if !ok {
		s.stats.Nodes-- // counted again there
		return s.negamaxAB(pos, 1, ply, w, color)
	}
	f := s.open(ply)
	s.frontierOpen(f, ply, n)
	if n == 0 { // a terminal position: its value (terminal, untraced)
		s.stats.Leaves++
		return color * pos.Value()
	}
	m := s.leafRoom(n)
	alpha0 := w.alpha
	value := -Inf
	read, cut := m, false // the leaves read; whether a cutoff ended the loop
	for i := range m {
		v := color * s.cv.ChildValue(first, i)
		value = max(value, v)
		if value > w.alpha {
			w.alpha, w.alphaFrom = value, ply
			f.i = i
			f.pvOne(i)
		}
		if w.alpha >= w.beta {
			s.countCutoff(n-i-1, ply, w.betaFrom)
			read, cut = i+1, true
			break
		}
	}
	if s.countLeaves(read); !cut && m < n {
		return s.spend()
	}
	if !s.soft {
		value = min(max(value, alpha0), w.beta)
	}
	return value
}

// maxView turns a window from the point of view of the side with the given
// color into Max's point of view.
func maxView(alpha, beta, color int) (int, int) {
	if color > 0 {
		return alpha, beta
	}
	return -beta, -alpha
}
