package algos

import "fmt"

// EventKind says what a trace Event reports.
type EventKind uint8

const (
	// Enter: the search enters Pos at Ply by Move with window [Alpha, Beta]
	// and Depth plies left.
	Enter EventKind = iota + 1
	// Leaf: the search evaluates Pos statically; Value is its value.
	Leaf
	// Cutoff: at the node at Ply, the child reached by Move returned a value
	// at or beyond the far bound; Skipped children are left unsearched.
	// Cut says whether the bound was set at the parent (shallow) or further
	// up (deep), and From is the ply where it was set.
	Cutoff
	// Exit: the search leaves the node at Ply with Value, which is Exact or a
	// Lower or Upper bound on the node's true value.
	Exit
	// ReSearch: at the node at Ply, the child reached by Move is about to be
	// searched again with the window [Alpha, Beta] because a null-window or
	// aspiration search of it failed (Value is what that search returned).
	ReSearch
	// TTHit: the position entered at Ply was found in the transposition
	// table: Value, Bound, Depth and Move are the entry's. TTCut says
	// whether it settled the node without a search.
	TTHit
	// Pass: a driver (iterative deepening, aspiration, MTD(f), SSS*, DUAL*,
	// Best Node Search) starts a new search of
	// the root at Depth with the window [Alpha, Beta]; Value is its guess or
	// test value. The root's Enter follows.
	Pass
)

// String returns the kind's name in lower case.
func (k EventKind) String() string {
	switch k {
	case Enter:
		return "enter"
	case Leaf:
		return "leaf"
	case Cutoff:
		return "cutoff"
	case Exit:
		return "exit"
	case ReSearch:
		return "research"
	case TTHit:
		return "tt-hit"
	case Pass:
		return "pass"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Bound says what a value returned by a windowed search means.
// Exact = Lower | Upper, as in a transposition table's flags.
type Bound uint8

const (
	// Lower: the true value is at least the returned value (a fail-high:
	// the value reached β).
	Lower Bound = 1 << iota
	// Upper: the true value is at most the returned value (a fail-low: the
	// value did not rise above α).
	Upper
	// Exact: the returned value is the true value.
	Exact = Lower | Upper
)

// String returns "exact", "lower" or "upper".
func (b Bound) String() string {
	switch b {
	case Exact:
		return "exact"
	case Lower:
		return "lower"
	case Upper:
		return "upper"
	}
	return fmt.Sprintf("Bound(%d)", uint8(b))
}

// BoundOf classifies value v returned by a search of window [alpha, beta]
// (all from the same point of view): v ≤ alpha is an Upper bound, v ≥ beta a
// Lower bound, anything strictly inside the window Exact.
func BoundOf(v, alpha, beta int) Bound {
	switch {
	case v <= alpha:
		return Upper
	case v >= beta:
		return Lower
	}
	return Exact
}

// CutKind tells a shallow cutoff from a deep one (§6.4 of «Системы
// искусственного интеллекта», Figs. 6.8–6.9).
type CutKind uint8

const (
	// Shallow: the bound was set at the cutting node's parent.
	Shallow CutKind = iota + 1
	// Deep: the bound was set three or more plies above the cutting node.
	Deep
)

// String returns "shallow" or "deep".
func (c CutKind) String() string {
	switch c {
	case Shallow:
		return "shallow"
	case Deep:
		return "deep"
	}
	return fmt.Sprintf("CutKind(%d)", uint8(c))
}

// NodeType is the Knuth–Moore classification of a searched node, in
// Moreland's words (his article on PVS): an ALL node (alpha node) has every
// move fail low, a CUT node (beta node) has a move that fails high, a PV node
// gets a value strictly inside its window.
type NodeType uint8

const (
	PV  NodeType = iota + 1 // value strictly inside the window (Knuth–Moore type 1)
	CUT                     // a move reached β: fail-high (type 2)
	ALL                     // every move stayed at or below α: fail-low (type 3)
)

// String returns "PV", "CUT" or "ALL".
func (t NodeType) String() string {
	switch t {
	case PV:
		return "PV"
	case CUT:
		return "CUT"
	case ALL:
		return "ALL"
	}
	return fmt.Sprintf("NodeType(%d)", uint8(t))
}

// NodeTypeOf classifies a node from the Bound of its exit value (Max's point
// of view) and the side to move there (+1 Max, −1 Min).
func NodeTypeOf(b Bound, toMove int) NodeType {
	switch {
	case b == Exact:
		return PV
	case (b == Lower) == (toMove > 0):
		return CUT // fail-high for the side to move
	}
	return ALL
}

// Event is one step of a search. Values and windows are always from Max's
// point of view, whatever form (Max/Min or negamax) the algorithm has, so that
// traces of different algorithms compare and draw alike.
type Event[P any] struct {
	Kind        EventKind
	Ply         int // distance from the root (0 at the root)
	Move        int // Enter: move into this node (−1 at the root); Cutoff: the cutting child's move
	Depth       int // Enter: plies left to search
	Pos         P   // Enter, Leaf: the position
	Alpha, Beta int // Enter: the window
	Value       int // Leaf, Exit: the value
	Bound       Bound
	Cut         CutKind // Cutoff: shallow or deep
	From        int     // Cutoff: ply at which the bound that caused it was set
	Skipped     int     // Cutoff: children left unsearched
	TTCut       bool    // TTHit: the entry settled the node
}

// Tracer receives search events. A search calls Event synchronously, in
// order; the Event must not be retained past the call if it holds large
// positions the caller wants freed.
type Tracer[P any] interface {
	Event(e Event[P])
}

// TracerFunc adapts a function to the Tracer interface.
type TracerFunc[P any] func(e Event[P])

// Event calls f(e).
func (f TracerFunc[P]) Event(e Event[P]) { f(e) }
