package checks

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Visit is one step of a search as the grader saw it.
type Visit struct {
	Path string // the position's path of move indices from the root, "" for the root
	Name string // its name (label or path)
	Eval bool   // Value was called (else Children, on a position with children)
	// Foreign: the position is a node of another tree, one an earlier
	// search was given (a Node the code kept from a previous call); Path and
	// Name are its path and name in that tree.
	Foreign bool
}

// String describes the visit: "evaluate b2" or "expand B" ("evaluate b2 of
// another tree" for a foreign one).
func (v Visit) String() string {
	s := "expand " + v.Name
	if v.Eval {
		s = "evaluate " + v.Name
	}
	if v.Foreign {
		s += " of another tree"
	}
	return s
}

// Trace records the visits of one search. Its limit bounds a runaway search:
// the visit after Limit panics with ErrTooManyVisits, which the check that
// ran the search reports. A search that does not end in time is stopped
// (see watchdog.go): its next call on a Node panics with ErrTimedOut.
type Trace struct {
	Visits []Visit
	Limit  int // 0: no limit
	// shape draws the tree the search ran on, for the check's picture.
	shape func(drawn, must func(path string) bool, budget int) *feedback.Node
	// student: made by Watch (a student's search), else by WatchRef.
	student bool
	// limitNote says where Limit comes from, for the runaway's message.
	limitNote string
	// mu guards Visits against the watchdog, which reads a search's visits
	// from another goroutine when it stops it.
	mu sync.Mutex
	// stop, once set, is the panic value of the search's next call.
	stop atomic.Pointer[ErrTimedOut]
	// started is when Watch made the trace (the search's start).
	started time.Time
}

// refLimitNote says where limitFor's limit comes from.
const refLimitNote = "10× the reference's + 100"

// ErrTooManyVisits is the panic value of a search that visits more than its
// Trace's Limit.
type ErrTooManyVisits struct {
	Limit int
	Note  string // where the limit comes from ("10× the reference's + 100"), or ""
}

func (e ErrTooManyVisits) Error() string {
	note := ""
	if e.Note != "" {
		note = " (" + e.Note + ")"
	}
	return fmt.Sprintf("stopped: your search visited more than %d nodes%s; it may never end", e.Limit, note)
}

func (tr *Trace) add(v Visit) {
	if e := tr.stop.Load(); e != nil {
		panic(*e)
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.Limit > 0 && len(tr.Visits) >= tr.Limit {
		panic(ErrTooManyVisits{tr.Limit, tr.limitNote})
	}
	tr.Visits = append(tr.Visits, v)
}

// snapshot copies the visits made so far (from any goroutine).
func (tr *Trace) snapshot() *Trace {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return &Trace{Visits: append([]Visit(nil), tr.Visits...), Limit: tr.Limit, shape: tr.shape, student: tr.student, limitNote: tr.limitNote}
}

// Foreign returns the visits of nodes of another tree (Visit.Foreign).
func (tr *Trace) Foreign() []Visit {
	var f []Visit
	for _, v := range tr.Visits {
		if v.Foreign {
			f = append(f, v)
		}
	}
	return f
}

// watching is the trace of the student's search that started last: a call
// on a node of another trace of a student's (an earlier search's tree, a
// Node the code kept) is recorded here, tagged Foreign, where the check
// sees it — not in the earlier trace, which nothing reads any more.
var watching atomic.Pointer[Trace]

// record adds v to the trace of the search running: t's own, or, when t is
// a node of an earlier search of a student's, the latest one's, tagged
// Foreign. A stopped search's node panics with why it was stopped.
func (t tracked[P]) record(v Visit) {
	tr := t.tr
	if e := tr.stop.Load(); e != nil {
		panic(*e)
	}
	if tr.student {
		if cur := watching.Load(); cur != nil && cur != tr {
			v.Foreign = true
			tr = cur
		}
	}
	tr.add(v)
}

// alive panics when t's search (or, for a node of an earlier tree, the
// running one) was stopped: a call that records nothing (Children of a
// leaf) still ends a stopped search.
func (t tracked[P]) alive() {
	if e := t.tr.stop.Load(); e != nil {
		panic(*e)
	}
	if cur := watching.Load(); t.tr.student && cur != nil {
		if e := cur.stop.Load(); e != nil {
			panic(*e)
		}
	}
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
	if e := halted.Load(); e != nil {
		panic(*e) // the check was stopped: no search starts any more
	}
	tr := &Trace{Limit: limit, shape: shapeOf(root), student: true, started: time.Now()}
	noteWatch(tr, true)
	watching.Store(tr)
	return &node[P]{tracked: tracked[P]{p: root, tr: tr, name: nameOf(root, "")}}, tr
}

func (n *node[P]) Children() []Node {
	n.alive()
	if n.kids == nil {
		cs := n.p.Children(nil)
		n.kids = make([]Node, len(cs))
		for i, c := range cs {
			n.kids[i] = &node[P]{tracked: n.child(i, c)}
		}
	}
	if len(n.kids) > 0 {
		n.record(Visit{Path: n.path, Name: n.name})
	}
	return n.kids
}

func (n *node[P]) Value() int {
	n.record(Visit{Path: n.path, Name: n.name, Eval: true})
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
		r.t.record(Visit{Path: r.t.path, Name: r.t.name})
	}
	for i, c := range cs {
		buf = append(buf, Ref[P]{r.t.child(i, c)})
	}
	return buf
}

// Value implements gametree.Position.
func (r Ref[P]) Value() int {
	r.t.record(Visit{Path: r.t.path, Name: r.t.name, Eval: true})
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
		if v.Foreign {
			b.WriteString(" (another tree)")
		}
	}
	return b.String()
}
