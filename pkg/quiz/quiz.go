package quiz

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// Kind says how a quiz is answered.
type Kind int

const (
	// OneChoice: exactly one option is chosen.
	OneChoice Kind = iota + 1
	// SeveralChoices: any set of options, none included, is chosen.
	SeveralChoices
	// ClickLeaves: the options are the leaves of the tree, chosen by
	// clicking them in the picture (or their buttons); any set, none
	// included.
	ClickLeaves
)

// String returns "one", "several" or "leaves": the data-kind attribute of
// the quiz's HTML.
func (k Kind) String() string {
	switch k {
	case OneChoice:
		return "one"
	case SeveralChoices:
		return "several"
	case ClickLeaves:
		return "leaves"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Option is one answer a learner can choose.
type Option struct {
	Label string // what the learner sees: "c2", "[3, +∞]", "UPPERBOUND"
	// Correct says whether the option belongs to the right answer: for a
	// OneChoice quiz exactly one option is correct; for the others, the
	// right answer is the set of correct options (possibly empty).
	Correct bool
	// Why is one line saying what is true about this option, computed from
	// the recorded search: why it is right, or why it is wrong. It is the
	// explanation Check gives when the learner gets this option wrong.
	Why string
}

// Quiz is one "predict, then reveal" question on a recorded search. Every
// field is computed from the search the constructor ran and recorded; none
// is written by hand.
type Quiz struct {
	// ID names the quiz stably: the constructor and its arguments, e.g.
	// "never-evaluated-3f2a9c1b". It is the data-quiz-id of the HTML.
	ID       string
	Title    string // a short heading
	Question string // what to predict, one or two sentences
	Kind     Kind
	// Picture is the SVG shown with the question: the tree, or what the
	// search had done before the step asked about — never the answer.
	Picture string
	// Reveal is the SVG of the recorded search, shown after the answer.
	Reveal  string
	Options []Option
	// Truth is the right answer in one line.
	Truth string
	// Hint is what a wrong answer to a OneChoice or SeveralChoices quiz
	// gets: a nudge towards the answer that does not give it, so that
	// "Try again" is worth it (the chosen option's Why, which Check gives
	// when Hint is empty, often states the answer). Shown in the page
	// before any answer, it must not hold the answer either.
	Hint string
}

// Feedback is what Check says about an answer.
type Feedback struct {
	Correct bool
	// Mistake explains the learner's first mistake, "" when the answer is
	// right. For a OneChoice quiz it is the chosen option's Why (NoChoice or
	// OneOnly for an answer with no option or more than one). Otherwise
	// options are examined in their order (for ClickLeaves, the leaves left
	// to right): the first option that was chosen but is not correct, or is
	// correct but was not chosen, gives its Why. An index out of range gets
	// "there is no option N".
	Mistake string
	// Why says why the first mistake is one: the chosen option's Why (the
	// option examined as for Mistake). It is Mistake itself unless the quiz
	// has a Hint; a page shows it with the answer, not before.
	Why   string
	Truth string // the quiz's Truth
}

// Messages Check gives for answers that choose the wrong number of options
// of a OneChoice quiz. The HTML's script gives the same ones.
const (
	NoChoice = "No option was chosen: choose one."
	OneOnly  = "Choose only one option."
)

// Check compares the options chosen (indices into q.Options, in any order;
// repeats are ignored) with the right answer.
func (q *Quiz) Check(chosen []int) Feedback {
	fb := Feedback{Truth: q.Truth}
	sel := make([]bool, len(q.Options))
	n := 0
	for _, i := range chosen {
		if i < 0 || i >= len(q.Options) {
			fb.Mistake = fmt.Sprintf("there is no option %d", i)
			return fb
		}
		if !sel[i] {
			sel[i] = true
			n++
		}
	}
	if q.Kind == OneChoice {
		switch {
		case n == 0:
			fb.Mistake = NoChoice
			return fb
		case n > 1:
			fb.Mistake = OneOnly
			return fb
		}
		for i, o := range q.Options {
			if sel[i] && !o.Correct {
				fb.Mistake, fb.Why = cmp.Or(q.Hint, o.Why), o.Why
				return fb
			}
		}
	}
	for i, o := range q.Options {
		if sel[i] != o.Correct {
			fb.Mistake, fb.Why = o.Why, o.Why
			if q.Kind != ClickLeaves {
				fb.Mistake = cmp.Or(q.Hint, o.Why)
			}
			return fb
		}
	}
	fb.Correct = true
	return fb
}

// Answer returns the indices of the correct options: the right answer.
func (q *Quiz) Answer() []int {
	var out []int
	for i, o := range q.Options {
		if o.Correct {
			out = append(out, i)
		}
	}
	return out
}

// quizID makes a stable ID from the constructor's name and arguments.
func quizID(kind string, args ...any) string {
	h := fnv.New32a()
	fmt.Fprint(h, args...)
	for _, a := range args {
		fmt.Fprintf(h, "\x00%v", a)
	}
	return fmt.Sprintf("%s-%08x", kind, h.Sum32())
}

// loadTree reads tree as a fixture name (gametree.FixtureByName) or else as
// a tree literal (gametree.Parse, Max to move at the root).
func loadTree(tree string) (*gametree.Tree, error) {
	if f, ok := gametree.FixtureByName(tree); ok {
		return gametree.Parse(f.Literal, gametree.RootPlayer(f.Root))
	}
	if strings.TrimSpace(tree) == "" {
		return nil, errors.New("quiz: empty tree: give a fixture name (gametree.Fixtures) or a tree literal")
	}
	t, err := gametree.Parse(tree)
	if err != nil {
		return nil, fmt.Errorf("quiz: %q is neither a fixture name nor a tree literal: %w", short(tree), err)
	}
	return t, nil
}

// load reads a quiz's tree (loadTree) and checks that it is small enough
// to draw and has something to search (smallTree).
func load(tree string) (*gametree.Tree, error) {
	t, err := loadTree(tree)
	if err != nil {
		return nil, err
	}
	return t, smallTree(t)
}

// maxNodes bounds the trees a quiz draws: a quiz is about a small tree.
const maxNodes = 200

func smallTree(t *gametree.Tree) error {
	if t.Len() > maxNodes {
		return fmt.Errorf("quiz: the tree has %d nodes; a quiz draws at most %d", t.Len(), maxNodes)
	}
	if t.Len() < 2 {
		return errors.New("quiz: the tree is a single leaf: there is nothing to search")
	}
	return nil
}

func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// findNode returns the node of t called name (gametree.Node.Name: its label,
// or the path of moves "0.2"), and an error if there is none or several.
func findNode(t *gametree.Tree, name string) (gametree.Node, error) {
	var found []gametree.Node
	for id := range t.Len() {
		if n := t.Node(id); n.Name() == name {
			found = append(found, n)
		}
	}
	switch len(found) {
	case 0:
		return gametree.Node{}, fmt.Errorf("quiz: the tree has no node %q (nodes are named by their label, or by their path of moves such as \"0.1\")", name)
	case 1:
		return found[0], nil
	}
	return gametree.Node{}, fmt.Errorf("quiz: the tree has %d nodes named %q", len(found), name)
}

// leaves returns t's leaves left to right.
func leaves(t *gametree.Tree) []gametree.Node {
	out := make([]gametree.Node, t.Leaves())
	for id := range t.Len() {
		if n := t.Node(id); n.IsLeaf() {
			out[n.LeafIndex()] = n
		}
	}
	return out
}

type (
	node     = gametree.Node
	trace    = algos.TraceNode[gametree.Node]
	recorder = algos.Recorder[gametree.Node]
	options  = algos.Options[gametree.Node]
)

// record runs search on t's root to the end of the tree, recorded.
func record(t *gametree.Tree, search algos.Func[gametree.Node], o options) (*recorder, algos.Result, error) {
	rec := algos.NewRecorder[gametree.Node]()
	o.Trace = rec
	res, err := search(t.Root(), algos.FullDepth, &o)
	if err != nil {
		return nil, res, fmt.Errorf("quiz: %w", err)
	}
	if rec.Root() == nil {
		return nil, res, errors.New("quiz: the search recorded nothing")
	}
	return rec, res, nil
}

// firstWhere returns the first searched node of the recorded tree root, in
// search order, for which ok holds, or nil.
func firstWhere(root *trace, ok func(*trace) bool) *trace {
	for x := range algos.Preorder(root) {
		if ok(x) {
			return x
		}
	}
	return nil
}

// pick returns the node a quiz asks about: with name "" the first searched
// node for which first holds (or, when none does, nil and none), else the
// node called name (searchedNode).
func pick(t *gametree.Tree, root *trace, name, alg string, leafOK bool, first func(*trace) bool, none error) (*trace, error) {
	if name != "" {
		return searchedNode(t, root, name, alg, leafOK)
	}
	if x := firstWhere(root, first); x != nil {
		return x, nil
	}
	return nil, none
}

// searchedNode finds the node called name in t and its first search in the
// recorded tree root; leaves are refused unless leafOK.
func searchedNode(t *gametree.Tree, root *trace, name, alg string, leafOK bool) (*trace, error) {
	n, err := findNode(t, name)
	if err != nil {
		return nil, err
	}
	if n.IsLeaf() && !leafOK {
		return nil, fmt.Errorf("quiz: %s is a leaf; ask about an interior node", name)
	}
	x := traceOf(root, n, false)
	if x == nil {
		return nil, fmt.Errorf("quiz: %s never searches %s: it lies in a pruned subtree", alg, name)
	}
	return x, nil
}

// loadRecorded loads tree (load) and records search on it (record).
func loadRecorded(tree string, search algos.Func[gametree.Node], o options) (*gametree.Tree, *recorder, algos.Result, error) {
	t, err := load(tree)
	if err != nil {
		return nil, nil, algos.Result{}, err
	}
	rec, res, err := record(t, search, o)
	if err != nil {
		return nil, nil, res, err
	}
	return t, rec, res, nil
}

// traceOf returns the first search of position n in the recorded tree root
// (or, with last, the last one: a re-search), or nil if it was not searched.
func traceOf(root *trace, n node, last bool) *trace {
	var out *trace
	for x := range algos.Preorder(root) {
		if x.Pos.ID() == n.ID() {
			out = x
			if !last {
				return out
			}
		}
	}
	return out
}

// parentOf returns the searched node whose Children holds x.
func parentOf(root, x *trace) *trace {
	for p := range algos.Preorder(root) {
		for _, c := range p.Children {
			if c == x {
				return p
			}
		}
	}
	return nil
}

// childByMove returns the last search, among x's recorded children, of the
// child reached by move m (a re-search comes after the first search), or
// nil if it was not searched.
func childByMove(x *trace, m int) *trace {
	var out *trace
	for _, c := range x.Children {
		if c.Move == m {
			out = c
		}
	}
	return out
}

// atPly returns the ancestor of x at ply (x itself at its own ply), found
// through the tree positions.
func atPly(x node, ply int) node {
	for x.Depth() > ply {
		p, ok := x.Parent()
		if !ok {
			break
		}
		x = p
	}
	return x
}

// side names the player to move.
func side(p gametree.Player) string {
	if p == gametree.Min {
		return "Min"
	}
	return "Max"
}

// returned formats what a searched node returned: "2", or "≤ 2" / "≥ 7"
// for a bound.
func returned(x *trace) string {
	switch x.Bound {
	case algos.Lower:
		return "≥ " + algos.FormatValue(x.Value)
	case algos.Upper:
		return "≤ " + algos.FormatValue(x.Value)
	}
	return algos.FormatValue(x.Value)
}

// valueOf formats a searched node with what it returned: "b1 = 3", "Y ≤ 5".
func valueOf(x *trace) string {
	if x.Bound == algos.Lower || x.Bound == algos.Upper {
		return x.Pos.Name() + " " + returned(x)
	}
	return x.Pos.Name() + " = " + returned(x)
}

// valuesOf lists searched nodes with what they returned: "a = 3, B ≤ 2".
func valuesOf(xs []*trace) string {
	var s []string
	for _, x := range xs {
		s = append(s, valueOf(x))
	}
	return strings.Join(s, ", ")
}

// cutTest is the test a child's value must pass for the searched node x to
// cut off: "≥ β = 5" at a Max node, "≤ α = 3" at a Min node.
func cutTest(x *trace) string {
	if x.ToMove == gametree.Min {
		return "≤ α = " + algos.FormatValue(x.Alpha)
	}
	return "≥ β = " + algos.FormatValue(x.Beta)
}

// names lists positions by name.
func names(ns []node) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.Name()
	}
	return strings.Join(s, ", ")
}

