package gametree_test

import (
	"errors"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// parseLeafValues returns the leaf values of t from left to right, walking
// the tree depth-first without recursion.
func parseLeafValues(t *gametree.Tree) []int {
	var out []int
	stack := []gametree.Node{t.Root()}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		kids := n.Children(nil)
		if len(kids) == 0 {
			out = append(out, n.Value())
			continue
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	return out
}

// parseAllNodes returns every node of t in breadth-first index order.
func parseAllNodes(t *gametree.Tree) []gametree.Node {
	out := make([]gametree.Node, t.Len())
	for i := range out {
		out[i] = t.Node(i)
	}
	return out
}

type parseValidCase struct {
	name   string
	src    string
	leaves []int // leaf values, left to right
	len    int
	nleaf  int
	height int
}

func parseValidCases() []parseValidCase {
	aima := []int{3, 12, 8, 2, 4, 6, 14, 5, 2}
	return []parseValidCase{
		{"parenthesised", "((3 12 8) (2 4 6) (14 5 2))", aima, 13, 9, 2},
		{"JSON arrays", "[[3,12,8],[2,4,6],[14,5,2]]", aima, 13, 9, 2},
		{"JSON arrays without commas", "[[3 12 8] [2 4 6] [14 5 2]]", aima, 13, 9, 2},
		{"parentheses with commas", "((3, 12, 8), (2, 4, 6), (14, 5, 2))", aima, 13, 9, 2},
		{"mixed brackets", "([3 12 8] (2,4,6) [14 5 2])", aima, 13, 9, 2},
		{"siblings without space after a bracket", "((3 12 8)(2 4 6)(14 5 2))", aima, 13, 9, 2},
		{"white space everywhere", "\n\t( ( 3\r\n12\v8 ) (\f2 4 6 ) ( 14 5 2 ) )\n", aima, 13, 9, 2},
		{"comments", "# AIMA Fig. 5.2\n((3 12 8) # B\n (2 4 6)#C\n(14 5 2)) # no newline", aima, 13, 9, 2},
		{"labels", "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))", aima, 13, 9, 2},
		{"labels with white space", "A ( B (b1 = 3 b2= 12 b3 =8) C(2 4 6) D : 0 (14 5 2) )", aima, 13, 9, 2},
		{"single leaf", "7", []int{7}, 1, 1, 0},
		{"single negative leaf in space", "  -42 \n", []int{-42}, 1, 1, 0},
		{"single labelled leaf", "x=0", []int{0}, 1, 1, 0},
		{"uneven depth", "(1 (2 3) ((4)))", []int{1, 2, 3, 4}, 8, 4, 3},
		{"negative leaves", "(-3 12 -8)", []int{-3, 12, -8}, 4, 3, 1},
		{"chain", "((((5))))", []int{5}, 5, 1, 4},
		{"extreme values", "(1000000000 -1000000000)", []int{1000000000, -1000000000}, 3, 2, 1},
		{"leading zeros and minus zero", "(007 -00)", []int{7, 0}, 3, 2, 1},
		{"static values", "A:5(B:-3(1 2) :7[3])", []int{1, 2, 3}, 6, 3, 2},
		{"unicode labels", "Ж(б1=1 _x'=2)", []int{1, 2}, 3, 2, 1},
	}
}

func TestParseValuesAndShapes(t *testing.T) {
	for _, tc := range parseValidCases() {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(tc.src)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.src, err)
			}
			if got := parseLeafValues(tree); !slices.Equal(got, tc.leaves) {
				t.Errorf("leaf values = %v, want %v", got, tc.leaves)
			}
			if tree.Len() != tc.len || tree.Leaves() != tc.nleaf || tree.Height() != tc.height {
				t.Errorf("Len, Leaves, Height = %d, %d, %d, want %d, %d, %d",
					tree.Len(), tree.Leaves(), tree.Height(), tc.len, tc.nleaf, tc.height)
			}
			// The parser lays nodes out itself; it must agree with NewTree.
			if want := gametree.MustTree(tree.Spec(), gametree.Max); !reflect.DeepEqual(tree, want) {
				t.Errorf("Parse(%q) differs from NewTree(its Spec())", tc.src)
			}
		})
	}
}

