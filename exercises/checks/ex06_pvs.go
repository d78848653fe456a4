package checks

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// PVSFunc is exercise 06's function: principal variation search in negamax
// form, the value of n searched depth plies deep in the window (alpha, beta),
// both from the point of view of the side with the given color (+1 Max, −1
// Min). The Russian Wikipedia article's form (first child with the whole
// window, every other child with a null window) and Moreland's (null windows
// once a move has raised α, fail-hard) both pass.
type PVSFunc func(n Node, depth, alpha, beta, color int) int

// pvsRefs are the two PVS searches of pkg/algos a student's run may match.
var pvsRefs = []struct{ name, desc string }{
	{"pvs", `Moreland's fail-hard PVS (algos "pvs")`},
	{"pvs-soft", `the Russian Wikipedia article's PVS (algos "pvs-soft")`},
}

// PVS grades exercise 06 (100 points).
func PVS(t *testing.T, f PVSFunc) {
	t.Helper()
	Run(t, pvsChecks(f))
}

// pvsChecks are exercise 06's checks, grading f.
func pvsChecks(f PVSFunc) []Check {
	// run calls f at the root in negamax form for the window [alpha, beta]
	// of Max's values, and returns its value in Max's view.
	run := func(depth, alpha, beta int) searchFunc {
		return func(n Node) int {
			if n.Max() {
				return f(n, depth, alpha, beta, 1)
			}
			return -f(n, depth, -beta, -alpha, -1)
		}
	}
	whole := run(full, -Inf, Inf)
	value := pvsOutcome{}
	visits := pvsOutcome{Visits: true, ReSearches: true}
	return []Check{
		{Name: "AIMA tree", Points: 10, Run: func(c *C) {
			c.OnTrees("PVS returns the minimax value with the whole window: PVS(root, depth, −Inf, +Inf, 1) on AIMA Fig. 5.2 is 3",
				pvsLike(full, -Inf, Inf, whole, value), Fixtures("aima-fig5.2"))
		}},
		{Name: "null windows", Points: 15, Run: func(c *C) {
			c.OnTrees("the first child is searched with the whole window (−β, −α), every later one with the null window (−α−1, −α): where the first child is always the best, no test fails high, nothing is searched twice, and the search visits exactly what the reference PVS visits",
				pvsIfOrdered(pvsLike(full, -Inf, Inf, whole, visits)),
				pvsOrdered(Random(c.Rand(61), 40, Shape{MinDepth: 3, MaxDepth: 5, MaxBranch: 3, Range: 20})))
		}},
		{Name: "re-searches", Points: 20, Run: func(c *C) {
			c.OnTrees("when a null-window test fails high inside the window (α < score < β), the child may be better than the PV: search it again with the whole window (−β, −α) — the grader counts that child visited twice, as often as the reference re-searches it",
				pvsLike(full, -Inf, Inf, whole, pvsOutcome{ReSearches: true}),
				append(Literal(PVSReSearchTree),
					pvsWorstFirst(Random(c.Rand(62), 30, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20}))...))
		}},
		{Name: "any window", Points: 15, Run: func(c *C) {
			c.OnTrees("in a window (α, β): the exact value when it lies inside, else a value on the same side (≤ α fails low, ≥ β fails high)",
				pvsWindows(run), Random(c.Rand(63), 40, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}))
		}},
		{Name: "Min to move", Points: 10, Run: func(c *C) {
			c.OnTrees("negamax: when Min is to move at the root the grader calls PVS(root, depth, −β, −α, −1); the value is then from Min's view (color × the leaf's Value at the leaves)",
				pvsLike(full, -Inf, Inf, whole, visits),
				Random(c.Rand(64), 30, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true}))
		}},
		{Name: "random trees", Points: 20, Run: func(c *C) {
			c.OnTrees("PVS visits exactly what the reference PVS visits, in order: null-window tests, re-searches and cutoffs (α ≥ β) at the same places",
				pvsLike(full, -Inf, Inf, whole, visits),
				Random(c.Rand(65), 60, Shape{MinDepth: 2, MaxDepth: 5, MaxBranch: 3, Range: 20}))
		}},
		{Name: "depth limit", Points: 10, Run: func(c *C) {
			trees := Random(c.Rand(66), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true})
			for depth := 1; depth <= 3; depth++ {
				c.OnTrees("at depth 0 PVS returns color × the node's static value (n.Value()) without expanding it",
					pvsLike(depth, -Inf, Inf, run(depth, -Inf, Inf), visits), trees)
			}
		}},
	}
}

