package course

// What notebook 03-negamax needs besides Mine: recording a search written
// in negamax form, whose values and windows are from the point of view of
// the side to move, and listing it in that point of view.

import (
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// RecordNegamax is Record for a search in negamax form: v, alpha and beta
// are from the point of view of the side to move at n (color n.Color()), as
// negamax computes them, and the picture turns them to Max's point of view
// as it draws every search (a window [α, β] at a Min node is Max's
// [−β, −α], a value v is Max's −v). Call it as
//
//	defer n.RecordNegamax(&v, alpha, beta)()
//
// with v the function's named result; with no window, the whole window.
func (n *Node) RecordNegamax(v *int, window ...int) func() {
	alpha, beta := -Inf, Inf
	if len(window) == 2 {
		alpha, beta = window[0], window[1]
	}
	color := n.Color()
	if color < 0 {
		alpha, beta = -beta, -alpha
	}
	n.enter(alpha, beta)
	return func() { n.exit(color * *v) }
}

// NegamaxTable lists every node the search s entered, in visit order and
// indented by ply as WindowTable does, with the numbers a search in negamax
// form works with: the window and the value from the point of view of the
// side to move at the node (the leaf's side to move at a leaf, which
// negamax scores color × value). At a Max node they are the pictures'
// numbers; at a Min node the window [α, β] of the picture is [−β, −α] and a
// value v is −v, so a node that fails low for Max (≤v) fails high for Min
// (≥−v). The last column is what the picture writes, in Max's point of view.
func NegamaxTable[P gametree.Position[P]](s *Search[P]) string {
	rows := [][]string{{"node", "to move", "window (side to move)", "returned (side to move)", "picture (Max)"}}
	walkTrace(s.Rec, func(n *algos.TraceNode[P], path []*algos.TraceNode[P]) {
		who := sideName(n.ToMove)
		if n.Leaf {
			who = "leaf, " + who
		}
		rows = append(rows, []string{indentedName(n, path), who,
			algos.FormatWindow(sideWindow(n)), sideReturned(n), returnedText(n)})
	})
	return columns(rows)
}

// sideWindow is the window n was entered with, from the point of view of
// its side to move: Max's [α, β] at a Max node, [−β, −α] at a Min node.
func sideWindow[P gametree.Position[P]](n *algos.TraceNode[P]) (alpha, beta int) {
	if n.ToMove == gametree.Min {
		return -n.Beta, -n.Alpha
	}
	return n.Alpha, n.Beta
}

// sideReturned is what n returned, written as returnedText writes it, from
// the point of view of its side to move: at a Min node the value negated,
// an upper bound turned into a lower one and the other way round.
func sideReturned[P gametree.Position[P]](n *algos.TraceNode[P]) string {
	if n.ToMove != gametree.Min {
		return returnedText(n)
	}
	m := *n
	m.Value = -n.Value
	switch n.Bound {
	case algos.Upper:
		m.Bound = algos.Lower
	case algos.Lower:
		m.Bound = algos.Upper
	}
	return returnedText(&m)
}
