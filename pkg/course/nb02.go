package course

// What notebook 02-alphabeta (and 03-negamax) print about a search: its
// cutoffs in words, its windows node by node as in the textbook's Table 6.3,
// whether a learner's search is the library's, and alpha-beta against
// minimax on random trees.

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// returnedText writes what a searched node returned as the pictures do: a leaf's
// value, an exact value, or "≤v" (an upper bound, it failed low) and "≥v"
// (a lower bound, it failed high).
func returnedText[P gametree.Position[P]](n *algos.TraceNode[P]) string {
	switch {
	case n.Leaf || n.Bound == algos.Exact:
		return algos.FormatValue(n.Value)
	case n.Bound == algos.Upper:
		return "≤" + algos.FormatValue(n.Value)
	case n.Bound == algos.Lower:
		return "≥" + algos.FormatValue(n.Value)
	}
	return algos.FormatValue(n.Value)
}

// traceName is a position's name in the pictures: its label when it has one
// (gametree.Node), else its path of moves from the root ("root", "0.2.1").
func traceName[P gametree.Position[P]](n *algos.TraceNode[P], path []*algos.TraceNode[P]) string {
	if l, ok := any(n.Pos).(interface{ Label() string }); ok && l.Label() != "" {
		return l.Label()
	}
	if len(path) == 0 {
		return "root"
	}
	var s []string
	for _, p := range append(path[1:], n) {
		s = append(s, fmt.Sprint(p.Move))
	}
	return strings.Join(s, ".")
}

// walkTrace calls f on every searched node of the last root search of rec, in
// visit order, with the path of its ancestors (the root first).
func walkTrace[P gametree.Position[P]](rec *algos.Recorder[P], f func(n *algos.TraceNode[P], path []*algos.TraceNode[P])) {
	traverseTrace(rec, f, nil)
}

// traverseTrace calls pre on every searched node of the last root search of rec
// when the search enters it and post when it leaves it (either may be nil),
// with the path of its ancestors (the root first).
func traverseTrace[P gametree.Position[P]](rec *algos.Recorder[P], pre, post func(n *algos.TraceNode[P], path []*algos.TraceNode[P])) {
	var visit func(n *algos.TraceNode[P], path []*algos.TraceNode[P])
	visit = func(n *algos.TraceNode[P], path []*algos.TraceNode[P]) {
		if pre != nil {
			pre(n, path)
		}
		for _, c := range n.Children {
			visit(c, append(path[:len(path):len(path)], n))
		}
		if post != nil {
			post(n, path)
		}
	}
	if r := rec.Root(); r != nil {
		visit(r, nil)
	}
}

// sideName is "Max" or "Min".
func sideName(p gametree.Player) string {
	if p == gametree.Max {
		return "Max"
	}
	return "Min"
}

// Cutoffs describes where the search s stopped early and why, one line a
// cutoff in the order they happened, in the words of notebook 02:
//
//	B (Min, window [5, +∞]): C returned 2, at or below α = 5, a shallow cutoff (α set at S, ply 0); never searched: b2 b3; B returns ≤5
//
// "none" when it cut nothing.
func Cutoffs[P gametree.Position[P]](s *Search[P]) string {
	var lines []string
	traverseTrace(s.Rec, nil, func(n *algos.TraceNode[P], path []*algos.TraceNode[P]) {
		if n.Cut == nil {
			return
		}
		me := traceName(n, path)
		full := append(path, n)
		var by *algos.TraceNode[P]
		for _, c := range n.Children {
			if c.Move == n.Cut.Move {
				by = c
			}
		}
		test := fmt.Sprintf("at or above β = %s", algos.FormatValue(n.Beta))
		if n.ToMove == gametree.Min {
			test = fmt.Sprintf("at or below α = %s", algos.FormatValue(n.Alpha))
		}
		what := "a child"
		if by != nil {
			what = fmt.Sprintf("%s returned %s, %s", traceName(by, full), returnedText(by), test)
		}
		bound := "β"
		if n.ToMove == gametree.Min {
			bound = "α"
		}
		at := "its own window"
		if f := n.Cut.From; f >= 0 && f < n.Ply {
			at = fmt.Sprintf("%s set at %s, ply %d", bound, traceName(full[f], full[:f]), f)
		}
		line := fmt.Sprintf("%s (%s, window %s): %s, a %s cutoff (%s)", me, sideName(n.ToMove), algos.FormatWindow(n.Alpha, n.Beta), what, n.Cut.Kind, at)
		if len(n.Pruned) > 0 {
			var skipped []string
			for _, m := range n.Pruned {
				skipped = append(skipped, prunedName(n, full, m))
			}
			line += "; never searched: " + strings.Join(skipped, " ")
		}
		lines = append(lines, line+"; "+me+" returns "+returnedText(n))
	})
	if len(lines) == 0 {
		return "none"
	}
	return strings.Join(lines, "\n")
}

