package gametree

import (
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fxMinimax is a plain minimax, independent of pkg/algos.
func fxMinimax(n Node) int {
	kids := n.Children(nil)
	if len(kids) == 0 {
		return n.Value()
	}
	best := fxMinimax(kids[0])
	for _, k := range kids[1:] {
		v := fxMinimax(k)
		if n.ToMove() == Max && v > best || n.ToMove() == Min && v < best {
			best = v
		}
	}
	return best
}

// fxBound is an ancestor's side and best value so far, as seen by a search
// below it.
type fxBound struct {
	max  bool
	best int
}

// fxSearch is alpha-beta written with explicit ancestor bounds so that the
// reach of the bounds can be limited: a node is cut off when its value so
// far reaches the best value of an ancestor of the other side at most reach
// plies above it (with reach ≥ the height, the usual alpha-beta; reach 1 is
// Knuth and Moore's F1, shallow cutoffs only; reach 0 is minimax). With
// strict the value must pass the bound, not just reach it. visit is called
// on every leaf evaluated.
func fxSearch(n Node, anc []fxBound, reach int, strict bool, visit func(Node)) int {
	kids := n.Children(nil)
	if len(kids) == 0 {
		visit(n)
		return n.Value()
	}
	isMax := n.ToMove() == Max
	best := math.MaxInt
	if isMax {
		best = math.MinInt
	}
	for _, k := range kids {
		v := fxSearch(k, append(anc, fxBound{isMax, best}), reach, strict, visit)
		if isMax && v > best || !isMax && v < best {
			best = v
		}
		near := anc[max(0, len(anc)-reach):]
		cut := false
		for _, a := range near {
			if a.max == isMax {
				continue
			}
			switch {
			case isMax && strict:
				cut = cut || best > a.best
			case isMax:
				cut = cut || best >= a.best
			case strict:
				cut = cut || best < a.best
			default:
				cut = cut || best <= a.best
			}
		}
		if cut {
			break
		}
	}
	return best
}

// fxVisited returns the names of the leaves fxSearch evaluates, in order.
func fxVisited(t *Tree, reach int, strict bool) (int, []string) {
	var names []string
	v := fxSearch(t.Root(), nil, reach, strict, func(n Node) { names = append(names, n.Name()) })
	return v, names
}

func fxLeaves(t *Tree) []Node {
	var out []Node
	for i := range t.Len() {
		if n := t.Node(i); n.IsLeaf() {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b Node) int { return a.LeafIndex() - b.LeafIndex() })
	return out
}

// fxFind returns the node with the given label.
func fxFind(t *testing.T, tree *Tree, label string) Node {
	t.Helper()
	for i := range tree.Len() {
		if n := tree.Node(i); n.Label() == label {
			return n
		}
	}
	t.Fatalf("no node labelled %q", label)
	return Node{}
}

func TestFixtures(t *testing.T) {
	name := regexp.MustCompile(`^[a-z0-9]+([.-][a-z0-9.]+)*$`)
	seen := map[string]bool{}
	for _, f := range Fixtures() {
		t.Run(f.Name, func(t *testing.T) {
			if !name.MatchString(f.Name) {
				t.Errorf("name %q is not lower case with dashes", f.Name)
			}
			if seen[f.Name] {
				t.Errorf("duplicate name %q", f.Name)
			}
			seen[f.Name] = true
			if f.Title == "" || f.Source == "" || f.Notes == "" {
				t.Errorf("Title, Source or Notes is empty")
			}
			tree := f.Tree()
			if tree.RootPlayer() != f.Root {
				t.Errorf("RootPlayer() = %v, want %v", tree.RootPlayer(), f.Root)
			}
			if got := fxMinimax(tree.Root()); got != f.Value {
				t.Errorf("minimax value = %d, Value field = %d", got, f.Value)
			}
			if got, _ := fxVisited(tree, tree.Height(), false); got != f.Value {
				t.Errorf("alpha-beta value = %d, Value field = %d", got, f.Value)
			}
			if tree.String() != f.Literal {
				t.Errorf("Literal %q is not in canonical form %q", f.Literal, tree.String())
			}
		})
	}
	if len(seen) != 7 {
		t.Errorf("%d fixtures, want 7", len(seen))
	}
}

func TestFixturesFresh(t *testing.T) {
	a := Fixtures()
	a[0].Literal, a[0].Value = "(0)", -1
	b := Fixtures()
	if b[0].Literal == "(0)" || b[0].Value == -1 {
		t.Error("Fixtures returned a slice shared with an earlier call")
	}
}

func TestFixtureByName(t *testing.T) {
	for _, want := range Fixtures() {
		got, ok := FixtureByName(want.Name)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("FixtureByName(%q) = %+v, %v", want.Name, got, ok)
		}
	}
	for _, name := range []string{"", "nope", "AIMA-fig5.2", "aima-fig5.2 "} {
		if got, ok := FixtureByName(name); ok || !reflect.DeepEqual(got, Fixture{}) {
			t.Errorf("FixtureByName(%q) = %+v, %v; want zero, false", name, got, ok)
		}
	}
}

