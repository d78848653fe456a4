package checks

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// BNSFunc is exercise 08's Best Node Search: given the root and a range
// (alpha, beta) that holds the root's value strictly inside, both in the
// view of the side to move at the root, it returns the index of a best
// root move (into root.Children()) and the final range: value ≥ alpha
// (proved by a test), value < beta. test(child, gamma) is the grader's
// null-window search: whether child's value, in the view of the side to
// move at the root, is at least gamma.
type BNSFunc func(root Node, alpha, beta int, test func(child Node, gamma int) bool) (move, lo, hi int)

// NextGuessFunc is exercise 08's guess function: the next test value for
// the range (alpha, beta) with subtreeCount root moves still in play.
type NextGuessFunc func(alpha, beta, subtreeCount int) int

// bnsMaxTests stops a search that does not terminate.
const bnsMaxTests = 5000

// BNS grades exercise 08 (100 points).
func BNS(t *testing.T, f BNSFunc, next NextGuessFunc) {
	t.Helper()
	Run(t, bnsChecks(f, next))
}

// bnsChecks are exercise 08's checks, grading f.
func bnsChecks(f BNSFunc, next NextGuessFunc) []Check {
	random := func(c *C, salt uint64, n int) []Case {
		r := c.Rand(salt)
		cs := Random(r, n/2, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 4, Range: 20})
		return append(cs, Random(r, n-n/2, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 4, Range: 20, MinRoot: true})...)
	}
	fixtures := Fixtures("aima-fig5.2", "shallow-cutoff", "deep-cutoff", "knuth-moore-pi", "uneven", "all-ties")
	return []Check{
		{Name: "NextGuess", Points: 15, Run: func(c *C) { bnsNextGuess(c, next) }},
		{Name: "best move", Points: 20, Run: func(c *C) {
			c.OnTrees("BNS returns a best move: the index of a root child whose value (for the side to move at the root) equals the root's",
				bnsProperty(f, bnsBestMove), append(fixtures, random(c, 81, 40)...))
		}},
		{Name: "bound", Points: 10, Run: func(c *C) {
			c.OnTrees("BNS returns a range [α, β) that holds the root's value: value ≥ α (a test proved it) and value < β",
				bnsProperty(f, bnsBound), append(fixtures, random(c, 82, 30)...))
		}},
		{Name: "subtrees", Points: 15, Run: func(c *C) {
			c.OnTrees("each pass tests every root child still in play once, in order, with the same test value: at first all of them, after a pass with betterCount > 0 only the better ones (subtreeCount := betterCount)",
				bnsProperty(f, bnsSubtrees), random(c, 83, 40))
		}},
		{Name: "range and stop", Points: 20, Run: func(c *C) {
			c.OnTrees("each test value lies strictly inside (α, β); a pass with betterCount > 0 sets α := test, one with none sets β := test; stop right after the pass that leaves β − α < 2 or betterCount = 1, never earlier, and return the last better child with [α, β)",
				bnsProperty(f, bnsRangeStop), random(c, 84, 40))
		}},
		{Name: "guess sequence", Points: 20, Run: func(c *C) {
			c.OnTrees("the test values are the Russian Wikipedia article's nextGuess(α, β, subtreeCount) = α + (β − α) × (subtreeCount − 1) / subtreeCount, pass by pass, as the reference Best Node Search (algos \"bns\") makes them, with its best move and bound",
				bnsProperty(f, bnsGuesses), append(Fixtures("aima-fig5.2", "knuth-moore-pi"), random(c, 85, 40)...))
		}},
	}
}

// bnsNextGuess checks next against the library's NextGuess, clamped to
// (alpha, beta) as the library's search clamps it.
func bnsNextGuess(c *C, next NextGuessFunc) {
	c.T.Helper()
	type args struct{ alpha, beta, n int }
	cases := []args{{0, 10, 2}, {0, 10, 3}, {0, 10, 1}, {-5, 5, 4}, {3, 5, 2}, {-20, -1, 3}, {-Inf, Inf, 2}, {7, 9, 5}, {-1, 1, 1}}
	r := c.Rand(80)
	for range 200 {
		a := r.IntN(200) - 100
		cases = append(cases, args{a, a + 2 + r.IntN(60), 1 + r.IntN(8)})
	}
	for _, a := range cases {
		want := algos.NextTest(a.alpha, a.beta, a.n)
		got := next(a.alpha, a.beta, a.n)
		if got != want {
			inside := ""
			if got <= a.alpha || got >= a.beta {
				inside = fmt.Sprintf(" (and %d is not strictly inside (%s, %s))", got, algos.FormatValue(a.alpha), algos.FormatValue(a.beta))
			}
			c.Fail("NextGuess(α, β, subtreeCount) = α + (β − α) × (subtreeCount − 1) / subtreeCount in integers (rounded down), kept strictly inside (α, β): at least α + 1, at most β − 1",
				fmt.Sprintf("NextGuess(%s, %s, %d): expected %d, your code returned %d%s", algos.FormatValue(a.alpha), algos.FormatValue(a.beta), a.n, want, got, inside))
		}
	}
}

