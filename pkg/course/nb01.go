package course

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Line names the moves of a line of play from root, such as a
// principal variation (Result.PV): "B b1" on AIMA's tree, "b3" in
// tic-tac-toe. A move is named by the child's label, else by the
// position's name for it (gametree.MoveNamer), else by its number.
func Line[P gametree.Position[P]](root P, moves []int) string {
	var names []string
	pos := root
	for _, m := range moves {
		kids := pos.Children(nil)
		if m < 0 || m >= len(kids) {
			names = append(names, fmt.Sprint(m))
			break
		}
		names = append(names, nb00ChildName(pos, kids[m], m, ""))
		pos = kids[m]
	}
	return strings.Join(names, " ")
}

// Moves returns what the search s found for each move it searched at the
// root (the last root, for a search with several passes), in search
// order, as its picture shows it: "a2 −11, b2 10, b3 −11" in tic-tac-toe,
// "B 3, C ≤2, D ≤2" on AIMA's tree after alpha-beta. Moves a cutoff
// skipped are left out.
func Moves[P gametree.Position[P]](s *Search[P]) string {
	root := s.Rec.Root()
	if root == nil {
		return ""
	}
	var out []string
	kids := root.Pos.Children(nil)
	for _, c := range root.Children {
		if c.Move < 0 || c.Move >= len(kids) {
			continue
		}
		out = append(out, nb00ChildName(root.Pos, kids[c.Move], c.Move, "")+" "+algos.FormatBound(c.Value, c.Bound))
	}
	return strings.Join(out, ", ")
}
