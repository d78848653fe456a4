package checks

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// TranspositionFunc is exercise 05's function: negamax with alpha-beta and a
// transposition table (the negamax article's third pseudocode), the value of
// n searched depth plies deep in the window [alpha, beta] from the point of
// view of the side color, looking positions up and storing them in tt by
// n.Key().
type TranspositionFunc func(n Node, depth, alpha, beta, color int, tt Table) int

// flip turns a flag around for the other side.
func flip(f Flag) Flag {
	switch f {
	case Lower:
		return Upper
	case Upper:
		return Lower
	}
	return f
}

// recTable is the Table the grader hands out: an unbounded map that records
// every Lookup and Store.
type recTable struct {
	m       map[uint64]Entry
	lookups int
	stores  []Entry
}

func (t *recTable) Lookup(key uint64) (Entry, bool) {
	t.lookups++
	e, ok := t.m[key]
	return e, ok
}

func (t *recTable) Store(e Entry) {
	t.stores = append(t.stores, e)
	t.m[e.Key] = e
}

// refTable is the reference's table: an algos.MapTT that records every store
// and keeps no best move, so that the reference searches the children in
// Children order, as the negamax article's pseudocode does (the library's own
// negamaxTT would try an entry's best move first).
type refTable struct {
	m      *algos.MapTT
	stores []algos.Entry
}

func (t *refTable) Probe(key uint64) (algos.Entry, bool) { return t.m.Probe(key) }
func (t *refTable) Len() int                             { return t.m.Len() }
func (t *refTable) Clear()                               { t.m.Clear() }

func (t *refTable) Store(e algos.Entry) algos.Stored {
	e.Move = -1
	t.stores = append(t.stores, e)
	return t.m.Store(e)
}

// ttRun is what one search did: its value (Max's point of view), its
// visits, and its table stores (in the view of the side to move at each
// stored position).
type ttRun struct {
	value   int
	trace   *Trace
	stores  []Entry
	lookups int
}

// ttCase is a position exercise 05 is graded on, an explicit tree or a game,
// with the student's and the reference's runs on it.
type ttCase struct {
	name    string
	rootKey uint64
	student func(f TranspositionFunc, depth, alpha, beta, limit int) ttRun
	ref     func(depth, alpha, beta int, fail algos.Fail, withTT bool) ttRun
	names   func() map[uint64]string         // a name of each position, by key
	keyOf   func(path string) (uint64, bool) // the key of the position at path
}

// nodeInfo is what the grader knows of a position by its key.
type nodeInfo struct {
	player gametree.Player
	name   string
}

// positions walks the game tree from root, each position once (by key).
func positions[P position[P]](root P) map[uint64]nodeInfo {
	r, _ := WatchRef(root)
	m := map[uint64]nodeInfo{}
	var walk func(r Ref[P])
	walk = func(r Ref[P]) {
		k := r.Key()
		if _, ok := m[k]; ok {
			return
		}
		m[k] = nodeInfo{player: r.ToMove(), name: r.t.name}
		for _, c := range r.Children(nil) {
			walk(c)
		}
	}
	walk(r)
	return m
}

