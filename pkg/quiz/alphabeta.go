package quiz

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// alphaBeta loads tree and records fail-hard alpha-beta (Max/Min form, the
// textbook's §6.4) on it.
func alphaBeta(tree string) (*gametree.Tree, *recorder, error) {
	t, rec, _, err := loadRecorded(tree, algos.AlphaBeta[node], options{Fail: algos.FailHard})
	return t, rec, err
}

// abSearches opens the questions on alpha-beta that ask about one node.
const abSearches = "Alpha-beta (bounds passed down the whole path, children left to right) searches this tree. "

// NeverEvaluated asks which leaves alpha-beta (Max/Min form, fail-hard,
// children left to right) never evaluates on tree, a fixture name or a tree
// literal. The learner clicks the leaves in the picture (ClickLeaves); the
// right answer is every leaf of the tree minus the leaves the recorded
// search evaluated. Each leaf's Why says where the cutoff that skips it
// happened, or why nothing cut before it.
func NeverEvaluated(tree string) (*Quiz, error) {
	t, rec, err := alphaBeta(tree)
	if err != nil {
		return nil, err
	}
	root := rec.Root()
	evaluated := map[int]bool{}
	for x := range algos.Preorder(root) {
		if x.Leaf {
			evaluated[x.Pos.ID()] = true
		}
	}
	q := &Quiz{
		ID:    quizID("never-evaluated", t.String()),
		Title: "Which leaves does alpha-beta never evaluate?",
		Question: "Alpha-beta (bounds passed down the whole path, children searched left to right) searches this tree. " +
			"Which leaves does it never evaluate? Click them in the picture (or their buttons); choose none if it evaluates every leaf.",
		Kind: ClickLeaves,
	}
	var skipped, seen []node
	for _, l := range leaves(t) {
		o := Option{Label: l.Name()}
		if evaluated[l.ID()] {
			o.Why = evaluatedWhy(root, l)
			seen = append(seen, l)
		} else {
			o.Correct = true
			o.Why = prunedWhy(root, l)
			skipped = append(skipped, l)
		}
		q.Options = append(q.Options, o)
	}
	if len(skipped) == 0 {
		q.Truth = fmt.Sprintf("Alpha-beta evaluates every leaf (%d of %d): no cutoff skips any.", len(seen), len(seen))
	} else {
		q.Truth = fmt.Sprintf("Never evaluated: %s. Alpha-beta evaluates %d of %d leaves: %s.",
			names(skipped), len(seen), len(seen)+len(skipped), names(seen))
	}
	return drawn(q, t, nil, shot{rec, 0, "alpha-beta: pruned leaves grey and dashed", 0})
}

// cut describes the cutoff at the searched node x (x.Cut != nil) of an
// alpha-beta search in Max/Min form.
type cut struct {
	what  string // "c1 returns 2 ≤ α = 3"
	bound string // "α = 3"
	at    string // "A": where the bound was set
	kind  string // "a shallow cutoff: α = 3 was set at A, C's parent"
	deep  bool
}

func cutAt(x *trace) cut {
	c := childByMove(x, x.Cut.Move)
	var out cut
	cname := x.Pos.MoveName(x.Cut.Move)
	val := "?"
	if c != nil {
		cname, val = c.Pos.Name(), returned(c)
	}
	if x.ToMove == gametree.Max {
		out.bound = "β = " + algos.FormatValue(x.Beta)
		out.what = fmt.Sprintf("%s returns %s, at or above %s", cname, val, out.bound)
	} else {
		out.bound = "α = " + algos.FormatValue(x.Alpha)
		out.what = fmt.Sprintf("%s returns %s, at or below %s", cname, val, out.bound)
	}
	out.deep = x.Cut.Kind == algos.Deep
	name := x.Pos.Name()
	switch {
	case x.Cut.From >= x.Ply:
		out.at = name
		out.kind = fmt.Sprintf("a shallow cutoff: %s is %s's own window", out.bound, name)
	case out.deep:
		out.at = atPly(x.Pos, x.Cut.From).Name()
		out.kind = fmt.Sprintf("a deep cutoff: %s was set at %s, %d plies above %s", out.bound, out.at, x.Ply-x.Cut.From, name)
	default:
		out.at = atPly(x.Pos, x.Cut.From).Name()
		out.kind = fmt.Sprintf("a shallow cutoff: %s was set at %s, %s's parent", out.bound, out.at, name)
	}
	return out
}

// entered describes how x was entered: "C (Min, entered with [3, +∞])".
func entered(x *trace) string {
	return fmt.Sprintf("%s (%s, entered with %s)", x.Pos.Name(), side(x.ToMove), algos.FormatWindow(x.Alpha, x.Beta))
}

// prunedWhy explains why alpha-beta never evaluates leaf l.
func prunedWhy(root *trace, l node) string {
	x := root
	for _, m := range l.Path() {
		if slices.Contains(x.Pruned, m) && x.Cut != nil {
			c := cutAt(x)
			kids := x.Pos.Children(nil)
			var skipped []node
			for _, p := range x.Pruned {
				skipped = append(skipped, kids[p])
			}
			return fmt.Sprintf("%s is never evaluated: at %s, %s (%s), so %s skips %s.",
				l.Name(), entered(x), c.what, c.kind, x.Pos.Name(), names(skipped))
		}
		next := childByMove(x, m)
		if next == nil {
			break
		}
		x = next
	}
	return l.Name() + " is never evaluated."
}

