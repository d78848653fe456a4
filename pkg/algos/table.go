package algos

import (
	"fmt"
	"iter"
	"math"
	"math/bits"
	"unsafe"
)

// Replace is the replacement scheme of a [Table]: what a store does when the
// slot its key maps to holds another position's entry. The names in quotation
// marks below are those of D. M. Breuker, J. W. H. M. Uiterwijk and H. J. van
// den Herik, Replacement Schemes for Transposition Tables, ICCA Journal
// 17(4), 1994, which measures them; Breuker's thesis, Memory versus Search in
// Games (1998), is the source of the Persian Wikipedia negamax article's
// pseudocode.
//
// Whatever the scheme, a store for a position whose entry is already in its
// bucket overwrites that entry (Updated), even with a smaller depth, even
// with depth-preferred replacement; a key is never in a bucket twice. This
// is a choice. For the search, the newer entry is the one it has just paid
// for, and when a position comes back shallower the deeper entry was
// probed first and did not settle it (a bound on the wrong side of the
// window): it was no use to this search. Keeping it anyway (Stockfish keeps
// a much deeper entry for the same position unless the new one is exact)
// bets that a later search will bring the old window back. Cutoff takes the
// simple rule, which is also MapTT's, so that a Table that never has to
// evict an entry behaves exactly like a MapTT.
type Replace int8

const (
	// ReplaceAlways: the new entry always takes the slot ("new" in
	// Breuker's terms). Recent positions are the likeliest to recur.
	ReplaceAlways Replace = iota
	// ReplaceDepth: depth-preferred ("deep"). The new entry takes the slot
	// only if it was searched at least as deep as the entry there (equal
	// depth replaces); otherwise it is Rejected. Deep entries saved the most
	// work, but a table full of them stops learning.
	ReplaceDepth
	// ReplaceTwoTier: each bucket holds two slots, a depth-preferred one and
	// an always-replace one ("TwoDeep"). A new entry at least as deep as the
	// depth-preferred slot's takes that slot, and the entry it displaces
	// moves down to the always-replace slot; a shallower one goes to the
	// always-replace slot. Deep results stay, and recent ones still find
	// room.
	ReplaceTwoTier
)

// String returns "always", "depth" or "two-tier", the names ParseReplace
// reads.
func (r Replace) String() string {
	switch r {
	case ReplaceAlways:
		return "always"
	case ReplaceDepth:
		return "depth"
	case ReplaceTwoTier:
		return "two-tier"
	}
	return fmt.Sprintf("Replace(%d)", int8(r))
}

// ParseReplace returns the scheme named "always", "depth" or "two-tier".
func ParseReplace(s string) (Replace, error) {
	for _, r := range []Replace{ReplaceAlways, ReplaceDepth, ReplaceTwoTier} {
		if s == r.String() {
			return r, nil
		}
	}
	return 0, fmt.Errorf("algos: unknown replacement scheme %q, want always, depth or two-tier", s)
}

// MaxTableSize is the largest size NewTable accepts: 2²⁶ entries, 1.5 GiB.
const MaxTableSize = 1 << 26

// Table is a fixed-size, lossy transposition table: it never grows, and when
// two positions compete for a slot its replacement scheme ([Replace]) decides
// which one stays. Lost entries cost search, never correctness (as in that
// article): a probe answers only for the position whose full key it finds.
//
// # Layout
//
// A Table of size n has n slots, grouped in buckets; a key maps to one
// bucket, and an entry can live only in its key's bucket.
//
//   - ReplaceAlways and ReplaceDepth: n buckets of one slot.
//   - ReplaceTwoTier: ⌈n/2⌉ buckets. Bucket b < ⌊n/2⌋ is slots 2b (the
//     depth-preferred slot) and 2b+1 (the always-replace slot). When n is
//     odd, the last bucket is the single slot n−1, which is always-replace:
//     so a two-tier table of size 1 is an always-replace table of size 1,
//     and one of size 3 has one two-slot bucket and one single slot.
//
// Key k maps to bucket hi64(m × buckets), where m = k × 0x9E3779B97F4A7C15
// (mod 2⁶⁴) and hi64 is the high word of the 128-bit product (math/bits.Mul64):
// Lemire's fast range reduction, which maps a uniform 64-bit m to a uniform
// bucket with one multiplication instead of a division, for any number of
// buckets, not only powers of two. The multiplication by the odd constant
// ⌊2⁶⁴/φ⌋ first (Fibonacci hashing) is one bijective step added to it:
// Zobrist keys (games.TicTacToe, games.Nim) are already uniform, but
// the keys of explicit and random trees are small consecutive integers,
// which hi64(k × n) alone would send to bucket 0 all together.
//
// # Memory
//
// Every slot keeps the full 64-bit key, the value, depth and move as 32-bit
// integers, the bound and an occupied flag: 24 bytes (Bytes reports it), so
// NewTable(1<<20, …) takes 24 MiB, and the 5,478 positions of tic-tac-toe
// fit in 128 KiB. Real programs pack an entry into 16 or even 8 bytes, by
// keeping only part of the key (the index supplies the rest); Cutoff keeps
// the whole key so that a probe never answers for the wrong position.
//
// Probe and Store take O(1) time and allocate nothing. A Table is not safe
// for concurrent use.
type Table struct {
	slots   []slot
	scheme  Replace
	buckets uint64 // number of buckets
	used    int    // occupied slots
}

