package random

import (
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"math"
)

// Limits of [StronglyOrdered] trees, checked by [StronglyOrdered.Root].
const (
	// MaxStronglyOrderedLeaves is the bound b^d < 2⁴⁸ on the number of
	// leaves, so that node indices stay below the tag byte of the draws.
	MaxStronglyOrderedLeaves = 1 << 48
	// MaxStronglyOrderedRange bounds Range so that every value, including
	// the drift of δ's along a path and the heuristic noise, stays within
	// ±1e9 (see [StronglyOrdered]).
	MaxStronglyOrderedRange = 1 << 26
)

// Tags of the draws of StronglyOrdered, in bits 48..55 of the hash input.
const (
	tagRoot  = 1 // the root value
	tagFirst = 2 // whether the best child comes first
	tagPos   = 3 // the position of the best child when it does not
	tagDelta = 4 // how much worse a non-best child is
	tagNoise = 5 // the heuristic noise of an internal node
)

// StronglyOrdered describes a random tree in which the move ordering is
// good but not perfect, as in real game programs, and whose minimax value is
// known at every node without search: the family for large experiments on
// how search algorithms depend on move ordering. Every internal node has B
// children, every leaf is at depth D, the root is a Max node and the players
// alternate.
//
// # Generation
//
// Nodes are numbered as in [Uniform]: node (k, i) at depth k has children
// (k+1, i·b+j), j = 0, …, b−1, and move j leads to child j. Every draw is
//
//	draw(tag, k, i) = SplitMix64(SplitMix64(Seed) XOR tag<<48 XOR uint64(k)<<56 XOR i)
//
// with a tag from 1 to 5, so k, the tag and i occupy disjoint bits (hence
// b^d < 2⁴⁸ and d ≤ 255). "x mod n" below is the unsigned remainder, and
// R = Range (1000 if Range is 0). The tree is generated lazily, top-down;
// every node carries its true minimax value v, from Max's point of view:
//
//   - The root's value is draw(1, 0, 0) mod R.
//   - Node (k, i) with value v has exactly one best child, of value v. It is
//     child 0 if (draw(2, k, i) >> 11) / 2⁵³ < P, which happens with
//     probability P; otherwise it is child 1 + draw(3, k, i) mod (b−1). With
//     b = 1 the only child is the best child, whatever P.
//   - Every other child c = (k+1, i·b+j) is worse for the side to move at
//     (k, i) by δ = 1 + draw(4, k+1, i·b+j) mod Δ, where Δ = max(1, ⌊R/4⌋):
//     its value is v − δ if Max is to move at (k, i) (even k), v + δ if Min
//     is (odd k).
//
// Since the best child is worth v and the others are strictly worse for
// the mover, the minimax value of every node is exactly the value it
// carries. A leaf's Value is v. An internal node's Value, the heuristic
// that a depth-limited search sees at its horizon, is v + noise with
// noise = draw(5, k, i) mod (2N+1) − N and N = ⌊R/16⌋ (no noise if R < 16).
//
// Values start in [0, R) and move by at most Δ per level, so every Value
// is less than R + d·Δ + N in absolute value. Root requires Range ≤ 2²⁶,
// which with d ≤ 47 (implied by b^d < 2⁴⁸ when b ≥ 2; with b = 1 there are
// no δ's) keeps all values, heuristic or exact, within ±1e9: nothing is
// clamped, so the ordering properties above hold exactly.
type StronglyOrdered struct {
	B, D  int     // branching factor (≥ 1) and depth (≥ 0)
	Seed  uint64  // the seed of the draws
	P     float64 // probability that the first child is a best child, in [0, 1]
	Range int     // spread of values; 0 means DefaultRange
}

// orderedTree is the immutable configuration shared by the nodes of a
// StronglyOrdered tree.
type orderedTree struct {
	b      uint64
	d      int32
	h      uint64   // SplitMix64(seed)
	first  uint64   // best first iff draw(tagFirst)>>11 < first, i.e. ⌈P·2⁵³⌉
	pos    modulus  // b−1 (1 if b = 1, unused)
	delta  modulus  // Δ
	noise  modulus  // 2N+1
	n      int      // N
	starts []uint64 // starts[k] is the breadth-first index of node (k, 0)
	spec   StronglyOrdered
}

// Root validates s and returns the root of its tree.
//
// It fails unless B ≥ 1, 0 ≤ D ≤ 255, b^d < 2⁴⁸, 0 ≤ P ≤ 1 and
// 0 ≤ Range ≤ [MaxStronglyOrderedRange]. Root costs O(d); the tree is never
// stored, so b = 8, d = 12 costs nothing until walked.
func (s StronglyOrdered) Root() (OrderedNode, error) {
	switch {
	case s.B < 1:
		return OrderedNode{}, fmt.Errorf("random: strongly ordered tree: branching factor B = %d, want ≥ 1", s.B)
	case s.D < 0 || s.D > MaxUniformDepth:
		return OrderedNode{}, fmt.Errorf("random: strongly ordered tree: depth D = %d, want 0 ≤ D ≤ %d", s.D, MaxUniformDepth)
	case !(s.P >= 0 && s.P <= 1):
		return OrderedNode{}, fmt.Errorf("random: strongly ordered tree: P = %v, want a probability in [0, 1]", s.P)
	case s.Range < 0 || s.Range > MaxStronglyOrderedRange:
		return OrderedNode{}, fmt.Errorf("random: strongly ordered tree: Range = %d, want 0 ≤ Range ≤ 2^26", s.Range)
	}
	if s.Range == 0 {
		s.Range = DefaultRange
	}
	b := uint64(s.B)
	starts := make([]uint64, s.D+1)
	p := uint64(1)
	for k := 1; k <= s.D; k++ {
		if p > (MaxStronglyOrderedLeaves-1)/b {
			return OrderedNode{}, fmt.Errorf("random: strongly ordered tree: %d^%d leaves, want fewer than 2^48", s.B, s.D)
		}
		starts[k] = starts[k-1] + p
		p *= b
	}
	r := uint64(s.Range)
	t := &orderedTree{
		b:      b,
		d:      int32(s.D),
		h:      gametree.SplitMix64(s.Seed),
		first:  uint64(math.Ceil(s.P * (1 << 53))),
		pos:    newModulus(max(1, b-1)),
		delta:  newModulus(max(1, r/4)),
		noise:  newModulus(2*(r/16) + 1),
		n:      int(r / 16),
		starts: starts,
		spec:   s,
	}
	v := int32(newModulus(r).reduce(t.draw(tagRoot, 0, 0)))
	return OrderedNode{t: t, v: v}, nil
}