func newTTCase[P position[P]](name string, root P) ttCase {
	r, _ := WatchRef(root)
	var info map[uint64]nodeInfo
	infoOf := func() map[uint64]nodeInfo {
		if info == nil {
			info = positions(root)
		}
		return info
	}
	return ttCase{
		name:    name,
		rootKey: r.Key(),
		student: func(f TranspositionFunc, depth, alpha, beta, limit int) ttRun {
			n, tr := Watch(root, limit)
			tr.limitNote = refLimitNote
			tab := &recTable{m: map[uint64]Entry{}}
			v := negamaxCall(n, alpha, beta, func(n Node, a, b, color int) int { return f(n, depth, a, b, color, tab) })
			return ttRun{value: v, trace: tr, stores: tab.stores, lookups: tab.lookups}
		},
		ref: func(depth, alpha, beta int, fail algos.Fail, withTT bool) ttRun {
			r, tr := WatchRef(root)
			opt := algos.Options[Ref[P]]{Fail: fail}
			if alpha > -Inf || beta < Inf {
				opt.Window = &algos.Window{Alpha: alpha, Beta: beta}
			}
			var tab *refTable
			if withTT {
				tab = &refTable{m: algos.NewMapTT()}
				opt.TT = tab
			}
			res, err := algos.NegamaxAB(r, depth, &opt)
			if err != nil {
				panic("grade: reference negamax-ab: " + err.Error())
			}
			// for the picture: the same search recorded again, its table
			// a new one as this one was
			noteRefRun(tr, func() ([]feedback.Mark, []feedback.Pass) {
				return recordRef(root, func(r Ref[P], trace algos.Tracer[Ref[P]]) {
					again := algos.Options[Ref[P]]{Fail: fail, Window: opt.Window, Trace: trace}
					if withTT {
						again.TT = &refTable{m: algos.NewMapTT()}
					}
					algos.NegamaxAB(r, depth, &again)
				})
			})
			run := ttRun{value: res.Value, trace: tr}
			if tab != nil {
				players := infoOf()
				for _, e := range tab.stores {
					s := Entry{Key: e.Key, Value: e.Value, Depth: e.Depth, Flag: flagOf(e.Bound)}
					if players[e.Key].player == gametree.Min {
						s.Value, s.Flag = -s.Value, flip(s.Flag)
					}
					run.stores = append(run.stores, s)
				}
			}
			return run
		},
		names: func() map[uint64]string {
			m := map[uint64]string{}
			for k, i := range infoOf() {
				m[k] = i.name
			}
			return m
		},
		keyOf: func(path string) (uint64, bool) {
			p := root
			if path != "" {
				for _, f := range strings.Split(path, ".") {
					i, err := strconv.Atoi(f)
					cs := p.Children(nil)
					if err != nil || i < 0 || i >= len(cs) {
						return 0, false
					}
					p = cs[i]
				}
			}
			r, _ := WatchRef(p)
			return r.Key(), true
		},
	}
}

// storesDiff returns the table entries the two runs left for the positions
// where they differ (each position's last store, at the first node of the
// student's visits, else of the reference's, that holds it), the root's
// first, at most max of them: what the picture writes on those nodes.
func storesDiff(tc ttCase, got, want ttRun, max int) []feedback.Store {
	last := func(r ttRun) map[uint64]Entry {
		m := map[uint64]Entry{}
		for _, e := range r.stores {
			m[e.Key] = e
		}
		return m
	}
	g, w := last(got), last(want)
	pathOf := map[uint64]string{}
	var order []uint64
	for _, tr := range []*Trace{got.trace, want.trace} {
		for _, v := range tr.Visits {
			k, ok := tc.keyOf(v.Path)
			if _, seen := pathOf[k]; !ok || seen {
				continue
			}
			pathOf[k] = v.Path
			order = append(order, k)
		}
	}
	say := func(m map[uint64]Entry, k uint64) string {
		if e, ok := m[k]; ok {
			return fmt.Sprintf("%v %d, depth %d", e.Flag, e.Value, e.Depth)
		}
		return "nothing"
	}
	var out []feedback.Store
	for _, k := range order {
		ge, gok := g[k]
		we, wok := w[k]
		if gok == wok && (!gok || ge.Flag == we.Flag && ge.Value == we.Value && ge.Depth == we.Depth) {
			continue
		}
		if len(out) == max {
			break
		}
		out = append(out, feedback.Store{Path: pathOf[k], Got: say(g, k), Want: say(w, k)})
	}
	return out
}

func flagOf(b algos.Bound) Flag {
	switch b {
	case algos.Lower:
		return Lower
	case algos.Upper:
		return Upper
	}
	return Exact
}

// game is a game position the checks run on.
type game struct {
	name string
	c    ttCase
}

func tictactoe(board string) game {
	p, err := games.ParseTicTacToe(board)
	if err != nil {
		panic("grade: " + err.Error())
	}
	name := "tic-tac-toe " + board[0:3] + "/" + board[3:6] + "/" + board[6:9]
	return game{name, newTTCase(name, p)}
}

func nim(piles ...int) game {
	p, err := games.NewNim(piles...)
	if err != nil {
		panic("grade: " + err.Error())
	}
	name := fmt.Sprintf("Nim %v", piles)
	return game{name, newTTCase(name, p)}
}

// ttProperty checks the code on one case: nil when it obeys the rule there.
type ttProperty func(tc ttCase) []string

// onTT checks p on the explicit trees (shrinking random ones) and on the
// games, failing the check at the first case that breaks rule.
func (c *C) onTT(rule string, p ttProperty, trees []Case, gameCases []game) {
	c.T.Helper()
	if len(trees) > 0 {
		c.OnTrees(rule, func(t *gametree.Tree) []string { return p(newTTCase("", t.Root())) }, trees)
	}
	for _, g := range gameCases {
		if why := safely(func(*gametree.Tree) []string { return p(g.c) }, nil); why != nil {
			c.Fail(rule, append([]string{"position: " + g.name}, why...)...)
		}
	}
}

