package quiz

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// FailHardSoft asks what the node called node returns in alpha-beta in
// negamax form (the Persian Wikipedia negamax article / Moreland), fail-hard and fail-soft: both
// searches are recorded, and the node's values (Max's point of view) are
// read from them. With node "" it asks about the first node, in search
// order, where the two differ. The distractors are the two values swapped,
// both clamped, both unclamped, the other edge of the window, and the
// node's true minimax value twice (OneChoice).
func FailHardSoft(tree, node string) (*Quiz, error) {
	t, hardRec, _, err := loadRecorded(tree, algos.NegamaxAB[gametree.Node], options{Fail: algos.FailHard})
	if err != nil {
		return nil, err
	}
	softRec, _, err := record(t, algos.NegamaxAB[gametree.Node], options{Fail: algos.FailSoft})
	if err != nil {
		return nil, err
	}
	var h *trace
	x, err := pick(t, softRec.Root(), node, "negamax alpha-beta", true, func(s *trace) bool {
		h = traceOf(hardRec.Root(), s.Pos, false)
		return h != nil && h.Value != s.Value
	}, errors.New("quiz: fail-hard and fail-soft return the same value at every node of this tree"))
	if err != nil {
		return nil, err
	}
	if node != "" {
		if h = traceOf(hardRec.Root(), x.Pos, false); h == nil {
			return nil, fmt.Errorf("quiz: fail-hard negamax never searches %s", node)
		}
	}
	name := x.Pos.Name()
	mm, err := algos.Minimax(x.Pos, algos.FullDepth, nil)
	if err != nil {
		return nil, fmt.Errorf("quiz: %w", err)
	}
	hv, sv := h.Value, x.Value
	w := algos.FormatWindow(x.Alpha, x.Beta)
	var truth string
	switch x.Bound {
	case algos.Upper:
		truth = fmt.Sprintf("%s fails low: nothing lifts it above α = %s, so fail-hard returns α = %s and fail-soft the best value it found, %s (an upper bound: %s ≤ %s).",
			name, algos.FormatValue(x.Alpha), algos.FormatValue(hv), algos.FormatValue(sv), name, algos.FormatValue(sv))
	case algos.Lower:
		truth = fmt.Sprintf("%s fails high: it is worth at least %s ≥ β = %s, so fail-hard returns β = %s and fail-soft %s (a lower bound: %s ≥ %s).",
			name, algos.FormatValue(sv), algos.FormatValue(x.Beta), algos.FormatValue(hv), algos.FormatValue(sv), name, algos.FormatValue(sv))
	default:
		truth = fmt.Sprintf("%s's value %s lies inside its window %s: fail-hard and fail-soft both return it.", name, algos.FormatValue(sv), w)
	}
	label := func(a, b int) string {
		return fmt.Sprintf("fail-hard %s, fail-soft %s", algos.FormatValue(a), algos.FormatValue(b))
	}
	// The options are sorted by label.
	var opts choices[string]
	add := func(hard, soft int, correct bool, why string) {
		opts.add(label(hard, soft), Option{Label: label(hard, soft), Correct: correct, Why: why})
	}
	add(hv, sv, true, truth)
	add(sv, hv, false, fmt.Sprintf("Swapped: fail-hard clamps into the window %s and returns %s; fail-soft returns %s, the value it found.", w, algos.FormatValue(hv), algos.FormatValue(sv)))
	add(sv, sv, false, fmt.Sprintf("Fail-hard clamps: %s lies outside %s, so it returns %s.", algos.FormatValue(sv), w, algos.FormatValue(hv)))
	add(hv, hv, false, fmt.Sprintf("Fail-soft does not clamp: it returns %s, the best value it found, outside the window %s.", algos.FormatValue(sv), w))
	other := x.Alpha
	if hv == x.Alpha {
		other = x.Beta
	}
	if other > -algos.Inf && other < algos.Inf {
		add(other, sv, false, fmt.Sprintf("Fail-hard returns the edge the value failed on: %s", truth))
	}
	add(mm.Value, mm.Value, false, fmt.Sprintf("%s's true value is %s, but a node that fails outside its window only proves a bound: %s", name, algos.FormatValue(mm.Value), truth))
	if len(opts.opts) < 2 {
		return nil, fmt.Errorf("quiz: fail-hard and fail-soft both return %s at %s, its value; ask about a node that fails low or high", algos.FormatValue(sv), name)
	}
	q := &Quiz{
		ID:    quizID("fail-hard-soft", t.String(), name),
		Title: "Fail-hard or fail-soft?",
		Question: fmt.Sprintf("Alpha-beta in negamax form searches this tree, children left to right. %s is entered with the window %s "+
			"(Max's point of view, as in the pictures). What does %s return in the fail-hard version, and what in the fail-soft version?", name, w, name),
		Kind:    OneChoice,
		Options: opts.sorted(4, strings.Compare),
		Truth:   truth,
		Hint: "Not quite: when a node fails, fail-hard returns the end of its window it failed at; " +
			"fail-soft returns the best value it found, even outside the window.",
	}
	return drawn(q, t, nil, shot{softRec, 0, fmt.Sprintf("fail-soft (fail-hard: %s returns %s)", name, algos.FormatValue(hv)), 0})
}

