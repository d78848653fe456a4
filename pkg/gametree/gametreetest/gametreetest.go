// Package gametreetest checks that an implementation of
// [gametree.Position] obeys the rules of the interface, in the manner of
// golang.org/x/exp/slog/slogtest: each failure says which rule was broken
// and on which path of moves from the root.
//
// Use it from the tests of every position type:
//
//	func TestConformance(t *testing.T) {
//		gametreetest.Run(t, mygame.New(), 10000)
//	}
package gametreetest

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TB is the part of [testing.TB] that [Run] uses. A *testing.T satisfies it;
// tests of this package pass a recorder instead.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// MaxErrors is the number of rule violations after which [Run] stops: a
// broken position type usually breaks a rule at every node.
const MaxErrors = 20

// Run walks the tree below root depth-first, in move order, visiting at most
// maxNodes nodes (the root included), and reports through t every broken
// rule of [gametree.Position] it finds:
//
//   - Children(buf) appends to buf: the elements of buf before the call are
//     left untouched (compared with reflect.DeepEqual when the position type
//     supports it), and the same children come back whether buf is nil, has
//     spare capacity or has none;
//   - calling Children twice gives equal results: the same number of
//     children, with equal Value, ToMove, Key (for [gametree.Keyed]
//     positions) and number of children of their own;
//   - Children does not modify the receiver: its Value, ToMove, Key and
//     number of children are the same after the calls;
//   - Value is deterministic;
//   - ToMove is Max or Min;
//   - for Keyed positions, two nodes of the walk with the same key have the
//     same Value, ToMove and number of children;
//   - for [gametree.MoveNamer] positions, every move has a non-empty name;
//   - for [gametree.ChildValuer] positions (on *P), ValuedChildren gives the
//     number of children (or declines) and ChildValue each child's Value,
//     in order, the same when asked again or out of order.
//
// Two children are "equal" when their observable behaviour is: positions
// need not be comparable. Run costs about five Children calls per node, and
// memory proportional to the number of distinct keys it sees. It reports at
// most [MaxErrors] violations, then stops with t.Fatalf; an argument error
// (maxNodes < 1) is also reported with Fatalf. Run returns after any Fatalf,
// so it also works with a TB whose Fatalf returns.
func Run[P gametree.Position[P]](t TB, root P, maxNodes int) {
	t.Helper()
	if maxNodes < 1 {
		t.Fatalf("gametreetest.Run: maxNodes = %d, want ≥ 1", maxNodes)
		return
	}
	w := walker[P]{t: t, seen: make(map[uint64]seenKey)}
	type item struct {
		p     P
		path  []int    // move indices from the root
		names []string // their names, for MoveNamer positions
	}
	stack := []item{{p: root}}
	visited := 0
	for len(stack) > 0 && visited < maxNodes {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		visited++
		kids := w.check(it.p, describePath(it.path, it.names))
		if w.stopped {
			return
		}
		mn, named := any(it.p).(gametree.MoveNamer)
		for i := len(kids) - 1; i >= 0; i-- {
			next := item{p: kids[i], path: append(append(make([]int, 0, len(it.path)+1), it.path...), i)}
			if named {
				next.names = append(append(make([]string, 0, len(it.names)+1), it.names...), mn.MoveName(i))
			}
			stack = append(stack, next)
		}
	}
}

type walker[P gametree.Position[P]] struct {
	t       TB
	errors  int
	stopped bool
	seen    map[uint64]seenKey
}

type seenKey struct {
	obs  observation
	path string
}

// observation is what a search can see of a position without descending.
type observation struct {
	value    int
	toMove   gametree.Player
	key      uint64
	keyed    bool
	children int
}

func (o observation) String() string {
	s := fmt.Sprintf("Value %d, ToMove %v, %d children", o.value, o.toMove, o.children)
	if o.keyed {
		s += fmt.Sprintf(", Key %#x", o.key)
	}
	return s
}

func observe[P gametree.Position[P]](p P) observation {
	o := observation{value: p.Value(), toMove: p.ToMove(), children: len(p.Children(nil))}
	if k, ok := any(p).(gametree.Keyed); ok {
		o.key, o.keyed = k.Key(), true
	}
	return o
}

func (w *walker[P]) errorf(path string, rule string, format string, args ...any) {
	w.t.Helper()
	if w.stopped {
		return
	}
	w.errors++
	w.t.Errorf("%s: %s: %s", path, rule, fmt.Sprintf(format, args...))
	if w.errors >= MaxErrors {
		w.t.Fatalf("gametreetest.Run: stopping after %d violations", w.errors)
		w.stopped = true
	}
}

