package checks

import "testing"

// NegamaxFunc is exercise 03's function: negamax with the color parameter
// (the Persian Wikipedia article on negamax), the value of n searched depth
// plies deep from the point of view of the side color (+1 Max, −1 Min). The
// grader calls it with color +1 when n.Max(), −1 otherwise, and reads the
// root's value from Max's point of view as color × the result.
type NegamaxFunc func(n Node, depth, color int) int

// Negamax grades exercise 03 (100 points).
func Negamax(t *testing.T, f NegamaxFunc) {
	t.Helper()
	Run(t, negamaxChecks(f))
}

// negamaxChecks are exercise 03's checks, grading f.
func negamaxChecks(f NegamaxFunc) []Check {
	run := func(depth int) searchFunc {
		return func(n Node) int {
			color := colorOf(n)
			return color * f(n, depth, color)
		}
	}
	value := Outcome{}
	visits := Outcome{Visits: true}
	return []Check{
		{Name: "AIMA tree", Points: 10, Run: func(c *C) {
			c.OnTrees("negamax returns the value for the side to move: called with color +1 at a Max root it is Max's value (AIMA Fig. 5.2 is worth 3)",
				sameAs("negamax", full, -Inf, Inf, run(full), value), Fixtures("aima-fig5.2"))
		}},
		{Name: "random trees", Points: 20, Run: func(c *C) {
			c.OnTrees("value := max(value, −negamax(child, depth − 1, −color)); a leaf is worth color × n.Value() (the value for the side to move)",
				sameAs("negamax", full, -Inf, Inf, run(full), value),
				Random(c.Rand(30), 50, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 4, Range: 20}))
		}},
		{Name: "Min to move", Points: 20, Run: func(c *C) {
			c.OnTrees("when Min is to move at the root the grader calls negamax(n, depth, −1) and expects Min's value, −(Max's value): a leaf is worth color × n.Value()",
				sameAs("negamax", full, -Inf, Inf, run(full), value),
				Random(c.Rand(31), 40, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 4, Range: 20, MinRoot: true}))
		}},
		{Name: "every leaf in order", Points: 25, Run: func(c *C) {
			c.OnTrees("negamax visits every node once, children in order (call Children once per node, Value once per leaf)",
				sameAs("negamax", full, -Inf, Inf, run(full), visits),
				append(Fixtures("aima-fig5.2", "uneven"), Random(c.Rand(32), 30, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20})...))
		}},
		{Name: "depth limit", Points: 25, Run: func(c *C) {
			trees := append(Random(c.Rand(33), 15, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true}),
				Random(c.Rand(34), 10, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true, MinRoot: true})...)
			for depth := 0; depth <= 3; depth++ {
				c.OnTrees("at depth 0 negamax returns color × n.Value() without expanding the node; below, depth − 1",
					sameAs("negamax", depth, -Inf, Inf, run(depth), visits), trees)
			}
		}},
	}
}

// colorOf is the color of the side to move at n: +1 for Max, −1 for Min.
func colorOf(n Node) int {
	if n.Max() {
		return 1
	}
	return -1
}