func TestFixtureTreePanicsOnBadLiteral(t *testing.T) {
	for _, f := range []Fixture{
		{Name: "unclosed", Literal: "(1", Root: Max},
		{Name: "no-root", Literal: "(1)"},
	} {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, "fixture "+f.Name) {
					t.Errorf("%s: recovered %v, want a panic naming the fixture", f.Name, r)
				}
			}()
			f.Tree()
		}()
	}
}

func TestFixturePruning(t *testing.T) {
	unlimited := 1 << 30
	tests := []struct {
		name    string
		fixture string
		reach   int
		strict  bool
		visited []string // leaf names in order; nil to check only the count
		count   int
	}{
		{"AIMA alpha-beta", "aima-fig5.2", unlimited, false,
			[]string{"b1", "b2", "b3", "c1", "d1", "d2", "d3"}, 7},
		{"AIMA minimax", "aima-fig5.2", 0, false,
			[]string{"b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"}, 9},
		{"shallow alpha-beta", "shallow-cutoff", unlimited, false,
			[]string{"a1", "a2", "a3", "C"}, 4},
		{"shallow with parent bounds only", "shallow-cutoff", 1, false,
			[]string{"a1", "a2", "a3", "C"}, 4},
		{"shallow minimax", "shallow-cutoff", 0, false,
			[]string{"a1", "a2", "a3", "C", "b2", "b3"}, 6},
		{"deep alpha-beta", "deep-cutoff", unlimited, false,
			[]string{"a1", "a2", "a3", "D", "z1", "z2", "w1", "w2"}, 8},
		{"deep with bounds from three plies", "deep-cutoff", 3, false,
			[]string{"a1", "a2", "a3", "D", "z1", "z2", "w1", "w2"}, 8},
		{"deep with parent and grandparent bounds", "deep-cutoff", 2, false,
			[]string{"a1", "a2", "a3", "D", "y2", "y3", "z1", "z2", "w1", "w2"}, 10},
		{"deep with parent bounds only (F1)", "deep-cutoff", 1, false,
			[]string{"a1", "a2", "a3", "D", "y2", "y3", "z1", "z2", "w1", "w2"}, 10},
		{"pi alpha-beta", "knuth-moore-pi", unlimited, false, nil, 31},
		{"pi shallow only (F1)", "knuth-moore-pi", 1, false, nil, 36},
		{"pi minimax", "knuth-moore-pi", 0, false, nil, 81},
		{"single leaf", "single-leaf", unlimited, false, []string{"root"}, 1},
		{"uneven alpha-beta", "uneven", unlimited, false, []string{"0", "1.0", "2.0", "2.1"}, 4},
		{"all ties, cut on reaching the bound", "all-ties", unlimited, false, nil, 5},
		{"all ties, cut on passing the bound", "all-ties", unlimited, true, nil, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, ok := FixtureByName(tc.fixture)
			if !ok {
				t.Fatalf("no fixture %q", tc.fixture)
			}
			v, visited := fxVisited(f.Tree(), tc.reach, tc.strict)
			if v != f.Value {
				t.Errorf("value = %d, want %d", v, f.Value)
			}
			if tc.visited != nil && !slices.Equal(visited, tc.visited) {
				t.Errorf("leaves evaluated = %v, want %v", visited, tc.visited)
			}
			if len(visited) != tc.count {
				t.Errorf("%d leaves evaluated, want %d", len(visited), tc.count)
			}
		})
	}
}