// Flag names, as the Persian Wikipedia negamax article's pseudocode writes them.
const (
	FlagExact = "EXACT"
	FlagLower = "LOWERBOUND"
	FlagUpper = "UPPERBOUND"
)

// TTFlag asks which flag the transposition-table entry stored for the node
// called node gets in negamax alpha-beta with a table (the Persian Wikipedia
// negamax article's third pseudocode, algos.NegamaxAB with Options.TT): EXACT, LOWERBOUND or
// UPPERBOUND. The truth is read from the table after the recorded search.
// With node "" it asks about the first node, in search order, whose entry
// is a bound. Leaves get no entry (the pseudocode returns before storing).
func TTFlag(tree, node string) (*Quiz, error) {
	table := algos.NewMapTT()
	t, rec, _, err := loadRecorded(tree, algos.NegamaxAB[gametree.Node], options{TT: table})
	if err != nil {
		return nil, err
	}
	root := rec.Root()
	x, err := pick(t, root, node, "negamax with a table", false, func(n *trace) bool {
		e, ok := table.Probe(n.Pos.Key())
		return ok && !n.Leaf && e.Bound != algos.Exact
	}, nil)
	if err != nil {
		return nil, err
	}
	if x == nil {
		x = root
	}
	name := x.Pos.Name()
	e, ok := table.Probe(x.Pos.Key())
	if !ok {
		return nil, fmt.Errorf("quiz: the table holds no entry for %s", name)
	}
	val, w := algos.FormatValue(e.Value), algos.FormatWindow(x.Alpha, x.Beta)
	exact := option(FlagExact, e.Bound == algos.Exact,
		fmt.Sprintf("EXACT: %s returns %s, strictly inside its window %s: its true value.", name, val, w),
		fmt.Sprintf("Not EXACT: %s returns %s, which is not strictly inside its window %s.", name, val, w))
	lower := option(FlagLower, e.Bound == algos.Lower,
		fmt.Sprintf("LOWERBOUND: %s returns %s ≥ β = %s (it failed high: a cutoff stopped it), so it is worth at least %s.", name, val, algos.FormatValue(x.Beta), val),
		fmt.Sprintf("Not LOWERBOUND: that needs a value ≥ β = %s (a fail-high), and %s returns %s.", algos.FormatValue(x.Beta), name, val))
	upper := option(FlagUpper, e.Bound == algos.Upper,
		fmt.Sprintf("UPPERBOUND: %s returns %s ≤ α = %s (it failed low: nothing rose above α), so it is worth at most %s.", name, val, algos.FormatValue(x.Alpha), val),
		fmt.Sprintf("Not UPPERBOUND: that needs a value ≤ α = %s (a fail-low), and %s returns %s.", algos.FormatValue(x.Alpha), name, val))
	// The article's pseudocode keeps the side to move's point of view: at a
	// Min node its entry is the negated value with the bounds swapped.
	mirror, mirrored := "", ""
	if x.Pos.ToMove() != gametree.Max {
		mirror = fmt.Sprintf(" (The article's pseudocode keeps the side to move's point of view: at a Min node such as %s "+
			"it stores the negated value, with LOWERBOUND and UPPERBOUND swapped; EXACT stays EXACT.)", name)
		flag := map[algos.Bound]string{algos.Exact: FlagExact, algos.Lower: FlagUpper, algos.Upper: FlagLower}[e.Bound]
		mirrored = fmt.Sprintf(" In the article's side-to-move table the same fact reads, for Min, who moves at %s: entered with %s, "+
			"%s returns %s, stored as %s %s.", name, algos.FormatWindow(-x.Beta, -x.Alpha), name, algos.FormatValue(-e.Value), flag, algos.FormatValue(-e.Value))
		// A learner who traced the article's side-to-move values picks the
		// mirrored flag: say so in its one line.
		for _, o := range []*Option{&lower, &upper} {
			if o.Label == flag && !o.Correct {
				o.Why += fmt.Sprintf(" (%s %s is what the article's side-to-move table stores for Min at %s; the quiz asks in Max's point of view.)",
					flag, algos.FormatValue(-e.Value), name)
			}
		}
	}
	q := &Quiz{
		ID:    quizID("tt-flag", t.String(), name),
		Title: "Which flag does the entry get?",
		Question: fmt.Sprintf("Negamax alpha-beta with a transposition table (the Persian Wikipedia article's) searches this tree, children left to right. "+
			"Windows, values and the table are Max's point of view, as in the pictures and in the library's table. "+
			"%s is entered with the window %s. When it is done, its value is stored with a flag. Which one?%s", name, w, mirror),
		Kind:    OneChoice,
		Options: []Option{exact, lower, upper},
		Hint: fmt.Sprintf("Not quite: compare the value %s returns with the window it was entered with: "+
			"at or below α, strictly inside, or at or above β?", name),
	}
	for i, o := range q.Options {
		if o.Correct {
			q.Options[i].Why += mirrored
			q.Truth = q.Options[i].Why
		}
	}
	title := fmt.Sprintf("the entry of %s: %s %s", name, map[algos.Bound]string{algos.Exact: FlagExact, algos.Lower: FlagLower, algos.Upper: FlagUpper}[e.Bound], val)
	return drawn(q, t, nil, shot{rec, 0, title, 0})
}