// drawing renders SVG pictures for one quiz.
type drawing struct {
	ctx context.Context
	r   *render.Renderer
}

func newDrawing() (*drawing, error) {
	ctx := context.Background()
	r, err := render.NewRenderer(ctx)
	if err != nil {
		return nil, fmt.Errorf("quiz: %w", err)
	}
	return &drawing{ctx: ctx, r: r}, nil
}

func (d *drawing) close() { d.r.Close() }

// search draws the recorded search (pass 0: every pass) with windows, as
// it stood after step events (0: the whole search).
func (d *drawing) search(rec *recorder, pass, step int, title string) (string, error) {
	if step == 0 {
		step = -1
	}
	dot, err := render.TreeDOT(rec, render.TreeOptions{Step: step, Windows: true, Pass: pass, Title: title})
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	return d.svg(dot)
}

func (d *drawing) svg(dot string) (string, error) {
	svg, err := d.r.SVG(d.ctx, dot)
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	return string(svg), nil
}

// tree draws t before any search: Max nodes boxes, Min nodes ovals, every
// node's name, the leaves' values; nothing searched, pruned or windowed.
// With clickable set, leaf k's node has the classes "cq-leaf cq-opt-k"
// (k its left-to-right index, the option index of a ClickLeaves quiz).
func (d *drawing) tree(t *gametree.Tree, title string, clickable bool) (string, error) {
	var b strings.Builder
	b.WriteString("digraph tree {\n\tgraph [ordering=out, splines=line, nodesep=0.3, ranksep=0.5, fontname=\"DejaVu Sans\", fontsize=20, labelloc=t")
	if title != "" {
		fmt.Fprintf(&b, ", label=<<B>%s</B>>", esc(title))
	}
	b.WriteString("];\n\tnode [fontname=\"DejaVu Sans\", fontsize=14, margin=\"0.08,0.03\", penwidth=1.4];\n")
	b.WriteString("\tedge [fontname=\"DejaVu Sans\", fontsize=12, arrowhead=none, penwidth=1.4];\n")
	for id := range t.Len() {
		n := t.Node(id)
		shape := "box"
		if n.ToMove() == gametree.Min {
			shape = "ellipse"
		}
		var lines []string
		if n.Label() != "" || n.IsLeaf() {
			lines = append(lines, esc(n.Name()))
		}
		if n.IsLeaf() {
			lines = append(lines, "<B>"+esc(algos.FormatValue(n.Value()))+"</B>")
		}
		if len(lines) == 0 {
			lines = append(lines, " ")
		}
		class := "q-node"
		if n.IsLeaf() && clickable {
			class = fmt.Sprintf("cq-leaf cq-opt-%d", n.LeafIndex())
		}
		fmt.Fprintf(&b, "\tt%d [shape=%s, class=\"%s\", label=<%s>];\n", id, shape, class, strings.Join(lines, "<BR/>"))
		if p, ok := n.Parent(); ok {
			attrs := ""
			if n.Label() == "" && !n.IsLeaf() {
				attrs = fmt.Sprintf(" [xlabel=<<FONT POINT-SIZE=\"11\" COLOR=\"#555555\">%d</FONT>>]", n.Path()[n.Depth()-1])
			}
			fmt.Fprintf(&b, "\tt%d -> t%d%s;\n", p.ID(), id, attrs)
		}
	}
	b.WriteString("}\n")
	return d.svg(b.String())
}

