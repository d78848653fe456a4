package checks

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Shape says what random trees a check draws: depth and branching vary per
// node (uneven trees), leaf values are in [0, Range).
type Shape struct {
	MinDepth, MaxDepth int  // every leaf is at least MinDepth deep (if the branching allows); none deeper than MaxDepth
	MaxBranch          int  // 1..MaxBranch children per internal node (2.. below MinDepth)
	Range              int  // leaf values in [0, Range)
	Static             bool // internal nodes get static values too (for depth-limited searches)
	MinRoot            bool // Min is to move at the root (else Max)
}

// RandomSpec draws a tree of shape s.
func RandomSpec(r *rand.Rand, s Shape) gametree.TreeSpec {
	var grow func(depth int) gametree.TreeSpec
	grow = func(depth int) gametree.TreeSpec {
		spec := gametree.TreeSpec{Value: r.IntN(s.Range)}
		if depth == s.MaxDepth || (depth >= s.MinDepth && r.IntN(4) == 0) {
			return spec
		}
		n := 1 + r.IntN(s.MaxBranch)
		if depth < s.MinDepth {
			n = 2 + r.IntN(max(1, s.MaxBranch-1))
		}
		if !s.Static {
			spec.Value = 0
		}
		for range n {
			spec.Children = append(spec.Children, grow(depth+1))
		}
		return spec
	}
	return grow(0)
}

// Case is a tree a check runs on: a textbook fixture or a random tree.
type Case struct {
	Name   string
	Tree   *gametree.Tree
	Random bool // shrunk on failure
}

// Fixtures returns the named fixtures of pkg/gametree as cases.
func Fixtures(names ...string) []Case {
	var cs []Case
	for _, name := range names {
		f, ok := gametree.FixtureByName(name)
		if !ok {
			panic("grade: no fixture " + name)
		}
		cs = append(cs, Case{Name: name, Tree: f.Tree()})
	}
	return cs
}

// Literal returns cases parsed from tree literals, named by their text.
func Literal(literals ...string) []Case {
	var cs []Case
	for _, l := range literals {
		cs = append(cs, Case{Name: l, Tree: mustParse(l)})
	}
	return cs
}

func mustParse(l string) *gametree.Tree {
	t, err := gametree.Parse(l)
	if err != nil {
		panic("grade: " + err.Error())
	}
	return t
}

// Random returns n random cases of shape s.
func Random(r *rand.Rand, n int, s Shape) []Case {
	cs := make([]Case, n)
	for i := range cs {
		root := gametree.Max
		if s.MinRoot {
			root = gametree.Min
		}
		t := gametree.MustTree(RandomSpec(r, s), root)
		cs[i] = Case{Name: fmt.Sprintf("random tree %d", i+1), Tree: t, Random: true}
	}
	return cs
}

// Property checks the code on one tree: nil when it obeys the rule there,
// else what went wrong, one fact per line.
type Property func(t *gametree.Tree) []string

// OnTrees checks p on every case, in order, and fails the check at the
// first case that breaks rule: a random tree is first shrunk to the
// smallest tree that still breaks it.
func (c *C) OnTrees(rule string, p Property, cases []Case) {
	c.T.Helper()
	c.rule = rule
	for _, cs := range cases {
		c.onCase = &cs
		why := safely(p, cs.Tree)
		if c.abandoned.Load() {
			runtime.Goexit() // Inline reported it already
		}
		if why == nil {
			continue
		}
		t := cs.Tree
		if cs.Random && halted.Load() == nil { // a search stopped for time is not run again
			t = Shrink(t, func(t *gametree.Tree) bool {
				if c.abandoned.Load() {
					runtime.Goexit()
				}
				return safely(p, t) != nil
			})
			why = safely(p, t)
		}
		lines := []string{fmt.Sprintf("tree (%s%s): %s", cs.Name, shrunk(cs, t), t)}
		c.Fail(rule, append(lines, why...)...)
	}
}

func shrunk(cs Case, t *gametree.Tree) string {
	if cs.Random && t != cs.Tree {
		return fmt.Sprintf(", shrunk from %d to %d nodes", cs.Tree.Len(), t.Len())
	}
	return ""
}

// safely runs p, turning a panic of the code under test into a failure —
// except a stub's TODO panic, which the check reports as such.
func safely(p Property, t *gametree.Tree) (why []string) {
	startPicture()
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(string); ok && strings.HasPrefix(s, "TODO") {
				panic(r)
			}
			why = []string{panicMessage(r)}
			notePanic(why[0])
		}
	}()
	return p(t)
}

// Shrink returns the smallest tree it finds, by removing subtrees, cutting
// subtrees down to leaves and lowering values, on which fails still holds.
func Shrink(t *gametree.Tree, fails func(*gametree.Tree) bool) *gametree.Tree {
	spec, root := t.Spec(), t.RootPlayer()
	for steps := 0; steps < 1000; steps++ {
		better := false
		for _, cand := range smaller(spec) {
			ct, err := gametree.NewTree(cand, root)
			if err == nil && fails(ct) {
				spec, better = cand, true
				break
			}
		}
		if !better {
			break
		}
	}
	st, err := gametree.NewTree(spec, root)
	if err != nil {
		return t
	}
	return st
}

// smaller lists the trees one edit smaller than spec, biggest cuts first.
func smaller(spec gametree.TreeSpec) []gametree.TreeSpec {
	var out []gametree.TreeSpec
	// Cut a subtree down to a leaf, or remove a child.
	for i := range spec.Children {
		c := spec.Children[i]
		if len(c.Children) > 0 {
			out = append(out, with(spec, i, gametree.TreeSpec{Label: c.Label, Value: firstLeaf(c)}))
		}
		if len(spec.Children) > 1 {
			s := spec
			s.Children = append(append([]gametree.TreeSpec{}, spec.Children[:i]...), spec.Children[i+1:]...)
			out = append(out, s)
		}
	}
	// The same edits further down.
	for i, c := range spec.Children {
		for _, sc := range smaller(c) {
			out = append(out, with(spec, i, sc))
		}
	}
	// Smaller values.
	if len(spec.Children) == 0 && spec.Value != 0 {
		s := spec
		s.Value = spec.Value / 2
		out = append(out, s)
	}
	return out
}

func with(spec gametree.TreeSpec, i int, c gametree.TreeSpec) gametree.TreeSpec {
	s := spec
	s.Children = append([]gametree.TreeSpec{}, spec.Children...)
	s.Children[i] = c
	return s
}

func firstLeaf(s gametree.TreeSpec) int {
	for len(s.Children) > 0 {
		s = s.Children[0]
	}
	return s.Value
}