// evaluatedWhy explains why alpha-beta evaluates leaf l.
func evaluatedWhy(root *trace, l node) string {
	x := traceOf(root, l, false)
	p := parentOf(root, x)
	if p == nil {
		return l.Name() + " is evaluated: it is the root."
	}
	k := slices.Index(p.Children, x)
	if k == 0 {
		return fmt.Sprintf("%s is evaluated: it is the first child of %s, which is searched.", l.Name(), entered(p))
	}
	return fmt.Sprintf("%s is evaluated: at %s, no earlier child is %s (%s), so %s goes on to %s.",
		l.Name(), entered(p), cutTest(p), valuesOf(p.Children[:k]), p.Pos.Name(), l.Name())
}

// ShallowOrDeep asks whether the cutoff alpha-beta makes at the node called
// node is shallow or deep (the textbook's §6.4, Figs. 6.8 and 6.9), or whether none
// happens there. With node "" it asks about the first node, in search
// order, where a cutoff happens. The options are "a shallow cutoff", "a
// deep cutoff" and "no cutoff" (OneChoice).
func ShallowOrDeep(tree, node string) (*Quiz, error) {
	t, rec, err := alphaBeta(tree)
	if err != nil {
		return nil, err
	}
	x, err := pick(t, rec.Root(), node, "alpha-beta", false, func(n *trace) bool { return n.Cut != nil },
		errors.New("quiz: alpha-beta makes no cutoff on this tree"))
	if err != nil {
		return nil, err
	}
	name := x.Pos.Name()
	q := &Quiz{
		ID:    quizID("shallow-or-deep", t.String(), name),
		Title: "Shallow or deep?",
		Question: fmt.Sprintf(abSearches+
			"Does it cut off at %s, and if so, is the cutoff shallow (its bound set at %s's parent) or deep (set further up)?", name, name),
		Kind: OneChoice,
		Hint: fmt.Sprintf("Not quite: find the bound that stops %s (α at a Min node, β at a Max node) and the node that last set it.", name),
	}
	var truth string
	none := noCut(x)
	var c cut
	if x.Cut != nil {
		c = cutAt(x)
		truth = fmt.Sprintf("At %s, %s: %s.", entered(x), c.what, c.kind)
	} else {
		truth = none
	}
	shallow := Option{Label: "a shallow cutoff", Correct: x.Cut != nil && !c.deep}
	deep := Option{Label: "a deep cutoff", Correct: x.Cut != nil && c.deep}
	no := Option{Label: "no cutoff", Correct: x.Cut == nil}
	switch {
	case x.Cut == nil:
		shallow.Why, deep.Why, no.Why = none, none, none
	case c.deep:
		deep.Why = truth
		shallow.Why = fmt.Sprintf("Not shallow: the bound that cuts at %s, %s, was set at %s, %d plies above %s, not at its parent.",
			name, c.bound, c.at, x.Ply-x.Cut.From, name)
		no.Why = fmt.Sprintf("There is a cutoff at %s: %s.", name, c.what)
	default:
		shallow.Why = truth
		deep.Why = fmt.Sprintf("Not deep: the bound that cuts at %s, %s, was set at %s, %s's parent (or is its own window).", name, c.bound, c.at, name)
		no.Why = fmt.Sprintf("There is a cutoff at %s: %s.", name, c.what)
	}
	q.Options = []Option{shallow, deep, no}
	q.Truth = truth
	// The reveal: the search until x returns, its cutoff marked; the rest
	// is drawn as not yet searched (a later question may ask about it).
	return drawn(q, t, nil, shot{rec, 0, "alpha-beta until " + name + " returns: the ✂ marks its cutoff", stepTo(rec, x.Visit, true)})
}

// noCut explains why no cutoff happens at the searched node x.
func noCut(x *trace) string {
	return fmt.Sprintf("No cutoff at %s: no child is %s (%s).", entered(x), cutTest(x), valuesOf(x.Children))
}

// setAt returns the name of the node that set x's α (alpha) or β: the
// nearest ancestor whose child on the path to x got a tighter bound than
// the ancestor's own, or "" when it is the root's window.
func setAt(root, x *trace, alpha bool) (at *trace, by *trace) {
	c := x
	for p := parentOf(root, c); p != nil; c, p = p, parentOf(root, p) {
		if alpha && c.Alpha > p.Alpha || !alpha && c.Beta < p.Beta {
			k := slices.Index(p.Children, c)
			for _, s := range p.Children[:k] {
				if alpha && s.Value == c.Alpha || !alpha && s.Value == c.Beta {
					return p, s
				}
			}
			return p, nil
		}
	}
	return nil, nil
}

