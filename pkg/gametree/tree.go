package gametree

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxTreeNodes bounds the size of an explicit tree, so that a huge literal
// is an error rather than an unbounded allocation.
const MaxTreeNodes = 1 << 22

// TreeSpec is a tree written as nested Go values. [NewTree] turns it into a
// [Tree]; [Parse] produces one from a literal.
type TreeSpec struct {
	Label    string     // optional name shown in pictures ("A", "B1"); may be empty
	Value    int        // a leaf's value; for an internal node, its static value (default 0)
	Children []TreeSpec // none for a leaf
}

// Tree is an explicit game tree. Its nodes are stored in breadth-first order,
// so the children of a node are contiguous and node 0 is the root. A Tree is
// immutable and safe for concurrent use.
type Tree struct {
	nodes    []treeNode
	leaves   int
	maxDepth int
	root     Player
}

type treeNode struct {
	first  int32 // index of the first child; children are first..first+n-1
	n      int32 // number of children; 0 for a leaf
	leaf   int32 // left-to-right index among the leaves, -1 for internal nodes
	depth  int32 // distance from the root
	parent int32 // -1 for the root
	move   int32 // index among the parent's children
	value  int
	label  string
}

// NewTree builds a Tree from spec with the given player to move at the root.
// It fails if root is not Max or Min or the tree has more than [MaxTreeNodes]
// nodes.
func NewTree(spec TreeSpec, root Player) (*Tree, error) {
	if root != Max && root != Min {
		return nil, fmt.Errorf("gametree: root player must be Max or Min, got %d", root)
	}
	t := &Tree{root: root}
	// Breadth-first: queue holds specs in node order.
	queue := []*TreeSpec{&spec}
	t.nodes = append(t.nodes, treeNode{parent: -1, leaf: -1})
	for id := 0; id < len(queue); id++ {
		s := queue[id]
		nd := &t.nodes[id]
		nd.value, nd.label = s.Value, s.Label
		if len(s.Children) == 0 {
			nd.leaf = int32(t.leaves)
			t.leaves++
			if int(nd.depth) > t.maxDepth {
				t.maxDepth = int(nd.depth)
			}
			continue
		}
		if len(t.nodes)+len(s.Children) > MaxTreeNodes {
			return nil, fmt.Errorf("gametree: tree has more than %d nodes", MaxTreeNodes)
		}
		nd.first, nd.n = int32(len(t.nodes)), int32(len(s.Children))
		depth := nd.depth + 1
		for i := range s.Children {
			queue = append(queue, &s.Children[i])
			t.nodes = append(t.nodes, treeNode{parent: int32(id), move: int32(i), depth: depth, leaf: -1})
		}
	}
	// Breadth-first order numbers leaves by depth; renumber them left to right.
	t.leaves = 0
	t.numberLeaves(0)
	return t, nil
}

func (t *Tree) numberLeaves(id int32) {
	// Iterative depth-first walk: literals may nest deeply.
	stack := []int32{id}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &t.nodes[id]
		if nd.n == 0 {
			nd.leaf = int32(t.leaves)
			t.leaves++
			continue
		}
		for c := nd.first + nd.n - 1; c >= nd.first; c-- {
			stack = append(stack, c)
		}
	}
}

// MustTree is NewTree for trees known to be valid, such as package-level
// fixtures; it panics on error.
func MustTree(spec TreeSpec, root Player) *Tree {
	t, err := NewTree(spec, root)
	if err != nil {
		panic(err)
	}
	return t
}

// Root returns the root position.
func (t *Tree) Root() Node { return Node{t: t, id: 0} }

// Len returns the number of nodes, the root included.
func (t *Tree) Len() int { return len(t.nodes) }

// Leaves returns the number of leaves.
func (t *Tree) Leaves() int { return t.leaves }

// Height returns the length of the longest root-to-leaf path.
func (t *Tree) Height() int { return t.maxDepth }

// RootPlayer returns the side to move at the root.
func (t *Tree) RootPlayer() Player { return t.root }

// Node returns the node with the given breadth-first index (0 is the root).
// It panics if id is out of range, as slice indexing does.
func (t *Tree) Node(id int) Node {
	_ = t.nodes[id]
	return Node{t: t, id: int32(id)}
}

// Spec returns the tree as nested values, the inverse of [NewTree].
func (t *Tree) Spec() TreeSpec { return t.spec(0) }

func (t *Tree) spec(id int32) TreeSpec {
	nd := &t.nodes[id]
	s := TreeSpec{Label: nd.label, Value: nd.value}
	if nd.n > 0 {
		s.Children = make([]TreeSpec, nd.n)
		for i := range s.Children {
			s.Children[i] = t.spec(nd.first + int32(i))
		}
	}
	return s
}

