package course

// What notebook 07 (SCOUT, MTD(f), SSS* and DUAL*) prints: the passes of an
// MTD search, what a pass found in the table, the cost of a first guess,
// the dominance count and the comparisons of the six searches, each as a
// labelled table, so that the notebook's cells show the experiment and not
// the bookkeeping.

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// table writes rows (the first one the header) in aligned columns.
func table(rows [][]string) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	w.Flush()
	return b.String()
}

// name is a position's name when it has one (a tree literal's label), else "".
func name(p any) string {
	if n, ok := p.(interface{ Name() string }); ok {
		return n.Name()
	}
	return ""
}

// Returned is what the search s returned at the root (of its last root
// search), written as the pictures write it: "3", "≥3" (at least 3: the
// search failed high) or "≤3" (at most 3: it failed low).
func Returned[P gametree.Position[P]](s *Search[P]) string {
	r := s.Rec.Root()
	if r == nil {
		return algos.FormatValue(s.Value)
	}
	return algos.FormatBound(r.Value, r.Bound)
}

// Evaluated lists the leaves s evaluated, in order, repeats included, by
// name: "b1 b2 b3".
func Evaluated[P gametree.Position[P]](s *Search[P]) string {
	var l []string
	for _, p := range s.Rec.Leaves() {
		l = append(l, name(p))
	}
	return strings.Join(l, " ")
}

// InteriorLabels lists the searched interior nodes of pass k of s (0: its
// last root search) with the value each returned, as the picture writes
// them, in search order: "A ≤3, B ≤3, C ≤2, D ≤2".
func InteriorLabels[P gametree.Position[P]](s *Search[P], k int) string {
	r := s.Rec.Root()
	if k > 0 && k <= len(s.Rec.Roots) {
		r = s.Rec.Roots[k-1]
	}
	var l []string
	for n := range algos.Preorder(r) {
		if !n.Leaf {
			l = append(l, name(n.Pos)+" "+algos.FormatBound(n.Value, n.Bound))
		}
	}
	return strings.Join(l, ", ")
}

// ScoutRoot lists what SCOUT (or any search) did at the root, one line per
// search of a root move in search order: the move's name, EVAL (a full
// search for its value) or TEST (a null-window search), the window it was
// searched with and what it returned.
func ScoutRoot[P gametree.Position[P]](s *Search[P]) []string {
	var out []string
	for _, c := range s.Rec.Root().Children {
		kind := "EVAL"
		if c.NullWindow() {
			kind = "TEST"
		}
		out = append(out, fmt.Sprintf("%s: %s with the window %s, returned %s", name(c.Pos), kind, algos.FormatWindow(c.Alpha, c.Beta), algos.FormatBound(c.Value, c.Bound)))
	}
	return out
}

// PassTable is the table of the passes of an MTD search (algos.MTDF, SSS,
// Dual): for each pass, the guess g it starts from, the test β = max(g,
// lower + 1), what the pass returned, the interval [lower, upper] that
// holds the value after it, and the leaves it evaluated.
func PassTable(res algos.Result) string {
	rows := [][]string{{"pass", "g (guess)", "β (test)", "returned", "[lower, upper]", "leaves"}}
	lower, upper := -Inf, Inf
	for k, it := range res.Iterations {
		if it.Value >= it.Beta {
			lower = it.Value
		} else {
			upper = it.Value
		}
		rows = append(rows, []string{strconv.Itoa(k + 1), algos.FormatValue(it.Guess), algos.FormatValue(it.Beta), algos.FormatBound(it.Value, it.Bound),
			algos.FormatWindow(lower, upper), strconv.FormatInt(it.Stats.Leaves, 10)})
	}
	return table(rows)
}

// PassTitle is a title for the picture of pass k (from 1) of an MTD search
// named search: "MT-SSS* pass 1: g = +∞, β = +∞, returned ≤14".
func PassTitle(search string, res algos.Result, k int) string {
	if k < 1 || k > len(res.Iterations) {
		stop(fmt.Errorf("%s made %d passes, there is no pass %d", search, len(res.Iterations), k))
	}
	it := res.Iterations[k-1]
	return fmt.Sprintf("%s pass %d: g = %s, β = %s, returned %s", search, k, algos.FormatValue(it.Guess), algos.FormatValue(it.Beta), algos.FormatBound(it.Value, it.Bound))
}