// compare says how much of a run ttSame compares besides the value.
type compare int8

const (
	valueOnly    compare = iota
	visitsOnly           // the visits, in order
	storeDepths          // the visits, and the key and depth of every store, in order
	storeEntries         // the visits, and every store whole, in order
)

// ttSame is the property "f returns what the reference returns (in the
// window) and visits and stores what the reference does, as much as what
// says (fail-soft or fail-hard alike)".
func ttSame(f TranspositionFunc, depth, alpha, beta int, what compare) ttProperty {
	return func(tc ttCase) []string {
		want := tc.ref(depth, alpha, beta, algos.FailSoft, true)
		got := tc.student(f, depth, alpha, beta, limitFor(want.trace))
		head := fmt.Sprintf("depth %s, window %s", depthName(depth), algos.FormatWindow(alpha, beta))
		if !sameInWindow(got.value, want.value, alpha, beta) {
			return append([]string{head}, valueDiff(got.value, want.value, alpha, beta, true)...)
		}
		if what == valueOnly {
			return nil
		}
		why := ttDiff(tc, got, want, what)
		if why == nil {
			return nil
		}
		if ttDiff(tc, got, tc.ref(depth, alpha, beta, algos.FailHard, true), what) == nil {
			return nil
		}
		if got.lookups == 0 {
			why = append(why, "your search never called tt.Lookup")
		}
		return append([]string{head}, why...)
	}
}

// ttDiff explains the first difference of two runs' visits and stores.
func ttDiff(tc ttCase, got, wantRun ttRun, what compare) []string {
	if why := visitDiff(got.trace, wantRun.trace); why != nil || what == visitsOnly {
		return why
	}
	return storeDiff(tc, got, wantRun, what)
}

// storeDiff explains the first difference of two runs' stores (their
// visits are the same), and keeps the runs for the check's picture, the
// node of the store marked.
func storeDiff(tc ttCase, gotRun, wantRun ttRun, what compare) []string {
	got, want := gotRun.stores, wantRun.stores
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if what == storeDepths {
			g.Value, g.Flag, w.Value, w.Flag = 0, 0, 0, 0
		}
		if g != w {
			names := tc.names()
			line := fmt.Sprintf("store %d: expected %s for %s, your search stored %s for %s (values for the side to move there)",
				i+1, want[i], names[want[i].Key], got[i], keyName(names, got[i].Key))
			if path, ok := storedPath(wantRun.trace, i); ok {
				noteWrongStored(gotRun.trace, wantRun.trace, line, feedback.Wrong{Path: path,
					Got: fmt.Sprintf("stored %s (store %d)", got[i], i+1), Want: fmt.Sprintf("%s (for the side to move there)", want[i])},
					storesDiff(tc, gotRun, wantRun, 12))
			}
			return []string{line}
		}
	}
	if len(got) != len(want) {
		return []string{fmt.Sprintf("the search should store %d entries (one per node it expands, after its loop), yours stored %d", len(want), len(got))}
	}
	return nil
}

func keyName(names map[uint64]string, k uint64) string {
	if n, ok := names[k]; ok {
		return n
	}
	return fmt.Sprintf("key %#x (no position of this tree: store n.Key())", k)
}

