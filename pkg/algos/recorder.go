package algos

import (
	"iter"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TraceNode is one node of a recorded search: what the search saw when it
// entered the node and what it returned. Values and windows are from Max's
// point of view.
type TraceNode[P gametree.Position[P]] struct {
	Pos    P
	Move   int             // move from the parent (Children index); −1 at the root
	Ply    int             // distance from the root
	Depth  int             // plies left to search on entry
	ToMove gametree.Player // side to move at Pos
	// Alpha and Beta are the window the node was entered with.
	Alpha, Beta int
	// Value is the returned value (a leaf's static value), and Bound what it
	// means relative to the window.
	Value int
	Bound Bound
	// Type is the node's type as the search found it (PV, CUT or ALL).
	// Expected is Knuth and Moore's a-priori type: the root is PV; the first
	// child searched of a PV node is PV and the others CUT; the children of a
	// CUT node are ALL; the children of an ALL node are CUT. A node whose Type
	// differs from Expected shows where the move ordering was not perfect.
	// Leaves carry Expected only.
	Type, Expected NodeType
	Leaf           bool // evaluated statically (terminal or at the depth limit)
	Visit          int  // 0-based order in which the search entered the node
	LeafOrder      int  // 0-based evaluation order among leaves; −1 for interior nodes
	// Children are the searched children in search order.
	Children []*TraceNode[P]
	// Cut is set when a cutoff happened here.
	Cut *CutInfo
	// Pruned lists, in Children order, the moves the search never tried
	// because of the cutoff.
	Pruned []int
	// ReSearch is set on the second search of a child, after a null-window
	// or aspiration search of it failed; the first search is the sibling
	// just before it, with the same Move.
	ReSearch bool
	// TT is set when the position was found in the transposition table.
	TT *TTInfo
	// Pass numbers the root searches of a driver from 1 (0 for a single
	// search); Guess is that pass's guess or test value.
	Pass, Guess int
}

// TTInfo is a transposition-table hit seen by a node: the entry (Max's point
// of view) and whether it settled the node without a search.
type TTInfo struct {
	Value, Depth, Move int
	Bound              Bound
	Cut                bool
}

// NullWindow reports whether the node was searched with a null window
// (β − α = 1): a test of whether its value exceeds α.
func (n *TraceNode[P]) NullWindow() bool { return n.Beta-n.Alpha == 1 }

// CutInfo describes a cutoff at a node.
type CutInfo struct {
	Move    int     // the child whose value caused the cutoff
	Kind    CutKind // shallow or deep
	From    int     // ply at which the causing bound was set
	Skipped int     // children left unsearched
}

// Recorder is a Tracer that keeps every event and rebuilds the searched tree,
// for pictures and step-through players (pkg/render) and for tests that check
// how a search ran. Use a new Recorder for each search, or call Reset.
// Recording costs memory proportional to the number of nodes visited.
type Recorder[P gametree.Position[P]] struct {
	// Roots holds one searched tree per root search: one for a plain search,
	// one per pass for drivers that search the root several times.
	Roots  []*TraceNode[P]
	events []Event[P]
	stack  []*TraceNode[P]
	visits int
	leaves int
	// pending marks for the next Enter: a re-search, a pass.
	reSearch    bool
	pass, guess int
	passesSeen  int
	pendingPass bool
}

// NewRecorder returns an empty Recorder.
func NewRecorder[P gametree.Position[P]]() *Recorder[P] { return &Recorder[P]{} }

// Reset empties the recorder for another search.
func (r *Recorder[P]) Reset() { *r = Recorder[P]{} }

// Root returns the tree of the last root search, or nil before any.
func (r *Recorder[P]) Root() *TraceNode[P] {
	if len(r.Roots) == 0 {
		return nil
	}
	return r.Roots[len(r.Roots)-1]
}

// Event records e.
func (r *Recorder[P]) Event(e Event[P]) {
	r.events = append(r.events, e)
	switch e.Kind {
	case Enter:
		n := &TraceNode[P]{Pos: e.Pos, Move: e.Move, Ply: e.Ply, Depth: e.Depth, ToMove: e.Pos.ToMove(),
			Alpha: e.Alpha, Beta: e.Beta, Visit: r.visits, LeafOrder: -1, Expected: PV}
		r.visits++
		n.ReSearch, r.reSearch = r.reSearch, false
		if len(r.stack) == 0 {
			if r.pendingPass {
				n.Pass, n.Guess, r.pendingPass = r.pass, r.guess, false
			}
			r.Roots = append(r.Roots, n)
		} else {
			p := r.stack[len(r.stack)-1]
			n.Expected = expectedType(p.Expected, len(p.Children))
			p.Children = append(p.Children, n)
		}
		r.stack = append(r.stack, n)
	case Leaf:
		if n := r.top(); n != nil {
			n.Leaf, n.Value, n.LeafOrder = true, e.Value, r.leaves
			r.leaves++
		}
	case ReSearch:
		r.reSearch = true
	case Pass:
		r.passesSeen++
		r.pass, r.guess, r.pendingPass = r.passesSeen, e.Value, true
	case TTHit:
		if n := r.top(); n != nil {
			n.TT = &TTInfo{Value: e.Value, Depth: e.Depth, Move: e.Move, Bound: e.Bound, Cut: e.TTCut}
		}
	case Cutoff:
		if n := r.top(); n != nil {
			n.Cut = &CutInfo{Move: e.Move, Kind: e.Cut, From: e.From, Skipped: e.Skipped}
		}
	case Exit:
		n := r.top()
		if n == nil {
			return
		}
		r.stack = r.stack[:len(r.stack)-1]
		n.Value, n.Bound = e.Value, e.Bound
		if !n.Leaf {
			n.Type = NodeTypeOf(e.Bound, int(n.ToMove))
			if n.TT == nil || !n.TT.Cut { // a node the table settled was not searched, not pruned
				n.Pruned = prunedMoves(n)
			}
		}
	}
}

func (r *Recorder[P]) top() *TraceNode[P] {
	if len(r.stack) == 0 {
		return nil
	}
	return r.stack[len(r.stack)-1]
}

// expectedType is Knuth and Moore's a-priori type of the k-th child searched
// (0-based) of a node of type parent.
func expectedType(parent NodeType, k int) NodeType {
	switch parent {
	case PV:
		if k == 0 {
			return PV
		}
		return CUT
	case CUT:
		return ALL
	}
	return CUT
}

// prunedMoves lists the moves of n that the search never tried.
func prunedMoves[P gametree.Position[P]](n *TraceNode[P]) []int {
	all := len(n.Pos.Children(nil)) // (a re-searched child appears twice in n.Children)
	tried := make([]bool, all)
	for _, c := range n.Children {
		if c.Move >= 0 && c.Move < all {
			tried[c.Move] = true
		}
	}
	var pruned []int
	for m, t := range tried {
		if !t {
			pruned = append(pruned, m)
		}
	}
	return pruned
}

// All returns the recorded events in order. It may be iterated many times.
func (r *Recorder[P]) All() iter.Seq[Event[P]] {
	return func(yield func(Event[P]) bool) {
		for _, e := range r.events {
			if !yield(e) {
				return
			}
		}
	}
}

// Len returns the number of recorded events.
func (r *Recorder[P]) Len() int { return len(r.events) }

// Leaves returns the positions evaluated statically, in evaluation order,
// repeats included.
func (r *Recorder[P]) Leaves() []P {
	var out []P
	for _, e := range r.events {
		if e.Kind == Leaf {
			out = append(out, e.Pos)
		}
	}
	return out
}

// Preorder returns the nodes of the searched tree below n (n included) in
// depth-first search order. It may be iterated many times.
func Preorder[P gametree.Position[P]](n *TraceNode[P]) iter.Seq[*TraceNode[P]] {
	return func(yield func(*TraceNode[P]) bool) {
		if n == nil {
			return
		}
		stack := []*TraceNode[P]{n}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(x) {
				return
			}
			for i := len(x.Children) - 1; i >= 0; i-- {
				stack = append(stack, x.Children[i])
			}
		}
	}
}

// Producer returns the child that produced n's value, as the principal
// variation runs through it: the child that caused its cutoff, else the
// first child with the same value, an exact one preferred (a re-search
// rather than its probe); nil for a leaf or when no child has returned
// that value. The pictures (pkg/render) and the grader's pictures of a
// reference (exercises/checks) follow it.
func (n *TraceNode[P]) Producer() *TraceNode[P] {
	if n.Leaf {
		return nil
	}
	if n.Cut != nil {
		for i := len(n.Children) - 1; i >= 0; i-- {
			if c := n.Children[i]; c.Move == n.Cut.Move && c.Bound != 0 {
				return c
			}
		}
	}
	var first *TraceNode[P]
	for i, c := range n.Children {
		if c.Bound == 0 || c.Value != n.Value {
			continue
		}
		if c.Bound == Exact {
			if j := i + 1; j < len(n.Children) && n.Children[j].ReSearch && n.Children[j].Move == c.Move &&
				n.Children[j].Bound == Exact && n.Children[j].Value == c.Value {
				return n.Children[j] // the re-search, not the probe, is the move's result
			}
			return c
		}
		if first == nil {
			first = c
		}
	}
	return first
}
