package random

import (
	"cmp"
	"fmt"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"math/bits"
	"slices"
	"strings"
)

// modulus computes x mod n for a divisor n fixed at run time without a
// hardware division (a 64-bit DIV costs tens of cycles), by Barrett
// reduction: with m = ⌊(2⁶⁴−1)/n⌋, q = ⌊x·m/2⁶⁴⌋ is ⌊x/n⌋ or one less, so
// r = x − q·n needs at most one correction.
//
// Proof: n·m = 2⁶⁴−1−e with 0 ≤ e < n, so x·m/2⁶⁴ = x/n − x(1+e)/(n·2⁶⁴)
// and the subtracted term is in [0, 1) because x < 2⁶⁴ and 1+e ≤ n.
type modulus struct {
	n uint64 // the divisor, ≥ 1
	m uint64 // ⌊(2⁶⁴−1)/n⌋
}

func newModulus(n uint64) modulus { return modulus{n: n, m: ^uint64(0) / n} }

// reduce returns x mod q.n.
func (q modulus) reduce(x uint64) uint64 {
	hi, _ := bits.Mul64(x, q.m)
	r := x - hi*q.n
	if r >= q.n {
		r -= q.n
	}
	return r
}

// Ordering is the order in which a [Uniform] tree lists the children of a
// node.
type Ordering int8

const (
	// Natural lists the children of node (k, i) as (k+1, i·b+j) for
	// j = 0, …, b−1: the canonical order, in which values are random.
	Natural Ordering = iota
	// Best lists the same children sorted by their true minimax value, best
	// first for the side to move: the order in which alpha-beta prunes most.
	Best
	// Worst lists them worst first for the side to move: alpha-beta prunes
	// nothing.
	Worst
)

// String returns "natural", "best" or "worst".
func (o Ordering) String() string {
	switch o {
	case Natural:
		return "natural"
	case Best:
		return "best"
	case Worst:
		return "worst"
	}
	return fmt.Sprintf("Ordering(%d)", int8(o))
}

// ParseOrdering is the inverse of [Ordering.String]; it ignores case and
// surrounding spaces.
func ParseOrdering(s string) (Ordering, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "natural":
		return Natural, nil
	case "best":
		return Best, nil
	case "worst":
		return Worst, nil
	}
	return 0, fmt.Errorf("random: unknown ordering %q (want natural, best or worst)", s)
}

// Limits of [Uniform] trees, checked by [Uniform.Root].
const (
	// MaxUniformDepth bounds D so that d−k fits in the top byte of the value
	// formula. For b ≥ 2 the size limit already implies d ≤ 55.
	MaxUniformDepth = 255
	// MaxUniformLeaves is the bound b^d < 2⁵⁶ on the number of leaves, so
	// that every node index i fits below the depth byte of the formula.
	MaxUniformLeaves = 1 << 56
	// MaxOrderedUniformLeaves bounds b^d for the Best and Worst orderings,
	// whose cost grows as d·b^d evaluations over a full walk.
	MaxOrderedUniformLeaves = 1 << 24
	// DefaultRange is the number of distinct leaf values when Range is 0.
	DefaultRange = 1000
)

// Uniform describes a random uniform game tree: every internal node has B
// children and every leaf is at depth D. The tree is generated lazily from
// a formula, never stored, so even b = 8, d = 12 costs nothing until it is
// walked.
//
// # The formula
//
// Node (k, i) is the node at depth k (the root is at depth 0) with index i
// among the b^k nodes of its level, counted from the left in natural order.
// Its children are (k+1, i·b+j) for j = 0, …, b−1, so the index of a leaf
// is its path from the root written in base b; it is called L. Let
// h = SplitMix64(Seed) and R = Range (1000 if Range is 0). The static value
// of node (k, i), from Max's point of view, is
//
//	value(k, i) = SplitMix64(h XOR (uint64(d−k) << 56) XOR i) mod R
//
// For a leaf, d−k = 0, so this is value(L) = SplitMix64(h XOR L) mod R, and
// leaf values are independent and uniform in [0, R). Internal nodes get a
// static value from the same formula: it is independent of their subtree,
// so on a uniform tree a depth-limited search's heuristic carries no
// information. The root is a Max node and the players alternate.
//
// # Orderings
//
// With Order Natural, move j of node (k, i) leads to (k+1, i·b+j). With Best
// and Worst, a node has the same canonical children, hence the same leaf
// indices L and values, but listed stably sorted (ties keep natural order)
// by their true minimax values — the exact minimax of each child's
// canonical subtree down to the leaves — best first for the side to move
// (Best) or worst first (Worst). Move j then means the j-th child in that
// order.
type Uniform struct {
	B, D  int    // branching factor (≥ 1) and depth (≥ 0)
	Seed  uint64 // the seed of the formula
	Order Ordering
	Range int // leaf values are in [0, Range); 0 means DefaultRange
}