// bnsTest is one call of test by the student's search.
type bnsTest struct {
	child, gamma int
	better       bool
	start        int // the visits made before the test
}

// bnsPassOf is one pass: the tests made with one test value.
type bnsPassOf struct {
	gamma    int
	children []int
	better   []int
	start    int // the visits made before its first test
}

// bnsRunOf is one run of the student's search on a tree.
type bnsRunOf struct {
	alpha, beta  int   // the range the search was given (root mover's view)
	values       []int // the root children's values (root mover's view)
	value        int   // the root's value (root mover's view)
	move, lo, hi int   // what the search returned
	tests        []bnsTest
	passes       []bnsPassOf
	stopped      string // why the grader stopped the run, or ""
	color        int
	tree         *gametree.Tree
	childNames   []string
	// trace holds the search's visits: its own (root.Children()) and
	// those of every test, in order, as one search.
	trace *Trace
}

// bnsStop is the grader's panic that ends a search's run.
type bnsStop struct{ why string }

// bnsRanges are the ranges (alpha, beta) each tree is searched with, around
// its value v (root mover's view): v lies strictly inside, at least 2 below
// beta (the library's search widens a range whose top edge it must prove).
func bnsRanges(v int) [][2]int {
	return [][2]int{{v - 1, v + 2}, {v - 5, v + 3}, {v - 17, v + 30}, {v - 2, v + 100}}
}

// bnsRun runs f on t with the range (alpha, beta); the visits of f and of
// its tests go to run.trace. With catch, a panic of f's is caught into
// run.stopped too, else it propagates.
func bnsRun(t *gametree.Tree, f BNSFunc, alpha, beta int, catch bool) (run bnsRunOf) {
	root := t.Root()
	n, tr := Watch(root, 0)
	run.trace = tr
	run.tree, run.alpha, run.beta = t, alpha, beta
	run.color = int(root.ToMove())
	run.value = run.color * TrueValue(t, depthOf(full))
	kids := root.Children(nil)
	for i, k := range kids {
		res, err := algos.Minimax(k, algos.FullDepth, nil)
		if err != nil {
			panic("grade: " + err.Error())
		}
		run.values = append(run.values, run.color*res.Value)
		run.childNames = append(run.childNames, nameOf(k, strconv.Itoa(i)))
	}
	test := func(child Node, gamma int) bool {
		if len(run.tests) >= bnsMaxTests {
			panic(bnsStop{fmt.Sprintf("your BNS called test %d times without stopping: stopped", bnsMaxTests)})
		}
		c, ok := child.(*node[gametree.Node])
		if !ok || c.path == "" || strings.Contains(c.path, ".") {
			panic(bnsStop{fmt.Sprintf("your BNS called test on %v: test takes a child of the root, from root.Children()", child)})
		}
		i, _ := strconv.Atoi(c.path)
		if gamma <= -algos.Inf || gamma > algos.Inf {
			panic(bnsStop{fmt.Sprintf("your BNS called test(%s, %d): the test value is out of range", c.name, gamma)})
		}
		// A null-window alpha-beta of the child: window (γ − 1, γ) for the
		// root's side, in Max's view.
		a, b := gamma-1, gamma
		if run.color < 0 {
			a, b = -gamma, -gamma+1
		}
		start := len(tr.Visits)
		res, err := algos.NegamaxAB(Ref[gametree.Node]{c.tracked}, algos.FullDepth, &algos.Options[RefNode]{Window: &algos.Window{Alpha: a, Beta: b}})
		if err != nil {
			panic("grade: " + err.Error())
		}
		better := run.color*res.Value >= gamma
		run.tests = append(run.tests, bnsTest{i, gamma, better, start})
		return better
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				s, ok := r.(bnsStop)
				switch {
				case ok:
					run.stopped = s.why
				case catch:
					run.stopped = panicMessage(r)
				default:
					panic(r)
				}
			}
		}()
		run.move, run.lo, run.hi = f(n, alpha, beta, test)
	}()
	for _, tc := range run.tests {
		if len(run.passes) == 0 || run.passes[len(run.passes)-1].gamma != tc.gamma {
			run.passes = append(run.passes, bnsPassOf{gamma: tc.gamma, start: tc.start})
		}
		p := &run.passes[len(run.passes)-1]
		p.children = append(p.children, tc.child)
		if tc.better {
			p.better = append(p.better, tc.child)
		}
	}
	return run
}

