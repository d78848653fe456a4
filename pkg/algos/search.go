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
	Depth int   `json:"depth"`
	Alpha int   `json:"alpha"` // the window of this search (Max's point of view; ±Inf when open)
	Beta  int   `json:"beta"`
	Guess int   `json:"guess"`
	Value int   `json:"value"`
	Bound Bound `json:"-"`
	Move  int   `json:"move"`
	PV    []int `json:"pv,omitempty"`
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
//
// While the node at ply searches a child, i is that child's index in kids:
// every search keeps it current, because the events (the move into a node)
// and the move-ordering heuristics (the move keys of the node below) read it.
type frame[P any] struct {
	kids  []P
	moves []int // kids[i] is move moves[i]; empty while kids are in Children order
	ranks []rank
	keys  []int  // with killers or history: keys[m] identifies move m (a Children index); −1 if unknown
	pv    []int  // starts in pv1, so it always has room for one move (see pvOne)
	pv1   [1]int // the first room of pv
	i     int    // index in kids of the child being searched
	// killers are the keys of the last two moves that caused a cutoff at
	// this ply, most recent first, plus one (0: none yet).
	killers [2]int
	// learnt is set once remember has learnt from the node whose children
	// the frame holds, and cleared when the frame is refilled.
	learnt bool
}

// rank is what the children of a node are sorted by, most significant
// first: killer slot (2 for the newest killer, 1 for the older), history
// score, then Options.Order's rank.
type rank struct {
	killer  int8
	history int
	order   int
}

// searcher holds what one search needs besides the recursion's arguments.
type searcher[P gametree.Position[P]] struct {
	stats Stats
	trace Tracer[P]
	tt    TT
	// order, when not nil, makes expand sort the children of every node
	// (see sort), which also rebuilds the frame's moves. It is Options.Order,
	// or a constant rank when only a table or the heuristics need sorting;
	// a search may set it (to any function) to have frames rebuilt.
	order   func(parent, child P, move int) int
	soft    bool
	limit   int64
	stopped bool
	frames  []*frame[P]

	// Move ordering (see expand).
	rankBy    func(parent, child P, move int) int // Options.Order, or nil
	ranked    bool                                // some ranking applies: Options.Order, killers or history
	heuristic bool                                // killers or history: cutoffs are learnt from
	killers   bool
	history   []int // Options.History: score per move key; nil otherwise
	keyer     bool  // the positions implement gametree.MoveKeyer
	root      *P    // a heap copy of the root, for its move keys

	// cv, when not nil, gives the children's values at the last ply
	// without making the children (see alphaBetaFrontier): the positions implement
	// gametree.ChildValuer, nothing traces, sorts or stores them. Its
	// methods are cur's, so cur is set before they are called.
	cv  gametree.ChildValuer
	cur P
}

func newSearcher[P gametree.Position[P]](opt *Options[P], def Fail) *searcher[P] {
	s := &searcher[P]{limit: 1<<63 - 1, soft: opt.fail(def) == FailSoft, frames: []*frame[P]{newFrame[P]()}}
	if opt != nil {
		s.trace, s.rankBy, s.tt = opt.Trace, opt.Order, opt.TT
		if opt.MaxNodes > 0 {
			s.limit = opt.MaxNodes
		}
		s.killers = opt.Killers
		if opt.History {
			s.history = make([]int, gametree.MaxMoveKey)
		}
	}
	s.heuristic = s.killers || s.history != nil
	s.ranked = s.heuristic || s.rankBy != nil
	s.order = s.rankBy
	if s.order == nil && (s.ranked || s.tt != nil) {
		s.order = keepOrder[P]
	}
	if cv, ok := any(&s.cur).(gametree.ChildValuer); ok && s.order == nil && s.trace == nil {
		s.cv = cv
	}
	return s
}

// setTT installs t as the search's transposition table (a driver's own
// table, installed after newSearcher) with the same rule newSearcher applies
// to Options.TT: frames rebuild their move lists at every node.
func (s *searcher[P]) setTT(t TT) {
	s.tt, s.cv = t, nil
	if s.order == nil {
		s.order = keepOrder[P]
	}
}

// keepOrder ranks every child alike: the order of a searcher that sorts
// only to rebuild its frames' moves (a table's first may have permuted the
// previous node's) or for the heuristics.
func keepOrder[P any](_, _ P, _ int) int { return 0 }