// PVS outcomes, the options of PVSProbe in this order.
const (
	probeNone     = iota // searched with the full window: not probed
	probeLow             // the probe fails low: no re-search
	probeReSearch        // the probe fails high: re-searched
	probeCut             // the probe reaches the far bound: a cutoff
)

// PVSProbe asks what happens when PVS (Moreland's, fail-hard)
// comes to the node called node: it is searched with the full window (no
// probe), or its null-window probe fails low, or fails high and it is
// re-searched, or fails high past the far bound so that its parent cuts off
// (OneChoice). With node "" it asks about the first node probed.
func PVSProbe(tree, node string) (*Quiz, error) {
	t, rec, _, err := loadRecorded(tree, algos.PVS[gametree.Node], options{Fail: algos.FailHard})
	if err != nil {
		return nil, err
	}
	root := rec.Root()
	x, err := pick(t, root, node, "PVS", true, func(n *trace) bool {
		p := parentOf(root, n)
		return p != nil && n.NullWindow() && !p.NullWindow()
	}, errors.New("quiz: PVS probes no node of this tree"))
	if err != nil {
		return nil, err
	}
	if node != "" {
		// Inside a re-searched subtree a node is searched twice: ask about
		// the search whose parent has a wider window than a null one.
		if y := firstWhere(root, func(n *trace) bool {
			p := parentOf(root, n)
			return n.Pos.ID() == x.Pos.ID() && p != nil && !p.NullWindow()
		}); y != nil {
			x = y
		}
	}
	p := parentOf(root, x)
	if p == nil {
		return nil, errors.New("quiz: the root is not probed; ask about another node")
	}
	if p.NullWindow() {
		return nil, fmt.Errorf("quiz: %s's parent %s is itself searched with a null window; ask about a node whose parent has a wider window", x.Pos.Name(), p.Pos.Name())
	}
	name, pname := x.Pos.Name(), p.Pos.Name()
	k := slices.Index(p.Children, x)
	outcome := probeLow
	var again *trace
	switch {
	case !x.NullWindow():
		outcome = probeNone
	case k+1 < len(p.Children) && p.Children[k+1].ReSearch && p.Children[k+1].Move == x.Move:
		outcome, again = probeReSearch, p.Children[k+1]
	case p.Cut != nil && p.Cut.Move == x.Move:
		outcome = probeCut
	}
	max := p.ToMove == gametree.Max
	// The probe asks whether x is better for the parent's side than the
	// best so far: above α for Max, below β for Min.
	best, far, better := "α = "+algos.FormatValue(x.Alpha), "β = "+algos.FormatValue(p.Beta), "above"
	if !max {
		best, far, better = "β = "+algos.FormatValue(x.Beta), "α = "+algos.FormatValue(p.Alpha), "below"
	}
	probe := fmt.Sprintf("%s's probe, the null window %s, asks whether %s is %s %s for %s", name, algos.FormatWindow(x.Alpha, x.Beta), name, better, best, side(p.ToMove))
	var why [4]string
	switch outcome {
	case probeNone:
		why[probeNone] = fmt.Sprintf("%s is searched with %s's window %s, not probed: no earlier move of %s has raised its bound yet, and null windows start after the first move that does.",
			name, pname, algos.FormatWindow(x.Alpha, x.Beta), pname)
	default:
		why[probeNone] = fmt.Sprintf("%s is probed: an earlier move of %s has raised its bound, so %s gets the null window %s.", name, pname, name, algos.FormatWindow(x.Alpha, x.Beta))
	}
	switch outcome {
	case probeLow:
		why[probeLow] = fmt.Sprintf("%s; it returns %s, so %s is no better than the best so far and is not searched again.", probe, returned(x), name)
	case probeReSearch:
		why[probeReSearch] = fmt.Sprintf("%s; it returns %s: %s is better, by how much the null window cannot tell, and %s is not reached, so %s is searched again with %s and returns %s.",
			probe, returned(x), name, far, name, algos.FormatWindow(again.Alpha, again.Beta), returned(again))
	case probeCut:
		why[probeCut] = fmt.Sprintf("%s; it returns %s, which reaches %s's other bound %s, so %s cuts off at once, with no re-search.", probe, returned(x), pname, far, pname)
	}
	truth := why[outcome]
	opts := []Option{
		{Label: name + " gets the full window: no probe", Correct: outcome == probeNone, Why: why[probeNone]},
		{Label: "its probe fails low: no re-search", Correct: outcome == probeLow, Why: why[probeLow]},
		{Label: "its probe fails high: " + name + " is re-searched", Correct: outcome == probeReSearch, Why: why[probeReSearch]},
		{Label: "its probe fails high past " + strings.SplitN(far, " ", 2)[0] + ": a cutoff, no re-search", Correct: outcome == probeCut, Why: why[probeCut]},
	}
	explain(truth, &opts[0], &opts[1], &opts[2], &opts[3])
	q := &Quiz{
		ID:    quizID("pvs-probe", t.String(), name),
		Title: "PVS reaches " + name,
		Question: fmt.Sprintf("PVS (Moreland's, fail-hard: the first move with the full window, every later one with a null window, "+
			"re-searched if it fails high) searches this tree, children left to right. What happens when it comes to %s?", name),
		Kind:    OneChoice,
		Options: opts,
		Truth:   truth,
		Hint: fmt.Sprintf("Not quite: which window does PVS give %s, and what does %s's test return against α? "+
			"Only a test that fails high is searched again.", name, name),
	}
	return drawn(q, t, nil, shot{rec, 0, "PVS: null-window probes dotted blue, re-searches orange", 0})
}

