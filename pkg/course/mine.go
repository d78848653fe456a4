package course

import (
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Inf is larger than any value of the course's trees: the window (−Inf,
// +Inf) is the whole window. It is algos.Inf, drawn as ∞.
const Inf = algos.Inf

// Node is a node of a tree as a learner's own search sees it: the few
// methods the pseudocode of the sources uses, and one more, Record, that
// lets the course draw the search with the same pictures as the library's.
// Mine runs a search written over Nodes.
//
//	func alphabeta(n *course.Node, alpha, beta int) (v int) {
//		defer n.Record(&v, alpha, beta)() // for the picture: the window in, the value out
//		if n.IsLeaf() {
//			return n.Value()
//		}
//		…
//	}
type Node struct {
	pos  gametree.Node
	move int // the move from the parent (−1 at the root)
	ply  int
	m    *mine
	// set while the node is being searched (between Record and its end)
	entered  bool
	expanded bool
	tried    map[int]bool
	last     int // the move of the child entered last (−1: none yet)
	window   [2]int
}

// mine is one run of a learner's search: the recorder it fills and the
// path of nodes being searched.
type mine struct {
	rec  *algos.Recorder[gametree.Node]
	path []*Node
}

// Mine runs search, a learner's own search written over Nodes, from the
// root of t, and returns what it returned with the search recorded: Draw
// draws it like any search of the library. search must call Record on
// each node it searches (see Node); a leaf's Value read without it is
// recorded as a visit of that leaf.
func Mine(t *gametree.Tree, search func(root *Node) int) *Search[gametree.Node] {
	m := &mine{rec: algos.NewRecorder[gametree.Node]()}
	root := &Node{pos: t.Root(), move: -1, m: m, last: -1}
	v := search(root)
	return &Search[gametree.Node]{Result: algos.Result{Value: v, Move: bestMove(m.rec.Root(), v)}, Rec: m.rec}
}

// bestMove is the first child of the recorded root whose value is the
// root's: the move the learner's search would choose (−1 when none).
func bestMove(root *algos.TraceNode[gametree.Node], v int) int {
	if root == nil {
		return -1
	}
	for _, c := range root.Children {
		if c.Value == v {
			return c.Move
		}
	}
	return -1
}

// IsLeaf reports whether n has no children.
func (n *Node) IsLeaf() bool { return n.pos.IsLeaf() }

// IsMax reports whether Max moves at n (Max wants the highest value).
func (n *Node) IsMax() bool { return n.pos.ToMove() == gametree.Max }

// Color is +1 at Max's nodes and −1 at Min's: negamax's color.
func (n *Node) Color() int { return int(n.pos.ToMove()) }

// Name is the node's label in the tree literal (or its path).
func (n *Node) Name() string { return n.pos.Name() }

// Value is a leaf's static value, from Max's point of view. Reading it is
// an evaluation, and the picture shows it.
func (n *Node) Value() int {
	v := n.pos.Value()
	if !n.entered {
		// A leaf read without Record: recorded as a visit of its own.
		n.enter(-Inf, Inf)
		n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.Leaf, Ply: n.ply, Pos: n.pos, Value: v})
		n.exit(v)
		return v
	}
	n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.Leaf, Ply: n.ply, Pos: n.pos, Value: v})
	return v
}

// Children returns n's children in order. Reading them expands n; the
// children a search never goes into are drawn as cut off.
func (n *Node) Children() []*Node {
	n.expanded = true
	kids := n.pos.Children(nil)
	out := make([]*Node, len(kids))
	for i, k := range kids {
		out[i] = &Node{pos: k, move: i, ply: n.ply + 1, m: n.m, last: -1}
	}
	return out
}

// Record notes, for the picture, that the search enters n with the window
// (alpha, beta) (none given: the whole window), and returns the function
// that notes the value it returns: call it as
//
//	defer n.Record(&v, alpha, beta)()
//
// with v the function's named result. Without it the search runs the
// same, undrawn.
func (n *Node) Record(v *int, window ...int) func() {
	alpha, beta := -Inf, Inf
	if len(window) == 2 {
		alpha, beta = window[0], window[1]
	}
	n.enter(alpha, beta)
	return func() { n.exit(*v) }
}

func (n *Node) enter(alpha, beta int) {
	if k := len(n.m.path); k > 0 {
		p := n.m.path[k-1]
		if p.tried == nil {
			p.tried = map[int]bool{}
		}
		p.tried[n.move] = true
		// The child the parent entered just before, entered again: a
		// re-search (after a null-window test that failed high), drawn as
		// the library draws its own.
		if p.last == n.move {
			n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.ReSearch, Ply: n.ply, Move: n.move})
		}
		p.last = n.move
	}
	// A node searched again (a re-search) starts afresh: its tried children
	// and its expansion are those of this search.
	n.entered, n.window, n.tried, n.expanded, n.last = true, [2]int{alpha, beta}, nil, false, -1
	n.m.path = append(n.m.path, n)
	n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.Enter, Ply: n.ply, Move: n.move, Depth: n.pos.Tree().Height() - n.pos.Depth(),
		Pos: n.pos, Alpha: alpha, Beta: beta})
}

// exit notes the value v n returns and, when n failed high (Max) or low
// (Min) or the search left some of its children untried, the cutoff at the
// last child it tried.
func (n *Node) exit(v int) {
	alpha, beta := n.window[0], n.window[1]
	if n.expanded {
		// A cutoff: the node failed high (Max) or low (Min) on the last
		// child it tried, or stopped before its last child.
		failed := n.IsMax() && v >= beta || !n.IsMax() && v <= alpha
		if last, skipped := n.cut(); last >= 0 && (failed || skipped > 0) {
			from := n.boundFrom()
			kind := algos.Deep
			if from >= n.ply-1 {
				kind = algos.Shallow
			}
			n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.Cutoff, Ply: n.ply, Move: last, Cut: kind, From: from, Skipped: skipped})
		}
	}
	n.m.rec.Event(algos.Event[gametree.Node]{Kind: algos.Exit, Ply: n.ply, Value: v, Bound: algos.BoundOf(v, alpha, beta)})
	n.m.path = n.m.path[:len(n.m.path)-1]
	n.entered = false
}

// cut returns the last child n's search went into and how many children
// after it were never tried.
func (n *Node) cut() (last, skipped int) {
	total := n.pos.NumChildren()
	last = -1
	for m := range n.tried {
		last = max(last, m)
	}
	return last, total - 1 - last
}

// boundFrom is the ply at which the bound that stopped n was set: n's β
// when n (Max) returned at or above it, n's α when n (Min) returned at or
// below it; the bound came down unchanged from the highest ancestor that
// was entered with it, so it was set by that ancestor's parent (by the
// root, when the root was entered with it).
func (n *Node) boundFrom() int {
	side := 1 // β
	if !n.IsMax() {
		side = 0 // α
	}
	b := n.window[side]
	from := n.ply - 1
	for i := len(n.m.path) - 2; i >= 0; i-- { // the ancestors, nearest first
		if n.m.path[i].window[side] != b {
			break
		}
		from = n.m.path[i].ply - 1
	}
	// A bound the root was entered with was set by the caller: it counts
	// as set at the root (ply 0), as pkg/algos counts it.
	return max(from, 0)
}
