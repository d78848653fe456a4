package course

// Notebook 10 (Connect Four): the project's test sets, the solver's steps
// measured on them, a tracer that counts cutoffs and re-searches, and the
// comparison of the course's searches on Connect Four positions, so that
// the notebook's cells show the experiments and not their loops.

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
	"github.com/janpfeifer/gonb/gonbui"
)

// RootMoves is the table of a recorded search's root moves: for each move
// the root's search went into, its name, what it is worth as the picture
// draws it (a bound such as ≤−2 when the search only proved that much), the
// values of the replies searched below it and how many replies were cut
// off.
func RootMoves[P gametree.Position[P]](s *Search[P]) *Columns {
	c := NewColumns("move", "worth (as drawn)", "replies searched: values", "replies cut off")
	root := s.Rec.Root()
	if root == nil {
		return c
	}
	namer, _ := any(root.Pos).(gametree.MoveNamer)
	for _, ch := range root.Children {
		name := strconv.Itoa(ch.Move)
		if namer != nil {
			name = namer.MoveName(ch.Move)
		}
		var vals []string
		for _, g := range ch.Children {
			vals = append(vals, drawnValue(g.Value, algos.Exact))
		}
		if ch.Leaf {
			vals = []string{"(a leaf)"}
		}
		c.Row(name, drawnValue(ch.Value, ch.Bound), strings.Join(vals, " "), len(ch.Pruned))
	}
	return c
}

// drawnValue writes v as the pictures do: with a true minus sign, and ≤ or
// ≥ before a bound.
func drawnValue(v int, b algos.Bound) string {
	s := strconv.Itoa(v)
	if v < 0 {
		s = "−" + s[1:]
	}
	switch b {
	case algos.Upper:
		return "≤" + s
	case algos.Lower:
		return "≥" + s
	}
	return s
}