// TestFixturePrunedLeavesDoNotMatter changes every leaf alpha-beta prunes to
// each extreme value and checks that the root's minimax value stays put.
func TestFixturePrunedLeavesDoNotMatter(t *testing.T) {
	for _, f := range Fixtures() {
		t.Run(f.Name, func(t *testing.T) {
			tree := f.Tree()
			_, visited := fxVisited(tree, tree.Height(), false)
			for _, leaf := range fxLeaves(tree) {
				if slices.Contains(visited, leaf.Name()) {
					continue
				}
				for _, v := range []int{-maxLiteralValue, maxLiteralValue} {
					spec := tree.Spec()
					s := &spec
					for _, m := range leaf.Path() {
						s = &s.Children[m]
					}
					s.Value = v
					changed := MustTree(spec, f.Root)
					if got := fxMinimax(changed.Root()); got != f.Value {
						t.Errorf("pruned leaf %s = %d changes the value to %d", leaf.Name(), v, got)
					}
				}
			}
		})
	}
}

func TestFixtureShallowCutoffShape(t *testing.T) {
	f, _ := FixtureByName("shallow-cutoff")
	tree := f.Tree()
	s, a, b, c := tree.Root(), fxFind(t, tree, "A"), fxFind(t, tree, "B"), fxFind(t, tree, "C")
	if s.Label() != "S" || s.ToMove() != Max {
		t.Errorf("root is %q with %v to move, want S with Max", s.Label(), s.ToMove())
	}
	if got := s.Children(nil); len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("S's moves are not A then B")
	}
	if av := fxMinimax(a); av <= 2 {
		t.Errorf("A is worth %d, want > 2", av)
	}
	kids := b.Children(nil)
	if len(kids) < 3 || kids[0] != c || !c.IsLeaf() || c.Value() != 2 {
		t.Errorf("B's first child must be the leaf C = 2, followed by at least two more")
	}
}

func TestFixtureDeepCutoffShape(t *testing.T) {
	f, _ := FixtureByName("deep-cutoff")
	tree := f.Tree()
	s, a, b := tree.Root(), fxFind(t, tree, "A"), fxFind(t, tree, "B")
	x, y, d := fxFind(t, tree, "X"), fxFind(t, tree, "Y"), fxFind(t, tree, "D")
	if s.Label() != "S" || s.ToMove() != Max {
		t.Errorf("root is %q with %v to move, want S with Max", s.Label(), s.ToMove())
	}
	if got := s.Children(nil); len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("S's moves are not A then B")
	}
	av := fxMinimax(a)
	if d.Value() >= av || d.Value() != 2 {
		t.Errorf("D = %d, A = %d; want D = 2 < A", d.Value(), av)
	}
	// D lies three moves below B, each node on the way the first child of
	// its parent, so no node below S holds a bound when D is reached.
	chain := []struct {
		parent, child Node
		depth         int
		toMove        Player
		more          int // further children the parent must have
	}{
		{b, x, 2, Max, 1},
		{x, y, 3, Min, 1},
		{y, d, 4, Max, 2},
	}
	for _, c := range chain {
		kids := c.parent.Children(nil)
		if len(kids) < 1+c.more || kids[0] != c.child {
			t.Errorf("%s must be the first of at least %d children of %s", c.child.Name(), 1+c.more, c.parent.Name())
		}
		if c.child.Depth() != c.depth || c.child.ToMove() != c.toMove {
			t.Errorf("%s: depth %d with %v to move, want %d and %v",
				c.child.Name(), c.child.Depth(), c.child.ToMove(), c.depth, c.toMove)
		}
	}
	if !d.IsLeaf() {
		t.Errorf("D is not a leaf")
	}
}