// uniformTree is the immutable configuration shared by the nodes of a tree.
type uniformTree struct {
	b     uint64
	d     int32
	order Ordering
	h     uint64   // SplitMix64(seed)
	r     modulus  // mod Range
	first []uint64 // first[k] is the breadth-first index of node (k, 0)
	spec  Uniform  // the normalised configuration

	// Best and Worst only: memo[first[k]+i] is the minimax value of node
	// (k, i) for k ≤ memoK.
	memo  []int
	memoK int32
}

// memoBudget bounds the number of memoised minimax values of an ordered
// uniform tree (8 bytes each).
const memoBudget = 1 << 16

// Root validates u and returns the root of its tree.
//
// It fails unless B ≥ 1, 0 ≤ D ≤ [MaxUniformDepth], b^d < 2⁵⁶, Range ≥ 0
// and Order is known, and, for Best and Worst, b^d ≤ 2²⁴. Root is O(d) for
// Natural trees. For Best and Worst it evaluates all b^d leaves once and
// memoises the minimax values of the top levels (at most 2¹⁶ nodes), so
// that Children then costs O(b log b) on memoised levels and O(b^(d−k)) on
// the deep levels below them.
func (u Uniform) Root() (UniformNode, error) {
	t, err := u.newTree()
	if err != nil {
		return UniformNode{}, err
	}
	return UniformNode{t: t, x: uint64(t.d) << 56}, nil
}

func (u Uniform) newTree() (*uniformTree, error) {
	switch {
	case u.B < 1:
		return nil, fmt.Errorf("random: uniform tree: branching factor B = %d, want ≥ 1", u.B)
	case u.D < 0:
		return nil, fmt.Errorf("random: uniform tree: depth D = %d, want ≥ 0", u.D)
	case u.D > MaxUniformDepth:
		return nil, fmt.Errorf("random: uniform tree: depth D = %d, want ≤ %d", u.D, MaxUniformDepth)
	case u.Range < 0:
		return nil, fmt.Errorf("random: uniform tree: Range = %d, want ≥ 0", u.Range)
	case u.Order != Natural && u.Order != Best && u.Order != Worst:
		return nil, fmt.Errorf("random: uniform tree: unknown ordering %v", u.Order)
	}
	if u.Range == 0 {
		u.Range = DefaultRange
	}
	b := uint64(u.B)
	first := make([]uint64, u.D+2)
	p := uint64(1) // b^k
	for k := 0; k <= u.D; k++ {
		first[k+1] = first[k] + p
		if k == u.D {
			break
		}
		if p > (MaxUniformLeaves-1)/b {
			return nil, fmt.Errorf("random: uniform tree: %d^%d leaves, want fewer than 2^56", u.B, u.D)
		}
		p *= b
	}
	if u.Order != Natural && p > MaxOrderedUniformLeaves {
		return nil, fmt.Errorf("random: uniform tree: %d^%d leaves in %v order, want at most 2^24", u.B, u.D, u.Order)
	}
	t := &uniformTree{
		b:     b,
		d:     int32(u.D),
		order: u.Order,
		h:     gametree.SplitMix64(u.Seed),
		r:     newModulus(uint64(u.Range)),
		first: first[:u.D+1],
		spec:  u,
		memoK: -1,
	}
	if u.Order != Natural {
		t.buildMemo()
	}
	return t, nil
}

