package checks

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Visit is one step of a search as the grader saw it.
type Visit struct {
	Path string // the position's path of move indices from the root, "" for the root
	Name string // its name (label or path)
	Eval bool   // Value was called (else Children, on a position with children)
}

// String describes the visit: "evaluate b2" or "expand B".
func (v Visit) String() string {
	if v.Eval {
		return "evaluate " + v.Name
	}
	return "expand " + v.Name
}

// Trace records the visits of one search. Its limit bounds a runaway search:
// the visit after Limit panics with ErrTooManyVisits, which the check that
// ran the search reports.
type Trace struct {
	Visits []Visit
	Limit  int // 0: no limit
	// shape draws the tree the search ran on, for the check's picture.
	shape func(drawn, must func(path string) bool, budget int) *feedback.Node
}

// ErrTooManyVisits is the panic value of a search that visits more than its
// Trace's Limit.
type ErrTooManyVisits struct{ Limit int }

func (e ErrTooManyVisits) Error() string {
	return fmt.Sprintf("the search visited more than %d nodes: stopped (a loop, a missing cutoff or a re-search that never ends?)", e.Limit)
}

func (tr *Trace) add(v Visit) {
	if tr.Limit > 0 && len(tr.Visits) >= tr.Limit {
		panic(ErrTooManyVisits{tr.Limit})
	}
	tr.Visits = append(tr.Visits, v)
}

// Evals returns the evaluations of the trace, in order.
func (tr *Trace) Evals() []Visit {
	var e []Visit
	for _, v := range tr.Visits {
		if v.Eval {
			e = append(e, v)
		}
	}
	return e
}

// Expansions returns how many times each position (by path) was expanded.
func (tr *Trace) Expansions() map[string]int {
	m := map[string]int{}
	for _, v := range tr.Visits {
		if !v.Eval {
			m[v.Path]++
		}
	}
	return m
}

// position is what the grader can wrap: any gametree position.
type position[P any] interface {
	gametree.Position[P]
}

// tracked is one position of a watched search, the same for the student's
// view (node) and the reference's (ref): both record into the same kind of
// Trace, with the same paths and names.
type tracked[P position[P]] struct {
	p    P
	tr   *Trace
	path string
	name string
}

func (t tracked[P]) child(i int, c P) tracked[P] {
	path := strconv.Itoa(i)
	if t.path != "" {
		path = t.path + "." + path
	}
	return tracked[P]{p: c, tr: t.tr, path: path, name: nameOf(c, path)}
}

func nameOf[P any](p P, path string) string {
	if n, ok := any(p).(interface{ Label() string }); ok && n.Label() != "" {
		return n.Label()
	}
	if path == "" {
		return "root"
	}
	return path
}

func (t tracked[P]) key() uint64 {
	if k, ok := any(t.p).(gametree.Keyed); ok {
		return k.Key()
	}
	// No key of its own: the path, hashed (FNV-1a), is unique in the tree.
	h := uint64(14695981039346656037)
	for i := 0; i < len(t.path); i++ {
		h = (h ^ uint64(t.path[i])) * 1099511628211
	}
	return h
}

// node is the student's view of a tracked position.
type node[P position[P]] struct {
	tracked[P]
	kids []Node // made once, so that a position keeps its identity
}

// Watch returns root as a Node for a student's search, and the Trace that
// records what the search does with it. limit bounds the visits (0: none).
func Watch[P position[P]](root P, limit int) (Node, *Trace) {
	tr := &Trace{Limit: limit, shape: shapeOf(root)}
	noteWatch(tr, true)
	return &node[P]{tracked: tracked[P]{p: root, tr: tr, name: nameOf(root, "")}}, tr
}

func (n *node[P]) Children() []Node {
	if n.kids == nil {
		cs := n.p.Children(nil)
		n.kids = make([]Node, len(cs))
		for i, c := range cs {
			n.kids[i] = &node[P]{tracked: n.child(i, c)}
		}
	}
	if len(n.kids) > 0 {
		n.tr.add(Visit{Path: n.path, Name: n.name})
	}
	return n.kids
}

func (n *node[P]) Value() int {
	n.tr.add(Visit{Path: n.path, Name: n.name, Eval: true})
	return n.p.Value()
}

func (n *node[P]) Max() bool      { return n.p.ToMove() == gametree.Max }
func (n *node[P]) Key() uint64    { return n.key() }
func (n *node[P]) String() string { return n.name }

// Ref is the reference's view of a tracked position: a gametree.Position
// that pkg/algos can search, recording into a Trace like a Node does.
type Ref[P position[P]] struct{ t tracked[P] }

// WatchRef returns root as a Ref for a reference search, and its Trace.
func WatchRef[P position[P]](root P) (Ref[P], *Trace) {
	tr := &Trace{shape: shapeOf(root)}
	noteWatch(tr, false)
	return Ref[P]{tracked[P]{p: root, tr: tr, name: nameOf(root, "")}}, tr
}

// Children implements gametree.Position.
func (r Ref[P]) Children(buf []Ref[P]) []Ref[P] {
	cs := r.t.p.Children(nil)
	if len(cs) > 0 {
		r.t.tr.add(Visit{Path: r.t.path, Name: r.t.name})
	}
	for i, c := range cs {
		buf = append(buf, Ref[P]{r.t.child(i, c)})
	}
	return buf
}

// Value implements gametree.Position.
func (r Ref[P]) Value() int {
	r.t.tr.add(Visit{Path: r.t.path, Name: r.t.name, Eval: true})
	return r.t.p.Value()
}

// ToMove implements gametree.Position.
func (r Ref[P]) ToMove() gametree.Player { return r.t.p.ToMove() }

// Key implements gametree.Keyed.
func (r Ref[P]) Key() uint64 { return r.t.key() }

// Path returns the position's path of move indices ("" for the root).
func (r Ref[P]) Path() string { return r.t.path }

// Pos returns the wrapped position.
func (r Ref[P]) Pos() P { return r.t.p }

// describe lists visits compactly, at most max of them.
func describe(vs []Visit, max int) string {
	var b strings.Builder
	for i, v := range vs {
		if i == max {
			fmt.Fprintf(&b, " … (%d more)", len(vs)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v.Name)
	}
	return b.String()
}