// prunedName names the child by move m of the searched node n (full: the
// path from the root to n, n included) as traceName names searched nodes: its
// label, else its path of moves.
func prunedName[P gametree.Position[P]](n *algos.TraceNode[P], full []*algos.TraceNode[P], m int) string {
	if mn, ok := any(n.Pos).(gametree.MoveNamer); ok {
		if l := mn.MoveName(m); l != fmt.Sprint(m) {
			return l
		}
	}
	var s []string
	for _, p := range full[1:] {
		s = append(s, fmt.Sprint(p.Move))
	}
	return strings.Join(append(s, fmt.Sprint(m)), ".")
}

// WindowTable lists every node the search s entered, in visit order and
// indented by ply, with the side to move, the window [α, β] it was entered
// with and what it returned (≤ and ≥ as in the pictures): the textbook's
// Table 6.3, which follows α and β level by level.
func WindowTable[P gametree.Position[P]](s *Search[P]) string {
	rows := [][]string{{"node", "to move", "window [α, β] on entry", "returned"}}
	walkTrace(s.Rec, func(n *algos.TraceNode[P], path []*algos.TraceNode[P]) {
		rows = append(rows, []string{indentedName(n, path), toMoveText(n),
			algos.FormatWindow(n.Alpha, n.Beta), returnedText(n)})
	})
	return columns(rows)
}

// indentedName is a node's name indented by two spaces a ply.
func indentedName[P gametree.Position[P]](n *algos.TraceNode[P], path []*algos.TraceNode[P]) string {
	return strings.Repeat("  ", n.Ply) + traceName(n, path)
}

// toMoveText is "Max", "Min" or "leaf".
func toMoveText[P gametree.Position[P]](n *algos.TraceNode[P]) string {
	if n.Leaf {
		return "leaf"
	}
	return sideName(n.ToMove)
}