// buildMemo memoises the minimax values of levels 0..memoK, the deepest
// internal level such that all of them fit in memoBudget values.
func (t *uniformTree) buildMemo() {
	if t.d == 0 {
		return
	}
	k := int32(0)
	for k+1 < t.d && t.first[k+2] <= memoBudget {
		k++
	}
	t.memo = make([]int, t.first[k+1])
	// Bottom-up: level k from the unmemoised levels below, then each level
	// from the one below it. t.memoK grows only once a level is filled.
	for i := range t.first[k+1] - t.first[k] {
		t.memo[t.first[k]+i] = t.minimax(k, i)
	}
	for l := k - 1; l >= 0; l-- {
		for i := range t.first[l+1] - t.first[l] {
			v := t.memo[t.first[l+1]+i*t.b]
			for j := uint64(1); j < t.b; j++ {
				c := t.memo[t.first[l+1]+i*t.b+j]
				if l&1 == 0 {
					v = max(v, c)
				} else {
					v = min(v, c)
				}
			}
			t.memo[t.first[l]+i] = v
		}
	}
	t.memoK = k
}

// value is the formula of Uniform for node (k, i).
func (t *uniformTree) value(k int32, i uint64) int {
	return t.node(k, i).Value()
}

// minimax returns the exact minimax value of the canonical subtree of node
// (k, i). It costs O(1) on memoised levels and b^(d−k) evaluations below.
func (t *uniformTree) minimax(k int32, i uint64) int {
	if k >= t.d {
		return t.value(k, i)
	}
	if k <= t.memoK {
		return t.memo[t.first[k]+i]
	}
	v := t.minimax(k+1, i*t.b)
	for j := uint64(1); j < t.b; j++ {
		c := t.minimax(k+1, i*t.b+j)
		if k&1 == 0 {
			v = max(v, c)
		} else {
			v = min(v, c)
		}
	}
	return v
}

// UniformNode is a node of a [Uniform] tree: a pointer to the tree's shared
// immutable configuration and one word holding the node's depth k and
// canonical index i (see [Uniform]). It is a 16-byte value type, safe to
// copy and to use from several goroutines. The zero UniformNode is not a
// node; get nodes from [Uniform.Root].
type UniformNode struct {
	t *uniformTree
	x uint64 // (d−k)<<56 | i: exactly the node's part of the value formula
}

// indexMask selects the index i from UniformNode.x.
const indexMask = 1<<56 - 1

// node returns node (k, i) of t.
func (t *uniformTree) node(k int32, i uint64) UniformNode {
	return UniformNode{t: t, x: uint64(t.d-k)<<56 | i}
}

var (
	_ gametree.Position[UniformNode] = UniformNode{}
	_ gametree.Keyed                 = UniformNode{}
)

// Children appends the children of n to buf in the tree's ordering and
// returns the extended slice; leaves have none. In Natural order it costs
// a few nanoseconds per child and allocates nothing when buf has room for b
// more nodes. In Best and Worst order it also sorts the children (see
// [Uniform.Root] for its cost) and allocates when b > 32.
func (n UniformNode) Children(buf []UniformNode) []UniformNode {
	t := n.t
	if n.x < 1<<56 { // d−k = 0: a leaf
		return buf
	}
	if t.order != Natural {
		return n.orderedChildren(buf)
	}
	// Child j of (k, i) is (k+1, i·b+j): one less in the depth byte. Growing
	// buf once and storing by index is faster than b appends.
	x := (n.x&indexMask)*t.b + (n.x>>56-1)<<56
	l := len(buf)
	buf = slices.Grow(buf, int(t.b))[:l+int(t.b)]
	kids := buf[l:]
	for j := range kids {
		kids[j] = UniformNode{t: t, x: x + uint64(j)}
	}
	return buf
}

// orderedChildren is Children in Best and Worst order.
func (n UniformNode) orderedChildren(buf []UniformNode) []UniformNode {
	t := n.t
	start := len(buf)
	k, base := n.depth()+1, n.Index()*t.b
	for j := range t.b {
		buf = append(buf, t.node(k, base+j))
	}
	kids := buf[start:]
	// Sort by ascending key: the minimax value, negated when the wanted
	// order is descending (Best for Max, Worst for Min). Values are in
	// [0, Range), so negation cannot overflow.
	desc := (t.order == Best) == (n.ToMove() == gametree.Max)
	var small [32]int
	var keys []int
	if len(kids) <= len(small) {
		keys = small[:len(kids)]
	} else {
		keys = make([]int, len(kids))
	}
	for j := range kids {
		v := t.minimax(k, base+uint64(j))
		if desc {
			v = -v
		}
		keys[j] = v
	}
	if len(kids) <= len(small) {
		// Stable insertion sort: b is small.
		for j := 1; j < len(kids); j++ {
			key, kid := keys[j], kids[j]
			m := j
			for ; m > 0 && keys[m-1] > key; m-- {
				keys[m], kids[m] = keys[m-1], kids[m-1]
			}
			keys[m], kids[m] = key, kid
		}
		return buf
	}
	perm := make([]int, len(kids))
	for j := range perm {
		perm[j] = j
	}
	slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	for j, p := range perm {
		kids[j] = t.node(k, base+uint64(p))
	}
	return buf
}

