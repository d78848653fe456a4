package checks

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// OrderingFunc is exercise 04's function: alpha-beta in negamax form (the
// Persian Wikipedia article on negamax) with move ordering, the value of n
// searched depth plies deep in the window [alpha, beta] from the point of
// view of the side color, the children of every node searched in decreasing
// order(parent, child), ties in Children order. Fail-soft is the task;
// fail-hard passes too.
type OrderingFunc func(n Node, depth, alpha, beta, color int, order OrderFunc) int

// ordering is one move ordering as the student's code and the reference see
// it: the same rank, computed without recording an evaluation.
type ordering struct {
	name    string
	student OrderFunc
	ref     func(parent, child RefNode, move int) int
}

// rankBy makes an ordering from a rank of a child: its static value (Max's
// view), its parent's side to move (+1, −1), its move index and the tree
// node (for ranks computed from the tree).
func rankBy(name string, rank func(static, side, move int, child gametree.Node) int) ordering {
	return ordering{
		name: name,
		student: func(parent, child Node) int {
			c := peek(child)
			return rank(c.p.Value(), colorOf(parent), lastMove(c.path), c.p)
		},
		ref: func(parent, child RefNode, move int) int {
			return rank(child.Pos().Value(), int(parent.ToMove()), move, child.Pos())
		},
	}
}

// peek returns the position behind a Node the grader made, to rank it
// without recording an evaluation.
func peek(n Node) *node[gametree.Node] {
	p, ok := n.(*node[gametree.Node])
	if !ok {
		panic(fmt.Sprintf("the order function was called with a Node the grader did not hand out (%T): pass it the Nodes of Children", n))
	}
	return p
}

func lastMove(path string) int {
	m, _ := strconv.Atoi(path[strings.LastIndexByte(path, '.')+1:])
	return m
}

var (
	// natural ranks every child alike: Children order.
	natural = rankBy("natural (every rank 0: Children order)", func(_, _, _ int, _ gametree.Node) int { return 0 })
	// static puts the child with the best static value for the side to move
	// first, as algos.StaticOrder does.
	static = rankBy("static (best static value for the side to move first)", func(v, side, _ int, _ gametree.Node) int { return v * side })
	// reverse searches the last child first.
	reverse = rankBy("reverse (rank = move index: the last child first)", func(_, _, move int, _ gametree.Node) int { return move })
	// coarse ranks by static value in steps of 5: many ties, which must keep
	// Children order.
	coarse = rankBy("coarse (static value for the side to move, divided by 5: many ties)", func(v, side, _ int, _ gametree.Node) int { return v * side / 5 })
)

// oracle ranks children by their minimax value (for the side to move at
// the parent, best first when best, worst first otherwise): the perfect and
// the worst ordering.
func oracle(t *gametree.Tree, best bool) ordering {
	values := map[int]int{}
	var walk func(n gametree.Node) int
	walk = func(n gametree.Node) int {
		v := n.Value()
		if kids := n.Children(nil); len(kids) > 0 {
			v = -Inf
			if n.ToMove() == gametree.Min {
				v = Inf
			}
			for _, k := range kids {
				kv := walk(k)
				if n.ToMove() == gametree.Max {
					v = max(v, kv)
				} else {
					v = min(v, kv)
				}
			}
		}
		values[n.ID()] = v
		return v
	}
	walk(t.Root())
	name, sign := "best first (by the children's minimax values)", 1
	if !best {
		name, sign = "worst first (by the children's minimax values)", -1
	}
	return rankBy(name, func(_, side, _ int, child gametree.Node) int { return sign * side * values[child.ID()] })
}

// negamaxCall runs a negamax-form search on n with the window [alpha, beta]
// from Max's point of view: color +1 and the window as is at a Max node;
// color −1 and the window turned around at a Min node. It returns the value
// from Max's point of view.
func negamaxCall(n Node, alpha, beta int, f func(n Node, alpha, beta, color int) int) int {
	if n.Max() {
		return f(n, alpha, beta, 1)
	}
	return -f(n, -beta, -alpha, -1)
}

// orderedAs is the property "f with the ordering o returns what negamax-ab
// with Options.Order returns (in the window, fail-hard or fail-soft) and
// visits the same positions in the same order".
func orderedAs(f OrderingFunc, o ordering, depth, alpha, beta int) Property {
	return func(t *gametree.Tree) []string {
		want, wtr := Reference(t, "negamax-ab", depthOf(depth), alpha, beta, &algos.Options[RefNode]{Order: o.ref})
		n, tr := Watch(t.Root(), limitFor(wtr))
		tr.limitNote = refLimitNote
		got := negamaxCall(n, alpha, beta, func(n Node, a, b, color int) int { return f(n, depth, a, b, color, o.student) })
		why := []string{"ordering: " + o.name, fmt.Sprintf("depth %s, window %s", depthName(depth), algos.FormatWindow(alpha, beta))}
		if !sameInWindow(got, want.Value, alpha, beta) {
			return append(why, valueDiff(got, want.Value, alpha, beta, true)...)
		}
		if firstDiff(tr.Visits, wtr.Visits) < 0 {
			return nil
		}
		_, htr := Reference(t, "negamax-ab-hard", depthOf(depth), alpha, beta, &algos.Options[RefNode]{Order: o.ref})
		if firstDiff(tr.Visits, htr.Visits) < 0 {
			return nil
		}
		return append(why, visitDiff(tr, wtr)...)
	}
}

func depthName(d int) string {
	if d >= full {
		return "full"
	}
	return strconv.Itoa(d)
}

// Ordering grades exercise 04 (100 points).
func Ordering(t *testing.T, f OrderingFunc) {
	t.Helper()
	Run(t, orderingChecks(f))
}