// C4File returns the path of testdata/connect4/file, this repository's
// Connect Four test sets: under the notebooks' folder when the kernel runs
// them (GONB_DIR), else in the first folder up from the working directory
// that has it.
func C4File(file string) string {
	rel := filepath.Join("testdata", "connect4", file)
	if dir := os.Getenv("GONB_DIR"); dir != "" {
		return filepath.Join(dir, "..", rel)
	}
	if dir, err := os.Getwd(); err == nil {
		for {
			if _, err := os.Stat(filepath.Join(dir, "testdata", "connect4")); err == nil {
				return filepath.Join(dir, rel)
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir = up
		}
	}
	return rel
}

// C4Set returns the first n lines ("moves score") of one of this project's
// Connect Four test sets, testdata/connect4/file ("end-easy.txt";
// testset.Sets names them), or all of them when it has fewer.
func C4Set(file string, n int) []testset.Line {
	f := Must(os.Open(C4File(file)))
	defer f.Close()
	lines := Must(testset.ReadLines(f))
	return lines[:min(n, len(lines))]
}

// C4DefaultStep is the step after Pons' last part: this package's
// connect4.Default, every step of his tutorial and the package's own.
const C4DefaultStep = connect4.LastPart + 1

// C4Step returns the solver's options at a step of Pons' tutorial: part
// 4–12 (connect4.Part), or C4DefaultStep.
func C4Step(part int) connect4.Options {
	if part == C4DefaultStep {
		return connect4.Default()
	}
	return Must(connect4.Part(part))
}

// C4StepName names a step: its part number, or "default".
func C4StepName(part int) string {
	if part == C4DefaultStep {
		return "default"
	}
	return strconv.Itoa(part)
}

// c4StepLabel names a step in a table's header or on a chart's axis, where
// room is short: its part number, or "def" for the default.
func c4StepLabel(part int) string {
	if part == C4DefaultStep {
		return "def"
	}
	return strconv.Itoa(part)
}

// C4Mean solves every line with a solver of opt, with a fresh table for
// each line as Pons does, checks each score against the file's, and
// returns the mean nodes (calls of the negamax function) and microseconds
// per position.
func C4Mean(opt connect4.Options, lines []testset.Line) (nodes, micros float64) {
	if len(lines) == 0 {
		stop(errors.New("no lines to solve"))
	}
	s := Must(connect4.New(opt))
	var total uint64
	var elapsed time.Duration
	for _, l := range lines {
		p := Must(connect4.ParsePosition(l.Moves))
		s.Reset()
		start := time.Now()
		r := Must(s.Solve(p))
		elapsed += time.Since(start)
		if r.Score != l.Score {
			stop(fmt.Errorf("%s: scored %d, the file says %d", l.Moves, r.Score, l.Score))
		}
		total += r.Nodes
	}
	n := float64(len(lines))
	return float64(total) / n, float64(elapsed.Microseconds()) / n
}

// C4MeanSearches solves every line as C4Mean does and returns the mean
// number of searches of the root per position (connect4.Result.Searches:
// 1 for one full-window search, one per null window with Deepening).
func C4MeanSearches(opt connect4.Options, lines []testset.Line) float64 {
	if len(lines) == 0 {
		stop(errors.New("no lines to solve"))
	}
	s := Must(connect4.New(opt))
	total := 0
	for _, l := range lines {
		s.Reset()
		total += Must(s.Solve(Must(connect4.ParsePosition(l.Moves)))).Searches
	}
	return float64(total) / float64(len(lines))
}

// C4StepRow is one test set's mean nodes and microseconds per position at
// every step from part First to the default.
type C4StepRow struct {
	Set           string
	First         int
	Nodes, Micros []float64 // index: part − First
}

// C4MeasureSteps solves lines at every step from part first to the default
// (C4Mean).
func C4MeasureSteps(set string, lines []testset.Line, first int) C4StepRow {
	row := C4StepRow{Set: set, First: first}
	for part := first; part <= C4DefaultStep; part++ {
		n, us := C4Mean(C4Step(part), lines)
		row.Nodes, row.Micros = append(row.Nodes, n), append(row.Micros, us)
	}
	return row
}

// NodesAt is the row's mean nodes at a step (NaN: not measured).
func (r C4StepRow) NodesAt(part int) float64 {
	if k := part - r.First; k >= 0 && k < len(r.Nodes) {
		return r.Nodes[k]
	}
	return math.NaN()
}

// Biggest returns the step that divides the row's mean nodes the most
// against the step before it, and by how much.
func (r C4StepRow) Biggest() (part int, by float64) {
	for k := 1; k < len(r.Nodes); k++ {
		if f := r.Nodes[k-1] / r.Nodes[k]; f > by {
			part, by = r.First+k, f
		}
	}
	return part, by
}

// C4StepsTable is the table of rows: one column per step from part 4 to
// the default ("def"), one row per set, its mean nodes per position
// (micros: its mean µs), "–" where the step was not run on that set. Means
// of 1,000 or more are rounded to whole numbers, so that a row of ten steps
// fits in about 90 characters.
func C4StepsTable(rows []C4StepRow, micros bool) *Columns {
	head := []any{"mean nodes, part"}
	if micros {
		head[0] = "mean µs, part"
	}
	for part := connect4.FirstPart; part <= C4DefaultStep; part++ {
		head = append(head, c4StepLabel(part))
	}
	c := NewColumns(head...)
	for _, r := range rows {
		ys := make([]float64, 0, C4DefaultStep-connect4.FirstPart+1)
		for part := connect4.FirstPart; part <= C4DefaultStep; part++ {
			y := r.NodesAt(part)
			if micros && !math.IsNaN(y) {
				y = r.Micros[part-r.First]
			}
			if y >= 1000 {
				y = math.Round(y)
			}
			ys = append(ys, y)
		}
		c.Floats(r.Set, ys)
	}
	return c
}

// C4StepsChart draws each row's mean nodes per step on a log axis
// (render.StepsChart), one line per set, from part 4 to the default ("def"
// on the axis). A line is named by its set's name up to the first " (" or
// ",": "End-Easy (100)" is drawn as "End-Easy", so that the legend leaves
// the plot most of the width.
func C4StepsChart(rows []C4StepRow, title string) Chart {
	var steps []string
	for part := connect4.FirstPart; part <= C4DefaultStep; part++ {
		steps = append(steps, c4StepLabel(part))
	}
	var series []render.Series
	for _, r := range rows {
		name, _, _ := strings.Cut(r.Set, " (")
		name, _, _ = strings.Cut(name, ",")
		s := render.Series{Name: name}
		for part := connect4.FirstPart; part <= C4DefaultStep; part++ {
			s.Y = append(s.Y, r.NodesAt(part))
		}
		series = append(series, s)
	}
	return StepsChart(steps, series, "", title)
}

// PonsFigure is what Pons publishes for his part 12, the strong solver
// (blog.gamesolver.org, part 12), on one of his six sets: mean µs and nodes
// per position, on his machine. File is this project's set of the same
// class, Lines how many of its lines notebook 10 solves (0: none, too slow
// for a notebook).
type PonsFigure struct {
	Set, File     string
	Micros, Nodes float64
	Lines         int
}

// PonsPart12 are his figures for his six sets.
var PonsPart12 = []PonsFigure{
	{"End-Easy", "end-easy.txt", 4.568, 51.28, 1000},
	{"Middle-Easy", "middle-easy.txt", 37.45, 449.6, 1000},
	{"Middle-Medium", "middle-medium.txt", 3212, 39_900, 20},
	{"Begin-Easy", "begin-easy.txt", 254.6, 3298, 1000},
	{"Begin-Medium", "begin-medium.txt", 96_630, 1_201_000, 0},
	{"Begin-Hard", "begin-hard.txt", 5_490_000, 65_920_000, 0},
}

// C4ShowPonsCompare shows the tables of testdata/connect4/pons-compare.md,
// Pons' lines solved by his solver and this one on one machine
// (PonsCompareTables), or says how to make it when it is not there.
func C4ShowPonsCompare() {
	b, err := os.ReadFile(C4File("pons-compare.md"))
	if err != nil {
		fmt.Println("testdata/connect4/pons-compare.md is not there:",
			"testdata/connect4/compare-pons -h says how to make it")
		return
	}
	gonbui.DisplayMarkdown(PonsCompareTables(string(b)))
	gonbui.Sync()
}

// PonsCompareTables returns the tables of pons-compare.md for a notebook
// page: without the file's title and its notes on how it was built (the
// notebook says what a learner needs of them), each section heading
// written as a bold line instead (a heading in a cell's output would be
// bigger than the page's own), the strong and weak solvers' in words. A
// last column "scores" that says "all right" on every row is left out, and
// its bold line says so instead, so that the table fits the page.
func PonsCompareTables(md string) string {
	lines := strings.Split(md, "\n")
	start := len(lines)
	for i, l := range lines {
		if strings.HasPrefix(l, "##") || strings.HasPrefix(l, "|") {
			start = i
			break
		}
	}
	var out []string
	for k := start; k < len(lines); k++ {
		l := lines[k]
		if strings.HasPrefix(l, "#") {
			text := strings.TrimSpace(strings.TrimLeft(l, "#"))
			switch {
			case strings.HasPrefix(text, "Strong"):
				l = "**Strong solvers** (the exact score), mean per position"
			case strings.HasPrefix(text, "Weak"):
				l = "**Weak solvers** (only win, draw or loss), mean per position"
			default:
				l = "**" + text + "**"
			}
			end := k + 1
			for end < len(lines) && (lines[end] == "" || strings.HasPrefix(lines[end], "|")) {
				end++
			}
			if rows, ok := dropAllRight(lines[k+1 : end]); ok {
				out = append(out, l+"; every score right:")
				out = append(out, rows...)
				k = end - 1
				continue
			}
			l += ":"
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}

// dropAllRight returns the lines of a markdown table without its last
// column when that column is "scores" and says "all right" on every row.
func dropAllRight(lines []string) ([]string, bool) {
	var out []string
	row := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "|") {
			out = append(out, l)
			continue
		}
		cells := strings.Split(strings.TrimSuffix(strings.TrimSpace(l), "|"), "|")
		last := strings.TrimSpace(cells[len(cells)-1])
		switch {
		case row == 0 && last != "scores",
			row > 1 && last != "all right":
			return nil, false
		}
		row++
		out = append(out, strings.Join(cells[:len(cells)-1], "|")+"|")
	}
	return out, row > 2
}

// C4Sample returns the positions of the first n lines of this project's
// Middle-Medium set (15–28 stones, 14–27 remaining moves).
func C4Sample(n int) []connect4.Position {
	var ps []connect4.Position
	for _, l := range C4Set("middle-medium.txt", n) {
		ps = append(ps, Must(connect4.ParsePosition(l.Moves)))
	}
	return ps
}

// SearchCensus is a tracer (algos.Options.Trace) that counts, over every
// search it is given, the cutoffs, those made by the first move searched at
// their node, the re-searches, and the unstable re-searches: those that
// came back at or below the bound they were asked to beat (Moreland's
// search instability: the null-window test said "better", the re-search
// says "not better").
type SearchCensus[P gametree.Position[P]] struct {
	Cuts, FirstCuts      int
	ReSearches, Unstable int

	kids      [64]int  // moves entered so far at each ply
	pending   bool     // a ReSearch event came: the next Enter is a re-search
	research  [64]bool // the node at this ply is a re-search
	bar       [64]int  // its parent's bound to beat (Max's view)
	maxParent [64]bool // its parent is Max
}

// Event counts e.
func (c *SearchCensus[P]) Event(e algos.Event[P]) {
	if e.Ply < 0 || e.Ply >= len(c.kids) {
		return
	}
	switch e.Kind {
	case algos.Enter:
		if e.Ply > 0 {
			c.kids[e.Ply-1]++
		}
		c.kids[e.Ply], c.research[e.Ply] = 0, c.pending
		if c.pending {
			c.ReSearches++
			c.maxParent[e.Ply] = e.Pos.ToMove() == gametree.Min
			if c.maxParent[e.Ply] {
				c.bar[e.Ply] = e.Alpha
			} else {
				c.bar[e.Ply] = e.Beta
			}
		}
		c.pending = false
	case algos.ReSearch:
		c.pending = true
	case algos.Cutoff:
		c.Cuts++
		if c.kids[e.Ply] == 1 {
			c.FirstCuts++
		}
	case algos.Exit:
		if c.research[e.Ply] {
			c.research[e.Ply] = false
			if c.maxParent[e.Ply] && e.Value <= c.bar[e.Ply] || !c.maxParent[e.Ply] && e.Value >= c.bar[e.Ply] {
				c.Unstable++
			}
		}
	}
}

// FirstCutPercent is the share of the cutoffs made by the first move
// searched, in percent.
func (c *SearchCensus[P]) FirstCutPercent() float64 {
	if c.Cuts == 0 {
		return 0
	}
	return 100 * float64(c.FirstCuts) / float64(c.Cuts)
}

// C4Entry is one search of notebook 10's comparison: a label, its name in
// pkg/algos, and whether it gets a transposition table.
type C4Entry struct {
	Label, Alg string
	Table      bool
}

// The comparison's two groups, each compared with its first entry: the
// searches without a table (algos.NegaScout and algos.Scout take none) and
// those with one (+T; alpha-beta with the table of the Persian Wikipedia
// article on negamax, "negamax-ab").
var (
	C4Plain = []C4Entry{{"alpha-beta", "alphabeta", false}, {"PVS", "pvs", false}, {"NegaScout", "negascout", false},
		{"SCOUT", "scout", false}, {"BNS", "bns", false}}
	C4WithTable = []C4Entry{{"alpha-beta+T", "negamax-ab", true}, {"PVS+T", "pvs", true}, {"MTD(f)+T", "mtdf", true},
		{"SSS*+T", "sss", true}, {"DUAL*+T", "dual", true}, {"BNS+T", "bns", true}}
)

// C4Table returns the comparison's transposition table: 65,536 entries,
// two-tier replacement.
func C4Table() *algos.Table { return Must(algos.NewTable(1<<16, algos.ReplaceTwoTier)) }

// C4Run is one search of the comparison run on every position of a sample:
// each position's Stats and the value it returned.
type C4Run struct {
	Entry  C4Entry
	Stats  []algos.Stats
	Values []int
}

// Total adds up the Stats of every position.
func (r C4Run) Total() algos.Stats { return r.Sum(0, len(r.Stats)) }

// Sum adds up the Stats of positions from, …, to − 1.
func (r C4Run) Sum(from, to int) (s algos.Stats) {
	for _, x := range r.Stats[from:to] {
		s = s.Add(x)
	}
	return s
}

// LeavesVs is r's leaves ÷ base's over positions from, …, to − 1.
func (r C4Run) LeavesVs(base C4Run, from, to int) float64 {
	return ratio(r.Sum(from, to).Leaves, base.Sum(from, to).Leaves)
}

// FewerLeaves counts the positions on which r evaluates fewer leaves than
// base.
func (r C4Run) FewerLeaves(base C4Run) int {
	n := 0
	for i := range r.Stats {
		if r.Stats[i].Leaves < base.Stats[i].Leaves {
			n++
		}
	}
	return n
}

// SameValues counts the positions on which r returned base's value.
func (r C4Run) SameValues(base C4Run) int {
	n := 0
	for i := range r.Values {
		if r.Values[i] == base.Values[i] {
			n++
		}
	}
	return n
}

func ratio(a, b int64) float64 { return float64(a) / float64(b) }

// C4SearchAll runs e on every position of sample to depth, the children in
// static order (algos.StaticOrder: the best Value for the side to move
// first), each position with a fresh table when e has one.
func C4SearchAll(e C4Entry, sample []connect4.Position, depth int) C4Run {
	f, tt := Must(algos.ByName[connect4.Position](e.Alg)), C4Table()
	run := C4Run{Entry: e}
	for _, p := range sample {
		opt := &algos.Options[connect4.Position]{Order: algos.StaticOrder[connect4.Position]()}
		if e.Table {
			tt.Clear()
			opt.TT = tt
		}
		r := Must(f(p, depth, opt))
		run.Stats, run.Values = append(run.Stats, r.Stats), append(run.Values, r.Value)
	}
	return run
}

// C4Deepen runs e (with a table) by iterative deepening, depths 1, 2, …,
// depth, on every position of sample: one table kept through the
// iterations, each iteration's guess (MTD(f), BNS) the previous value, the
// children in static order. A position's Stats are its iterations added
// up, its value the last iteration's.
func C4Deepen(e C4Entry, sample []connect4.Position, depth int) C4Run {
	f, tt := Must(algos.ByName[connect4.Position](e.Alg)), C4Table()
	run := C4Run{Entry: e}
	for _, p := range sample {
		tt.Clear()
		g, s := p.Value(), algos.Stats{}
		for k := 1; k <= depth; k++ {
			r := Must(f(p, k, &algos.Options[connect4.Position]{Order: algos.StaticOrder[connect4.Position](), TT: tt, Guess: &g}))
			s, g = s.Add(r.Stats), r.Value
		}
		run.Stats, run.Values = append(run.Stats, s), append(run.Values, g)
	}
	return run
}

// C4Comparison is every search of a group run on a sample (C4SearchAll or
// C4Deepen), its first the group's alpha-beta that the others are
// compared with.
type C4Comparison []C4Run

// C4CompareAll runs every entry of groups on sample to depth, each group
// compared with its first entry.
func C4CompareAll(sample []connect4.Position, depth int, groups ...[]C4Entry) []C4Comparison {
	var out []C4Comparison
	for _, g := range groups {
		var cmp C4Comparison
		for _, e := range g {
			cmp = append(cmp, C4SearchAll(e, sample, depth))
		}
		out = append(out, cmp)
	}
	return out
}

// C4DeepenAll runs every entry of group by iterative deepening (C4Deepen).
func C4DeepenAll(group []C4Entry, sample []connect4.Position, depth int) C4Comparison {
	var cmp C4Comparison
	for _, e := range group {
		cmp = append(cmp, C4Deepen(e, sample, depth))
	}
	return cmp
}

// Table is the comparison as a table: each search's leaves and nodes (and
// each ÷ the group's first, its alpha-beta), re-searches, passes, and on
// how many positions it returned the first's value.
func (c C4Comparison) Table() *Columns {
	t := NewColumns(comparisonHead...)
	c.rows(t)
	return t
}

// comparisonHead is the header of a comparison's table: each "ratio" is
// the count before it ÷ the same count of the first search of its group
// (its alpha-beta), "same value" the positions on which a search returned
// that search's value.
var comparisonHead = []any{"search", "leaves", "ratio", "nodes", "ratio", "re-searches", "passes",
	"same value"}

func (c C4Comparison) rows(t *Columns) {
	base := c[0].Total()
	for _, r := range c {
		s := r.Total()
		t.Row(r.Entry.Label, s.Leaves, fmt.Sprintf("%.2f", ratio(s.Leaves, base.Leaves)),
			s.Nodes, fmt.Sprintf("%.2f", ratio(s.Nodes, base.Nodes)),
			s.ReSearches, s.Passes, r.SameValues(c[0]))
	}
}

// C4ComparisonTable is the table of several comparisons, one after the
// other under one header.
func C4ComparisonTable(cmps []C4Comparison) *Columns {
	t := NewColumns(comparisonHead...)
	for _, c := range cmps {
		c.rows(t)
	}
	return t
}

// C4ComparisonChart draws the leaves and nodes of every search of cmps as
// bars (render.AlgorithmsChart).
func C4ComparisonChart(cmps []C4Comparison, title string) Chart {
	var names []string
	leaves, nodes := render.Series{Name: "leaves"}, render.Series{Name: "nodes"}
	for _, c := range cmps {
		for _, r := range c {
			s := r.Total()
			x := float64(len(names))
			names = append(names, r.Entry.Label)
			leaves.X, leaves.Y = append(leaves.X, x), append(leaves.Y, float64(s.Leaves))
			nodes.X, nodes.Y = append(nodes.X, x), append(nodes.Y, float64(s.Nodes))
		}
	}
	return AlgorithmsChart(names, []render.Series{leaves, nodes}, title)
}

// Get returns the run labelled label (stops the cell when there is none).
func (c C4Comparison) Get(label string) C4Run {
	for _, r := range c {
		if r.Entry.Label == label {
			return r
		}
	}
	stop(fmt.Errorf("no search labelled %q", label))
	return C4Run{}
}

// C4Claim is one of the sources' claims judged on Connect Four: its ratio
// in each setting where it applies, and whether it holds there.
type C4Claim struct {
	Claim    string
	Settings []string
	Ratios   []float64
	Holds    []bool
}

// Verdict is "holds" when the claim holds in every setting, "does not
// hold" when in none, and "holds only in: …" otherwise.
func (c C4Claim) Verdict() string {
	var where []string
	for i, h := range c.Holds {
		if h {
			where = append(where, c.Settings[i])
		}
	}
	switch {
	case len(where) == len(c.Holds):
		return "holds"
	case len(where) == 0:
		return "does not hold"
	}
	return "holds only in: " + strings.Join(where, ", ")
}

// String states the claim on one line and, indented on the next, its ratio
// in each setting and its verdict.
func (c C4Claim) String() string {
	var parts []string
	for i, r := range c.Ratios {
		parts = append(parts, fmt.Sprintf("%s %.2f", c.Settings[i], r))
	}
	return fmt.Sprintf("%s:\n    %s → %s", c.Claim, strings.Join(parts, ", "), c.Verdict())
}

func claim(text string, settings []string, ratios []float64, holds func(float64) bool) C4Claim {
	c := C4Claim{Claim: text, Settings: settings, Ratios: ratios}
	for _, r := range ratios {
		c.Holds = append(c.Holds, holds(r))
	}
	return c
}

// C4Claims judges the sources' claims from one search of each entry without
// and with a table (plain, table: C4CompareAll's two comparisons) and the
// deepening of the table searches (deep: C4DeepenAll), by leaves (for PVS,
// by nodes too). "About 10 % better" is read as 0.85–0.95 of alpha-beta's
// count; "beats" as a ratio below 1; "does not beat" as 1 or more. BNS is
// compared with the search of its group that evaluates the fewest leaves.
func C4Claims(plain, table, deep C4Comparison) []C4Claim {
	lv := func(c C4Comparison, a, b string) float64 {
		return ratio(c.Get(a).Total().Leaves, c.Get(b).Total().Leaves)
	}
	nd := func(c C4Comparison, a, b string) float64 {
		return ratio(c.Get(a).Total().Nodes, c.Get(b).Total().Nodes)
	}
	fewest := func(c C4Comparison, skip string) string {
		best := ""
		for _, r := range c {
			if r.Entry.Label != skip && (best == "" || r.Total().Leaves < c.Get(best).Total().Leaves) {
				best = r.Entry.Label
			}
		}
		return best
	}
	both := func(a, b C4Comparison) C4Comparison { return append(append(C4Comparison{}, a...), b...) }
	about10 := func(r float64) bool { return r >= 0.85 && r <= 0.95 }
	below1 := func(r float64) bool { return r < 1 }
	atLeast1 := func(r float64) bool { return r >= 1 }
	three := []string{"no table", "table", "deepening"}
	vsNS := []string{"vs NegaScout", "vs PVS+T", "deepening"}
	return []C4Claim{
		claim("PVS about 10 % better than alpha-beta", three,
			[]float64{lv(plain, "PVS", "alpha-beta"), lv(table, "PVS+T", "alpha-beta+T"), lv(deep, "PVS+T", "alpha-beta+T")}, about10),
		claim("the same, counting nodes", three,
			[]float64{nd(plain, "PVS", "alpha-beta"), nd(table, "PVS+T", "alpha-beta+T"), nd(deep, "PVS+T", "alpha-beta+T")}, about10),
		claim("NegaScout beats alpha-beta", three[:1], []float64{lv(plain, "NegaScout", "alpha-beta")}, below1),
		claim("SCOUT beats alpha-beta", three[:1], []float64{lv(plain, "SCOUT", "alpha-beta")}, below1),
		claim("MTD(f) beats NegaScout (PVS+T where there is a table)", vsNS,
			[]float64{lv(both(plain, table), "MTD(f)+T", "NegaScout"), lv(table, "MTD(f)+T", "PVS+T"), lv(deep, "MTD(f)+T", "PVS+T")}, below1),
		claim("MT-SSS* does not beat NegaScout (PVS+T where there is a table)", vsNS,
			[]float64{lv(both(plain, table), "SSS*+T", "NegaScout"), lv(table, "SSS*+T", "PVS+T"), lv(deep, "SSS*+T", "PVS+T")}, atLeast1),
		claim("BNS the most efficient (÷ the best other)", three,
			[]float64{lv(plain, "BNS", fewest(plain, "BNS")), lv(table, "BNS+T", fewest(table, "BNS+T")), lv(deep, "BNS+T", fewest(deep, "BNS+T"))}, below1),
	}
}