// PassTableHits lists the nodes of pass k (from 1) of s that found their
// position in the transposition table, one short line each: what the table
// held, with the picture's badge (TT EXACT, LOWER or UPPER, and "cut" when
// the entry alone settled the node), the window the node was entered with,
// whether it was searched, and what it returned in this pass (its label in
// the picture): "B: table ≤3 (TT UPPER cut), settles [4, 5]: not searched,
// returns ≤3".
func PassTableHits[P gametree.Position[P]](s *Search[P], k int) []string {
	if k < 1 || k > len(s.Rec.Roots) {
		stop(fmt.Errorf("the search made %d passes, there is no pass %d", len(s.Rec.Roots), k))
	}
	var out []string
	for n := range algos.Preorder(s.Rec.Roots[k-1]) {
		if n.TT == nil {
			continue
		}
		held := fmt.Sprintf("%s: table %s (TT %s", name(n.Pos),
			algos.FormatBound(n.TT.Value, n.TT.Bound), strings.ToUpper(n.TT.Bound.String()))
		window, returned := algos.FormatWindow(n.Alpha, n.Beta), algos.FormatBound(n.Value, n.Bound)
		if n.TT.Cut {
			out = append(out, fmt.Sprintf("%s cut), settles %s: not searched, returns %s", held, window, returned))
			continue
		}
		out = append(out, fmt.Sprintf("%s), not enough for %s: searched, returns %s", held, window, returned))
	}
	if len(out) == 0 {
		out = append(out, "no node found its position in the table")
	}
	return out
}

// GuessTable runs MTD(f) from root to depth from each guess and from the
// root's static value (no guess), each with fail-soft passes and with
// fail-hard ones (Options.Fail = FailHard), each with a fresh table that
// loses nothing, and returns the table of their passes and leaf
// evaluations, with each guess's distance from the value.
func GuessTable[P gametree.Position[P]](root P, depth int, guesses ...int) string {
	value := Must(algos.MTDF(root, depth, nil)).Value
	rows := [][]string{{"first guess", "off by", "fail-soft passes", "leaves", "fail-hard passes", "leaves"}}
	run := func(g *int) []string {
		var row []string
		for _, f := range []algos.Fail{algos.FailSoft, algos.FailHard} {
			r := Must(algos.MTDF(root, depth, &algos.Options[P]{Guess: g, Fail: f, TT: algos.NewMapTT()}))
			row = append(row, strconv.FormatInt(r.Stats.Passes, 10), strconv.FormatInt(r.Stats.Leaves, 10))
		}
		return row
	}
	off := func(g int) string {
		if g >= value {
			return "+" + strconv.Itoa(g-value)
		}
		return algos.FormatValue(g - value)
	}
	for _, g := range guesses {
		rows = append(rows, append([]string{algos.FormatValue(g), off(g)}, run(&g)...))
	}
	static := root.Value()
	rows = append(rows, append([]string{"static " + algos.FormatValue(static), off(static)}, run(nil)...))
	return table(rows)
}

// CompareSearches runs the named searches (algos.Names) from root to depth
// and returns the table of their null-window passes ("–" for a search that
// searches the root once) and leaf evaluations.
func CompareSearches[P gametree.Position[P]](root P, depth int, names ...string) string {
	rows := [][]string{{"search", "passes", "leaves"}}
	for _, n := range names {
		r := Must(byName[P](n, nil)(root, depth, nil))
		passes := "–"
		if r.Stats.Passes > 0 {
			passes = strconv.FormatInt(r.Stats.Passes, 10)
		}
		rows = append(rows, []string{n, passes, strconv.FormatInt(r.Stats.Leaves, 10)})
	}
	return table(rows)
}

// leafSet is a tracer that collects the leaves a search evaluates, by leaf
// index.
type leafSet map[int64]bool

func (s leafSet) Event(e algos.Event[random.UniformNode]) {
	if e.Kind == algos.Leaf {
		s[e.Pos.LeafIndex()] = true
	}
}

// leavesOf runs the named search to the tree's depth and returns its leaf
// evaluations and the set of leaves it evaluated. MTD searches make a
// table of their own.
func leavesOf(search string, root random.UniformNode) (int64, leafSet) {
	set := leafSet{}
	res := Must(Must(algos.ByName[random.UniformNode](search))(root, root.Tree().D, &algos.Options[random.UniformNode]{Trace: set}))
	return res.Stats.Leaves, set
}

// DominanceCount is what Dominance found.
type DominanceCount struct {
	Trees int      // trees searched
	Names []string // the searches compared with alpha-beta
	// Outside counts, per search, the trees on which it evaluated a leaf
	// that fail-hard alpha-beta skips; More the trees on which it made more
	// leaf evaluations than alpha-beta (repeats counted).
	Outside, More map[string]int
}

