package gametreetest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
)

// recorder is a gametreetest.TB that records failures instead of failing.
type recorder struct {
	errors, fatals []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, sprintf(format, args...))
}

func sprintf(format string, args ...any) string {
	var b strings.Builder
	fmt.Fprintf(&b, format, args...)
	return b.String()
}

// bug selects how a fake game is broken.
type bug int

const (
	noBug bug = iota
	clobberBuf
	truncateBuf
	randomValue
	badPlayer
	keyCollision
	unstableChildren
	emptyMoveName
)

// fake is a complete binary tree of depth 3 whose node (k, i) has value i,
// optionally broken in one way. counter, shared by all nodes, lets the
// broken variants behave differently on each call.
type fake struct {
	k, i    int
	bug     bug
	counter *int
}

func (f fake) Children(buf []fake) []fake {
	if f.k == 3 {
		return buf
	}
	switch {
	case f.bug == clobberBuf && len(buf) > 0:
		buf[0] = fake{} // uses buf as scratch space
	case f.bug == truncateBuf:
		buf = buf[:0]
	}
	n := 2
	if f.bug == unstableChildren {
		*f.counter++
		n = 1 + *f.counter%2
	}
	for j := range n {
		buf = append(buf, fake{k: f.k + 1, i: 2*f.i + j, bug: f.bug, counter: f.counter})
	}
	return buf
}

func (f fake) Value() int {
	if f.bug == randomValue {
		*f.counter++
		return *f.counter
	}
	return f.i
}

func (f fake) ToMove() gametree.Player {
	if f.bug == badPlayer {
		return 0
	}
	return gametree.Player(1 - 2*(f.k%2))
}

func (f fake) Key() uint64 {
	if f.bug == keyCollision {
		return uint64(f.k) // all nodes of a level share a key
	}
	return uint64(1<<f.k + f.i)
}

func (f fake) MoveName(i int) string {
	if f.bug == emptyMoveName {
		return ""
	}
	return string(rune('a' + i))
}

// mutating is a pointer position whose Children moves it down the tree, as
// a careless make-move implementation would.
type mutating struct{ k int }

func (m *mutating) Children(buf []*mutating) []*mutating {
	if m.k == 3 {
		return buf
	}
	m.k++
	return append(buf, &mutating{k: m.k}, &mutating{k: m.k})
}
func (m *mutating) Value() int              { return m.k }
func (m *mutating) ToMove() gametree.Player { return gametree.Max }

func TestRunCatchesBrokenPositions(t *testing.T) {
	tests := []struct {
		name string
		bug  bug
		want string // a rule that must appear in some error
	}{
		{"Children clobbers buf", clobberBuf, "Children must not touch the existing elements of buf"},
		{"Children truncates buf", truncateBuf, "Children must append to buf"},
		{"Value changes on each call", randomValue, "Value must be deterministic"},
		{"ToMove is neither Max nor Min", badPlayer, "ToMove must be Max or Min"},
		{"equal keys for different positions", keyCollision, "positions with equal keys must be equal"},
		{"Children differs between calls", unstableChildren, "calling Children twice must give the same children"},
		{"a move has no name", emptyMoveName, "MoveName must name every move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r recorder
			gametreetest.Run[fake](&r, fake{bug: tt.bug, counter: new(int)}, 100)
			found := false
			for _, e := range r.errors {
				if strings.Contains(e, tt.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("no error mentions %q; got errors %q, fatals %q", tt.want, r.errors, r.fatals)
			}
			if len(r.errors) > gametreetest.MaxErrors {
				t.Errorf("%d errors reported, want at most %d", len(r.errors), gametreetest.MaxErrors)
			}
		})
	}
	t.Run("Children modifies the receiver", func(t *testing.T) {
		var r recorder
		gametreetest.Run[*mutating](&r, &mutating{}, 100)
		want := "Children must not modify the receiver"
		if len(r.errors) == 0 || !strings.Contains(strings.Join(r.errors, "\n"), want) {
			t.Errorf("no error mentions %q; got %q", want, r.errors)
		}
	})
}

func TestRunMessagesNamePath(t *testing.T) {
	var r recorder
	gametreetest.Run[fake](&r, fake{bug: badPlayer, counter: new(int)}, 3)
	want := []string{
		"at the root: ToMove must be Max or Min: got Player(0)",
		"after moves [0] (a): ToMove must be Max or Min: got Player(0)",
		"after moves [0 0] (a a): ToMove must be Max or Min: got Player(0)",
	}
	if strings.Join(r.errors, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), strings.Join(want, "\n"))
	}
}

func TestRunAcceptsCorrectPositions(t *testing.T) {
	var r recorder
	gametreetest.Run[fake](&r, fake{counter: new(int)}, 1000)
	if len(r.errors)+len(r.fatals) > 0 {
		t.Errorf("a correct position was reported: %q %q", r.errors, r.fatals)
	}
}

func TestRunRejectsBadMaxNodes(t *testing.T) {
	var r recorder
	gametreetest.Run[fake](&r, fake{counter: new(int)}, 0)
	if len(r.fatals) != 1 {
		t.Errorf("maxNodes = 0: fatals %q, want one", r.fatals)
	}
}

func TestRunStopsAfterMaxErrors(t *testing.T) {
	var r recorder
	gametreetest.Run[fake](&r, fake{bug: randomValue, counter: new(int)}, 1000)
	if len(r.errors) != gametreetest.MaxErrors || len(r.fatals) != 1 {
		t.Errorf("got %d errors and %d fatals, want %d and 1", len(r.errors), len(r.fatals), gametreetest.MaxErrors)
	}
}

// badValues has a ChildValuer whose values are off by one from its
// children's: Run must say so.
type badValues struct{ d int }

func (b badValues) Children(buf []badValues) []badValues {
	if b.d == 0 {
		return buf
	}
	return append(buf, badValues{b.d - 1}, badValues{b.d - 1})
}
func (b badValues) Value() int                           { return b.d }
func (b badValues) ToMove() gametree.Player              { return gametree.Max }
func (b *badValues) ValuedChildren() (uint64, int, bool) { return 0, len(b.Children(nil)), true }
func (b *badValues) ChildValue(_ uint64, _ int) int      { return b.d }

func TestChildValuerChecked(t *testing.T) {
	r := &recorder{}
	gametreetest.Run(r, badValues{2}, 10)
	if !strings.Contains(strings.Join(r.errors, "\n"), "ChildValue must give each child's Value") {
		t.Fatalf("wrong ChildValue went unreported: %q", r.errors)
	}
}
