package course

// What notebook 08 (Best Node Search) needs beyond the rest of the
// package: the picture of a learner's own Best Node Search (RecordPass),
// the check of algos.BNS against minimax on random trees (CheckBNS), and
// the measurement of its variants against alpha-beta, NegaScout and MTD(f)
// (BNSVariants, MeasureBNS).

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// RecordPass notes, for the picture, that a search which asks every root
// move whether its value reaches test (a pass of Best Node Search) starts
// a pass at n, the root. It returns the function that ends the pass: call
// it when every move in play has been tested, or defer it:
//
//	defer root.RecordPass(test)()
//
// The picture is algos.BNS's: each pass is a cluster titled with its test,
// the root is entered with the null window [test − 1, test] (at a Min
// root, where a move passes when its value is ≤ test, [test, test + 1]),
// the moves tested below it are drawn with their own windows, and the root
// returns the best value they returned. Moves left out of a pass are drawn
// grey; unlike Record, the root shows no cutoff, because a pass never
// stops early. test is in Max's point of view.
func (n *Node) RecordPass(test int) func() {
	if n.ply != 0 {
		stop(fmt.Errorf("RecordPass is for the root of the search, not %s", n.Name()))
	}
	alpha, beta := test-1, test
	if !n.IsMax() {
		alpha, beta = test, test+1
	}
	rec := n.m.rec
	// algos.BNS records its passes at the depth it was given; a learner's
	// search goes down to the leaves.
	rec.Event(algos.Event[gametree.Node]{Kind: algos.Pass, Depth: algos.FullDepth, Alpha: alpha, Beta: beta, Value: test})
	rec.Event(algos.Event[gametree.Node]{Kind: algos.Enter, Ply: 0, Move: -1, Depth: algos.FullDepth, Pos: n.pos, Alpha: alpha, Beta: beta})
	root := rec.Root()
	// The root is not put on the path of nodes being searched: the pass's
	// window is set at the root, so a child's cutoff against it is shallow,
	// as in algos.BNS.
	return func() {
		best := -Inf * n.Color()
		for _, c := range root.Children {
			if n.IsMax() {
				best = max(best, c.Value)
			} else {
				best = min(best, c.Value)
			}
		}
		rec.Event(algos.Event[gametree.Node]{Kind: algos.Exit, Ply: 0, Value: best, Bound: algos.BoundOf(best, alpha, beta)})
	}
}

// PassMoves describes pass k (from 1) of a recorded Best Node Search as
// its picture shows it: the pass's test, what the root returned and what
// each move's null-window test returned ("≥7": at least 7, "≤1": at most
// 1), then the moves the pass left out:
//
//	pass 5, test 7: root ≥7; A ≤6, B ≥7, C ≥7; left out: D
func PassMoves(s *Search[gametree.Node], k int) string {
	if k < 1 || k > len(s.Rec.Roots) {
		stop(fmt.Errorf("PassMoves: the search has %d passes, not a pass %d", len(s.Rec.Roots), k))
	}
	r := s.Rec.Roots[k-1]
	var moves []string
	for _, c := range r.Children {
		moves = append(moves, c.Pos.Name()+" "+algos.FormatBound(c.Value, c.Bound))
	}
	line := fmt.Sprintf("pass %d, test %s: root %s; %s", k, algos.FormatValue(r.Guess), algos.FormatBound(r.Value, r.Bound), strings.Join(moves, ", "))
	if len(r.Pruned) > 0 {
		kids := r.Pos.Children(nil)
		var out []string
		for _, m := range r.Pruned {
			out = append(out, kids[m].Name())
		}
		line += "; left out: " + strings.Join(out, ", ")
	}
	return line
}

// BNSCheck counts how algos.BNS did against minimax on random trees.
type BNSCheck struct {
	Trees, Searches int
	BestMove        int // the move returned is a best move
	BoundHolds      int // an exact value is the value, a lower bound is ≤ the value
	Exact           int // the range closed: the value is exact
	Below           int // the value returned is strictly below the true value (a bound only)
}