// bnsProperty runs f on every tree with each of bnsRanges and checks each
// run with check.
func bnsProperty(f BNSFunc, check func(run bnsRunOf) []string) Property {
	return func(t *gametree.Tree) []string {
		v := int(t.RootPlayer()) * TrueValue(t, depthOf(full))
		for _, w := range bnsRanges(v) {
			run := bnsRun(t, f, w[0], w[1], false)
			why := []string(nil)
			if run.stopped != "" {
				why = []string{run.stopped}
			} else {
				why = check(run)
			}
			if why != nil {
				bnsPicture(t, run, why[0])
				return append([]string{fmt.Sprintf("BNS(root, %d, %d) (the root's value is %d for the side to move, %s; its children's: %s)", w[0], w[1], v, t.RootPlayer(), run.childValues())}, append(why, "your passes: "+bnsDescribe(run.passes, run.childNames))...)
			}
		}
		return nil
	}
}

func (run bnsRunOf) childValues() string {
	s := make([]string, len(run.values))
	for i, v := range run.values {
		s[i] = fmt.Sprintf("%s=%d", run.childNames[i], v)
	}
	return strings.Join(s, " ")
}

// bnsDescribe lists passes as "test 7: a b c → better b".
func bnsDescribe(ps []bnsPassOf, names []string) string {
	if len(ps) == 0 {
		return "none"
	}
	nm := func(is []int) string {
		if len(is) == 0 {
			return "none"
		}
		s := make([]string, len(is))
		for k, i := range is {
			s[k] = names[i]
		}
		return strings.Join(s, " ")
	}
	var out []string
	for i, p := range ps {
		if i == 12 {
			out = append(out, fmt.Sprintf("… (%d more)", len(ps)-i))
			break
		}
		out = append(out, fmt.Sprintf("test %d on %s → better: %s", p.gamma, nm(p.children), nm(p.better)))
	}
	return strings.Join(out, "; ")
}

func bnsBestMove(run bnsRunOf) []string {
	if run.move < 0 || run.move >= len(run.values) {
		return []string{fmt.Sprintf("your BNS returned move %d: not the index of a root child (0 to %d)", run.move, len(run.values)-1)}
	}
	if run.values[run.move] != run.value {
		var best []string
		for i, v := range run.values {
			if v == run.value {
				best = append(best, run.childNames[i])
			}
		}
		return []string{fmt.Sprintf("your BNS returned move %d (%s), worth %d; a best move is worth %d: %s", run.move, run.childNames[run.move], run.values[run.move], run.value, strings.Join(best, " or "))}
	}
	return nil
}

func bnsBound(run bnsRunOf) []string {
	if run.lo <= run.value && run.value < run.hi && run.alpha <= run.lo && run.hi <= run.beta {
		return nil
	}
	return []string{fmt.Sprintf("your BNS returned the range [%d, %d); the value %d must lie in it (value ≥ α, value < β), and the range inside the one it was given, (%d, %d)", run.lo, run.hi, run.value, run.alpha, run.beta)}
}

func bnsSubtrees(run bnsRunOf) []string {
	play := make([]int, len(run.values))
	for i := range play {
		play[i] = i
	}
	for k, p := range run.passes {
		if !slices.Equal(p.children, play) {
			return []string{fmt.Sprintf("pass %d (test %d): expected to test %s, your BNS tested %s", k+1, p.gamma, bnsNames(play, run.childNames), bnsNames(p.children, run.childNames))}
		}
		if len(p.better) > 0 {
			play = p.better
		}
	}
	return nil
}

func bnsNames(is []int, all []string) string {
	if len(is) == 0 {
		return "no child"
	}
	s := make([]string, len(is))
	for k, i := range is {
		s[k] = all[i]
	}
	return strings.Join(s, " ")
}

