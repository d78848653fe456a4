package course

// What notebook 06 (PVS and NegaScout) calls besides the rest of the
// package: the node-type census, the re-search marks of a learner's own
// PVS, a printed trace, and the measurements of PVS against alpha-beta.

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TypeCensus counts the interior nodes of a recorded search (leaves have
// no type of their own) and, among them, those whose type as found (PV,
// CUT or ALL) differs from the type Knuth and Moore predict before the
// search: the places where the move order was not the best.
func TypeCensus[P gametree.Position[P]](rec *algos.Recorder[P]) (nodes, wrong int) {
	for n := range algos.Preorder(rec.Root()) {
		if n.Leaf {
			continue
		}
		nodes++
		if n.Type != n.Expected {
			wrong++
		}
	}
	return nodes, wrong
}

// Interval writes the window [alpha, beta], an open edge as −∞ or +∞, as
// the pictures write it: Interval(3, 4) is "[3, 4]", Interval(-Inf, Inf)
// "[−∞, +∞]".
func Interval(alpha, beta int) string { return algos.FormatWindow(alpha, beta) }

// BoundWords says what a value v returned with bound b tells about the
// true value: "exactly 3", "at least 3" (a fail-high: v is a lower
// bound) or "at most 3" (a fail-low: v is an upper bound).
func BoundWords(v int, b algos.Bound) string {
	switch b {
	case algos.Lower:
		return "at least " + algos.FormatValue(v)
	case algos.Upper:
		return "at most " + algos.FormatValue(v)
	}
	return "exactly " + algos.FormatValue(v)
}

// PrintVisits prints every node a recorded search of a tree entered, in
// the order it entered them, indented by ply: the node's name, the window
// it was entered with (Max's point of view), the value it returned and
// what that value means, and whether the node was a null-window test or a
// re-search.
func PrintVisits(s *Search[gametree.Node]) {
	for _, line := range visitLines(s.Rec) {
		fmt.Println(line)
	}
}

func visitLines(rec *algos.Recorder[gametree.Node]) []string {
	var out []string
	for n := range algos.Preorder(rec.Root()) {
		what := BoundWords(n.Value, n.Bound)
		if n.Leaf {
			what = "leaf " + algos.FormatValue(n.Value)
		}
		tag := ""
		switch {
		case n.ReSearch:
			tag = ", re-search"
		case n.NullWindow():
			tag = ", null-window test"
		}
		out = append(out, fmt.Sprintf("%s%s window %s → %s%s", strings.Repeat("    ", n.Ply), n.Pos.Name(), Interval(n.Alpha, n.Beta), what, tag))
	}
	return out
}

// DominanceTally compares an algorithm with alpha-beta over many trees.
type DominanceTally struct {
	Trees   int // trees searched
	Outside int // trees on which it evaluated a leaf alpha-beta did not
	More    int // trees on which it evaluated more leaves, repeats counted
	Fewer   int // trees on which it evaluated fewer leaves
}

// CountDominance runs alpha-beta (the "alphabeta" of the registry) and
// the named algorithm on n random trees, random.Uniform with branching
// 2 to 5, depth 3 to 6 and seeds 0 to n−1 in natural (random) order, and
// counts the trees on which the algorithm evaluated a leaf alpha-beta did
// not, and those on which it evaluated more or fewer leaves in all.
func CountDominance(alg string, n int) DominanceTally {
	t := DominanceTally{Trees: n}
	for i := range n {
		u := random.Uniform{B: 2 + i%4, D: 3 + i%4, Seed: uint64(i)}
		root := Must(u.Root())
		ab := RecordByName("alphabeta", root, u.D, nil)
		other := RecordByName(alg, root, u.D, nil)
		seen := map[int64]bool{}
		for _, l := range ab.Rec.Leaves() {
			seen[l.LeafIndex()] = true
		}
		for _, l := range other.Rec.Leaves() {
			if !seen[l.LeafIndex()] {
				t.Outside++
				break
			}
		}
		switch {
		case other.Stats.Leaves > ab.Stats.Leaves:
			t.More++
		case other.Stats.Leaves < ab.Stats.Leaves:
			t.Fewer++
		}
	}
	return t
}

// UniformRoots returns the roots of the random.Uniform trees of
// branching b and depth d with seeds 1 to seeds, in order o.
func UniformRoots(b, d, seeds int, o random.Ordering) []random.UniformNode {
	var roots []random.UniformNode
	for seed := 1; seed <= seeds; seed++ {
		roots = append(roots, Must(random.Uniform{B: b, D: d, Seed: uint64(seed), Order: o}.Root()))
	}
	return roots
}

// StrongRoots returns the roots of the random.StronglyOrdered trees of
// branching b and depth d with seeds 1 to seeds, where the first move is
// a best one with probability p, values spread over valueRange (0: the
// default, 0–999).
func StrongRoots(b, d, seeds int, p float64, valueRange int) []random.OrderedNode {
	var roots []random.OrderedNode
	for seed := 1; seed <= seeds; seed++ {
		roots = append(roots, Must(random.StronglyOrdered{B: b, D: d, Seed: uint64(seed), P: p, Range: valueRange}.Root()))
	}
	return roots
}

// Versus is what an algorithm evaluated compared with alpha-beta over a
// set of trees.
type Versus struct {
	AlphaBeta  int64 // alpha-beta's leaves, repeats counted, summed over the trees
	Other      int64 // the other algorithm's leaves, the same way
	ReSearches int64 // the other algorithm's re-searches, summed
	Won, Lost  int   // trees on which the other evaluated fewer / more leaves than alpha-beta
}

// Ratio is the other algorithm's leaves over alpha-beta's: below 1 it
// evaluated fewer.
func (v Versus) Ratio() float64 { return float64(v.Other) / float64(v.AlphaBeta) }

// VersusAlphaBeta runs the search named ab (an alpha-beta: "alphabeta",
// or "negamax-ab", which can use a table) and the one named alg on each
// root to depth, each search that uses one with a fresh transposition table
// when tt, and sums what they evaluated.
func VersusAlphaBeta[P interface {
	gametree.Position[P]
	gametree.Keyed
}](ab, alg string, roots []P, depth int, tt bool) Versus {
	run := func(name string, root P) algos.Stats {
		opt := &algos.Options[P]{}
		if a, _ := algos.Lookup(name); tt && a.UsesOption(algos.OptTT) {
			opt.TT = algos.NewMapTT()
		}
		return Must(byName(name, opt)(root, depth, opt)).Stats
	}
	var v Versus
	for _, root := range roots {
		a, o := run(ab, root), run(alg, root)
		v.AlphaBeta += a.Leaves
		v.Other += o.Leaves
		v.ReSearches += o.ReSearches
		switch {
		case o.Leaves < a.Leaves:
			v.Won++
		case o.Leaves > a.Leaves:
			v.Lost++
		}
	}
	return v
}