// columns lays rows out in columns two spaces apart, every column but the
// last padded to its widest cell.
func columns(rows [][]string) string {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i == len(r)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", width[i]-len([]rune(c))) + "  ")
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Agree compares a learner's search (Mine) with the library's (Record) on
// the same tree, node by node: the nodes entered and their order, each
// node's window, value and bound, the leaves evaluated, the cutoffs (where,
// shallow or deep) and the moves left unsearched. It says "the same search"
// with the numbers, or where the two first differ.
func Agree[P gametree.Position[P]](mine, lib *Search[P]) string {
	type seen struct {
		n    *algos.TraceNode[P]
		name string
	}
	list := func(s *Search[P]) []seen {
		var l []seen
		walkTrace(s.Rec, func(n *algos.TraceNode[P], path []*algos.TraceNode[P]) { l = append(l, seen{n, traceName(n, path)}) })
		return l
	}
	a, b := list(mine), list(lib)
	for i := range min(len(a), len(b)) {
		x, y := a[i].n, b[i].n
		who := a[i].name
		switch {
		case a[i].name != b[i].name || x.Ply != y.Ply:
			return fmt.Sprintf("they differ at the %s node entered: yours is %s, the library's %s", ordinalText(i+1), a[i].name, b[i].name)
		case x.Alpha != y.Alpha || x.Beta != y.Beta:
			return fmt.Sprintf("they differ at %s: your window %s, the library's %s", who, algos.FormatWindow(x.Alpha, x.Beta), algos.FormatWindow(y.Alpha, y.Beta))
		case x.Leaf != y.Leaf:
			return fmt.Sprintf("they differ at %s: a leaf in one search only", who)
		case x.Value != y.Value || !x.Leaf && x.Bound != y.Bound:
			return fmt.Sprintf("they differ at %s: yours returns %s, the library's %s", who, returnedText(x), returnedText(y))
		case (x.Cut == nil) != (y.Cut == nil):
			return fmt.Sprintf("they differ at %s: a cutoff in one search only", who)
		case x.Cut != nil && (x.Cut.Kind != y.Cut.Kind || x.Cut.Move != y.Cut.Move || x.Cut.From != y.Cut.From):
			return fmt.Sprintf("they differ at %s: your cutoff is %s after move %d, its bound set at ply %d; the library's %s after move %d, set at ply %d",
				who, x.Cut.Kind, x.Cut.Move, x.Cut.From, y.Cut.Kind, y.Cut.Move, y.Cut.From)
		case fmt.Sprint(x.Pruned) != fmt.Sprint(y.Pruned):
			return fmt.Sprintf("they differ at %s: you leave moves %v unsearched, the library %v", who, x.Pruned, y.Pruned)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("they differ: you enter %d nodes, the library %d", len(a), len(b))
	}
	if mine.Value != lib.Value {
		return fmt.Sprintf("they differ: your root value %s, the library's %s", algos.FormatValue(mine.Value), algos.FormatValue(lib.Value))
	}
	return fmt.Sprintf("the same search: %d nodes entered, %d leaves evaluated, the same windows, values and cutoffs", len(a), len(mine.Rec.Leaves()))
}

func ordinalText(k int) string {
	switch {
	case k%10 == 1 && k%100 != 11:
		return fmt.Sprintf("%dst", k)
	case k%10 == 2 && k%100 != 12:
		return fmt.Sprintf("%dnd", k)
	case k%10 == 3 && k%100 != 13:
		return fmt.Sprintf("%drd", k)
	}
	return fmt.Sprintf("%dth", k)
}

// Tally is alpha-beta against minimax on a set of random trees.
type Tally struct {
	Trees       int // trees searched
	SameValue   int // trees where both searches found the same value
	FewerLeaves int // trees where alpha-beta evaluated fewer leaves
	MoreLeaves  int // trees where alpha-beta evaluated more leaves (never)
	// Leaves evaluated, all trees together.
	MinimaxLeaves, AlphaBetaLeaves int64
}

// String writes the tally as labelled lines.
func (t Tally) String() string {
	return fmt.Sprintf("trees: %d\nsame value: %d of %d\nalpha-beta evaluated fewer leaves: %d of %d, more: %d\nleaves in all: minimax %d, alpha-beta %d",
		t.Trees, t.SameValue, t.Trees, t.FewerLeaves, t.Trees, t.MoreLeaves, t.MinimaxLeaves, t.AlphaBetaLeaves)
}

// AlphaBetaVsMinimax runs minimax and alpha-beta (algos.Minimax and
// algos.AlphaBeta, whole window) on n random uniform trees: tree i has
// branching 2 + i%4, depth 3 + i%4 and seed i (so branching 2–5, depth 3–6).
func AlphaBetaVsMinimax(n int) Tally {
	t := Tally{Trees: n}
	for i := range n {
		u := random.Uniform{B: 2 + i%4, D: 3 + i%4, Seed: uint64(i)}
		mm := Must(algos.Minimax(Must(u.Root()), algos.FullDepth, nil))
		ab := Must(algos.AlphaBeta(Must(u.Root()), algos.FullDepth, nil))
		if mm.Value == ab.Value {
			t.SameValue++
		}
		switch {
		case ab.Stats.Leaves < mm.Stats.Leaves:
			t.FewerLeaves++
		case ab.Stats.Leaves > mm.Stats.Leaves:
			t.MoreLeaves++
		}
		t.MinimaxLeaves += mm.Stats.Leaves
		t.AlphaBetaLeaves += ab.Stats.Leaves
	}
	return t
}