// rootFlag is the property "after a search of the window [α, β] the entry
// stored for the root has the flag the value's place calls for (fails low:
// UPPERBOUND, inside: EXACT, fails high: LOWERBOUND, in the root's side's
// view) and the depth searched".
func rootFlag(f TranspositionFunc, depth int) ttProperty {
	return func(tc ttCase) []string {
		whole := tc.ref(depth, -Inf, Inf, algos.FailSoft, true)
		v := whole.value
		for _, w := range [][2]int{{-Inf, Inf}, {v - 3, v - 1}, {v - 1, v + 1}, {v + 1, v + 3}, {v - 1, v}, {v, v + 1}} {
			alpha, beta := w[0], w[1]
			want := tc.ref(depth, alpha, beta, algos.FailSoft, true)
			got := tc.student(f, depth, alpha, beta, limitFor(want.trace))
			head := fmt.Sprintf("depth %s, window %s (Max's view), the root's value %d (Max's view)", depthName(depth), algos.FormatWindow(alpha, beta), v)
			var wr, gr *Entry
			for i := range want.stores {
				if want.stores[i].Key == tc.rootKey {
					wr = &want.stores[i]
				}
			}
			for i := range got.stores {
				if got.stores[i].Key == tc.rootKey {
					gr = &got.stores[i]
				}
			}
			if wr == nil {
				continue // a root the search does not store (a leaf)
			}
			wrong := func(line, did, expected string) []string {
				noteWrongStored(got.trace, want.trace, line, feedback.Wrong{Path: "", Got: did,
					Want: fmt.Sprintf("%s (window %s; the root's value %d, all in Max's view)", expected, algos.FormatWindow(alpha, beta), v)},
					storesDiff(tc, got, want, 12))
				return []string{head, line}
			}
			if gr == nil {
				return wrong("your search stored no entry for the root (store after the loop, with n.Key() as the key)",
					"stored no entry for the root", "an entry "+wr.String())
			}
			if gr.Flag != wr.Flag || gr.Depth != wr.Depth {
				return append(wrong(fmt.Sprintf("the root's entry: expected flag %v and depth %d, your search stored %s", wr.Flag, wr.Depth, gr),
					"stored "+gr.String()+" for the root", fmt.Sprintf("flag %v, depth %d", wr.Flag, wr.Depth)),
					"the flag is in the view of the side to move: value ≤ alphaOrig → UPPERBOUND, value ≥ β → LOWERBOUND, else EXACT")
			}
			if gr.Flag == Exact && gr.Value != wr.Value {
				return wrong(fmt.Sprintf("the root's EXACT entry: expected value %d, your search stored %s", wr.Value, gr),
					"stored "+gr.String()+" for the root", fmt.Sprintf("EXACT, value %d", wr.Value))
			}
		}
		return nil
	}
}

// savesWork is the property "where the reference's table saves at least
// half the visits of alpha-beta without one, the code's search does too".
func savesWork(f TranspositionFunc, depth int) ttProperty {
	return func(tc ttCase) []string {
		with := tc.ref(depth, -Inf, Inf, algos.FailSoft, true)
		without := tc.ref(depth, -Inf, Inf, algos.FailSoft, false)
		if 2*len(with.trace.Visits) > len(without.trace.Visits) {
			return nil
		}
		got := tc.student(f, depth, -Inf, Inf, limitFor(without.trace))
		if 2*len(got.trace.Visits) <= len(without.trace.Visits) {
			return nil
		}
		why := []string{fmt.Sprintf("visits: alpha-beta without a table makes %d, the reference with one %d, your search %d (at most %d expected)",
			len(without.trace.Visits), len(with.trace.Visits), len(got.trace.Visits), len(without.trace.Visits)/2)}
		noteWrong(got.trace, with.trace, why[0], feedback.Wrong{Path: "", Got: fmt.Sprintf("%d visits", len(got.trace.Visits)),
			Want: fmt.Sprintf("at most %d visits (the reference with a table: %d; alpha-beta without one: %d)",
				len(without.trace.Visits)/2, len(with.trace.Visits), len(without.trace.Visits))})
		if got.lookups == 0 {
			why = append(why, "your search never called tt.Lookup")
		}
		return why
	}
}

// Transposition grades exercise 05 (100 points).
func Transposition(t *testing.T, f TranspositionFunc) {
	t.Helper()
	Run(t, transpositionChecks(f))
}

