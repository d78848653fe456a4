package course

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// What notebook 04 (move ordering and iterative deepening) calls.

// Explicit copies the first depth plies of the game below root into an
// explicit tree, so that a learner's own search over Nodes (Mine) can run on
// it: every node keeps its static value (Value), which a depth-limited
// search reads at its horizon, and the nodes at depth plies become leaves.
// The side to move at the root is root's. It stops the cell when the copy
// would pass gametree.MaxTreeNodes nodes.
func Explicit[P gametree.Position[P]](root P, depth int) *gametree.Tree {
	count := 0
	var copyOf func(p P, depth int) gametree.TreeSpec
	copyOf = func(p P, depth int) gametree.TreeSpec {
		if count++; count > gametree.MaxTreeNodes {
			stop(fmt.Errorf("Explicit: the tree has more than %d nodes", gametree.MaxTreeNodes))
		}
		s := gametree.TreeSpec{Value: p.Value()}
		if depth == 0 {
			return s
		}
		for _, c := range p.Children(nil) {
			s.Children = append(s.Children, copyOf(c, depth-1))
		}
		return s
	}
	return Must(gametree.NewTree(copyOf(root, depth), root.ToMove()))
}

// Passes describes, one line per search of the root, how a deepening
// search (algos.IterativeDeepening, algos.Aspiration) ran: the depth, the
// window, the value with what it means (exact; "at least", a lower bound,
// when the pass failed high; "at most", an upper bound, when it failed low),
// the nodes the pass visited and whether it was a re-search; then the totals.
//
//	pass 1: depth 2, window [−∞, +∞] → 676 exact, 27 nodes
//	…
//	total: 2662 nodes in 3 passes, 0 re-searches
func Passes(res algos.Result) string {
	var b strings.Builder
	for i, it := range res.Iterations {
		again := ""
		if i > 0 && res.Iterations[i-1].Depth == it.Depth {
			again = " (re-search)"
		}
		fmt.Fprintf(&b, "pass %d: depth %d, window %s → %s, %d nodes%s\n", i+1, it.Depth, algos.FormatWindow(it.Alpha, it.Beta), passValue(it.Value, it.Bound), it.Stats.Nodes, again)
	}
	fmt.Fprintf(&b, "total: %d nodes in %s, %s\n", res.Stats.Nodes, plural(len(res.Iterations), "pass", "passes"), plural(int(res.Stats.ReSearches), "re-search", "re-searches"))
	return b.String()
}

// passValue writes a value with its meaning: "676 exact", "≥ 100 (fail high)",
// "≤ 2 (fail low)".
func passValue(v int, b algos.Bound) string {
	switch b {
	case algos.Lower:
		return "≥ " + algos.FormatValue(v) + " (fail high)"
	case algos.Upper:
		return "≤ " + algos.FormatValue(v) + " (fail low)"
	}
	return algos.FormatValue(v) + " exact"
}

// PassNodes is the number of nodes a recorded search entered in its k-th
// search of the root (from 1), leaves included: the nodes a picture of
// that pass draws in black.
func PassNodes[P gametree.Position[P]](s *Search[P], k int) int {
	if k < 1 || k > len(s.Rec.Roots) {
		stop(fmt.Errorf("PassNodes: pass %d out of range (the search has %d)", k, len(s.Rec.Roots)))
	}
	n := 0
	for range algos.Preorder(s.Rec.Roots[k-1]) {
		n++
	}
	return n
}

// plural writes "1 pass", "3 passes".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