// passText describes an MTD(f) pass: "pass 1 tests β = 3 (window [2, 3]) and returns 3, ≥ β: it fails high".
func passText(k int, it algos.Iteration) string {
	how := "< β: it fails low"
	if it.Value >= it.Beta {
		how = "≥ β: it fails high"
	}
	return fmt.Sprintf("pass %d tests β = %s (window %s) and returns %s, %s", k, algos.FormatValue(it.Beta), algos.FormatWindow(it.Alpha, it.Beta), algos.FormatValue(it.Value), how)
}

// MTDFNext asks what MTD(f) does after pass pass (1-based) on tree, started
// from the first guess guess: which β the next pass tests, or that it
// stops with the value. The truth is the recorded next pass; the
// explanations replay the rule β := max(g, lower + 1). The distractors are
// stopping, β = g and β = g + 1, and one step from the old β (what a
// fail-hard search would allow) (OneChoice). The picture is pass pass, the
// reveal the next pass (or, when MTD(f) stops, pass pass again).
func MTDFNext(tree string, guess, pass int) (*Quiz, error) {
	g0 := guess
	t, rec, res, err := loadRecorded(tree, algos.MTDF[gametree.Node], options{Guess: &g0})
	if err != nil {
		return nil, err
	}
	its := res.Iterations
	if pass < 1 || pass > len(its) {
		return nil, fmt.Errorf("quiz: MTD(f) makes %d passes on this tree from the guess %d; ask about pass 1 to %d", len(its), guess, len(its))
	}
	lower, upper := -algos.Inf, algos.Inf
	var history []string
	for k, it := range its[:pass] {
		if it.Value >= it.Beta {
			lower = it.Value
		} else {
			upper = it.Value
		}
		history = append(history, passText(k+1, it))
	}
	last := its[pass-1]
	g := last.Value
	state := fmt.Sprintf("after pass %d, lower = %s and upper = %s", pass, algos.FormatValue(lower), algos.FormatValue(upper))
	stop := pass == len(its)
	next := 0
	if !stop {
		next = its[pass].Beta
	}
	rule := fmt.Sprintf("the next test is β = max(g, lower + 1) = max(%s, %s + 1) = %s", algos.FormatValue(g), algos.FormatValue(lower), algos.FormatValue(max(g, lower+1)))
	var truth string
	if stop {
		truth = fmt.Sprintf("MTD(f) stops: %s, so the value is %s.", state, algos.FormatValue(g))
	} else {
		truth = fmt.Sprintf("Pass %d tests β = %s: %s; %s.", pass+1, algos.FormatValue(next), state, rule)
	}
	stopLabel := "it stops: the value is " + algos.FormatValue(g)
	betaLabel := func(b int) string {
		return fmt.Sprintf("pass %d tests β = %s (window %s)", pass+1, algos.FormatValue(b), algos.FormatWindow(b-1, b))
	}
	var betas choices[int]
	addBeta := func(b int, correct bool, why string) {
		if b > -algos.Inf && b <= algos.Inf {
			betas.add(b, Option{Label: betaLabel(b), Correct: correct, Why: why})
		}
	}
	if !stop {
		addBeta(next, true, truth)
	}
	wrongBeta := func(b int) string {
		if stop {
			return fmt.Sprintf("There is no pass %d: %s, so the value is %s and MTD(f) stops.", pass+1, state, algos.FormatValue(g))
		}
		return fmt.Sprintf("Not β = %s: %s; %s.", algos.FormatValue(b), state, rule)
	}
	for _, b := range []int{g, g + 1} {
		addBeta(b, false, wrongBeta(b))
	}
	for _, b := range []int{last.Beta + 1, last.Beta - 1} {
		why := wrongBeta(b)
		if !stop {
			why = fmt.Sprintf("MTD(f) moves the test to the bound the pass returned (g = %s), not one step from the old β: %s; %s.", algos.FormatValue(g), state, rule)
		}
		addBeta(b, false, why)
	}
	opts := betas.sorted(3, func(a, b int) int { return a - b })
	stopWhy := truth
	if !stop {
		stopWhy = fmt.Sprintf("MTD(f) stops only when lower ≥ upper; %s.", state)
	}
	opts = append(opts, Option{Label: stopLabel, Correct: stop, Why: stopWhy})
	q := &Quiz{
		ID:    quizID("mtdf-next", t.String(), guess, pass),
		Title: "MTD(f): what next?",
		Question: fmt.Sprintf("MTD(f) searches this tree from the first guess %s (each pass a null-window alpha-beta with memory, fail-soft). "+
			"So far: %s. What does it do next?", algos.FormatValue(guess), strings.Join(history, "; ")),
		Kind:    OneChoice,
		Options: opts,
		Truth:   truth,
		Hint: "Not quite: update lower or upper with what the last pass returned (a fail high raises lower, a fail low " +
			"lowers upper); MTD(f) stops when they meet, else tests β = max(g, lower + 1).",
	}
	// The reveal is the next pass alone (the last one when MTD(f) stops):
	// every pass side by side is too wide to read at a page's width.
	reveal := shot{rec, pass, fmt.Sprintf("MTD(f) stops after pass %d: the value is %s", pass, algos.FormatValue(g)), 0}
	if !stop {
		reveal = shot{rec, pass + 1, fmt.Sprintf("MTD(f), pass %d: β = %s", pass+1, algos.FormatValue(next)), 0}
	}
	return drawn(q, t, &shot{rec, pass, fmt.Sprintf("MTD(f), pass %d", pass), 0}, reveal)
}