// String is the check as labelled lines.
func (c BNSCheck) String() string {
	return fmt.Sprintf("%d random trees, %d searches (4 option sets per tree)\n"+
		"a best move: %d of %d\nthe bound holds: %d of %d\n"+
		"exact value: %d; a bound only: %d, of which strictly below the value: %d\n",
		c.Trees, c.Searches, c.BestMove, c.Searches, c.BoundHolds, c.Searches,
		c.Exact, c.Searches-c.Exact, c.Below)
}

// CheckBNS runs algos.BNS on n random uniform trees (branching 2…5, depth
// 1…5, leaf values in [0, 3), [0, 10) or [0, 1000), so that ties are
// frequent), each with four option sets: the defaults, a transposition
// table, the exact range of the leaf values as Window, and a range far
// above every value (Guess = the top of the range + 100, Delta 3, which
// BNS must widen). Each result is compared with minimax.
func CheckBNS(n int) BNSCheck {
	c := BNSCheck{Trees: n}
	for s := range n {
		r, d := []int{3, 10, 1000}[s%3], 1+s%5
		root := Must(random.Uniform{B: 2 + s%4, D: d, Seed: uint64(s), Range: r}.Root())
		v := Must(algos.Minimax(root, d, nil)).Value
		far := r + 100
		for _, o := range []*algos.Options[random.UniformNode]{nil, {TT: algos.NewMapTT()},
			{Window: &algos.Window{Alpha: 0, Beta: r - 1}}, {Guess: &far, Delta: 3}} {
			res := Must(algos.BNS(root, d, o))
			c.Searches++
			if Must(algos.Minimax(root.Children(nil)[res.Move], d-1, nil)).Value == v {
				c.BestMove++
			}
			exact := res.Bound == algos.Exact
			if exact && res.Value == v || res.Bound == algos.Lower && res.Value <= v {
				c.BoundHolds++
			}
			if exact {
				c.Exact++
			}
			if res.Value < v {
				c.Below++
			}
		}
	}
	return c
}

// BNSOptions are the options of a search of notebook 08's measurement.
type BNSOptions = algos.Options[random.UniformNode]

// BNSVariant is one search of notebook 08's measurement: a name, the
// algorithm (as algos.ByName names it) and how it sets its options, given
// the tree's true value v (nil: the defaults).
type BNSVariant struct {
	Name, Alg string
	Set       func(o *BNSOptions, v int)
}

// The option setters of the measurement.
func withTT(o *BNSOptions, _ int) { o.TT = algos.NewMapTT() }

// withRange gives the closed range of a uniform tree's leaf values (the
// default Range, 1000) as BNS's initial range.
func withRange(o *BNSOptions, _ int) { o.Window = &algos.Window{Alpha: 0, Beta: 999} }

// trueGuess is MTD(f)'s perfect first guess: the true value.
func trueGuess(o *BNSOptions, v int) { o.Guess = &v }

// goodGuess is a perfect first guess: the true value, ± 5.
func goodGuess(o *BNSOptions, v int) { o.Guess, o.Delta = &v, 5 }

// badGuess is a first guess 400 above the true value, ± 5.
func badGuess(o *BNSOptions, v int) { g := v + 400; o.Guess, o.Delta = &g, 5 }

func both(f, g func(*BNSOptions, int)) func(*BNSOptions, int) {
	return func(o *BNSOptions, v int) { f(o, v); g(o, v) }
}

var bnsVariants = []BNSVariant{
	{"alphabeta", "alphabeta", nil},
	{"negascout", "negascout", nil},
	{"mtdf", "mtdf", nil},
	{"mtdf good", "mtdf", trueGuess},
	{"bns", "bns", nil},
	{"bns+tt", "bns", withTT},
	{"bns window", "bns", withRange},
	{"bns window+tt", "bns", both(withRange, withTT)},
	{"bns good", "bns", goodGuess},
	{"bns good+tt", "bns", both(goodGuess, withTT)},
	{"bns bad", "bns", badGuess},
	{"bns bad+tt", "bns", both(badGuess, withTT)},
}