// PVSReSearchTree is a tree on which PVS's null-window test of C fails high
// (C is worth 5 > B's 3), so C is searched twice (pkg/render draws it).
const PVSReSearchTree = "A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))"

// pvsOutcome is what a PVS check compares besides the value.
type pvsOutcome struct {
	Visits     bool // every visit, in order
	ReSearches bool // how often each position is visited more than once
}

// pvsLike is the property "f returns the value the reference PVS returns in
// the window [alpha, beta] (as fail-hard and fail-soft may) and, as o asks,
// visits and re-searches as one of the two references (pvs, pvs-soft) does".
func pvsLike(depth, alpha, beta int, f searchFunc, o pvsOutcome) Property {
	return func(t *gametree.Tree) []string {
		var traces []*Trace
		want, limit := 0, 0
		for i, r := range pvsRefs {
			res, tr := Reference(t, r.name, depthOf(depth), alpha, beta, nil)
			if i == 0 {
				want = res.Value
			}
			traces = append(traces, tr)
			limit = max(limit, limitFor(tr))
		}
		n, tr := Watch(t.Root(), limit)
		tr.limitNote = refLimitNote
		got := f(n)
		best := pvsClosest(tr.Visits, traces)
		if o.ReSearches {
			ok := false
			for _, rt := range traces {
				ok = ok || pvsSameRepeats(pvsRepeats(tr), pvsRepeats(rt))
			}
			if !ok {
				why, wrong := pvsRepeatDiff(pvsRepeats(tr), pvsRepeats(traces[best]))
				if wrong != nil { // the picture's ×k badges show the repeats, the first one marked
					noteWrong(tr, traces[best], why[0], *wrong)
				}
				return append(why,
					"(compared with "+pvsRefs[best].desc+"; "+pvsRefs[1-best].desc+" is accepted too)")
			}
		}
		if !sameInWindow(got, want, alpha, beta) {
			return valueDiff(got, want, alpha, beta, true)
		}
		if o.Visits {
			for _, rt := range traces {
				if firstDiff(tr.Visits, rt.Visits) < 0 {
					return nil
				}
			}
			return append(visitDiff(tr, traces[best]),
				"(compared with "+pvsRefs[best].desc+", the closer to your search; "+pvsRefs[1-best].desc+" is accepted too)")
		}
		return nil
	}
}

// pvsClosest returns the index of the reference trace that agrees longest with
// got.
func pvsClosest(got []Visit, refs []*Trace) int {
	best, bestLen := 0, -1
	for i, r := range refs {
		d := firstDiff(got, r.Visits)
		if d < 0 {
			return i
		}
		if d > bestLen {
			best, bestLen = i, d
		}
	}
	return best
}

// pvsRepeats counts the visits made more than once: how many times each
// position was expanded ("expand C") or evaluated ("evaluate c1"), for those
// it was more than once.
func pvsRepeats(tr *Trace) map[Visit]int {
	m := map[Visit]int{}
	for _, v := range tr.Visits {
		m[v]++
	}
	for v, k := range m {
		if k < 2 {
			delete(m, v)
		}
	}
	return m
}

func pvsSameRepeats(a, b map[Visit]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// pvsRepeatDiff explains how got's repeated visits differ from want's,
// and returns the first position whose count differs (nil: none).
func pvsRepeatDiff(got, want map[Visit]int) ([]string, *feedback.Wrong) {
	var keys []Visit
	for v := range got {
		keys = append(keys, v)
	}
	for v := range want {
		if _, ok := got[v]; !ok {
			keys = append(keys, v)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].Path != keys[j].Path {
			return keys[i].Path < keys[j].Path
		}
		return !keys[i].Eval && keys[j].Eval
	})
	var lines []string
	var first *feedback.Wrong
	for _, v := range keys {
		g, w := max(got[v], 1), max(want[v], 1)
		if g == w {
			continue
		}
		what := "expanded"
		if v.Eval {
			what = "evaluated"
		}
		lines = append(lines, fmt.Sprintf("%s: the reference %s it %s, your search %s it %s", v.Name, what, pvsTimes(w), what, pvsTimes(g)))
		if first == nil {
			first = &feedback.Wrong{Path: v.Path, Got: fmt.Sprintf("%s %s %s", what, v.Name, pvsTimes(g)),
				Want: fmt.Sprintf("%s %s (a null-window test, then a re-search only when it fails high inside the window)", what, pvsTimes(w))}
		}
	}
	return append(lines, "expected repeated visits: "+pvsDescribeRepeats(want), "your repeated visits:     "+pvsDescribeRepeats(got)), first
}