func bnsRangeStop(run bnsRunOf) []string {
	alpha, beta, move := run.alpha, run.beta, -1
	if len(run.passes) == 0 {
		return []string{"your BNS made no test: test at least once (the range was wide enough)"}
	}
	for k, p := range run.passes {
		if p.gamma <= alpha || p.gamma >= beta {
			return []string{fmt.Sprintf("pass %d: the range is (%d, %d), but your test value is %d: it must lie strictly inside", k+1, alpha, beta, p.gamma)}
		}
		if len(p.better) > 0 {
			alpha, move = p.gamma, p.better[len(p.better)-1]
		} else {
			beta = p.gamma
		}
		done := beta-alpha < 2 || len(p.better) == 1
		last := k == len(run.passes)-1
		switch {
		case done && !last:
			return []string{fmt.Sprintf("after pass %d (betterCount %d, range [%d, %d)) the search is over, but your BNS went on", k+1, len(p.better), alpha, beta)}
		case !done && last:
			return []string{fmt.Sprintf("after pass %d (betterCount %d, range [%d, %d)) neither β − α < 2 nor betterCount = 1: your BNS stopped too early", k+1, len(p.better), alpha, beta)}
		}
	}
	if run.move != move || run.lo != alpha || run.hi != beta {
		return []string{fmt.Sprintf("expected your BNS to return move %d (the last better child) and the range [%d, %d), it returned move %d and [%d, %d)", move, alpha, beta, run.move, run.lo, run.hi)}
	}
	return nil
}

func bnsGuesses(run bnsRunOf) []string {
	lo, hi := run.alpha, run.beta-1 // the closed range of Max's values
	if run.color < 0 {
		lo, hi = 1-run.beta, -run.alpha
	}
	res, _ := Reference(run.tree, "bns", algos.FullDepth, -Inf, Inf, &algos.Options[RefNode]{Window: &algos.Window{Alpha: lo, Beta: hi}})
	var want []string
	for _, it := range res.Iterations {
		want = append(want, strconv.Itoa(run.color*it.Guess))
	}
	var got []string
	for _, p := range run.passes {
		got = append(got, strconv.Itoa(p.gamma))
	}
	if !slices.Equal(got, want) {
		return []string{fmt.Sprintf("expected the test values %s, your BNS tested %s", strings.Join(want, ", "), strings.Join(got, ", "))}
	}
	if run.move != res.Move || run.lo != run.color*res.Value {
		return []string{fmt.Sprintf("expected move %d and α = %d (the reference's), your BNS returned move %d and α = %d", res.Move, run.color*res.Value, run.move, run.lo)}
	}
	return nil
}

// bnsPicture keeps a failing run for the check's picture: its visits (its
// own and its tests') beside the reference Best Node Search's on the same
// range, the root marked with both searches' passes.
func bnsPicture(t *gametree.Tree, run bnsRunOf, line string) {
	lo, hi := run.alpha, run.beta-1 // the closed range of Max's values
	if run.color < 0 {
		lo, hi = 1-run.beta, -run.alpha
	}
	// the student's passes, each a round of tests with one test value,
	// made by the grader: their values and children are known
	var ps []feedback.Pass
	for i, p := range run.passes {
		var names []string
		for _, c := range p.children {
			names = append(names, run.childNames[c])
		}
		to := len(run.trace.Visits)
		if i+1 < len(run.passes) {
			to = run.passes[i+1].start
		}
		ps = append(ps, feedback.Pass{K: i + 1, From: p.start + 1, To: to,
			Label: fmt.Sprintf("pass %d: test %d on %s", i+1, p.gamma, strings.Join(names, " "))})
	}
	notePasses(run.trace, ps)
	noteWrongLater(run.trace, line, func() (*Trace, *feedback.Wrong) {
		res, rtr := Reference(t, "bns", algos.FullDepth, -Inf, Inf, &algos.Options[RefNode]{Window: &algos.Window{Alpha: lo, Beta: hi}})
		var tests []string
		for _, it := range res.Iterations {
			tests = append(tests, strconv.Itoa(run.color*it.Guess))
		}
		got := fmt.Sprintf("%s → move %d, [%d, %d)", bnsDescribe(run.passes, run.childNames), run.move, run.lo, run.hi)
		if run.stopped != "" {
			got = bnsDescribe(run.passes, run.childNames) + " → stopped"
		}
		return rtr, &feedback.Wrong{Path: "", Got: got,
			Want: fmt.Sprintf("tests %s → move %d, α = %d", strings.Join(tests, ", "), res.Move, run.color*res.Value)}
	})
}