// setRoot tells the move-ordering heuristics the root of the search: they
// identify moves by gametree.MoveKeyer when the positions implement it,
// which is checked here, once, through a pointer to a heap copy of root
// (converting a pointer to an interface allocates nothing; converting the
// position itself would, at every node). Without the heuristics it does
// nothing, so a plain search does not pay for the copy.
func (s *searcher[P]) setRoot(root P) {
	if !s.heuristic {
		return
	}
	p := new(P)
	*p = root
	s.root = p
	_, s.keyer = any(p).(gametree.MoveKeyer)
}

// reset prepares s for another root search by the same driver: the counters
// start from zero and the node budget is what is left of it, while the
// killers, the history table and the scratch frames carry over.
func (s *searcher[P]) reset(limit int64) {
	s.stats = Stats{}
	s.stopped = false
	s.limit = limit
	s.frames = s.frames[:1]
}

// result packs the value v of a root search with the window w (Max's point
// of view) into a Result: it finishes the counters, and clamps a fail-hard
// leaf root into the window.
func (s *searcher[P]) result(v int, w Window) Result {
	if !s.soft {
		// Interior nodes clamp their own value; a leaf root is clamped here so
		// that fail-hard's contract, a value inside [α, β], holds everywhere.
		v = min(max(v, w.Alpha), w.Beta)
	}
	// Frames are made for the plies that get entered, but for the leaves
	// the frontier searches read (frontierOpen counts those).
	s.stats.MaxPly = max(s.stats.MaxPly, len(s.frames)-1)
	s.stats.Cutoffs = s.stats.ShallowCutoffs + s.stats.DeepCutoffs
	res := Result{Value: v, Bound: BoundOf(v, w.Alpha, w.Beta), Move: -1, Stats: s.stats}
	if s.stopped {
		return res
	}
	if pv := s.frames[0].pv; len(pv) > 0 {
		res.Move = pv[0]
		res.PV = append([]int(nil), pv...)
	}
	return res
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
	s.setRoot(root)
	res := s.result(search(s, bounds{alpha: w.Alpha, beta: w.Beta}), w)
	if s.stopped {
		return res, ErrBudget
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
//
// # Move ordering
//
// The search order is, most significant first:
//
//  1. the transposition table's move (or a driver's principal-variation
//     move), which the search puts in front afterwards with first (see
//     expandFirst);
//  2. the killer moves of this ply (Options.Killers): the last two moves
//     that caused a cutoff at this ply anywhere in the tree, the newer one
//     first;
//  3. the history heuristic (Options.History): moves that caused cutoffs
//     anywhere, by the sum of depth² over those cutoffs, where depth is the
//     plies left below the cutting node;
//  4. Options.Order's rank;
//  5. Children order.
//
// Killers and history recognise "the same move" in different positions by
// gametree.MoveKeyer's MoveKey when the positions implement it, by the move
// index otherwise. Without any of these (the plain searches) expand only
// lists the children: the ordering costs such a search nothing.
func (s *searcher[P]) expand(pos P, ply int, f *frame[P]) []P {
	f.kids = pos.Children(f.kids[:0])
	if s.order != nil {
		s.sort(pos, ply, f)
	}
	if len(f.kids) > 0 && ply+1 >= len(s.frames) {
		s.grow()
	}
	return f.kids
}

// expandFirst is expand followed by first(f, move): the children in search
// order with move (a Children index, typically the table's best move; −1 for
// none) in front, the others in the order the heuristics give.
func (s *searcher[P]) expandFirst(pos P, ply int, f *frame[P], move int) []P {
	kids := s.expand(pos, ply, f)
	if move >= 0 {
		s.first(f, move)
	}
	return kids
}

// grow adds the frame of the next ply, reusing one that a previous root
// search of the same driver made.
func (s *searcher[P]) grow() {
	n := len(s.frames)
	if n < cap(s.frames) {
		s.frames = s.frames[:n+1]
		if s.frames[n] != nil {
			return
		}
	} else {
		s.frames = append(s.frames, nil)
	}
	s.frames[n] = newFrame[P]()
}

// newFrame returns an empty frame whose PV has room for one move without
// allocating (pvOne needs it).
func newFrame[P any]() *frame[P] {
	f := new(frame[P])
	f.pv = f.pv1[:0]
	return f
}

// pvOne makes the PV the one move m, as best does at depth 1 when the
// children are not listed (the frontier searches): the frame always has
// room for it, so it makes no call, and the frontier's loop makes none.
func (f *frame[P]) pvOne(m int) {
	f.pv = f.pv[:1]
	f.pv[0] = m
}

// sort puts f.kids in search order (see expand), remembering their moves.
// With only a transposition table it just marks the children as being in
// Children order, since first may have permuted the previous node's.
func (s *searcher[P]) sort(pos P, ply int, f *frame[P]) {
	if s.heuristic {
		s.remember(ply) // before f's moves and keys are replaced
		f.learnt = false
	}
	f.moves, f.ranks = f.moves[:0], f.ranks[:0]
	if !s.ranked {
		return
	}
	if s.heuristic {
		s.moveKeys(ply, f)
	}
	k0, k1 := f.killers[0]-1, f.killers[1]-1
	for i, c := range f.kids {
		f.moves = append(f.moves, i)
		var r rank
		if s.heuristic {
			if key := f.keys[i]; key >= 0 {
				switch key {
				case k0:
					r.killer = 2
				case k1:
					r.killer = 1
				}
				if s.history != nil {
					r.history = s.history[key]
				}
			}
		}
		if s.rankBy != nil {
			r.order = s.rankBy(pos, c, i)
		}
		f.ranks = append(f.ranks, r)
	}
	// Stable insertion sort by decreasing rank: child lists are short.
	for i := 1; i < len(f.kids); i++ {
		for j := i; j > 0 && f.ranks[j].above(f.ranks[j-1]); j-- {
			f.kids[j], f.kids[j-1] = f.kids[j-1], f.kids[j]
			f.moves[j], f.moves[j-1] = f.moves[j-1], f.moves[j]
			f.ranks[j], f.ranks[j-1] = f.ranks[j-1], f.ranks[j]
		}
	}
}

// above reports whether r sorts strictly before q.
func (r rank) above(q rank) bool {
	if r.killer != q.killer {
		return r.killer > q.killer
	}
	if r.history != q.history {
		return r.history > q.history
	}
	return r.order > q.order
}

// moveKeys fills f.keys with the key of each move of the node at ply (whose
// children are in f.kids, still in Children order): its MoveKey when the
// positions implement gametree.MoveKeyer, else the move index; −1 when the
// key is outside [0, gametree.MaxMoveKey).
//
// The node itself is reached through a pointer into memory already on the
// heap (the parent's children buffer, or the root's copy), for the reason
// keyOf gives.
func (s *searcher[P]) moveKeys(ply int, f *frame[P]) {
	f.keys = f.keys[:0]
	var mk gametree.MoveKeyer
	if s.keyer {
		p := s.root
		if ply > 0 {
			up := s.frames[ply-1]
			p = &up.kids[up.i]
		}
		mk = any(p).(gametree.MoveKeyer)
	}
	for i := range f.kids {
		key := i
		if mk != nil {
			key = mk.MoveKey(i)
		}
		if key < 0 || key >= gametree.MaxMoveKey {
			key = -1
		}
		f.keys = append(f.keys, key)
	}
}

// remember learns from the cutoffs made since the last node was sorted;
// sort calls it before it sorts a node at ply. The cutting move of each
// becomes its ply's newest killer, and its history score grows by depth²,
// depth being the plies from the cutting node to the deepest ply entered so
// far (the node's remaining depth in a search of uniform depth).
//
// cutoff leaves no mark for it, so that the plain searches pay nothing for
// the heuristics: the frames tell. When a node at ply is about to be sorted,
// the frames at ply and below hold nodes that are finished (those above are
// its ancestors, still searching); a finished node whose last child searched
// (frame.i) was not its last child stopped at a cutoff by that child. A
// cutoff by the last child prunes nothing and cannot be told apart from a
// node that searched every child, so it is not learnt from. Learning at the
// next sort is learning in time: killers and history are read only when
// sorting.
func (s *searcher[P]) remember(ply int) {
	for q := ply; q < len(s.frames); q++ {
		f := s.frames[q]
		if f.learnt {
			continue
		}
		f.learnt = true
		if f.i >= len(f.moves)-1 { // searched every child (sort gave them moves)
			continue
		}
		key := f.keys[f.moves[f.i]]
		if key < 0 {
			continue
		}
		if s.killers && f.killers[0] != key+1 {
			f.killers[1], f.killers[0] = f.killers[0], key+1
		}
		if s.history != nil {
			d := max(1, len(s.frames)-1-q)
			s.history[key] += d * d
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
	s.countCutoff(len(f.kids)-f.i-1, ply, from)
	if s.trace != nil {
		s.traceCutoff(f, ply, from)
	}
}

// countCutoff counts a cutoff at ply, caused by a bound set at ply from,
// that skips the node's last skipped children.
func (s *searcher[P]) countCutoff(skipped, ply, from int) {
	s.stats.Pruned += int64(skipped)
	if from >= ply-1 {
		s.stats.ShallowCutoffs++
	} else {
		s.stats.DeepCutoffs++
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