// shot is a picture of a recorded search: pass pass (0: every pass), with
// a title; with step, the search as it stood after its first step events
// (0: the whole search).
type shot struct {
	rec   *recorder
	pass  int
	title string
	step  int
}

// stepTo returns the number of events of rec up to and including the Enter
// of the node visited visit-th (exit false), or up to and including its
// Exit (exit true): a reveal drawn at that step shows what the question
// asks about and nothing the search did after it, which a later question
// on the same tree may ask.
func stepTo(rec *recorder, visit int, exit bool) int {
	k, enters, depth, inside := 0, 0, 0, false
	for e := range rec.All() {
		k++
		switch e.Kind {
		case algos.Enter:
			if enters == visit {
				if !exit {
					return k
				}
				inside = true
			}
			enters++
			if inside {
				depth++
			}
		case algos.Exit:
			if inside {
				depth--
				if depth == 0 {
					return k
				}
			}
		}
	}
	return 0
}

// drawn draws q's pictures and returns q. The Picture is the tree before
// any search (its leaves clickable for a ClickLeaves quiz) or, when pic is
// not nil, that picture of the search; the Reveal is reveal.
func drawn(q *Quiz, t *gametree.Tree, pic *shot, reveal shot) (*Quiz, error) {
	d, err := newDrawing()
	if err != nil {
		return nil, err
	}
	defer d.close()
	if pic != nil {
		q.Picture, err = d.search(pic.rec, pic.pass, pic.step, pic.title)
	} else {
		q.Picture, err = d.tree(t, "", q.Kind == ClickLeaves)
	}
	if err != nil {
		return nil, err
	}
	if q.Reveal, err = d.search(reveal.rec, reveal.pass, reveal.step, reveal.title); err != nil {
		return nil, err
	}
	return q, nil
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;").Replace(s)
}