func pvsTimes(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func pvsDescribeRepeats(m map[Visit]int) string {
	if len(m) == 0 {
		return "none"
	}
	var s []string
	for v, k := range m {
		s = append(s, fmt.Sprintf("%s ×%d", v, k))
	}
	slices.Sort(s)
	return strings.Join(s, ", ")
}

// pvsWindows checks PVS's value in windows around the true value: below it,
// around it, above it, the null windows next to it and the half-open ones.
func pvsWindows(run func(depth, alpha, beta int) searchFunc) Property {
	return func(t *gametree.Tree) []string {
		v := TrueValue(t, depthOf(full))
		for _, w := range [][2]int{{v - 3, v - 1}, {v - 1, v + 1}, {v + 1, v + 3}, {v - 1, v}, {v, v + 1}, {-Inf, v}, {v, Inf}} {
			if why := pvsLike(full, w[0], w[1], run(full, w[0], w[1]), pvsOutcome{})(t); why != nil {
				return why
			}
		}
		return nil
	}
}

// pvsOrdered returns the cases with the best child first along the leftmost
// path, the nodes PVS searches with a wide window: the first child is the
// best there, so no null-window test can fail high. The rest of the tree
// keeps its random order, where null windows cut more than (α, β) would.
func pvsOrdered(cs []Case) []Case {
	out := make([]Case, len(cs))
	for i, c := range cs {
		spec := pvsFirstBest(c.Tree.Spec(), c.Tree.RootPlayer() == gametree.Max)
		out[i] = Case{Name: c.Name, Tree: gametree.MustTree(spec, c.Tree.RootPlayer()), Random: c.Random}
	}
	return out
}

// pvsIfOrdered checks p only on trees whose first child is the best along
// the leftmost path, so that shrinking keeps them so.
func pvsIfOrdered(p Property) Property {
	return func(t *gametree.Tree) []string {
		o := gametree.MustTree(pvsFirstBest(t.Spec(), t.RootPlayer() == gametree.Max), t.RootPlayer())
		if o.String() != t.String() {
			return nil
		}
		return p(t)
	}
}

func pvsFirstBest(spec gametree.TreeSpec, maxToMove bool) gametree.TreeSpec {
	if len(spec.Children) == 0 {
		return spec
	}
	spec, _ = pvsOrderSpec(spec, maxToMove, true, 1)
	spec.Children[0] = pvsFirstBest(spec.Children[0], !maxToMove)
	return spec
}

// pvsWorstFirst returns the cases with every node's children sorted worst
// first for the side to move: every null-window test at a wide-window node
// that meets a better child fails high.
func pvsWorstFirst(cs []Case) []Case {
	out := make([]Case, len(cs))
	for i, c := range cs {
		spec, _ := pvsOrderSpec(c.Tree.Spec(), c.Tree.RootPlayer() == gametree.Max, false, -1)
		out[i] = Case{Name: c.Name, Tree: gametree.MustTree(spec, c.Tree.RootPlayer()), Random: c.Random}
	}
	return out
}

// pvsOrderSpec sorts spec's children by minimax value, best for the side to
// move first when bestFirst, levels plies deep (−1: all), and returns
// spec's minimax value.
func pvsOrderSpec(spec gametree.TreeSpec, maxToMove, bestFirst bool, levels int) (gametree.TreeSpec, int) {
	if len(spec.Children) == 0 {
		return spec, spec.Value
	}
	type kid struct {
		spec  gametree.TreeSpec
		value int
	}
	kids := make([]kid, len(spec.Children))
	for i, c := range spec.Children {
		kids[i].spec, kids[i].value = pvsOrderSpec(c, !maxToMove, bestFirst, levels-1)
	}
	better := func(a, b int) bool { // a is better than b for the side to move
		if maxToMove {
			return a > b
		}
		return a < b
	}
	v := kids[0].value
	for _, k := range kids {
		if better(k.value, v) {
			v = k.value
		}
	}
	if levels == 0 {
		return spec, v
	}
	sort.SliceStable(kids, func(i, j int) bool {
		if bestFirst {
			return better(kids[i].value, kids[j].value)
		}
		return better(kids[j].value, kids[i].value)
	})
	out := spec
	out.Children = make([]gametree.TreeSpec, len(kids))
	for i, k := range kids {
		out.Children[i] = k.spec
	}
	return out, v
}