// transpositionChecks are exercise 05's checks, grading f.
func transpositionChecks(f TranspositionFunc) []Check {
	gameCases := []game{
		tictactoe("x...o...."), tictactoe("x.o.o.x.."), tictactoe("x...o...x"), tictactoe("xo..x...o"),
		nim(1, 2, 3), nim(2, 2, 3), nim(4, 3),
	}
	return []Check{
		{Name: "whole window", Points: 10, Run: func(c *C) {
			c.onTT("with the whole window [−Inf, +Inf] and an empty table: the negamax value (color × the result is Max's value)",
				ttSame(f, full, -Inf, Inf, valueOnly),
				append(Fixtures("aima-fig5.2"), append(Random(c.Rand(50), 20, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}),
					Random(c.Rand(51), 10, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true})...)...),
				gameCases)
		}},
		{Name: "windows", Points: 15, Run: func(c *C) {
			rule := "in a window [α, β]: the exact value when it lies inside, else a value on the same side; an entry's bound may narrow the window, never settle a value it does not prove"
			prop := func(tc ttCase) []string {
				v := tc.ref(full, -Inf, Inf, algos.FailSoft, true).value
				for _, w := range [][2]int{{v - 3, v - 1}, {v - 1, v + 1}, {v + 1, v + 3}, {v - 1, v}, {v, v + 1}, {-Inf, v}, {v, Inf}} {
					if why := ttSame(f, full, w[0], w[1], valueOnly)(tc); why != nil {
						return why
					}
				}
				return nil
			}
			c.onTT(rule, prop, Random(c.Rand(52), 20, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}), gameCases)
		}},
		{Name: "root flag", Points: 20, Run: func(c *C) {
			c.onTT("store every node you search with the negamax article's flag: value ≤ alphaOrig (the α the node was called with) → UPPERBOUND, value ≥ β → LOWERBOUND, else EXACT; and the depth it was searched to",
				rootFlag(f, full),
				append(Random(c.Rand(53), 15, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20}),
					Random(c.Rand(54), 5, Shape{MinDepth: 1, MaxDepth: 4, MaxBranch: 3, Range: 20, MinRoot: true})...),
				gameCases)
		}},
		{Name: "stored depth", Points: 10, Run: func(c *C) {
			rule := "store the depth the node was searched to (its depth argument), and use an entry only if its depth ≥ the depth you need: a shallower search is not good enough"
			trees := Random(c.Rand(55), 15, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20, Static: true})
			for depth := 1; depth <= 3; depth++ {
				c.onTT(rule, ttSame(f, depth, -Inf, Inf, storeDepths), trees, nil)
			}
			// In Nim a position recurs at different plies (take 3 stones, or
			// 1 three times): with a depth limit its entries differ in depth.
			for depth := 4; depth <= 6; depth++ {
				c.onTT(rule, ttSame(f, depth, -Inf, Inf, storeDepths), nil, []game{nim(1, 2, 3), nim(4, 3), nim(2, 2, 3)})
			}
		}},
		{Name: "transpositions", Points: 25, Run: func(c *C) {
			for _, w := range [][2]int{{-Inf, Inf}, {-1, 1}, {0, 1}, {-1, 0}} {
				c.onTT("the table is used: a position met again is looked up (tt.Lookup(n.Key()) first thing) and settled by an entry that covers the depth (EXACT, or a bound beyond the window), else the window narrowed by it; the same visits and stores as the reference, in order",
					ttSame(f, full, w[0], w[1], storeEntries), nil, gameCases)
			}
		}},
		{Name: "saves work", Points: 10, Run: func(c *C) {
			c.onTT("with a table a game with many transpositions takes far fewer visits than alpha-beta without one",
				savesWork(f, full), nil, gameCases)
		}},
		{Name: "random trees", Points: 10, Run: func(c *C) {
			c.onTT("on a tree without transpositions (every key different) the table never settles a node: the visits of plain negamax alpha-beta, and one store per expanded node",
				func(tc ttCase) []string {
					without := tc.ref(full, -Inf, Inf, algos.FailSoft, false)
					got := tc.student(f, full, -Inf, Inf, limitFor(without.trace))
					if !sameInWindow(got.value, without.value, -Inf, Inf) {
						return valueDiff(got.value, without.value, -Inf, Inf, false)
					}
					if why := visitDiff(got.trace, without.trace); why != nil {
						return why
					}
					if len(got.stores) != len(got.trace.Expansions()) {
						return []string{fmt.Sprintf("the search expanded %d nodes and stored %d entries: store each node once, after its loop", len(got.trace.Expansions()), len(got.stores))}
					}
					return nil
				},
				append(Fixtures("aima-fig5.2", "deep-cutoff"), Random(c.Rand(56), 30, Shape{MinDepth: 2, MaxDepth: 5, MaxBranch: 3, Range: 20})...), nil)
		}},
	}
}

// storedPath returns the path of the i-th (from 0) node a search of tr
// stored: the table's search stores each node it expands when it leaves
// it, so the i-th expanded node in the order the search left them.
func storedPath(tr *Trace, i int) (string, bool) {
	var stack []string // the expanded nodes the search is in
	var left []string
	within := func(anc, path string) bool {
		return anc == path || anc == "" || strings.HasPrefix(path, anc+".")
	}
	for _, v := range tr.Visits {
		for len(stack) > 0 && !within(stack[len(stack)-1], v.Path) {
			left, stack = append(left, stack[len(stack)-1]), stack[:len(stack)-1]
		}
		if !v.Eval && (len(stack) == 0 || stack[len(stack)-1] != v.Path) {
			stack = append(stack, v.Path)
		}
		if len(left) > i {
			return left[i], true
		}
	}
	for len(stack) > 0 {
		left, stack = append(left, stack[len(stack)-1]), stack[:len(stack)-1]
	}
	if i < len(left) {
		return left[i], true
	}
	return "", false
}
