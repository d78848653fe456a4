package checks

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// AlphaBetaFunc is exercise 02's function: alpha-beta in the Max/Min form,
// the value of n from Max's point of view searched depth plies deep in the
// window [alpha, beta]. Fail-hard (the value clamped to the window) is the
// task; fail-soft passes too.
type AlphaBetaFunc func(n Node, depth, alpha, beta int) int

// AlphaBeta grades exercise 02 (100 points).
func AlphaBeta(t *testing.T, f AlphaBetaFunc) {
	t.Helper()
	Run(t, alphaBetaChecks(f))
}

// alphaBetaChecks are exercise 02's checks, grading f.
func alphaBetaChecks(f AlphaBetaFunc) []Check {
	run := func(depth, alpha, beta int) searchFunc {
		return func(n Node) int { return f(n, depth, alpha, beta) }
	}
	whole := run(full, -Inf, Inf)
	visits := Outcome{Visits: true, Window: true}
	return []Check{
		{Name: "AIMA tree", Points: 10, Run: func(c *C) {
			c.OnTrees("alpha-beta returns the minimax value when called with the whole window [−Inf, +Inf] (AIMA Fig. 5.2: 3)",
				sameAs("alphabeta", full, -Inf, Inf, whole, Outcome{Window: true}), Fixtures("aima-fig5.2"))
		}},
		{Name: "shallow cutoff", Points: 15, Run: func(c *C) {
			c.OnTrees("shallow cutoff (AI textbook §6.4, Fig. 6.8): at a Min node, once a child is worth ≤ α (what Max is sure of above), its other children cannot matter: do not search them",
				sameAs("alphabeta", full, -Inf, Inf, whole, visits), Fixtures("shallow-cutoff", "aima-fig5.2"))
		}},
		{Name: "deep cutoff", Points: 15, Run: func(c *C) {
			c.OnTrees("deep cutoff (AI textbook §6.4, Fig. 6.9): pass α and β down to every level, so that a bound set two or more plies above can cut a node, not only its parent's",
				sameAs("alphabeta", full, -Inf, Inf, whole, visits), Fixtures("deep-cutoff"))
		}},
		{Name: "any window", Points: 20, Run: func(c *C) {
			c.OnTrees("in a window [α, β]: the exact value when it lies inside, else a value on the same side (≤ α fails low, ≥ β fails high)",
				inWindows(f), Random(c.Rand(5), 40, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}))
		}},
		{Name: "random trees", Points: 30, Run: func(c *C) {
			c.OnTrees("alpha-beta visits exactly what the reference alpha-beta visits, in order: cut as soon as α ≥ β, never later, never earlier",
				sameAs("alphabeta", full, -Inf, Inf, whole, visits),
				Random(c.Rand(6), 60, Shape{MinDepth: 2, MaxDepth: 5, MaxBranch: 3, Range: 20}))
		}},
		{Name: "depth limit", Points: 10, Run: func(c *C) {
			trees := Random(c.Rand(7), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true})
			for depth := 1; depth <= 3; depth++ {
				c.OnTrees("at depth 0 alpha-beta returns the node's static value (n.Value()) without expanding it",
					sameAs("alphabeta", depth, -Inf, Inf, run(depth, -Inf, Inf), visits), trees)
			}
		}},
	}
}

// inWindows checks f's value in windows around the true value: below it,
// around it, above it, and the null windows next to it.
func inWindows(f AlphaBetaFunc) Property {
	return func(t *gametree.Tree) []string {
		v := TrueValue(t, depthOf(full))
		for _, w := range [][2]int{{v - 3, v - 1}, {v - 1, v + 1}, {v + 1, v + 3}, {v - 1, v}, {v, v + 1}, {-Inf, v}, {v, Inf}} {
			if why := sameAs("alphabeta", full, w[0], w[1], func(n Node) int { return f(n, full, w[0], w[1]) }, Outcome{Window: true, Visits: true})(t); why != nil {
				return why
			}
		}
		return nil
	}
}