func TestParseEquivalentForms(t *testing.T) {
	groups := []struct {
		name string
		srcs []string
	}{
		{"AIMA tree", []string{
			"((3 12 8) (2 4 6) (14 5 2))",
			"[[3,12,8],[2,4,6],[14,5,2]]",
			"[[3 12 8] [2 4 6] [14 5 2]]",
			"((3,12,8),(2,4,6),(14,5,2))",
			"([3 12 8](2 4 6)[14,5,2])",
			"# comment\n(\n  (3 12 8)  # first\n  (2 4 6)\n  (14 5 2)\n)\n",
			":0(:0(3 12 8) (2 4 6) (14 5 2))",
		}},
		{"uneven", []string{"(1 (2 3) ((4)))", "[1,[2,3],[[4]]]", "(1,[2 3],([4]))"}},
	}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			first, err := gametree.Parse(g.srcs[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, src := range g.srcs[1:] {
				tree, err := gametree.Parse(src)
				if err != nil {
					t.Errorf("Parse(%q): %v", src, err)
					continue
				}
				if !reflect.DeepEqual(tree.Spec(), first.Spec()) {
					t.Errorf("Parse(%q) = %s, want %s", src, tree, first)
				}
			}
		})
	}
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want gametree.TreeSpec
	}{
		{"leaf", "b1=-3", gametree.TreeSpec{Label: "b1", Value: -3}},
		{"labels and static values", "A:5(B(b1=3 4) :-7[c=2])", gametree.TreeSpec{
			Label: "A", Value: 5, Children: []gametree.TreeSpec{
				{Label: "B", Children: []gametree.TreeSpec{{Label: "b1", Value: 3}, {Value: 4}}},
				{Value: -7, Children: []gametree.TreeSpec{{Label: "c", Value: 2}}},
			},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if got := tree.Spec(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Spec() = %+v, want %+v", got, tc.want)
			}
			if want := gametree.MustTree(tc.want, gametree.Max); !reflect.DeepEqual(tree, want) {
				t.Errorf("Parse(%q) differs from NewTree of the expected spec", tc.src)
			}
		})
	}
}

func TestParseLabels(t *testing.T) {
	tree, err := gametree.Parse("A:5(B(b1=3 b2=12) :-7(c1=2 4) D'(x_1=-1))")
	if err != nil {
		t.Fatal(err)
	}
	// Breadth-first: A; B, (unlabelled), D'; b1, b2, c1, (unlabelled), x_1.
	tests := []struct {
		name  string
		id    int
		label string
		value int
		leaf  bool
		node  string // Node.Name
	}{
		{"root", 0, "A", 5, false, "A"},
		{"first child", 1, "B", 0, false, "B"},
		{"unlabelled static", 2, "", -7, false, "1"},
		{"apostrophe", 3, "D'", 0, false, "D'"},
		{"labelled leaf", 4, "b1", 3, true, "b1"},
		{"second labelled leaf", 5, "b2", 12, true, "b2"},
		{"leaf under unlabelled", 6, "c1", 2, true, "c1"},
		{"unlabelled leaf", 7, "", 4, true, "1.1"},
		{"underscore and negative", 8, "x_1", -1, true, "x_1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := tree.Node(tc.id)
			if n.Label() != tc.label || n.Value() != tc.value || n.IsLeaf() != tc.leaf || n.Name() != tc.node {
				t.Errorf("node %d: Label, Value, IsLeaf, Name = %q, %d, %v, %q; want %q, %d, %v, %q",
					tc.id, n.Label(), n.Value(), n.IsLeaf(), n.Name(), tc.label, tc.value, tc.leaf, tc.node)
			}
		})
	}
	root := tree.Root()
	for i, want := range []string{"B", "1", "D'"} {
		if got := root.MoveName(i); got != want {
			t.Errorf("root.MoveName(%d) = %q, want %q", i, got, want)
		}
	}
}