func TestPiDigits(t *testing.T) {
	if len(piDigits) != 81 {
		t.Fatalf("len(piDigits) = %d, want 81", len(piDigits))
	}
	if !strings.HasPrefix(piDigits, "314159265358979") {
		t.Errorf("piDigits starts %q", piDigits[:15])
	}
	// Compute π independently by Machin's formula,
	// π = 16 arctan(1/5) − 4 arctan(1/239), in fixed point with 100 digits.
	one := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	arctanInv := func(x int64) *big.Int {
		sum, term := new(big.Int), new(big.Int).Quo(one, big.NewInt(x))
		x2 := big.NewInt(x * x)
		for k := int64(0); term.Sign() != 0; k++ {
			q := new(big.Int).Quo(term, big.NewInt(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, q)
			} else {
				sum.Sub(sum, q)
			}
			term.Quo(term, x2)
		}
		return sum
	}
	pi := new(big.Int).Mul(arctanInv(5), big.NewInt(16))
	pi.Sub(pi, new(big.Int).Mul(arctanInv(239), big.NewInt(4)))
	if got := pi.String()[:81]; got != piDigits {
		t.Errorf("piDigits = %s\nπ        = %s", piDigits, got)
	}

	f, _ := FixtureByName("knuth-moore-pi")
	tree := f.Tree()
	if tree.Len() != 1+3+9+27+81 || tree.Leaves() != 81 || tree.Height() != 4 {
		t.Errorf("Len, Leaves, Height = %d, %d, %d, want 121, 81, 4", tree.Len(), tree.Leaves(), tree.Height())
	}
	var digits []byte
	for _, leaf := range fxLeaves(tree) {
		if leaf.Depth() != 4 {
			t.Errorf("leaf %s at depth %d", leaf.Name(), leaf.Depth())
		}
		digits = append(digits, byte('0'+leaf.Value()))
	}
	if string(digits) != piDigits {
		t.Errorf("leaves = %s, want %s", digits, piDigits)
	}
	for i := range tree.Len() {
		if n := tree.Node(i); !n.IsLeaf() && n.NumChildren() != 3 {
			t.Errorf("node %s has %d children, want 3", n.Name(), n.NumChildren())
		}
	}
}

// TestFixtureFiles checks that testdata/<name>.tree holds each fixture's
// literal, after optional '#' comment lines, so the files and the Go
// fixtures cannot drift apart.
func TestFixtureFiles(t *testing.T) {
	for _, f := range Fixtures() {
		t.Run(f.Name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", "testdata", f.Name+".tree"))
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			tree, err := Parse(text, RootPlayer(f.Root))
			if err != nil {
				t.Fatalf("parsing the file: %v", err)
			}
			if !reflect.DeepEqual(tree, f.Tree()) {
				t.Errorf("file holds %s, fixture is %s", tree, f.Literal)
			}
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if !strings.HasSuffix(text, "\n") || lines[len(lines)-1] != f.Literal {
				t.Errorf("file does not end with the line %q", f.Literal)
			}
			for _, l := range lines[:len(lines)-1] {
				if !strings.HasPrefix(l, "#") {
					t.Errorf("line %q before the literal is not a comment", l)
				}
			}
		})
	}
}

// TestFixtureAliases: the textbook's figure numbers name the same trees.
func TestFixtureAliases(t *testing.T) {
	for alias, name := range map[string]string{"fig-6.8": "shallow-cutoff", "fig-6.9": "deep-cutoff"} {
		a, ok := FixtureByName(alias)
		f, _ := FixtureByName(name)
		if !ok || a.Name != name || a.Literal != f.Literal {
			t.Errorf("FixtureByName(%q) = %q, %v; want the fixture %q", alias, a.Name, ok, name)
		}
	}
}