// draw is the documented random draw for tag and node (k, i).
func (t *orderedTree) draw(tag uint64, k int32, i uint64) uint64 {
	return gametree.SplitMix64(t.h ^ tag<<48 ^ uint64(k)<<56 ^ i)
}

// bestChild returns the position of the best child of internal node (k, i).
func (t *orderedTree) bestChild(k int32, i uint64) int {
	if t.b == 1 || t.draw(tagFirst, k, i)>>11 < t.first {
		return 0
	}
	return 1 + int(t.pos.reduce(t.draw(tagPos, k, i)))
}

// OrderedNode is a node of a [StronglyOrdered] tree: a pointer to the
// tree's shared immutable configuration, the node's depth k and index i,
// and its true minimax value. It is a small value type, safe to copy and to
// use from several goroutines.
type OrderedNode struct {
	t *orderedTree
	i uint64 // index within the level
	v int32  // true minimax value, from Max's point of view
	k int32  // depth
}

var (
	_ gametree.Position[OrderedNode] = OrderedNode{}
	_ gametree.Keyed                 = OrderedNode{}
)

// Children appends the b children of n to buf and returns the extended
// slice; leaves have none. It costs one draw per child plus two, and
// allocates nothing when buf has room for b more nodes.
func (n OrderedNode) Children(buf []OrderedNode) []OrderedNode {
	t := n.t
	if n.k >= t.d {
		return buf
	}
	best := t.bestChild(n.k, n.i)
	sign := int32(-1) // Max to move: the other children are worth less
	if n.k&1 == 1 {
		sign = +1
	}
	k, base := n.k+1, n.i*t.b
	l := len(buf)
	buf = growOrdered(buf, int(t.b))
	kids := buf[l:]
	for j := range kids {
		c := base + uint64(j)
		v := n.v
		if j != best {
			v += sign * int32(1+t.delta.reduce(t.draw(tagDelta, k, c)))
		}
		kids[j] = OrderedNode{t: t, i: c, v: v, k: k}
	}
	return buf
}

// growOrdered extends buf by n elements, reallocating if needed.
func growOrdered(buf []OrderedNode, n int) []OrderedNode {
	l := len(buf)
	if cap(buf)-l < n {
		buf = append(buf[:cap(buf)], make([]OrderedNode, n-(cap(buf)-l))...)
	}
	return buf[:l+n]
}

// Value returns the value of a leaf, or for an internal node its true
// minimax value plus the documented noise: the heuristic a depth-limited
// search sees. It costs at most one draw.
func (n OrderedNode) Value() int {
	if n.k >= n.t.d || n.t.n == 0 {
		return int(n.v)
	}
	return int(n.v) + int(n.t.noise.reduce(n.t.draw(tagNoise, n.k, n.i))) - n.t.n
}

// ToMove returns Max at even depth and Min at odd depth.
func (n OrderedNode) ToMove() gametree.Player { return gametree.Player(1 - 2*(n.k&1)) }

// Key returns the breadth-first index of n: the root is 0, its children
// 1..b, and so on. It is unique per node.
func (n OrderedNode) Key() uint64 { return n.t.starts[n.k] + n.i }

// MinimaxValue returns the true minimax value of n, from Max's point of
// view, which the generator knows without search.
func (n OrderedNode) MinimaxValue() int { return int(n.v) }

// BestMove returns the index of the best child of n (the one whose value
// equals n's minimax value), or −1 for a leaf. It costs one or two draws.
func (n OrderedNode) BestMove() int {
	if n.k >= n.t.d {
		return -1
	}
	return n.t.bestChild(n.k, n.i)
}

// Depth returns the distance k from the root.
func (n OrderedNode) Depth() int { return int(n.k) }

// Index returns the index i of n within its level.
func (n OrderedNode) Index() uint64 { return n.i }

// LeafIndex returns the index of a leaf among all leaves, left to right, or
// −1 for an internal node.
func (n OrderedNode) LeafIndex() int64 {
	if n.k < n.t.d {
		return -1
	}
	return int64(n.i)
}

// Path returns the moves from the root to n: the base-b digits of its
// index.
func (n OrderedNode) Path() []int {
	path := make([]int, n.k)
	i := n.i
	for l := len(path) - 1; l >= 0; l-- {
		path[l] = int(i % n.t.b)
		i /= n.t.b
	}
	return path
}

// Tree returns the configuration of the tree n belongs to, with Range
// replaced by DefaultRange if it was 0.
func (n OrderedNode) Tree() StronglyOrdered { return n.t.spec }

// String returns a short description such as
// "strongly(b=8,d=12)[k=1,i=5,v=517]".
func (n OrderedNode) String() string {
	if n.t == nil {
		return "OrderedNode{}"
	}
	return fmt.Sprintf("strongly(b=%d,d=%d)[k=%d,i=%d,v=%d]", n.t.b, n.t.d, n.k, n.i, n.v)
}
