package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// Result is what every search returns.
type Result struct {
	// Value is the root's value from Max's point of view, for every algorithm
	// (negamax-form searches convert their score at the root). With a window
	// that the value falls outside of, it is a bound (see Bound).
	Value int `json:"value"`
	// Bound says whether Value is Exact or only a Lower or Upper bound; it is
	// Exact for a search with the whole window.
	Bound Bound `json:"-"`
	// Move is the best root move, an index into the root's Children order,
	// or −1 if the root is terminal or no move rose above the window.
	Move int `json:"move"`
	// PV is the principal variation: the moves from the root along which the
	// value was found, each an index into its position's Children order.
	PV []int `json:"pv"`
	// Stats counts what the search did (all iterations or passes together).
	Stats Stats `json:"stats"`
	// Iterations has one entry per iteration or pass of the drivers
	// (iterative deepening, aspiration windows, MTD(f), SSS*, DUAL*, Best
	// Node Search); it is nil for a single search.
	Iterations []Iteration `json:"iterations,omitempty"`
}

// Iteration is one search of the root made by a driver: its depth and
// window, what it returned, and what it cost.
type Iteration struct {
	Depth       int   `json:"depth"`
	Alpha, Beta int   `json:"-"` // the window of this search (Max's point of view)
	Guess       int   `json:"guess"`
	Value       int   `json:"value"`
	Bound       Bound `json:"-"`
	Move        int   `json:"move"`
	PV          []int `json:"pv,omitempty"`
	// Better is Best Node Search's betterCount: the number of root moves
	// whose value reached the test.
	Better int   `json:"better,omitempty"`
	Stats  Stats `json:"stats"`
}

// bounds is a window with, for each bound, the ply at which it was set; the
// caller's initial window counts as set at the root (ply 0).
type bounds struct {
	alpha, beta         int
	alphaFrom, betaFrom int
}

// negate turns the window around for the opponent in negamax form.
func (b bounds) negate() bounds {
	return bounds{alpha: -b.beta, beta: -b.alpha, alphaFrom: b.betaFrom, betaFrom: b.alphaFrom}
}

// frame is the per-ply scratch space: children buffer, move order and the
// principal variation found below this ply. Frames are reused, so the search
// allocates nothing per node once the deepest ply has been reached.
type frame[P any] struct {
	kids  []P
	moves []int // kids[i] is move moves[i]; only used with Options.Order
	ranks []int
	pv    []int
	i     int // index in kids of the child being searched
}

// searcher holds what one search needs besides the recursion's arguments.
type searcher[P gametree.Position[P]] struct {
	stats   Stats
	trace   Tracer[P]
	tt      TT
	order   func(parent, child P, move int) int
	soft    bool
	limit   int64
	stopped bool
	frames  []*frame[P]
}

func newSearcher[P gametree.Position[P]](opt *Options[P], def Fail) *searcher[P] {
	s := &searcher[P]{limit: 1<<63 - 1, soft: opt.fail(def) == FailSoft, frames: []*frame[P]{new(frame[P])}}
	if opt != nil {
		s.trace, s.order, s.tt = opt.Trace, opt.Order, opt.TT
		if opt.MaxNodes > 0 {
			s.limit = opt.MaxNodes
		}
	}
	return s
}

// run drives one search: it validates the arguments, calls root with the
// starting window and packs the Result.
//
// Searches without a window (minimax, negamax) pass windowed = false: they
// ignore opt.Window and always return an exact value.
func run[P gametree.Position[P]](root P, depth int, opt *Options[P], def Fail, windowed bool,
	search func(s *searcher[P], w bounds) int) (Result, error) {
	w, err := check(depth, opt)
	if err != nil {
		return Result{Move: -1}, err
	}
	if !windowed {
		w = Window{-Inf, Inf}
	}
	s := newSearcher(opt, def)
	v := search(s, bounds{alpha: w.Alpha, beta: w.Beta})
	if !s.soft {
		// Interior nodes clamp their own value; a leaf root is clamped here so
		// that fail-hard's contract, a value inside [α, β], holds everywhere.
		v = min(max(v, w.Alpha), w.Beta)
	}
	s.stats.MaxPly = len(s.frames) - 1 // frames are made for plies that get entered
	s.stats.Cutoffs = s.stats.ShallowCutoffs + s.stats.DeepCutoffs
	res := Result{Value: v, Bound: BoundOf(v, w.Alpha, w.Beta), Move: -1, Stats: s.stats}
	if s.stopped {
		return res, ErrBudget
	}
	if pv := s.frames[0].pv; len(pv) > 0 {
		res.Move = pv[0]
		res.PV = append([]int(nil), pv...)
	}
	return res, nil
}

// count counts a node and reports whether the search may go on: false once
// the node budget is spent (the search then unwinds without further work).
// It makes no calls, so it inlines.
func (s *searcher[P]) count() bool {
	s.stats.Nodes++
	if s.stats.Nodes > s.limit {
		s.stopped = true
		return false
	}
	return true
}

// open returns the frame of an interior node at ply, its PV emptied. Nodes at
// the depth limit never get here: they need no frame, which keeps the
// untraced leaf path free of it. It makes no calls, so it inlines.
func (s *searcher[P]) open(ply int) *frame[P] {
	f := s.frames[ply]
	f.pv = f.pv[:0]
	return f
}

// leafTraced is the depth-limit leaf of a traced search: it reports entering
// pos, evaluates it and reports the value. It returns the value from Max's
// point of view.
func (s *searcher[P]) leafTraced(pos P, ply, alpha, beta int) int {
	s.traceEnter(pos, ply, 0, alpha, beta)
	return s.terminal(pos, ply)
}

