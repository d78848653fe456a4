package algos

import (
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// IterativeDeepening searches the root again and again, one ply deeper each
// time, and uses what each iteration learnt to order the next, as the Russian
// textbook «Системы искусственного интеллекта» describes (§6.4, last
// paragraph): "search to depth 2, reorder the nodes, search to depth 3,
// reorder again, and only then search to the full depth 6. The first two
// passes process few nodes and bring the ordering close to the ideal one for
// depth 6."
//
// The depths are opt.Schedule (the textbook's is 2, 3, 6), or 1, 2, …, depth
// when it is nil; entries at or beyond depth are dropped and depth itself is
// always searched last. Every iteration is NegamaxAB with a transposition
// table (the third pseudocode of the Persian Wikipedia article on negamax),
// fail-soft unless opt.Fail says otherwise, so that
//
//   - at every node below the root the table's best move from the previous
//     iterations is searched first (then killers, history and opt.Order, see
//     Options), and
//   - the root's children are searched in the order of the values the
//     previous iteration gave them, best first (ties keep their previous
//     order): the textbook's reordering. With fail-soft those values are
//     bounds for all but the best move, which is how programs use them too.
//
// The table is opt.TT, which the caller may keep, or else a fresh MapTT that
// lives for the whole run and is dropped at the end. The positions must
// implement gametree.Keyed. The root itself is never probed (its order comes
// from the previous iteration) but its result is stored.
//
// The run stops early when an iteration enters no position at its depth
// limit (Stats.MaxPly below the depth): every line ended at a terminal
// position, so a deeper search would only repeat it. That is how a search
// with depth FullDepth ends.
//
// The Result is the last iteration's value, move and PV. Result.Iterations
// has one entry per iteration, with its own Stats; Result.Stats is their sum
// (Passes counts the iterations). opt.Progress is called after each
// iteration; a tracer sees a Pass event (Depth, window, and the previous
// value as Value) before each iteration's root. opt.MaxNodes bounds all the
// iterations together; when it runs out the Result holds the last complete
// iteration's value and move, and the error is ErrBudget.
func IterativeDeepening[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return deepen(root, depth, opt, false)
}

// Aspiration is iterative deepening (see IterativeDeepening: same schedule,
// table and reordering) whose iterations search a narrow window around the
// value expected: (g − Δ, g + Δ), where g is the previous iteration's value
// and Δ is opt.Delta (DefaultDelta when 0). The first iteration uses
// opt.Guess as g when it is set and the whole window otherwise.
//
// A narrow window prunes more, but the value may fall outside it. The
// re-search policy:
//
//   - fail-low (the value is ≤ g − Δ, an upper bound): search the same depth
//     again with the lower edge opened to −∞, (−∞, g + Δ);
//   - fail-high (≥ g + Δ, a lower bound): again with the upper edge opened,
//     (g − Δ, +∞);
//   - a re-search that fails on the other side (which only a transposition
//     table's search instability can cause) opens that side too, so an
//     iteration searches at most three times and ends with an exact value.
//
// ±∞ means the edges of opt.Window when one is given. Every search of the
// root is an Iteration (with its window in Alpha, Beta and g in Guess); a
// re-search counts one Stats.ReSearches, and a tracer sees a ReSearch event
// (Ply 0, Move −1: the root itself; the new window; the failed value) before
// its Pass.
func Aspiration[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return deepen(root, depth, opt, true)
}

// rootMoves is what iterative deepening keeps about the root's moves from
// one search of the root to the next.
type rootMoves struct {
	order []int // moves in the order to search them; nil: as expand gives them
	rank  []int // rank[m]: position of move m in order
	value []int // value[m]: what move m's search returned (root mover's view); −Inf if not searched
}

// deepen is IterativeDeepening (aspire false) and Aspiration (aspire true).
func deepen[P gametree.Position[P]](root P, depth int, opt *Options[P], aspire bool) (Result, error) {
	outer, err := check(depth, opt)
	if err != nil {
		return Result{Move: -1}, err
	}
	o := Options[P]{}
	if opt != nil {
		o = *opt
	}
	depths := schedule(depth, o.Schedule) // check validated it
	delta := min(o.delta(), 2*Inf)
	heapRoot := &root // keys are taken through pointers into the heap
	if err := checkKeyed(heapRoot); err != nil {
		return Result{Move: -1}, err
	}
	key := keyOf(heapRoot)
	if o.TT == nil {
		o.TT = NewMapTT()
	}
	budget := int64(1<<63 - 1)
	if o.MaxNodes > 0 {
		budget = o.MaxNodes
	}
	s := newSearcher(&o, FailSoft)
	s.setRoot(root)
	color := int(root.ToMove())
	moves := &rootMoves{}

	var total Stats
	var iters []Iteration
	last := Result{Move: -1}
	guess, haveGuess := 0, false
	if aspire && o.Guess != nil {
		guess, haveGuess = *o.Guess, true
	}
	for k, d := range depths {
		win := outer
		if aspire && haveGuess {
			win = Window{Alpha: max(guess-delta, outer.Alpha), Beta: min(guess+delta, outer.Beta)}
			if win.Alpha >= win.Beta { // the guess lies outside opt.Window
				win = outer
			}
		}
		reSearch := false
		var r Result
		for {
			if o.Trace != nil {
				o.Trace.Event(Event[P]{Kind: Pass, Depth: d, Alpha: win.Alpha, Beta: win.Beta, Value: guess})
			}
			s.reset(budget - total.Nodes)
			w := bounds{alpha: win.Alpha, beta: win.Beta}
			if color < 0 {
				w = w.negate()
			}
			var v int
			if s.trace == nil {
				v = s.deepenRootUntraced(root, key, d, w, color, moves)
			} else {
				v = s.deepenRoot(root, key, d, w, color, moves)
			}
			r = s.result(color*v, win)
			r.Stats.Passes = 1
			if reSearch {
				r.Stats.ReSearches = 1
			}
			total = total.Add(r.Stats)
			if s.stopped {
				last.Stats, last.Iterations = total, iters
				return last, ErrBudget
			}
			it := Iteration{Depth: d, Alpha: win.Alpha, Beta: win.Beta, Guess: guess, Value: r.Value, Bound: r.Bound,
				Move: r.Move, PV: r.PV, Stats: r.Stats}
			iters = append(iters, it)
			if o.Progress != nil {
				o.Progress(it)
			}
			moves.reorder(s.frames[0].moves, len(s.frames[0].kids), d > 0)
			if r.Bound == Upper && win.Alpha > outer.Alpha { // fail-low: open the lower edge
				win.Alpha = outer.Alpha
			} else if r.Bound == Lower && win.Beta < outer.Beta { // fail-high: open the upper edge
				win.Beta = outer.Beta
			} else {
				break
			}
			reSearch = true
			if o.Trace != nil {
				o.Trace.Event(Event[P]{Kind: ReSearch, Ply: 0, Move: -1, Alpha: win.Alpha, Beta: win.Beta, Value: r.Value})
			}
		}
		last = r
		guess, haveGuess = r.Value, true
		if k < len(depths)-1 && r.Stats.MaxPly < d {
			break // every line ended above this depth: deeper searches repeat it
		}
	}
	last.Stats, last.Iterations = total, iters
	return last, nil
}

// schedule returns the depths iterative deepening searches: sched's entries
// below depth, then depth; or 1, 2, …, depth when sched is nil, except that
// the default schedule stops at maxScheduled before its final depth (a
// search with depth FullDepth normally ends much earlier, when the tree is
// exhausted). Options.Validate has checked sched.
func schedule(depth int, sched []int) []int {
	var out []int
	if sched == nil {
		for d := 1; d < depth && d <= maxScheduled; d++ {
			out = append(out, d)
		}
	} else {
		for _, d := range sched {
			if d < depth {
				out = append(out, d)
			}
		}
	}
	return append(out, depth)
}

// maxScheduled is the deepest iteration of the default schedule before the
// final one: beyond it (a FullDepth search of a deep tree) the run goes
// straight to the requested depth.
const maxScheduled = 64

// reorder sets the order of the next search of the root: the moves by
// decreasing value (the root mover's view), ties in the order just searched
// (searched, in search order; the moves of a root with n children). A
// depth-0 search learns nothing about the children.
func (r *rootMoves) reorder(searched []int, n int, learnt bool) {
	if !learnt || n == 0 {
		return
	}
	if len(searched) != n { // Children order
		searched = nil
	}
	r.order = r.order[:0]
	for i := range n {
		m := i
		if searched != nil {
			m = searched[i]
		}
		r.order = append(r.order, m)
	}
	for i := 1; i < n; i++ { // stable insertion sort: root move lists are short
		for j := i; j > 0 && r.value[r.order[j]] > r.value[r.order[j-1]]; j-- {
			r.order[j], r.order[j-1] = r.order[j-1], r.order[j]
		}
	}
	r.rank = append(r.rank[:0], make([]int, n)...)
	for i, m := range r.order {
		r.rank[m] = i
	}
}

// arrange puts the root's children, in f, in the order r keeps (when it has
// one) and readies r for this search's values.
func arrange[P any](f *frame[P], r *rootMoves) {
	n := len(f.kids)
	r.value = append(r.value[:0], make([]int, n)...)
	for m := range r.value {
		r.value[m] = -Inf
	}
	if len(r.order) != n {
		return
	}
	if len(f.moves) != n { // still in Children order
		f.moves = f.moves[:0]
		for i := range n {
			f.moves = append(f.moves, i)
		}
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && r.rank[f.moves[j]] < r.rank[f.moves[j-1]]; j-- {
			f.kids[j], f.kids[j-1] = f.kids[j-1], f.kids[j]
			f.moves[j], f.moves[j-1] = f.moves[j-1], f.moves[j]
		}
	}
}

// deepenRoot searches the root for iterative deepening and aspiration
// windows: NegamaxAB with a transposition table (negamaxTT) below it, the
// root's children in the order r says, and each child's value kept in r.
// It returns the root's value from the point of view of the side with the
// given color. Unlike negamaxTT it does not probe the root: a table entry
// must not end a search whose point is to look deeper.
func (s *searcher[P]) deepenRoot(pos P, key uint64, depth int, w bounds, color int, r *rootMoves) int {
	if !s.count() {
		return 0
	}
	if s.trace != nil {
		a, b := maxView(w.alpha, w.beta, color)
		s.traceEnter(pos, 0, depth, a, b)
	}
	alpha0, beta0 := w.alpha, w.beta
	if depth == 0 { // the depth limit: color × the static value
		return color * s.terminal(pos, 0)
	}
	f := s.open(0)
	kids := s.expand(pos, 0, f)
	if len(kids) == 0 { // a terminal position: color × its value
		return color * s.terminal(pos, 0)
	}
	arrange(f, r)
	value, best := -Inf, -1
	for i := range kids {
		f.i = i
		v := -s.negamaxTT(kids[i], keyOf(&kids[i]), depth-1, 1, w.negate(), -color)
		if s.stopped {
			return 0
		}
		r.value[f.move(i)] = v
		if v > value {
			value, best = v, f.move(i)
		}
		if value > w.alpha {
			w.alpha, w.alphaFrom = value, 0
			s.best(f, 0, depth)
		}
		if w.alpha >= w.beta {
			s.cutoff(f, 0, w.betaFrom)
			break
		}
	}
	return s.finishTT(key, depth, 0, value, best, alpha0, beta0, w.beta, color)
}