// describePath names a path by move indices, and also by move names when
// the position type has them: "after moves [0 4] (a1 b2)".
func describePath(path []int, names []string) string {
	if len(path) == 0 {
		return "at the root"
	}
	idx := make([]string, len(path))
	for i, m := range path {
		idx[i] = strconv.Itoa(m)
	}
	s := "after moves [" + strings.Join(idx, " ") + "]"
	if len(names) == len(path) {
		s += " (" + strings.Join(names, " ") + ")"
	}
	return s
}

// check checks the rules at p and returns its children.
func (w *walker[P]) check(p P, path string) []P {
	w.t.Helper()

	// ToMove and Value.
	tm := p.ToMove()
	if tm != gametree.Max && tm != gametree.Min {
		w.errorf(path, "ToMove must be Max or Min", "got Player(%d)", int8(tm))
	}
	v1, v2 := p.Value(), p.Value()
	if v1 != v2 {
		w.errorf(path, "Value must be deterministic", "two calls returned %d and %d", v1, v2)
	}
	before := observe(p)

	// Children from nil, twice.
	kids := p.Children(nil)
	again := p.Children(nil)
	if len(kids) != len(again) {
		w.errorf(path, "calling Children twice must give the same children", "got %d, then %d children", len(kids), len(again))
	} else {
		for i := range kids {
			a, b := observe(kids[i]), observe(again[i])
			if a != b {
				w.errorf(path, "calling Children twice must give the same children", "child %d was {%v}, then {%v}", i, a, b)
			}
		}
	}

	// Children appends: a prefix with spare capacity, and one without.
	comparable := reflect.DeepEqual(p, p)
	for _, spare := range []bool{true, false} {
		const prefix = 3
		c := prefix
		if spare {
			c += len(kids) + 1
		}
		buf := make([]P, prefix, c)
		for i := range buf {
			buf[i] = p
		}
		res := p.Children(buf)
		how := "with no spare capacity"
		if spare {
			how = "with spare capacity"
		}
		for i := range prefix {
			got := []P{buf[i]}
			if i < len(res) {
				got = append(got, res[i])
			}
			for _, g := range got {
				if comparable && !reflect.DeepEqual(g, p) || !comparable && observe(g) != before {
					w.errorf(path, "Children must not touch the existing elements of buf", "%s, element %d of the %d-element prefix was overwritten", how, i, prefix)
					break
				}
			}
		}
		if len(res) != prefix+len(kids) {
			w.errorf(path, "Children must append to buf", "buf of length %d %s: got length %d, want %d (%d children)", prefix, how, len(res), prefix+len(kids), len(kids))
			continue
		}
		for i := range kids {
			a, b := observe(kids[i]), observe(res[prefix+i])
			if a != b {
				w.errorf(path, "Children(buf) must append the same children as Children(nil)", "%s, child %d was {%v}, want {%v}", how, i, b, a)
			}
		}
	}

	// The receiver is unchanged.
	if after := observe(p); after != before {
		w.errorf(path, "Children must not modify the receiver", "before: {%v}; after: {%v}", before, after)
	}

	// Keys.
	if before.keyed {
		if s, ok := w.seen[before.key]; ok {
			a, b := s.obs, before
			a.key, b.key = 0, 0
			if a != b {
				w.errorf(path, "positions with equal keys must be equal", "Key %#x was seen %s with {%v}, now {%v}", before.key, s.path, s.obs, before)
			}
		} else {
			w.seen[before.key] = seenKey{obs: before, path: path}
		}
	}

	// Children's values without the children.
	q := p
	if cv, ok := any(&q).(gametree.ChildValuer); ok {
		if first, n, ok := cv.ValuedChildren(); ok {
			if n != len(kids) {
				w.errorf(path, "ValuedChildren must count the children", "it counts %d, Children gives %d", n, len(kids))
			} else {
				// Last to first, then first to last: a value must not
				// depend on the values read before it.
				for k := range 2 * n {
					i := n - 1 - k // n−1, …, 0
					if k >= n {
						i = k - n // 0, …, n−1
					}
					if got, want := cv.ChildValue(first, i), kids[i].Value(); got != want {
						w.errorf(path, "ChildValue must give each child's Value", "ChildValue(%d, %d) is %d, the child's Value is %d", first, i, got, want)
					}
				}
			}
		}
	}

	// Move names.
	if mn, ok := any(p).(gametree.MoveNamer); ok {
		for i := range kids {
			if mn.MoveName(i) == "" {
				w.errorf(path, "MoveName must name every move", "MoveName(%d) is empty", i)
			}
		}
	}
	return kids
}