// addOption appends o to opts unless an option with the same label is
// there already (distractors are deduplicated; the first one, the truth
// when it comes first, wins).
func addOption(opts []Option, o Option) []Option {
	for _, x := range opts {
		if x.Label == o.Label {
			return opts
		}
	}
	return append(opts, o)
}

// choices gathers a quiz's options, each with a key to sort them by; an
// option whose label is there already is dropped (addOption).
type choices[K any] struct {
	opts []Option
	keys []K
}

func (c *choices[K]) add(key K, o Option) {
	n := len(c.opts)
	if c.opts = addOption(c.opts, o); len(c.opts) > n {
		c.keys = append(c.keys, key)
	}
}

// sorted keeps the first most options and returns them sorted, stably, by
// their keys.
func (c *choices[K]) sorted(most int, cmp func(a, b K) int) []Option {
	n := min(len(c.opts), most)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return cmp(c.keys[i], c.keys[j]) })
	out := make([]Option, n)
	for k, i := range idx {
		out[k] = c.opts[i]
	}
	return out
}

// option makes an option whose Why is right when it is correct and wrong
// when it is not.
func option(label string, correct bool, right, wrong string) Option {
	if correct {
		return Option{Label: label, Correct: true, Why: right}
	}
	return Option{Label: label, Why: wrong}
}

// explain gives the options of a one-choice quiz whose truth is truth
// their Why: the correct one the truth, the others that have none "No: "
// and the truth.
func explain(truth string, opts ...*Option) {
	for _, o := range opts {
		if o.Correct {
			o.Why = truth
		} else if o.Why == "" {
			o.Why = "No: " + truth
		}
	}
}