// BNSVariants returns the searches of notebook 08's measurement named (all
// twelve when no name is given), in the order named:
//
//   - alphabeta, negascout, mtdf: the library's searches with their
//     defaults (MTD(f)'s first guess is the root's static value);
//   - mtdf good: MTD(f) from the true value;
//   - bns: Best Node Search with the default range, ±50 around the root's
//     static value;
//   - bns window: the closed range of the leaf values, [0, 999], as Window;
//   - bns good: Guess = the true value, Delta 5 (a perfect prediction);
//   - bns bad: Guess = the true value + 400, Delta 5;
//   - each bns variant also with a transposition table, "+tt".
func BNSVariants(names ...string) []BNSVariant {
	if len(names) == 0 {
		return append([]BNSVariant(nil), bnsVariants...)
	}
	var out []BNSVariant
	for _, name := range names {
		found := false
		for _, v := range bnsVariants {
			if v.Name == name {
				out, found = append(out, v), true
			}
		}
		if !found {
			stop(fmt.Errorf("no search named %q in notebook 08's measurement", name))
		}
	}
	return out
}

// BNSRow is one search's means in a BNSTable.
type BNSRow struct {
	Name                  string
	Leaves, Nodes, Passes float64
}

// BNSTable is what MeasureBNS measured: the mean leaves (static
// evaluations), nodes and passes of each search, repeats included.
type BNSTable struct {
	B, D, Trees int
	Rows        []BNSRow
}

// Row returns the row of the search named name.
func (t BNSTable) Row(name string) BNSRow {
	for _, r := range t.Rows {
		if r.Name == name {
			return r
		}
	}
	stop(fmt.Errorf("the table has no row %q", name))
	return BNSRow{}
}

// String is the table with a title and a header: each search's mean
// leaves and nodes, both also as a multiple of the first row's (alpha-beta
// when it comes first), and its mean number of passes.
func (t BNSTable) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "uniform trees b = %d, d = %d (%d leaves), %d trees: mean per search\n", t.B, t.D, pow(t.B, t.D), t.Trees)
	ref := t.Rows[0].Name
	width := len("search")
	for _, r := range t.Rows {
		width = max(width, len(r.Name))
	}
	fmt.Fprintf(&b, "%-*s  %7s  %*s  %7s  %*s  %6s\n", width, "search", "leaves", len(ref)+2, "× "+ref, "nodes", len(ref)+2, "× "+ref, "passes")
	for _, r := range t.Rows {
		fmt.Fprintf(&b, "%-*s  %7.0f  %*.2f  %7.0f  %*.2f  %6.1f\n", width, r.Name, r.Leaves, len(ref)+2, r.Leaves/t.Rows[0].Leaves,
			r.Nodes, len(ref)+2, r.Nodes/t.Rows[0].Nodes, r.Passes)
	}
	return b.String()
}

func pow(b, d int) int {
	p := 1
	for range d {
		p *= b
	}
	return p
}

// MeasureBNS runs each search of vs on the uniform trees of branching b
// and depth d of seeds 0 … trees−1 (leaf values in [0, 1000), natural
// order) and returns the means.
func MeasureBNS(b, d, trees int, vs []BNSVariant) BNSTable {
	t := BNSTable{B: b, D: d, Trees: trees, Rows: make([]BNSRow, len(vs))}
	for i, x := range vs {
		t.Rows[i].Name = x.Name
	}
	for s := range trees {
		root := Must(random.Uniform{B: b, D: d, Seed: uint64(s)}.Root())
		v := Must(algos.NegamaxAB(root, d, nil)).Value
		for i, x := range vs {
			o := BNSOptions{}
			if x.Set != nil {
				x.Set(&o, v)
			}
			res := Must(byName(x.Alg, &o)(root, d, &o))
			t.Rows[i].Leaves += float64(res.Stats.Leaves) / float64(trees)
			t.Rows[i].Nodes += float64(res.Stats.Nodes) / float64(trees)
			t.Rows[i].Passes += float64(res.Stats.Passes) / float64(trees)
		}
	}
	return t
}