func TestParseLeafIndex(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		// Leaf values are 1 + their left-to-right index; breadth-first order
		// meets them in another order.
		{"uneven", "(1 (2 3) ((4)) 5)"},
		{"deep first", "((((1 2) 3) 4) 5 (6 (7 (8))))"},
		{"fixture uneven shape", "(1 (2 (3 4)) (5 6))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for _, n := range parseAllNodes(tree) {
				if !n.IsLeaf() {
					if n.LeafIndex() != -1 {
						t.Errorf("internal node %s: LeafIndex = %d, want -1", n.Name(), n.LeafIndex())
					}
					continue
				}
				seen++
				if n.LeafIndex() != n.Value()-1 {
					t.Errorf("leaf %s (value %d): LeafIndex = %d, want %d", n.Name(), n.Value(), n.LeafIndex(), n.Value()-1)
				}
			}
			if seen != tree.Leaves() {
				t.Errorf("saw %d leaves, Leaves() = %d", seen, tree.Leaves())
			}
		})
	}
}

func TestParseRootPlayer(t *testing.T) {
	const src = "(1 (2 (3 (4 5))) 6)"
	tests := []struct {
		name string
		opts []gametree.ParseOption
		want gametree.Player
	}{
		{"default is Max", nil, gametree.Max},
		{"Max", []gametree.ParseOption{gametree.RootPlayer(gametree.Max)}, gametree.Max},
		{"Min", []gametree.ParseOption{gametree.RootPlayer(gametree.Min)}, gametree.Min},
		{"last option wins", []gametree.ParseOption{gametree.RootPlayer(gametree.Max), gametree.RootPlayer(gametree.Min)}, gametree.Min},
		{"nil option ignored", []gametree.ParseOption{nil, gametree.RootPlayer(gametree.Min)}, gametree.Min},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(src, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if tree.RootPlayer() != tc.want || tree.Root().ToMove() != tc.want {
				t.Fatalf("RootPlayer, Root().ToMove() = %v, %v, want %v", tree.RootPlayer(), tree.Root().ToMove(), tc.want)
			}
			for _, n := range parseAllNodes(tree) {
				want := tc.want
				if n.Depth()%2 == 1 {
					want = want.Other()
				}
				if n.ToMove() != want {
					t.Errorf("node %s at depth %d: ToMove = %v, want %v", n.Name(), n.Depth(), n.ToMove(), want)
				}
				if p, ok := n.Parent(); ok && p.ToMove() == n.ToMove() {
					t.Errorf("node %s: same player to move as its parent", n.Name())
				}
			}
		})
	}
}

func TestParseBadRootPlayer(t *testing.T) {
	for _, p := range []gametree.Player{0, 2, -2} {
		tree, err := gametree.Parse("(1 2)", gametree.RootPlayer(p))
		if err == nil || tree != nil {
			t.Errorf("RootPlayer(%d): got tree %v, err %v; want an error", p, tree, err)
			continue
		}
		if errors.Is(err, gametree.ErrSyntax) {
			t.Errorf("RootPlayer(%d): error %q wraps ErrSyntax, but the literal is fine", p, err)
		}
	}
}

func TestParseRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // canonical String()
	}{
		{"AIMA", "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))", "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))"},
		{"JSON", "[[3,12,8],[2,4,6]]", "((3 12 8) (2 4 6))"},
		{"static values", "A : 5 [ :-2 (x=1) ,B:0(2)]", "A:5(:-2(x=1) B(2))"},
		{"single leaf", " 7 ", "7"},
		{"labelled leaf", "z = -1", "z=-1"},
		{"comments dropped", "(1 # one\n 2)", "(1 2)"},
		{"extremes", "(-1000000000 (1000000000))", "(-1000000000 (1000000000))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(tc.src, gametree.RootPlayer(gametree.Min))
			if err != nil {
				t.Fatal(err)
			}
			out := tree.String()
			if out != tc.want {
				t.Errorf("String() = %q, want %q", out, tc.want)
			}
			back, err := gametree.Parse(out, gametree.RootPlayer(gametree.Min))
			if err != nil {
				t.Fatalf("Parse(String()) = %v", err)
			}
			if !reflect.DeepEqual(back.Spec(), tree.Spec()) || !reflect.DeepEqual(back, tree) {
				t.Errorf("Parse(%q) = %s, want the tree of %q", out, back, tc.src)
			}
		})
	}
}

type parseErrorCase struct {
	name   string
	src    string
	offset int
	msg    string // the message after "gametree: at byte N: "
}