var _ TT = (*Table)(nil)

// slot is one entry of a Table, 24 bytes.
type slot struct {
	key   uint64
	value int32
	depth int32
	move  int32
	bound Bound
	full  bool // the slot holds an entry
}

// fibonacci is ⌊2⁶⁴/φ⌋, odd: multiplying by it permutes the 64-bit keys.
const fibonacci = 0x9E3779B97F4A7C15

// NewTable returns an empty table of size entries (1 ≤ size ≤
// [MaxTableSize], any size, not only powers of two) with replacement scheme
// r. It allocates all the memory at once (see [Table]).
func NewTable(size int, r Replace) (*Table, error) {
	if size < 1 || size > MaxTableSize {
		return nil, fmt.Errorf("algos: table size %d, want 1 to %d", size, MaxTableSize)
	}
	if r < ReplaceAlways || r > ReplaceTwoTier {
		return nil, fmt.Errorf("algos: unknown replacement scheme %d", r)
	}
	buckets := size
	if r == ReplaceTwoTier {
		buckets = (size + 1) / 2
	}
	return &Table{slots: make([]slot, size), scheme: r, buckets: uint64(buckets)}, nil
}

// bucket returns the slots of key's bucket: one slot, or for two-tier the
// depth-preferred slot followed by the always-replace one.
func (t *Table) bucket(key uint64) []slot {
	b, _ := bits.Mul64(key*fibonacci, t.buckets)
	if t.scheme != ReplaceTwoTier {
		return t.slots[b : b+1 : b+1]
	}
	i := 2 * b
	return t.slots[i:min(i+2, uint64(len(t.slots)))]
}

// Probe returns the entry stored for key, if any. It compares the whole key,
// so it never returns another position's entry.
func (t *Table) Probe(key uint64) (Entry, bool) {
	b := t.bucket(key)
	for i := range b {
		if s := &b[i]; s.full && s.key == key {
			return s.entry(), true
		}
	}
	return Entry{}, false
}

// Store offers e to the table and says what happened: Updated if e's
// position had an entry in its bucket (that entry is overwritten, whatever
// the depths; see [Replace]), Added if e took an empty slot and nothing was
// lost, Replaced if another position's entry was lost, Rejected if the
// depth-preferred scheme kept a deeper entry. An entry whose Value or Move
// does not fit in 32 bits, or whose Depth is negative, is Rejected (this
// package's values lie within ±Inf = ±2³⁰); a Depth beyond 2³¹−1 is stored
// as 2³¹−1, which only makes the entry answer fewer probes.
func (t *Table) Store(e Entry) Stored {
	if e.Value != int(int32(e.Value)) || e.Move != int(int32(e.Move)) || e.Depth < 0 {
		return Rejected
	}
	n := newSlot(e)
	b := t.bucket(e.Key)
	for i := range b {
		if b[i].full && b[i].key == e.Key {
			// Two-tier: an update of the always slot deep enough for the
			// depth slot swaps the two. (The depth slot is full whenever
			// the always slot is: an entry goes to the always slot only
			// when the depth slot is taken, and nothing empties one slot.)
			if i == 1 && n.depth >= b[0].depth {
				b[1] = b[0]
				b[0] = n
			} else {
				b[i] = n
			}
			return Updated
		}
	}
	d := &b[0] // the only slot, or the depth-preferred one
	switch {
	case !d.full:
		*d = n
		t.used++
		return Added
	case len(b) == 1 && t.scheme == ReplaceDepth && n.depth < d.depth:
		return Rejected
	case len(b) == 1:
		*d = n
		return Replaced
	}
	// Two-tier with both slots to choose from.
	a := &b[1]
	if n.depth >= d.depth {
		n, *d = *d, n // the displaced entry moves down to the always slot
	}
	lost := a.full
	*a = n
	if lost {
		return Replaced
	}
	t.used++
	return Added
}

// Len returns the number of occupied slots, at most the size.
func (t *Table) Len() int { return t.used }

// Cap returns the size: the number of slots.
func (t *Table) Cap() int { return len(t.slots) }

// Scheme returns the replacement scheme.
func (t *Table) Scheme() Replace { return t.scheme }

// Bytes returns the memory the slots take: Cap() × 24 bytes.
func (t *Table) Bytes() int { return len(t.slots) * int(unsafe.Sizeof(slot{})) }

// Clear empties the table, keeping its memory.
func (t *Table) Clear() {
	clear(t.slots)
	t.used = 0
}

// All returns the entries in slot order. It may be iterated many times; the
// table must not be changed while it is.
func (t *Table) All() iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		for i := range t.slots {
			if t.slots[i].full && !yield(t.slots[i].entry()) {
				return
			}
		}
	}
}

// String describes the table, such as "two-tier table: 4096 of 8192 slots".
func (t *Table) String() string {
	return fmt.Sprintf("%v table: %d of %d slots", t.scheme, t.used, len(t.slots))
}

func newSlot(e Entry) slot {
	return slot{
		key:   e.Key,
		value: int32(e.Value),
		depth: int32(min(e.Depth, math.MaxInt32)),
		move:  int32(e.Move),
		bound: e.Bound,
		full:  true,
	}
}

func (s *slot) entry() Entry {
	return Entry{Key: s.key, Value: int(s.value), Depth: int(s.depth), Bound: s.bound, Move: int(s.move)}
}