// Value returns the static value of n from Max's point of view (see
// [Uniform] for the formula). For a leaf it is the exact leaf value; for an
// internal node it carries no information about the subtree. It costs one
// SplitMix64 and one multiplication-based reduction (no division), and is
// inlined.
func (n UniformNode) Value() int {
	return int(n.t.r.reduce(gametree.SplitMix64(n.t.h ^ n.x)))
}

// ValuedChildren returns the number of n's children and its first child's
// x, from which ChildValue computes their values without making them (see
// [gametree.ChildValuer]); in Best and Worst order, whose children are
// sorted together, it returns 0, 0 and false.
func (n UniformNode) ValuedChildren() (first uint64, count int, ok bool) {
	switch t := n.t; {
	case n.x < 1<<56: // a leaf
		return 0, 0, true
	case t.order != Natural:
		return 0, 0, false
	default: // child j of (k, i) is (k+1, i·b+j): one less in the depth byte
		return (n.x&indexMask)*t.b + (n.x>>56-1)<<56, int(t.b), true
	}
}

// ChildValue returns the static value of child i of the node whose
// ValuedChildren gave first: one SplitMix64 and one reduction, inlined.
func (n UniformNode) ChildValue(first uint64, i int) int {
	return int(n.t.r.reduce(gametree.SplitMix64(n.t.h ^ (first + uint64(i)))))
}

// ToMove returns Max at even depth and Min at odd depth.
func (n UniformNode) ToMove() gametree.Player {
	return gametree.Player(1 - 2*int8((uint64(n.t.d)^n.x>>56)&1))
}

// Key returns the breadth-first index of n in the canonical tree: the root
// is 0, its children 1..b, and so on. It is unique per node (uniform trees
// have no transpositions) and independent of the ordering.
func (n UniformNode) Key() uint64 { return n.t.first[n.depth()] + n.x&indexMask }

// Depth returns the distance k from the root.
func (n UniformNode) Depth() int { return int(n.depth()) }

func (n UniformNode) depth() int32 { return n.t.d - int32(n.x>>56) }

// Index returns the canonical index i of n within its level, which does
// not depend on the ordering.
func (n UniformNode) Index() uint64 { return n.x & indexMask }

// LeafIndex returns the canonical leaf index L of a leaf, or −1 for an
// internal node.
func (n UniformNode) LeafIndex() int64 {
	if n.x >= 1<<56 {
		return -1
	}
	return int64(n.x)
}

// Tree returns the configuration of the tree n belongs to, with Range
// replaced by DefaultRange if it was 0.
func (n UniformNode) Tree() Uniform { return n.t.spec }

// Path returns the moves from the root to n: the base-b digits of i in
// Natural order. In Best and Worst order it recomputes the order of the
// children of every ancestor, which can cost up to b^d evaluations.
func (n UniformNode) Path() []int {
	t := n.t
	path := make([]int, n.depth())
	i := n.Index()
	for l := len(path) - 1; l >= 0; l-- {
		path[l] = int(i % t.b)
		i /= t.b
	}
	if t.order == Natural {
		return path
	}
	var buf []UniformNode
	cur := UniformNode{t: t, x: uint64(t.d) << 56}
	for l, j := range path {
		want := cur.Index()*t.b + uint64(j)
		buf = cur.Children(buf[:0])
		for m, c := range buf {
			if c.Index() == want {
				path[l] = m
				cur = c
				break
			}
		}
	}
	return path
}

// String returns a short description such as "uniform(b=2,d=3)[k=1,i=0]".
func (n UniformNode) String() string {
	if n.t == nil {
		return "UniformNode{}"
	}
	return fmt.Sprintf("uniform(b=%d,d=%d)[k=%d,i=%d]", n.t.b, n.t.d, n.depth(), n.Index())
}