func parseErrorCases() []parseErrorCase {
	return []parseErrorCase{
		{"empty input", "", 0, "unexpected end of input, expected a number, a label or '('"},
		{"only white space and a comment", " # nothing\n", 11, "unexpected end of input, expected a number, a label or '('"},
		{"comma before closer", "(3, 12,)", 7, "expected a number, a label or '(' but found ')'"},
		{"leading comma", "[,3]", 1, "expected a number, a label or '[' but found ','"},
		{"double comma", "(1,,2)", 3, "expected a number, a label or '(' but found ','"},
		{"unclosed", "((3 12 8)", 9, "unexpected end of input, expected ')' to close '(' at byte 0"},
		{"unclosed inner", "(1 (2", 5, "unexpected end of input, expected ')' to close '(' at byte 3"},
		{"unclosed after comma", "[1,", 3, "unexpected end of input, expected ']' to close '[' at byte 0"},
		{"unclosed after opener", "(", 1, "unexpected end of input, expected ')' to close '(' at byte 0"},
		{"empty node", "()", 0, `empty node "()": an internal node needs at least one child`},
		{"empty inner node", "(1 [ ])", 3, `empty node "[]": an internal node needs at least one child`},
		{"empty labelled node", "(A())", 2, `empty node "()": an internal node needs at least one child`},
		{"mismatched closer", "(3]", 2, "expected ')' to close '(' at byte 0 but found ']'"},
		{"mismatched inner closer", "[1 (2])", 5, "expected ')' to close '(' at byte 3 but found ']'"},
		{"mismatched empty", "(]", 1, "expected a number, a label or '(' but found ']'"},
		{"stray closer", ")", 0, "expected a number, a label or '(' but found ')'"},
		{"trailing number", "(3) 4", 4, "expected end of input after the tree but found '4'"},
		{"trailing closer", "(3))", 3, "expected end of input after the tree but found ')'"},
		{"two top-level leaves", "7 8", 2, "expected end of input after the tree but found '8'"},
		{"garbage after a top-level number", "7x", 1, "expected end of input after the tree but found 'x'"},
		{"unknown character between children", "(3 })", 3, "expected a child, ',' or ')' to close '(' at byte 0 but found '}'"},
		{"number glued to a bracket", "(3(4))", 2, "expected white space, ',' or ')' after the number 3 but found '('"},
		{"number glued to a label", "[1a]", 2, "expected white space, ',' or ']' after the number 1 but found 'a'"},
		{"fraction", "(3.5)", 2, "expected an integer but found '.' after 3"},
		{"top-level fraction", "-0.5", 2, "expected an integer but found '.' after -0"},
		{"lone minus", "(-)", 2, "expected a digit after '-' but found ')'"},
		{"minus then space", "- 3", 1, "expected a digit after '-' but found ' '"},
		{"plus sign", "(+1)", 1, "expected a number, a label or '(' but found '+'"},
		{"label without value", "(A 3)", 3, `expected '=', ':' or '(' after the label "A" but found '3'`},
		{"label at the end", "x", 1, `unexpected end of input, expected '=', ':' or '(' after the label "x"`},
		{"long label", "(abcdefghijklmnopqrstuvwxyz0123456789)", 37, `expected '=', ':' or '(' after the label "abcdefghijklmnopqrstuvwx"… but found ')'`},
		{"label with equals and nothing", "(a=)", 3, "expected a number after '=' but found ')'"},
		{"missing static value", "(A:)", 3, "expected a static value after ':' but found ')'"},
		{"static value on a leaf", "(:5 3)", 4, "expected '(' after the static value 5 but found '3'"},
		{"static value at the end", "A:5", 3, "unexpected end of input, expected '(' after the static value 5"},
		{"leaf with a static value", "(b:1=2)", 4, "expected '(' after the static value 1 but found '='"},
		{"label starting with a digit", "(1A(2))", 2, "expected white space, ',' or ')' after the number 1 but found 'A'"},
		{"leaf too large", "(1000000001)", 1, "number 1000000001 out of range: values must lie within ±1000000000"},
		{"leaf too small", "(-1000000001)", 1, "number -1000000001 out of range: values must lie within ±1000000000"},
		{"int64 overflow", "99999999999999999999999999999", 0, "number 99999999999999999999… out of range: values must lie within ±1000000000"},
		{"static value too large", "A:2000000000(1)", 2, "number 2000000000 out of range: values must lie within ±1000000000"},
		{"labelled leaf too large", "(b=-3000000000)", 3, "number -3000000000 out of range: values must lie within ±1000000000"},
		{"invalid UTF-8", "\xff", 0, "expected a number, a label or '(' but found byte 0xff"},
		{"non-ASCII punctuation", "(1 «2»)", 3, "expected a child, ',' or ')' to close '(' at byte 0 but found '«'"},
		{"JSON string", `["a"]`, 1, `expected a number, a label or '[' but found '"'`},
		{"braces", "{1}", 0, "expected a number, a label or '(' but found '{'"},
		{"NUL byte", "(1\x00)", 2, `expected white space, ',' or ')' after the number 1 but found '\x00'`},
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range parseErrorCases() {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := gametree.Parse(tc.src)
			if err == nil {
				t.Fatalf("Parse(%q) = %s, want an error", tc.src, tree)
			}
			if tree != nil {
				t.Errorf("Parse(%q) returned a tree with its error", tc.src)
			}
			if !errors.Is(err, gametree.ErrSyntax) {
				t.Errorf("error %q does not wrap ErrSyntax", err)
			}
			var se *gametree.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %q is not a *SyntaxError", err)
			}
			if se.Offset != tc.offset || se.Msg != tc.msg {
				t.Errorf("Parse(%q): Offset, Msg = %d, %q\nwant %d, %q", tc.src, se.Offset, se.Msg, tc.offset, tc.msg)
			}
			want := "gametree: at byte " + strconv.Itoa(tc.offset) + ": " + tc.msg
			if err.Error() != want {
				t.Errorf("Error() = %q, want %q", err.Error(), want)
			}
		})
	}
}

func TestParseNesting(t *testing.T) {
	const limit = 10_000
	nested := func(depth int) string {
		return strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth)
	}
	t.Run("at the limit", func(t *testing.T) {
		tree, err := gametree.Parse(nested(limit))
		if err != nil {
			t.Fatal(err)
		}
		if tree.Height() != limit || tree.Len() != limit+1 || tree.Leaves() != 1 {
			t.Errorf("Height, Len, Leaves = %d, %d, %d", tree.Height(), tree.Len(), tree.Leaves())
		}
		back, err := gametree.Parse(tree.String())
		if err != nil || !reflect.DeepEqual(back, tree) {
			t.Errorf("deep tree does not round-trip: %v", err)
		}
	})
	t.Run("past the limit", func(t *testing.T) {
		_, err := gametree.Parse(nested(limit + 1))
		want := "gametree: at byte 10000: brackets nested deeper than 10000 levels"
		if !errors.Is(err, gametree.ErrSyntax) || err.Error() != want {
			t.Errorf("err = %v, want %q", err, want)
		}
	})
	t.Run("far past the limit", func(t *testing.T) {
		// A million unclosed brackets fail at the limit, not at the end.
		_, err := gametree.Parse(strings.Repeat("[", 1_000_000))
		want := "gametree: at byte 10000: brackets nested deeper than 10000 levels"
		if err == nil || err.Error() != want {
			t.Errorf("err = %v, want %q", err, want)
		}
	})
}

