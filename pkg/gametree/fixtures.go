package gametree

import "strings"

// Fixture is a named explicit game tree from a textbook, a paper or the
// course, with its minimax value. The same trees are in the repository's
// testdata directory as testdata/<Name>.tree.
type Fixture struct {
	Name    string // stable identifier: lower case with dashes, e.g. "aima-fig5.2"
	Title   string // one-line human title
	Source  string // where the tree comes from
	Literal string // the tree, in the syntax [Parse] reads
	Root    Player // the side to move at the root
	Value   int    // the minimax value of the root
	Notes   string // what the tree shows, e.g. which leaves alpha-beta prunes
}

// Tree parses the fixture's Literal with its Root to move. It panics if the
// literal is malformed or Root is neither [Max] nor [Min], which never
// happens for the fixtures [Fixtures] returns.
func (f Fixture) Tree() *Tree {
	t, err := Parse(f.Literal, RootPlayer(f.Root))
	if err != nil {
		panic("gametree: fixture " + f.Name + ": " + err.Error())
	}
	return t
}

// piDigits holds the first 81 decimal digits of π, the leaves of the
// "knuth-moore-pi" fixture.
const piDigits = "314159265358979323846264338327950288419716939937510582097494459230781640628620899"

// Fixtures returns the named trees, in a fresh slice the caller may modify:
//
//   - "aima-fig5.2": the two-ply tree of AIMA Fig. 5.2, value 3;
//   - "shallow-cutoff": the shallow alpha cutoff of the course's Fig. 6.8;
//   - "deep-cutoff": the deep cutoff of the course's Fig. 6.9;
//   - "knuth-moore-pi": Knuth and Moore's ternary tree of height 4 whose
//     leaves are the first 81 digits of π;
//   - "single-leaf", "uneven" and "all-ties": tiny trees for edge cases.
func Fixtures() []Fixture {
	return []Fixture{
		{
			Name:    "aima-fig5.2",
			Title:   "A two-ply game tree (AIMA Fig. 5.2)",
			Source:  "S. Russell and P. Norvig, Artificial Intelligence: A Modern Approach, 3rd and 4th eds., Fig. 5.2",
			Literal: "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))",
			Root:    Max,
			Value:   3,
			Notes: "MAX moves at A; B, C and D are MIN nodes worth 3, 2 and 2, so the " +
				"minimax decision is the move to B and A is worth 3. Searched left to " +
				"right, alpha-beta evaluates b1, b2, b3, c1, d1, d2 and d3 and prunes " +
				"c2 and c3: once c1 = 2 is seen, C is worth at most 2, less than the 3 " +
				"MAX is already sure of through B.",
		},
		{
			Name:    "shallow-cutoff",
			Title:   "Shallow alpha cutoff (Неглубокое альфа-отсечение)",
			Source:  "«Системы искусственного интеллекта» (a Russian textbook), §6.4 «Альфа — бета-процедура», Fig. 6.8",
			Literal: "S(A(a1=5 a2=8 a3=6) B(C=2 b2=9 b3=1))",
			Root:    Max,
			Value:   5,
			Notes: "We are to move at S and have two moves, to A and to B. A is fully " +
				"analysed: it is worth a = min(5, 8, 6) = 5. At B the opponent moves, " +
				"and B's first move leads to C, worth 2 < a. Whatever B's other " +
				"children are worth, B is worth at most 2, so S prefers A and the rest " +
				"of B need not be searched: alpha-beta prunes b2 and b3. This is a " +
				"shallow alpha cutoff, because the bound α = 5 was set at S, B's " +
				"parent. b3 = 1 shows that the pruned leaves may even change B's own " +
				"value (B is really worth 1, not 2) but never S's, which is 5.",
		},
		{
			Name:    "deep-cutoff",
			Title:   "Deep alpha cutoff (Глубокое отсечение)",
			Source:  "«Системы искусственного интеллекта» (a Russian textbook), §6.4 «Альфа — бета-процедура», Fig. 6.9",
			Literal: "S(A(a1=5 a2=8 a3=6) B(X(Y(D=2 y2=7 y3=1) Z(z1=6 z2=9)) W(w1=4 w2=3)))",
			Root:    Max,
			Value:   5,
			Notes: "As in Fig. 6.8, we move at S, and A is fully analysed: a = 5. Three " +
				"plies below S, through B (Min), X (Max) and Y (Min), lies D, worth 2 < a. " +
				"Y is Min, so Y is worth at most 2, and it cannot matter: if X chose Y, " +
				"X would be worth at most 2 and so would B, and S would still choose A. " +
				"So alpha-beta prunes y2 and y3, Y's other children: a deep cutoff, " +
				"because the bound α = 5 comes from S, three plies above Y. Neither " +
				"nearer ancestor could justify it: Y is X's first child and X is B's " +
				"first child, so X has no value yet and B no bound yet when D is seen, " +
				"and a search that passes bounds only from a node's parent and " +
				"grandparent (or Knuth and Moore's procedure F1, which makes only " +
				"shallow cutoffs) evaluates y2 and y3. After the cut the search goes on " +
				"as usual: X searches Z = min(6, 9) = 6, so X = 6; B then searches " +
				"W = max(4, 3) = 4 and B = min(6, 4) = 4 < 5, and S = 5 with A the best " +
				"move. The leaves evaluated, in order, are a1 a2 a3 D z1 z2 w1 w2; the " +
				"only ones pruned are y2 and y3. (y3 = 1 makes Y really worth 1: the cut " +
				"is sound whatever Y's other children are.)",
		},
		{
			Name:  "knuth-moore-pi",
			Title: "Ternary tree of height 4 with the digits of π (Knuth and Moore)",
			Source: "D. E. Knuth and R. W. Moore, An Analysis of Alpha-Beta Pruning, " +
				"Artificial Intelligence 6 (1975) 293–326",
			Literal: uniformLiteral(piDigits, 3),
			Root:    Max,
			Value:   2,
			Notes: "A uniform tree of branching 3 and height 4 whose 81 leaves, left to " +
				"right, are the first 81 decimal digits of π: 3 1 4 1 5 9 2 6 5 3 5 8 " +
				"9 7 9 3 2 3 8 4 6 2 6 4 3 3 8 … 8 9 9. Max moves at the root, which is " +
				"worth 2. Searched left to right, alpha-beta evaluates 31 of the 81 " +
				"leaves; a search that makes only shallow cutoffs (bounds from the " +
				"parent only, Knuth and Moore's F1) evaluates 36.",
		},
		{
			Name:    "single-leaf",
			Title:   "A tree with one node",
			Source:  "Cutoff (edge case)",
			Literal: "7",
			Root:    Max,
			Value:   7,
			Notes: "The root is a leaf: a search must return its value, 7, without " +
				"asking for children, and there is no best move.",
		},
		{
			Name:    "uneven",
			Title:   "Leaves at different depths, some negative",
			Source:  "Cutoff (edge case)",
			Literal: "(3 (-2 (5 1)) (4 -6))",
			Root:    Max,
			Value:   3,
			Notes: "The root's children are a leaf (3), a Min node whose children are a " +
				"leaf and a Max node, and a Min node of two leaves, so leaves lie at " +
				"depths 1, 2 and 3 and the breadth-first order of the leaves (3, -2, " +
				"4, -6, 5, 1) differs from their left-to-right order (3, -2, 5, 1, 4, " +
				"-6). The value is 3, the first move. Alpha-beta evaluates 3, -2, 4 " +
				"and -6 and prunes the whole subtree (5 1) after -2 ≤ 3.",
		},
		{
			Name:    "all-ties",
			Title:   "A binary tree of height 3 whose leaves are all equal",
			Source:  "Cutoff (edge case)",
			Literal: "(((1 1) (1 1)) ((1 1) (1 1)))",
			Root:    Max,
			Value:   1,
			Notes: "Every leaf is 1, so the value is 1 and every move is best. It tests " +
				"the cutoff test's comparison: alpha-beta that cuts when a value " +
				"reaches the bound (≥ β, ≤ α) evaluates 5 of the 8 leaves, one that " +
				"cuts only when the bound is passed (> β, < α) evaluates all 8; both " +
				"must return 1 and the first move.",
		},
	}
}

