package checks

import "testing"

// MinimaxFunc is exercise 01's function: the minimax value of n from Max's
// point of view, searched depth plies deep (at depth 0, n's static value).
type MinimaxFunc func(n Node, depth int) int

// Minimax grades exercise 01 (100 points).
func Minimax(t *testing.T, f MinimaxFunc) {
	t.Helper()
	Run(t, minimaxChecks(f))
}

// minimaxChecks are exercise 01's checks, grading f.
func minimaxChecks(f MinimaxFunc) []Check {
	run := func(depth int) searchFunc { return func(n Node) int { return f(n, depth) } }
	value := Outcome{}
	visits := Outcome{Visits: true}
	return []Check{
		{Name: "AIMA tree", Points: 10, Run: func(c *C) {
			c.OnTrees("the minimax value: Max takes the largest child value, Min the smallest (AIMA Fig. 5.2 is worth 3)",
				sameAs("minimax", full, -Inf, Inf, run(full), value), Fixtures("aima-fig5.2"))
		}},
		{Name: "random trees", Points: 20, Run: func(c *C) {
			c.OnTrees("the minimax value of every tree, to its leaves",
				sameAs("minimax", full, -Inf, Inf, run(full), value),
				Random(c.Rand(1), 50, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 4, Range: 20}))
		}},
		{Name: "Min to move", Points: 10, Run: func(c *C) {
			c.OnTrees("when Min is to move at the root (n.Max() is false) the root takes the smallest child value",
				sameAs("minimax", full, -Inf, Inf, run(full), value),
				Random(c.Rand(2), 30, Shape{MinDepth: 1, MaxDepth: 3, MaxBranch: 4, Range: 20, MinRoot: true}))
		}},
		{Name: "every leaf in order", Points: 30, Run: func(c *C) {
			c.OnTrees("minimax visits every node once, children in order (call Children once per node, Value once per leaf)",
				sameAs("minimax", full, -Inf, Inf, run(full), visits),
				append(Fixtures("aima-fig5.2", "uneven"), Random(c.Rand(3), 30, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20})...))
		}},
		{Name: "depth limit", Points: 30, Run: func(c *C) {
			trees := Random(c.Rand(4), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true})
			for depth := 0; depth <= 3; depth++ {
				c.OnTrees("at depth 0 a search returns the node's static value (n.Value()) without expanding it; below, depth − 1",
					sameAs("minimax", depth, -Inf, Inf, run(depth), visits), trees)
			}
		}},
	}
}
