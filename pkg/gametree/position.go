package gametree

// Player is the side to move. Its integer value is the negamax "color":
// int(Max) == +1 and int(Min) == -1.
type Player int8

const (
	Max Player = +1 // the maximising side; Position.Value is from its point of view
	Min Player = -1 // the minimising side
)

// Other returns the opponent of p.
func (p Player) Other() Player { return -p }

// String returns "Max" or "Min".
func (p Player) String() string {
	switch p {
	case Max:
		return "Max"
	case Min:
		return "Min"
	}
	return "Player(?)"
}

// Position is a node of a game tree.
//
// P is the position type itself, so that searches are written once for every
// kind of position and value-type positions are never boxed.
type Position[P any] interface {
	// Children appends the successors of the position to buf, in move order,
	// and returns the extended slice. A position with no successors is
	// terminal. Children must not modify the receiver.
	Children(buf []P) []P
	// Value is the static value of the position from Max's point of view.
	// For a terminal position it is the exact game value; for other positions
	// it is the heuristic value a depth-limited search uses at its horizon.
	Value() int
	// ToMove is the side to move.
	ToMove() Player
}

// Keyed is implemented by positions that can be stored in a transposition
// table: equal positions must have equal keys.
type Keyed interface {
	Key() uint64
}

// ChildValuer is implemented by positions that can give their children's
// static values without making the children, which is all a search one ply
// above its depth limit needs of them. ValuedChildren returns n, the number
// of children, a word first that ChildValue takes back, and true; or 0, 0
// and false when this position cannot (searches then call Children).
// ChildValue(first, i) returns Children(nil)[i].Value() for 0 ≤ i < n,
// first being what ValuedChildren returned for the same position. A search
// reads the values in order and stops at the one that cuts it off, so no
// value is computed that it does not read. Untraced searches that take the
// children in Children's order (no ordering, no table) use it at their
// last ply, so no leaf position is made. Searches look for it on *P, so it
// may have a value or a pointer receiver.
//
// The library's own positions ([Node], random.UniformNode) are searched by
// copies of the untraced searches compiled for their types (see pkg/algos),
// where ChildValue is inlined into the search's loop when it is small
// enough for Go to inline (`go build -gcflags=-m` says so); other
// positions are called through the interface.
type ChildValuer interface {
	ValuedChildren() (first uint64, n int, ok bool)
	ChildValue(first uint64, i int) int
}

// MoveNamer is implemented by positions that can name their moves.
// MoveName(i) names the move to Children(nil)[i].
type MoveNamer interface {
	MoveName(i int) string
}

// MoveKeyer is implemented by positions whose moves keep their identity from
// one position to another (a square, a pile and a count), so that
// move-ordering heuristics such as killer moves and the history heuristic can
// recognise "the same move" elsewhere in the tree. MoveKey(i) identifies the
// move to Children(nil)[i] with a number in [0, MaxMoveKey).
type MoveKeyer interface {
	MoveKey(i int) int
}

// MaxMoveKey bounds the values of MoveKeyer.MoveKey.
const MaxMoveKey = 4096