// String returns the tree as a parenthesised literal that [Parse] reads back
// to an equal tree: labels are kept, leaves with labels are written label=value,
// and internal static values other than 0 are written as label:value.
func (t *Tree) String() string {
	var b strings.Builder
	t.Root().format(&b)
	return b.String()
}

// Node is a position in an explicit [Tree]: a tree and a node index. It is a
// small value type; copying it is free.
type Node struct {
	t  *Tree
	id int32
}

var _ Position[Node] = Node{}

// Children appends the children of n to buf in left-to-right order.
func (n Node) Children(buf []Node) []Node {
	nd := &n.t.nodes[n.id]
	for c := nd.first; c < nd.first+nd.n; c++ {
		buf = append(buf, Node{t: n.t, id: c})
	}
	return buf
}

// Value returns a leaf's value, or an internal node's static value (0 unless
// the literal gave one), from Max's point of view.
func (n Node) Value() int { return n.t.nodes[n.id].value }

// ToMove returns the side to move: the root player at even depth, the other
// player at odd depth.
func (n Node) ToMove() Player {
	if n.t.nodes[n.id].depth&1 == 0 {
		return n.t.root
	}
	return -n.t.root
}

// Key returns the node index, so explicit trees can be used with
// transposition tables (they have no transpositions).
func (n Node) Key() uint64 { return uint64(n.id) }

// ID returns the breadth-first node index; the root is 0.
func (n Node) ID() int { return int(n.id) }

// Tree returns the tree n belongs to.
func (n Node) Tree() *Tree { return n.t }

// Label returns the node's label, or "" if it has none.
func (n Node) Label() string { return n.t.nodes[n.id].label }

// IsLeaf reports whether n has no children.
func (n Node) IsLeaf() bool { return n.t.nodes[n.id].n == 0 }

// ValuedChildren returns the index of n's first child and the number of
// its children (see [ChildValuer]): the children are stored one after
// another, so ChildValue reads their values without making them.
func (n Node) ValuedChildren() (first uint64, count int, ok bool) {
	nd := &n.t.nodes[n.id]
	return uint64(nd.first), int(nd.n), true
}

// ChildValue returns the value of child i of the node whose first child is
// first (see [ChildValuer]).
func (n Node) ChildValue(first uint64, i int) int { return n.t.nodes[first+uint64(i)].value }

// NumChildren returns the number of children.
func (n Node) NumChildren() int { return int(n.t.nodes[n.id].n) }

// LeafIndex returns the 0-based left-to-right index of a leaf, or -1 for an
// internal node.
func (n Node) LeafIndex() int { return int(n.t.nodes[n.id].leaf) }

// Depth returns the distance from the root.
func (n Node) Depth() int { return int(n.t.nodes[n.id].depth) }

// Parent returns the parent and true, or the zero Node and false at the root.
func (n Node) Parent() (Node, bool) {
	p := n.t.nodes[n.id].parent
	if p < 0 {
		return Node{}, false
	}
	return Node{t: n.t, id: p}, true
}

// Path returns the moves (child indices) from the root to n.
func (n Node) Path() []int {
	path := make([]int, n.Depth())
	for id := n.id; id > 0; id = n.t.nodes[id].parent {
		path[n.t.nodes[id].depth-1] = int(n.t.nodes[id].move)
	}
	return path
}

// MoveName names move i by the child's label, or by its index if unlabelled.
func (n Node) MoveName(i int) string {
	nd := &n.t.nodes[n.id]
	if i < 0 || i >= int(nd.n) {
		return strconv.Itoa(i)
	}
	if l := n.t.nodes[nd.first+int32(i)].label; l != "" {
		return l
	}
	return strconv.Itoa(i)
}

// Name returns the label, or a name derived from the path ("root", "0.2.1").
func (n Node) Name() string {
	if l := n.Label(); l != "" {
		return l
	}
	if n.id == 0 {
		return "root"
	}
	p := n.Path()
	s := make([]string, len(p))
	for i, m := range p {
		s[i] = strconv.Itoa(m)
	}
	return strings.Join(s, ".")
}

// String returns the subtree rooted at n as a literal.
func (n Node) String() string {
	var b strings.Builder
	n.format(&b)
	return b.String()
}

func (n Node) format(b *strings.Builder) {
	nd := &n.t.nodes[n.id]
	if nd.n == 0 {
		if nd.label != "" {
			b.WriteString(nd.label)
			b.WriteByte('=')
		}
		b.WriteString(strconv.Itoa(nd.value))
		return
	}
	b.WriteString(nd.label)
	if nd.value != 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(nd.value))
	}
	b.WriteByte('(')
	for i := int32(0); i < nd.n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		Node{t: n.t, id: nd.first + i}.format(b)
	}
	b.WriteByte(')')
}

// ErrSyntax is wrapped by every error [Parse] returns for a malformed literal.
var ErrSyntax = errors.New("syntax error")