func TestParseTooManyNodes(t *testing.T) {
	// A root with MaxTreeNodes leaves: one node too many.
	src := "(" + strings.Repeat("0 ", gametree.MaxTreeNodes) + ")"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tree, err := gametree.Parse(src)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatalf("Parse of %d nodes succeeded with Len %d", gametree.MaxTreeNodes+1, tree.Len())
	}
	// The node that overflows is the last leaf, at byte 1+2·(MaxTreeNodes−1).
	want := "gametree: at byte " + strconv.Itoa(2*gametree.MaxTreeNodes-1) + ": the tree has more than " +
		strconv.Itoa(gametree.MaxTreeNodes) + " nodes (MaxTreeNodes)"
	if !errors.Is(err, gametree.ErrSyntax) || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
	// The check runs before anything is built: a tree this size would take
	// hundreds of megabytes.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("failed Parse allocated %d bytes, want < 1 MiB", alloc)
	}

	if testing.Short() {
		t.Skip("skipping the largest legal tree in short mode")
	}
	src = "(" + strings.Repeat("0 ", gametree.MaxTreeNodes-2) + "0)"
	tree, err = gametree.Parse(src)
	if err != nil {
		t.Fatalf("Parse of exactly MaxTreeNodes nodes: %v", err)
	}
	if tree.Len() != gametree.MaxTreeNodes || tree.Leaves() != gametree.MaxTreeNodes-1 {
		t.Errorf("Len, Leaves = %d, %d", tree.Len(), tree.Leaves())
	}
}

func FuzzParse(f *testing.F) {
	for _, tc := range parseValidCases() {
		f.Add(tc.src)
	}
	for _, tc := range parseErrorCases() {
		f.Add(tc.src)
	}
	for _, fx := range gametree.Fixtures() {
		f.Add(fx.Literal)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tree, err := gametree.Parse(src)
		if err != nil {
			if tree != nil {
				t.Errorf("Parse returned a tree with error %v", err)
			}
			if !errors.Is(err, gametree.ErrSyntax) {
				t.Fatalf("error %q does not wrap ErrSyntax", err)
			}
			if !strings.Contains(err.Error(), "at byte") {
				t.Fatalf("error %q does not name a byte offset", err)
			}
			var se *gametree.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(src) {
				t.Fatalf("error %q: offset outside the input of %d bytes", err, len(src))
			}
			return
		}
		if tree.Len() < 1 || tree.Len() > gametree.MaxTreeNodes || tree.Height() > 10_000 {
			t.Fatalf("Len, Height = %d, %d out of bounds", tree.Len(), tree.Height())
		}
		out := tree.String()
		back, err := gametree.Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q) accepted, but its String() %q fails: %v", src, out, err)
		}
		if !reflect.DeepEqual(back, tree) {
			t.Fatalf("Parse(%q) = %s, which reads back as %s", src, out, back)
		}
		if again := back.String(); again != out {
			t.Fatalf("String() not canonical: %q then %q", out, again)
		}
		if want := gametree.MustTree(tree.Spec(), gametree.Max); !reflect.DeepEqual(tree, want) {
			t.Fatalf("Parse(%q) lays out nodes differently from NewTree", src)
		}
	})
}