// bnsRun is a recorded Best Node Search of the tree t with its state
// before pass pass: the range [alpha, beta) and the subtrees in play, in the
// view of the side to move at the root (color), replayed from the recorded
// passes.
type bnsRun struct {
	t           *gametree.Tree
	rec         *recorder
	its         []algos.Iteration
	color       int
	alpha, beta int
	play        []node // children in play before the pass
	history     []string
	test        int // the pass's test, the root side's view
}

// runBNS loads tree (load) and runs Best Node Search on it up to pass.
func runBNS(tree string, lo, hi, pass int) (*bnsRun, error) {
	t, err := load(tree)
	if err != nil {
		return nil, err
	}
	o := options{Window: &algos.Window{Alpha: lo, Beta: hi}}
	if err := algos.Validate("bns", &o); err != nil {
		return nil, fmt.Errorf("quiz: the range [%d, %d] of values: %w", lo, hi, err)
	}
	rec, res, err := record(t, algos.BNS[gametree.Node], o)
	if err != nil {
		return nil, err
	}
	its := res.Iterations
	if pass < 1 || pass > len(its) {
		return nil, fmt.Errorf("quiz: Best Node Search makes %d passes on this tree; ask about pass 1 to %d", len(its), len(its))
	}
	r := &bnsRun{t: t, rec: rec, its: its, color: int(t.RootPlayer())}
	r.alpha, r.beta = lo, hi+1
	if r.color < 0 {
		r.alpha, r.beta = -hi, -lo+1
	}
	r.play = t.Root().Children(nil)
	for k, it := range its[:pass-1] {
		test := r.color * it.Guess
		if it.Better > 0 {
			r.alpha = test
			var kept []node
			for _, c := range rec.Roots[k].Children {
				if r.color*c.Value >= test {
					kept = append(kept, c.Pos)
				}
			}
			r.play = kept
			r.history = append(r.history, fmt.Sprintf("pass %d tested %s: %s reached it, so α = %s and only %s stay in play",
				k+1, algos.FormatValue(test), names(kept), algos.FormatValue(test), plural(len(kept), "it", "they")))
		} else {
			r.beta = test
			r.history = append(r.history, fmt.Sprintf("pass %d tested %s: no child reached it, so β = %s", k+1, algos.FormatValue(test), algos.FormatValue(test)))
		}
	}
	r.test = r.color * its[pass-1].Guess
	if g := algos.NextTest(r.alpha, r.beta, len(r.play)); g != r.test || len(rec.Roots[pass-1].Children) != len(r.play) {
		return nil, fmt.Errorf("quiz: pass %d of Best Node Search follows a widening of the range [%d, %d], which this quiz does not explain; give a range that holds every value of the tree", pass, lo, hi)
	}
	return r, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (r *bnsRun) before(pass int) string {
	s := "Before pass 1"
	if pass > 1 {
		s = "So far: " + strings.Join(r.history, "; ") + ". Now"
	}
	return fmt.Sprintf("%s α = %s, β = %s and %d subtrees are in play (%s).", s, algos.FormatValue(r.alpha), algos.FormatValue(r.beta), len(r.play), names(r.play))
}

// BNSTest asks for the test value of pass pass (1-based) of Best Node
// Search (the Russian Wikipedia article on it) on tree, started with the closed range [lo, hi] of the
// tree's values (Options.Window). The truth is the recorded pass's test;
// the explanation replays nextGuess(α, β, subtreeCount) = α + (β − α) ×
// (subtreeCount − 1) / subtreeCount. The distractors are the midpoint of
// the range, nextGuess with every child of the root counted, α + 1 and
// β − 1 (OneChoice).
func BNSTest(tree string, lo, hi, pass int) (*Quiz, error) {
	r, err := runBNS(tree, lo, hi, pass)
	if err != nil {
		return nil, err
	}
	t := r.t
	a, b, n := r.alpha, r.beta, len(r.play)
	all := t.Root().NumChildren()
	truth := fmt.Sprintf("nextGuess(α = %s, β = %s, %d subtrees) = %s + (%s − %s) × %d / %d = %s (rounded down).",
		algos.FormatValue(a), algos.FormatValue(b), n, algos.FormatValue(a), algos.FormatValue(b), algos.FormatValue(a), n-1, n, algos.FormatValue(r.test))
	// Tests lie within ±algos.Inf (algos.BNS refuses a wider range), where
	// values and their labels are one to one.
	var tests choices[int]
	tests.add(r.test, Option{Label: algos.FormatValue(r.test), Correct: true, Why: truth})
	add := func(x int, why string) {
		if x > a && x < b {
			tests.add(x, Option{Label: algos.FormatValue(x), Why: why})
		}
	}
	add((a+b)/2, fmt.Sprintf("Best Node Search does not bisect: with %d subtrees in play it tests where about one of them would pass: %s", n, truth))
	if all != n {
		add(algos.NextTest(a, b, all), fmt.Sprintf("Only the %d subtrees still in play count, not all %d children: %s", n, all, truth))
	}
	add(b-1, "Not the top of the range: "+truth)
	add(a+1, "Not the bottom of the range: "+truth)
	if len(tests.opts) < 4 && a > -algos.Inf {
		tests.add(a, Option{Label: algos.FormatValue(a), Why: fmt.Sprintf("A test must lie strictly between α = %s and β = %s, or the pass cannot narrow the range: %s", algos.FormatValue(a), algos.FormatValue(b), truth)})
	}
	q := &Quiz{
		ID:    quizID("bns-test", t.String(), lo, hi, pass),
		Title: "Best Node Search: the next test",
		Question: fmt.Sprintf("Best Node Search looks for a best move of this tree, whose values lie in [%s, %s]. %s "+
			"What value does pass %d test?", algos.FormatValue(lo), algos.FormatValue(hi), r.before(pass), pass),
		Kind:    OneChoice,
		Options: tests.sorted(4, func(x, y int) int { return x - y }),
		Truth:   truth,
		Hint: "Not quite: nextGuess(α, β, subtreeCount) = α + (β − α) × (subtreeCount − 1) / subtreeCount; " +
			"which α, β and subtreeCount hold before this pass?",
	}
	var pic *shot
	if pass > 1 {
		pic = &shot{r.rec, pass - 1, fmt.Sprintf("Best Node Search, pass %d", pass-1), 0}
	}
	return drawn(q, t, pic, shot{r.rec, pass, fmt.Sprintf("Best Node Search, pass %d: test %s", pass, algos.FormatValue(r.test)), 0})
}

// BNSInPlay asks which of the children in play in pass pass (1-based) of
// Best Node Search (range [lo, hi] as for BNSTest) reach the
// pass's test: the betterCount children, which alone stay in play when
// there is at least one (SeveralChoices; none is a valid answer). The truth
// is each child's recorded null-window result.
func BNSInPlay(tree string, lo, hi, pass int) (*Quiz, error) {
	r, err := runBNS(tree, lo, hi, pass)
	if err != nil {
		return nil, err
	}
	t := r.t
	reach := "≥"
	if r.color < 0 {
		reach = "≤"
	}
	var better []node
	q := &Quiz{
		ID:    quizID("bns-in-play", t.String(), lo, hi, pass),
		Title: "Best Node Search: who stays in play?",
		Kind:  SeveralChoices,
		Hint:  "Not quite: a move stays in play when its null-window test returns at least the test value; look at each move's leaves.",
	}
	for _, c := range r.rec.Roots[pass-1].Children {
		reached := r.color*c.Value >= r.test
		if reached {
			better = append(better, c.Pos)
		}
		q.Options = append(q.Options, option(c.Pos.Name(), reached,
			fmt.Sprintf("%s reaches %s: its null-window test returns %s.", c.Pos.Name(), algos.FormatValue(r.color*r.test), returned(c)),
			fmt.Sprintf("%s does not reach %s: its null-window test returns %s.", c.Pos.Name(), algos.FormatValue(r.color*r.test), returned(c))))
	}
	if len(better) != r.its[pass-1].Better {
		return nil, fmt.Errorf("quiz: pass %d: %d children reach the test but betterCount is %d", pass, len(better), r.its[pass-1].Better)
	}
	if len(better) == 0 {
		q.Truth = fmt.Sprintf("No child reaches %s (betterCount = 0): β becomes %s and all %d stay in play.", algos.FormatValue(r.color*r.test), algos.FormatValue(r.test), len(r.play))
	} else {
		q.Truth = fmt.Sprintf("%s %s %s (betterCount = %d): α becomes %s and only %s in play.",
			names(better), plural(len(better), "reaches", "reach"), algos.FormatValue(r.color*r.test), len(better), algos.FormatValue(r.test), plural(len(better), "it stays", "they stay"))
	}
	q.Question = fmt.Sprintf("Best Node Search looks for a best move of this tree, whose values lie in [%s, %s]. %s "+
		"Pass %d tests %s: which children's values are %s %s? (They are counted in betterCount; if any are, only they stay in play.)",
		algos.FormatValue(lo), algos.FormatValue(hi), r.before(pass), pass, algos.FormatValue(r.color*r.test), reach, algos.FormatValue(r.color*r.test))
	return drawn(q, t, nil, shot{r.rec, pass, fmt.Sprintf("Best Node Search, pass %d: test %s", pass, algos.FormatValue(r.color*r.test)), 0})
}

// Aspiration asks what happens to an aspiration search of tree's root with
// the window [guess − delta, guess + delta] (algos.Aspiration with one
// iteration at the full depth): the value lies inside, or the search fails
// low and is repeated with the lower edge opened, or fails high and is
// repeated with the upper edge opened. The distractors include the right
// failure with the wrong edge opened (OneChoice).
func Aspiration(tree string, guess, delta int) (*Quiz, error) {
	t, err := load(tree)
	if err != nil {
		return nil, err
	}
	g := guess
	o := options{Guess: &g, Delta: delta, Schedule: []int{}}
	if err := algos.Validate("aspiration", &o); err != nil {
		return nil, fmt.Errorf("quiz: %w", err)
	}
	rec, res, err := record(t, algos.Aspiration[gametree.Node], o)
	if err != nil {
		return nil, err
	}
	its := res.Iterations
	first := its[0]
	lo, hi := first.Alpha, first.Beta
	w := algos.FormatWindow(lo, hi)
	val := algos.FormatValue(res.Value)
	inside := Option{Label: "the value lies inside " + w + ": no re-search"}
	lowOK := Option{Label: "it fails low; re-search with " + algos.FormatWindow(-algos.Inf, hi)}
	highOK := Option{Label: "it fails high; re-search with " + algos.FormatWindow(lo, algos.Inf)}
	var truth string
	var wrong Option
	switch first.Bound {
	case algos.Exact:
		inside.Correct = true
		truth = fmt.Sprintf("The value %s lies strictly inside %s: the first search returns it exactly, with no re-search.", val, w)
		wrong = Option{Label: "it fails low; re-search with " + algos.FormatWindow(lo, algos.Inf)}
	case algos.Upper:
		again := its[1]
		lowOK = Option{Label: "it fails low; re-search with " + algos.FormatWindow(again.Alpha, again.Beta), Correct: true}
		truth = fmt.Sprintf("The value %s is ≤ α = %s: the search fails low and returns only an upper bound (%s), so it is repeated with the lower edge opened, %s, which returns %s.",
			val, algos.FormatValue(lo), algos.FormatValue(first.Value), algos.FormatWindow(again.Alpha, again.Beta), algos.FormatValue(again.Value))
		wrong = Option{Label: "it fails low; re-search with " + algos.FormatWindow(lo, algos.Inf),
			Why: fmt.Sprintf("A fail-low proves the value is below α = %s, so it is the lower edge that must open; β = %s still holds. %s", algos.FormatValue(lo), algos.FormatValue(hi), truth)}
	default:
		again := its[1]
		highOK = Option{Label: "it fails high; re-search with " + algos.FormatWindow(again.Alpha, again.Beta), Correct: true}
		truth = fmt.Sprintf("The value %s is ≥ β = %s: the search fails high and returns only a lower bound (%s), so it is repeated with the upper edge opened, %s, which returns %s.",
			val, algos.FormatValue(hi), algos.FormatValue(first.Value), algos.FormatWindow(again.Alpha, again.Beta), algos.FormatValue(again.Value))
		wrong = Option{Label: "it fails high; re-search with " + algos.FormatWindow(-algos.Inf, hi),
			Why: fmt.Sprintf("A fail-high proves the value is above β = %s, so it is the upper edge that must open; α = %s still holds. %s", algos.FormatValue(hi), algos.FormatValue(lo), truth)}
	}
	explain(truth, &inside, &lowOK, &highOK, &wrong)
	opts := []Option{inside}
	for _, o := range []Option{lowOK, highOK, wrong} {
		opts = addOption(opts, o)
	}
	q := &Quiz{
		ID:    quizID("aspiration", t.String(), guess, delta),
		Title: "Aspiration window: inside, fail low or fail high?",
		Question: fmt.Sprintf("An aspiration search expects this tree's root to be worth about g = %s and searches it with the window "+
			"[g − Δ, g + Δ] = %s (Δ = %d), alpha-beta in negamax form, fail-soft. What happens?", algos.FormatValue(guess), w, delta),
		Kind:    OneChoice,
		Options: opts,
		Truth:   truth,
		Hint: "Not quite: compare the root's value with the window's two ends; a value at or beyond an end fails there, " +
			"and the search is repeated with that end opened.",
	}
	// The picture's frames are numbered from this search (pass 1), not from
	// the shallower passes of an iterative deepening run that would supply
	// the guess: the title says which searches they are.
	title := fmt.Sprintf("aspiration around g = %s: the search of the root", algos.FormatValue(guess))
	if len(its) > 1 {
		title += " and its re-search"
	}
	return drawn(q, t, nil, shot{rec, 0, title, 0})
}