// DominanceTrees searches 1,080 uniform trees (b = 2, 3, 4; d = 2 to 5; leaf
// values 0–2, 0–9 and 0–999; seeds 0 to 29) listed in the
// given order with fail-hard alpha-beta ("alphabeta") and each named
// search, and counts the trees on which the search evaluates a leaf that
// alpha-beta skips and those on which it evaluates more leaves.
func DominanceTrees(order random.Ordering, names ...string) *DominanceCount {
	d := &DominanceCount{Names: names, Outside: map[string]int{}, More: map[string]int{}}
	for _, b := range []int{2, 3, 4} {
		for depth := 2; depth <= 5; depth++ {
			for _, r := range []int{3, 10, 1000} {
				for seed := range uint64(30) {
					root := Must(random.Uniform{B: b, D: depth, Seed: seed, Range: r, Order: order}.Root())
					n, ab := leavesOf("alphabeta", root)
					d.Trees++
					for _, name := range names {
						m, set := leavesOf(name, root)
						if m > n {
							d.More[name]++
						}
						for l := range set {
							if !ab[l] {
								d.Outside[name]++
								break
							}
						}
					}
				}
			}
		}
	}
	return d
}

// String is the table of the counts.
func (d *DominanceCount) String() string {
	rows := [][]string{{"search", "trees with a leaf alpha-beta skips", "trees with more leaf evaluations than alpha-beta"}}
	for _, n := range d.Names {
		rows = append(rows, []string{n, strconv.Itoa(d.Outside[n]), strconv.Itoa(d.More[n])})
	}
	return fmt.Sprintf("of %d trees:\n", d.Trees) + table(rows)
}

// uniformLiteral writes a uniform tree as a literal for gametree.Parse.
func uniformLiteral(p random.UniformNode) string {
	kids := p.Children(nil)
	if len(kids) == 0 {
		return strconv.Itoa(p.Value())
	}
	var s []string
	for _, c := range kids {
		s = append(s, uniformLiteral(c))
	}
	return "(" + strings.Join(s, " ") + ")"
}

// FirstWin finds the first tree among Uniform{B: 2, D: 3, Range: 10,
// Seed: 0, 1, …, 999} (8 leaves, values 0–9) on which search x makes fewer
// leaf evaluations than search y, and says so with the tree as a literal
// for course.Tree.
func FirstWin(x, y string) string {
	for seed := range uint64(1000) {
		root := Must(random.Uniform{B: 2, D: 3, Seed: seed, Range: 10}.Root())
		nx, _ := leavesOf(x, root)
		if ny, _ := leavesOf(y, root); nx < ny {
			return fmt.Sprintf("%s beats %s on seed %d: %d leaf evaluations against %d, tree %s", x, y, seed, nx, ny, uniformLiteral(root))
		}
	}
	return fmt.Sprintf("%s never beats %s on seeds 0 to 999", x, y)
}

// LeafCounts is what LeafTable measured: Leaves[i][k] is the leaf
// evaluations of search Names[k] on the tree of Seeds[i].
type LeafCounts struct {
	Names  []string
	Seeds  []uint64
	Leaves [][]int64
	Totals []int64
}

// LeafTable searches the uniform tree u with each seed (u.Seed is
// ignored) to its depth with each named search (untraced, MTD searches
// with a table of their own) and counts their leaf evaluations.
func LeafTable(u random.Uniform, seeds []uint64, names ...string) *LeafCounts {
	c := &LeafCounts{Names: names, Seeds: seeds, Totals: make([]int64, len(names))}
	for _, seed := range seeds {
		u.Seed = seed
		root := Must(u.Root())
		row := make([]int64, len(names))
		for k, n := range names {
			row[k] = Must(Must(algos.ByName[random.UniformNode](n))(root, u.D, nil)).Stats.Leaves
			c.Totals[k] += row[k]
		}
		c.Leaves = append(c.Leaves, row)
	}
	return c
}

// String is the table: a row per tree, the totals, and each total divided
// by the first search's.
func (c *LeafCounts) String() string {
	rows := [][]string{append([]string{"seed"}, c.Names...)}
	for i, seed := range c.Seeds {
		row := []string{strconv.FormatUint(seed, 10)}
		for _, n := range c.Leaves[i] {
			row = append(row, strconv.FormatInt(n, 10))
		}
		rows = append(rows, row)
	}
	total, ratio := []string{"total"}, []string{"÷ " + c.Names[0]}
	for _, n := range c.Totals {
		total = append(total, strconv.FormatInt(n, 10))
		ratio = append(ratio, fmt.Sprintf("%.2f", float64(n)/float64(c.Totals[0])))
	}
	return table(append(rows, total, ratio))
}

// Chart draws the totals (all trees together) as one bar per search, for
// course.Show.
func (c *LeafCounts) Chart(title string) Chart {
	s := render.Series{Name: "leaf evaluations"}
	for k, n := range c.Totals {
		s.X = append(s.X, float64(k))
		s.Y = append(s.Y, float64(n))
	}
	return AlgorithmsChart(c.Names, []render.Series{s}, title)
}