// orderingChecks are exercise 04's checks, grading f.
func orderingChecks(f OrderingFunc) []Check {
	return []Check{
		{Name: "natural order", Points: 20, Run: func(c *C) {
			c.OnTrees("with every rank equal the children keep Children order, and alpha-beta in negamax form cuts as soon as α ≥ β: shallow and deep cutoffs (pass −β, −α down)",
				orderedAs(f, natural, full, -Inf, Inf),
				append(Fixtures("aima-fig5.2", "shallow-cutoff", "deep-cutoff"),
					Random(c.Rand(40), 40, Shape{MinDepth: 2, MaxDepth: 5, MaxBranch: 3, Range: 20})...))
			c.OnTrees("with Min to move at the root the grader calls color −1 with the window turned around, [−β, −α]",
				orderedAs(f, natural, full, -Inf, Inf),
				Random(c.Rand(41), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true}))
		}},
		{Name: "any window", Points: 15, Run: func(c *C) {
			c.OnTrees("in a window [α, β]: the exact value when it lies inside, else a value on the same side (≤ α fails low, ≥ β fails high), with the same visits",
				func(t *gametree.Tree) []string {
					v := TrueValue(t, depthOf(full))
					for _, w := range [][2]int{{v - 3, v - 1}, {v - 1, v + 1}, {v + 1, v + 3}, {v - 1, v}, {v, v + 1}, {-Inf, v}, {v, Inf}} {
						if why := orderedAs(f, natural, full, w[0], w[1])(t); why != nil {
							return why
						}
					}
					return nil
				},
				append(Random(c.Rand(42), 30, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}),
					Random(c.Rand(43), 10, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true})...))
		}},
		{Name: "depth limit", Points: 10, Run: func(c *C) {
			trees := Random(c.Rand(44), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true})
			for depth := 0; depth <= 3; depth++ {
				c.OnTrees("at depth 0 return color × n.Value() without expanding the node",
					orderedAs(f, natural, depth, -Inf, Inf), trees)
			}
		}},
		{Name: "static order", Points: 20, Run: func(c *C) {
			trees := append(Random(c.Rand(45), 25, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 4, Range: 20, Static: true}),
				Random(c.Rand(46), 10, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 4, Range: 20, Static: true, MinRoot: true})...)
			for _, depth := range []int{full, 2, 3} {
				c.OnTrees("search the children in decreasing order(parent, child), ties in Children order (a stable sort), at every node",
					orderedAs(f, static, depth, -Inf, Inf), trees)
			}
		}},
		{Name: "reverse order", Points: 15, Run: func(c *C) {
			c.OnTrees("the order function decides the search order, whatever it ranks by: here the last child first",
				orderedAs(f, reverse, full, -Inf, Inf),
				append(Fixtures("aima-fig5.2", "deep-cutoff"), Random(c.Rand(47), 30, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 4, Range: 20})...))
		}},
		{Name: "ties in order", Points: 10, Run: func(c *C) {
			c.OnTrees("children of equal rank keep their Children order (sort.SliceStable or slices.SortStableFunc, not an unstable sort)",
				orderedAs(f, coarse, full, -Inf, Inf),
				// Wide nodes too: Go's unstable sorts are stable up to 12
				// elements (insertion sort), not beyond.
				append(Random(c.Rand(48), 30, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 5, Range: 20, Static: true}),
					Random(c.Rand(39), 10, Shape{MinDepth: 1, MaxDepth: 2, MaxBranch: 24, Range: 20, Static: true})...))
		}},
		{Name: "good ordering pays", Points: 10, Run: func(c *C) {
			c.OnTrees("with the best child first alpha-beta evaluates fewer leaves than with the worst first: the ordering must change what is searched",
				orderingPays(f), Random(c.Rand(49), 30, Shape{MinDepth: 3, MaxDepth: 4, MaxBranch: 3, Range: 30}))
		}},
	}
}

// orderingPays checks, on trees where the reference evaluates fewer leaves
// with the perfect ordering than with the worst, that f does too.
func orderingPays(f OrderingFunc) Property {
	return func(t *gametree.Tree) []string {
		good, bad := oracle(t, true), oracle(t, false)
		_, gtr := Reference(t, "negamax-ab", algos.FullDepth, -Inf, Inf, &algos.Options[RefNode]{Order: good.ref})
		_, btr := Reference(t, "negamax-ab", algos.FullDepth, -Inf, Inf, &algos.Options[RefNode]{Order: bad.ref})
		wantGood, wantBad := len(gtr.Evals()), len(btr.Evals())
		if wantGood >= wantBad {
			return nil // no gain to be had on this tree
		}
		var goodTr *Trace
		leaves := func(o ordering, ref *Trace) int {
			n, tr := Watch(t.Root(), limitFor(ref))
			tr.limitNote = refLimitNote
			goodTr = tr
			negamaxCall(n, -Inf, Inf, func(n Node, a, b, color int) int { return f(n, full, a, b, color, o.student) })
			return len(tr.Evals())
		}
		gotGood := leaves(good, gtr)
		goodRun := goodTr
		gotBad := leaves(bad, btr)
		if gotGood < gotBad {
			return nil
		}
		line := fmt.Sprintf("leaves evaluated with the best child first: expected %d, your search %d", wantGood, gotGood)
		// The picture: the search with the best child first, beside the
		// reference's.
		noteWrong(goodRun, gtr, line, feedback.Wrong{Path: "",
			Got:  fmt.Sprintf("%d leaves with the best child first, %d with the worst", gotGood, gotBad),
			Want: fmt.Sprintf("%d leaves with the best child first, %d with the worst", wantGood, wantBad)})
		return []string{line,
			fmt.Sprintf("leaves evaluated with the worst child first: expected %d, your search %d", wantBad, gotBad),
		}
	}
}
