package course

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// What notebook 05 (transposition tables) calls.

// Play makes tic-tac-toe moves from p by the names of their squares, as the
// pictures write them on the edges: columns a–c from the left, rows 1–3 from
// the top ("a1" is the top left corner, "b2" the centre). It stops the cell
// when a square is not a move of the position reached.
func Play(p games.TicTacToe, squares ...string) games.TicTacToe {
	for _, sq := range squares {
		kids := p.Children(nil)
		i := 0
		for i < len(kids) && p.MoveName(i) != sq {
			i++
		}
		if i == len(kids) {
			stop(fmt.Errorf("Play: %s is not a move in\n%s", sq, p))
		}
		p = kids[i]
	}
	return p
}

// KeyedPosition is a position a transposition table can store: it has a key, equal
// for equal positions whatever the moves that led to them.
type KeyedPosition[P any] interface {
	gametree.Position[P]
	gametree.Keyed
}

// Positions walks the whole game tree below root and returns how many nodes
// it has and how many different positions (different keys) they are.
func Positions[P KeyedPosition[P]](root P) (nodes, positions int) {
	seen := map[uint64]bool{}
	var walk func(p P)
	walk = func(p P) {
		nodes++
		seen[p.Key()] = true
		for _, c := range p.Children(nil) {
			walk(c)
		}
	}
	walk(root)
	return nodes, len(seen)
}

// WrongBound is a table entry whose number is not its position's value.
type WrongBound struct {
	Position games.TicTacToe
	Entry    algos.Entry // as stored: Max's point of view
	Value    int         // the position's true value, by a search without a table
}

// WrongBounds looks up every tic-tac-toe position in tt (filled by a
// full-depth search of the game) and returns the entries that are bounds
// (LOWER or UPPER) and whose number differs from the position's true
// value, in the order a depth-first walk of the game from the empty board
// meets them.
func WrongBounds(tt *algos.MapTT) []WrongBound {
	var out []WrongBound
	seen := map[uint64]bool{}
	var visit func(p games.TicTacToe)
	visit = func(p games.TicTacToe) {
		if seen[p.Key()] {
			return
		}
		seen[p.Key()] = true
		if e, ok := tt.Probe(p.Key()); ok && e.Bound != algos.Exact {
			if v := Must(algos.NegamaxAB(p, algos.FullDepth, nil)).Value; v != e.Value {
				out = append(out, WrongBound{Position: p, Entry: e, Value: v})
			}
		}
		for _, c := range p.Children(nil) {
			visit(c)
		}
	}
	visit(games.NewTicTacToe())
	return out
}

// TableHits describes, one line each in the order the search met them, the
// nodes of a recorded search that found their position in the
// transposition table (the nodes a picture marks with a green badge): the
// position, the window the node was entered with, what the entry said (its
// flag and value, Max's point of view), whether it settled the node ("cut")
// or why not (its depth is smaller than the node's, or its bound does not
// close the window), and what the node returned in its window, which is
// what the picture writes on it.
//
//	0 1 (Min to move), entered with [−1, 1]: the table says EXACT −1, enough: cut; the node returns ≤ −1 in its window
func TableHits[P gametree.Position[P]](s *Search[P]) string {
	var b strings.Builder
	for _, root := range s.Rec.Roots {
		for n := range algos.Preorder(root) {
			if n.TT == nil {
				continue
			}
			t := n.TT
			why := "enough: cut"
			switch {
			case t.Cut:
			case t.Depth < n.Depth:
				why = fmt.Sprintf("not enough: its depth is %d short of this node's", n.Depth-t.Depth)
			default:
				why = "not enough: it does not close the window"
			}
			fmt.Fprintf(&b, "%s, entered with %s: the table says %s %s, %s; the node returns %s in its window\n",
				positionName(n.Pos), algos.FormatWindow(n.Alpha, n.Beta), strings.ToUpper(t.Bound.String()), algos.FormatValue(t.Value), why, boundText(n.Value, n.Bound))
		}
	}
	return b.String()
}

// Visits describes the nodes called name (Node.Name) of a recorded search,
// one line each in the order the search entered them: the window they were
// entered with and what they returned, as the picture writes it.
//
//	E entered with [−∞, 5] returns ≥ 7
func Visits(s *Search[gametree.Node], name string) string {
	var b strings.Builder
	for _, root := range s.Rec.Roots {
		for n := range algos.Preorder(root) {
			if n.Pos.Name() == name {
				fmt.Fprintf(&b, "%s entered with %s returns %s\n", name, algos.FormatWindow(n.Alpha, n.Beta), boundText(n.Value, n.Bound))
			}
		}
	}
	return b.String()
}

// boundText writes a returned value as a picture does: "7", "≥ 7", "≤ 7".
func boundText(v int, b algos.Bound) string {
	switch b {
	case algos.Lower:
		return "≥ " + algos.FormatValue(v)
	case algos.Upper:
		return "≤ " + algos.FormatValue(v)
	}
	return algos.FormatValue(v)
}

// positionName names a position for a line of text: a tree node by its
// name, a game position by its String.
func positionName[P gametree.Position[P]](p P) string {
	switch x := any(p).(type) {
	case gametree.Node:
		return x.Name()
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(p)
}

// DrawMoves draws the search s as Draw does, but below the root only the
// root's moves named in moves, as the pictures write them on the edges
// ("p0-1"): a search too wide to read at page width in one picture is
// drawn in two or three, a few of the root's moves each. It stops the cell
// when s searched its root more than once, when its positions do not name
// their moves, or when a name is not a move the root searched or pruned.
func DrawMoves[P gametree.Position[P]](s *Search[P], title string, moves []string, marks ...Mark) {
	DrawRecorded(Must(rootMoves(s, moves)), title, marks...)
}

// rootMoves is the recorded search s with only the root's moves named in
// moves below its root (DrawMoves).
func rootMoves[P gametree.Position[P]](s *Search[P], moves []string) (*algos.Recorder[P], error) {
	if len(s.Rec.Roots) != 1 {
		return nil, fmt.Errorf("DrawMoves: the search has %d searches of the root; draw one with Pass", len(s.Rec.Roots))
	}
	root := s.Rec.Roots[0]
	namer, ok := any(root.Pos).(gametree.MoveNamer)
	if !ok {
		return nil, fmt.Errorf("DrawMoves: %T does not name its moves", root.Pos)
	}
	names := map[string]int{}
	for m := range len(root.Pos.Children(nil)) {
		names[namer.MoveName(m)] = m
	}
	want := map[int]bool{}
	for _, name := range moves {
		m, ok := names[name]
		if !ok {
			return nil, fmt.Errorf("DrawMoves: %q is not a move of the root", name)
		}
		want[m] = true
	}
	part := *root // the root with only the moves asked for below it
	part.Children, part.Pruned = nil, nil
	for _, c := range root.Children {
		if want[c.Move] {
			part.Children = append(part.Children, c)
		}
	}
	for _, m := range root.Pruned {
		if want[m] {
			part.Pruned = append(part.Pruned, m)
		}
	}
	if part.Cut != nil && !want[part.Cut.Move] {
		part.Cut = nil
	}
	rec := algos.NewRecorder[P]()
	rec.Roots = []*algos.TraceNode[P]{&part}
	return rec, nil
}
