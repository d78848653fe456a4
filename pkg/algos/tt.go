package algos

import (
	"fmt"
	"iter"
)

// Entry is one transposition-table entry, as in the Persian Wikipedia article
// on negamax: the position's key, its value, the depth it was searched to,
// what the value means (a Bound: Exact, Lower or Upper) and the best move
// found.
//
// Value and Bound are from Max's point of view, like every value in this
// package, so that one table serves the Max/Min and the negamax searches and
// reads the same in a picture.
type Entry struct {
	Key   uint64 // the full key: a probe verifies it, so a table slot shared by two positions never answers for the wrong one
	Value int
	Depth int   // plies searched below the position; an entry answers probes of this depth or less
	Bound Bound // Exact: Value is the value; Lower: at least Value; Upper: at most Value
	Move  int   // best (or refuting) move, an index into Children order; −1 if none
}

// Cutoff reports whether the entry settles a search of window (alpha, beta)
// at a depth the entry covers: an exact value, a lower bound at or above
// beta, or an upper bound at or below alpha.
func (e Entry) Cutoff(alpha, beta int) bool {
	switch e.Bound {
	case Exact:
		return true
	case Lower:
		return e.Value >= beta
	case Upper:
		return e.Value <= alpha
	}
	return false
}

// String formats the entry for notebooks and error messages.
func (e Entry) String() string {
	return fmt.Sprintf("{key %#x value %d depth %d %v move %d}", e.Key, e.Value, e.Depth, e.Bound, e.Move)
}

// Stored says what a TT.Store did.
type Stored uint8

const (
	// Rejected: the replacement scheme kept the entry that was there.
	Rejected Stored = iota
	// Added: the entry went into an empty slot.
	Added
	// Updated: the entry replaced one for the same position.
	Updated
	// Replaced: the entry overwrote one for another position (the table is
	// lossy: that position's knowledge is gone).
	Replaced
)

// String returns the name in lower case.
func (s Stored) String() string {
	switch s {
	case Rejected:
		return "rejected"
	case Added:
		return "added"
	case Updated:
		return "updated"
	case Replaced:
		return "replaced"
	}
	return fmt.Sprintf("Stored(%d)", uint8(s))
}

// TT is a transposition table. The caller owns it: it can keep it across
// searches (iterative deepening, MTD(f) passes), inspect it, or Clear it.
// Implementations must not allocate in Probe.
type TT interface {
	// Probe returns the entry stored for key, if any.
	Probe(key uint64) (Entry, bool)
	// Store offers e to the table, which keeps or drops it by its
	// replacement scheme, and says what happened.
	Store(e Entry) Stored
	// Len returns the number of entries held.
	Len() int
	// Clear empties the table.
	Clear()
}

// MapTT is an unbounded transposition table backed by a Go map: it never
// loses an entry, which makes it the reference the lossy tables are compared
// with. A store for a position already in the table replaces its entry.
type MapTT struct {
	m map[uint64]Entry
}

var _ TT = (*MapTT)(nil)

// NewMapTT returns an empty MapTT.
func NewMapTT() *MapTT { return &MapTT{m: make(map[uint64]Entry)} }

// Probe returns the entry for key.
func (t *MapTT) Probe(key uint64) (Entry, bool) {
	e, ok := t.m[key]
	return e, ok
}

// Store keeps e, replacing any entry for the same key.
func (t *MapTT) Store(e Entry) Stored {
	_, had := t.m[e.Key]
	t.m[e.Key] = e
	if had {
		return Updated
	}
	return Added
}

// Len returns the number of positions stored.
func (t *MapTT) Len() int { return len(t.m) }

// Clear removes every entry.
func (t *MapTT) Clear() { clear(t.m) }

// All returns the entries, in no particular order. It may be iterated many
// times; the table must not be changed while it is.
func (t *MapTT) All() iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		for _, e := range t.m {
			if !yield(e) {
				return
			}
		}
	}
}