// fixtureAliases are other names of fixtures: the textbook's figure
// numbers, which a notebook can show without naming what the figure
// teaches (a quiz asking "shallow or deep?" on "deep-cutoff" answers
// itself).
var fixtureAliases = map[string]string{
	"fig-6.8": "shallow-cutoff",
	"fig-6.9": "deep-cutoff",
}

// FixtureByName returns the fixture with the given name (or alias:
// "fig-6.8" and "fig-6.9" are the textbook's figures "shallow-cutoff" and
// "deep-cutoff") and true, or the zero Fixture and false if there is none.
func FixtureByName(name string) (Fixture, bool) {
	if real, ok := fixtureAliases[name]; ok {
		name = real
	}
	for _, f := range Fixtures() {
		if f.Name == name {
			return f, true
		}
	}
	return Fixture{}, false
}

// uniformLiteral writes the complete b-ary tree whose leaves, left to right,
// are the decimal digits in digits; len(digits) must be a power of b.
func uniformLiteral(digits string, b int) string {
	if len(digits) == 1 {
		return digits
	}
	var sb strings.Builder
	sb.WriteByte('(')
	k := len(digits) / b
	for i := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(uniformLiteral(digits[i*k:(i+1)*k], b))
	}
	sb.WriteByte(')')
	return sb.String()
}