// terminal evaluates pos, a position without children, statically (Max's
// point of view) and reports it when tracing; its Enter was reported by open.
func (s *searcher[P]) terminal(pos P, ply int) int {
	s.stats.Leaves++
	v := pos.Value()
	if s.trace != nil {
		s.traceLeaf(pos, ply, v)
	}
	return v
}

// traceEnter reports entering pos at ply with window [alpha, beta] (Max's
// point of view).
func (s *searcher[P]) traceEnter(pos P, ply, depth, alpha, beta int) {
	move := -1
	if ply > 0 {
		move = s.frames[ply-1].move(s.frames[ply-1].i)
	}
	s.trace.Event(Event[P]{Kind: Enter, Ply: ply, Move: move, Depth: depth, Pos: pos, Alpha: alpha, Beta: beta})
}

// traceTTHit reports a transposition-table hit at ply, if found; e is in the
// view of the side with the given color.
func (s *searcher[P]) traceTTHit(ply int, e Entry, found bool, color int, settles bool) {
	if !found {
		return
	}
	v, b := e.Value, e.Bound
	if color < 0 {
		v, b = -v, b.flip()
	}
	s.trace.Event(Event[P]{Kind: TTHit, Ply: ply, Value: v, Bound: b, Depth: e.Depth, Move: e.Move, TTCut: settles})
}

// traceLeaf reports the static evaluation of pos (Max's point of view).
func (s *searcher[P]) traceLeaf(pos P, ply, v int) {
	s.trace.Event(Event[P]{Kind: Leaf, Ply: ply, Pos: pos, Value: v})
	s.trace.Event(Event[P]{Kind: Exit, Ply: ply, Value: v, Bound: Exact})
}

// expand fills f with the children of pos in search order and returns them
// (none at a terminal position). It also makes sure the children's frame
// exists. Callers skip it at the depth limit.
func (s *searcher[P]) expand(pos P, ply int, f *frame[P]) []P {
	f.kids = pos.Children(f.kids[:0])
	if len(f.kids) > 0 && ply+1 >= len(s.frames) {
		s.frames = append(s.frames, new(frame[P]))
	}
	if s.order != nil {
		s.sort(pos, f)
	}
	return f.kids
}

// sort puts f.kids in Options.Order's order, remembering their moves.
func (s *searcher[P]) sort(pos P, f *frame[P]) {
	f.moves, f.ranks = f.moves[:0], f.ranks[:0]
	for i, c := range f.kids {
		f.moves = append(f.moves, i)
		f.ranks = append(f.ranks, s.order(pos, c, i))
	}
	// Stable insertion sort by decreasing rank: child lists are short.
	for i := 1; i < len(f.kids); i++ {
		for j := i; j > 0 && f.ranks[j] > f.ranks[j-1]; j-- {
			f.kids[j], f.kids[j-1] = f.kids[j-1], f.kids[j]
			f.moves[j], f.moves[j-1] = f.moves[j-1], f.moves[j]
			f.ranks[j], f.ranks[j-1] = f.ranks[j-1], f.ranks[j]
		}
	}
}

// move returns the move (Children index) of kids[i].
func (f *frame[P]) move(i int) int {
	if len(f.moves) == len(f.kids) && len(f.moves) > i {
		return f.moves[i]
	}
	return i
}

// best records kids[f.i] of the node at ply, searched to depth, as its best
// move so far: the node's PV becomes that move followed by the child's PV (a
// child at the depth limit has none: it never had a frame).
func (s *searcher[P]) best(f *frame[P], ply, depth int) {
	f.pv = append(f.pv[:0], f.move(f.i))
	if depth > 1 {
		f.pv = append(f.pv, s.frames[ply+1].pv...)
	}
}

// cutoff counts a cutoff at ply caused by a bound set at ply from; the
// children after kids[f.i] are skipped. The counting inlines; the event is
// reported by traceCutoff. Stats.Cutoffs is their sum, filled in by run.
func (s *searcher[P]) cutoff(f *frame[P], ply, from int) {
	s.stats.Pruned += int64(len(f.kids) - f.i - 1)
	if from >= ply-1 {
		s.stats.ShallowCutoffs++
	} else {
		s.stats.DeepCutoffs++
	}
	if s.trace != nil {
		s.traceCutoff(f, ply, from)
	}
}

func (s *searcher[P]) traceCutoff(f *frame[P], ply, from int) {
	kind := Deep
	if from >= ply-1 {
		kind = Shallow
	}
	s.trace.Event(Event[P]{Kind: Cutoff, Ply: ply, Move: f.move(f.i), Cut: kind, From: from, Skipped: len(f.kids) - f.i - 1})
}

// pick returns the fail-soft value soft or the fail-hard value hard,
// whichever the search was asked for.
func (s *searcher[P]) pick(soft, hard int) int {
	if s.soft {
		return soft
	}
	return hard
}

// ret returns v from the node at ply, reporting it when tracing; alpha and
// beta are the node's entry window (Max's point of view).
func (s *searcher[P]) ret(ply, v, alpha, beta int) int {
	if s.trace != nil {
		s.traceExit(ply, v, alpha, beta)
	}
	return v
}

// traceExit reports the value v (Max's point of view) the node at ply returns,
// classified against its entry window (Max's point of view).
func (s *searcher[P]) traceExit(ply, v, alpha, beta int) {
	s.trace.Event(Event[P]{Kind: Exit, Ply: ply, Value: v, Bound: BoundOf(v, alpha, beta)})
}