// boundOrigin says where x's α (alpha) or β came from: "α = 3, set at A by B".
func boundOrigin(root, x *trace, alpha bool) string {
	name, val := "β", x.Beta
	if alpha {
		name, val = "α", x.Alpha
	}
	s := name + " = " + algos.FormatValue(val)
	at, by := setAt(root, x, alpha)
	switch {
	case at == nil && (val >= algos.Inf || val <= -algos.Inf):
		return s + " (nothing has moved it)"
	case at == nil:
		return s + " (the root's window)"
	case by != nil:
		return fmt.Sprintf("%s, set at %s by %s", s, at.Pos.Name(), valueOf(by))
	}
	return fmt.Sprintf("%s, set at %s", s, at.Pos.Name())
}

type window struct{ a, b int }

// Window asks for the window [α, β] alpha-beta (Max/Min form, fail-hard,
// Max's point of view as in the pictures) enters the node called node with.
// The distractors are the plausible mistakes: the parent's window on entry
// (forgetting the earlier children), the whole window (not passing bounds
// down), the parent's new bound put on the wrong side (α for β), only the
// bounds the parent set itself (forgetting those from further up), and the
// right bounds swapped. Options are sorted by window; at least two remain
// after deduplication, or it is an error (ask about another node).
func Window(tree, node string) (*Quiz, error) {
	t, rec, err := alphaBeta(tree)
	if err != nil {
		return nil, err
	}
	root := rec.Root()
	x, err := searchedNode(t, root, node, "alpha-beta", true)
	if err != nil {
		return nil, err
	}
	p := parentOf(root, x)
	if p == nil {
		return nil, errors.New("quiz: the root is entered with the whole window; ask about another node")
	}
	name, pname := x.Pos.Name(), p.Pos.Name()
	truthWin := window{x.Alpha, x.Beta}
	truth := fmt.Sprintf("%s is entered with %s: %s; %s.", name, algos.FormatWindow(x.Alpha, x.Beta),
		boundOrigin(root, x, true), boundOrigin(root, x, false))
	var opts choices[window]
	opts.add(truthWin, Option{Label: algos.FormatWindow(x.Alpha, x.Beta), Correct: true, Why: truth})
	add := func(w window, why string) {
		if w.a < w.b {
			opts.add(w, Option{Label: algos.FormatWindow(w.a, w.b), Why: why})
		}
	}
	changed := "its earlier children (" + valuesOf(p.Children[:slices.Index(p.Children, x)]) + ") have moved its bound"
	add(window{p.Alpha, p.Beta}, fmt.Sprintf("That is %s's window when %s is entered; by the time it searches %s, %s: %s",
		pname, pname, name, changed, truth))
	add(window{-algos.Inf, algos.Inf}, fmt.Sprintf("Alpha-beta passes its bounds down the path: %s", truth))
	if p.ToMove == gametree.Max && x.Alpha > p.Alpha {
		add(window{p.Alpha, x.Alpha}, fmt.Sprintf("%s is Max: a child's value raises α, it does not lower β. %s", pname, truth))
	}
	if p.ToMove == gametree.Min && x.Beta < p.Beta {
		add(window{x.Beta, p.Beta}, fmt.Sprintf("%s is Min: a child's value lowers β, it does not raise α. %s", pname, truth))
	}
	own := window{-algos.Inf, algos.Inf}
	if p.ToMove == gametree.Max && x.Alpha > p.Alpha {
		own.a = x.Alpha
	}
	if p.ToMove == gametree.Min && x.Beta < p.Beta {
		own.b = x.Beta
	}
	add(own, fmt.Sprintf("Bounds set further up than %s reach %s too: %s", pname, name, truth))
	switch {
	case truthWin.b >= algos.Inf && truthWin.a > -algos.Inf:
		add(window{-algos.Inf, truthWin.a}, fmt.Sprintf("The bound is on the wrong side: %s", truth))
	case truthWin.a <= -algos.Inf && truthWin.b < algos.Inf:
		add(window{truthWin.b, algos.Inf}, fmt.Sprintf("The bound is on the wrong side: %s", truth))
	}
	if len(opts.opts) < 2 {
		return nil, fmt.Errorf("quiz: %s is entered with %s, which no plausible mistake changes; ask about another node", name, algos.FormatWindow(x.Alpha, x.Beta))
	}
	q := &Quiz{
		ID:    quizID("window", t.String(), name),
		Title: "Which window?",
		Question: fmt.Sprintf(abSearches+
			"With which window [α, β] is %s entered? (Values from Max's point of view, as in the pictures.)", name),
		Kind:  OneChoice,
		Truth: truth,
		Hint: fmt.Sprintf("Not quite: start from the window %s's parent was entered with, then add what the parent learned "+
			"from the children it searched before %s.", name, name),
		Options: opts.sorted(4, func(wa, wb window) int {
			return cmp.Or(cmp.Compare(wa.a, wb.a), cmp.Compare(wa.b, wb.b))
		}),
	}
	// The reveal: the search until x is entered, each window under its
	// node; the rest is drawn as not yet searched.
	return drawn(q, t, nil, shot{rec, 0, "alpha-beta until " + name + " is entered: each node's window under it", stepTo(rec, x.Visit, false)})
}
