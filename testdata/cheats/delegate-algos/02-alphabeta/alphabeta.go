// Delegation: wrap the grader's Node in a gametree.Position and let the
// library's alpha-beta do the work. It visits exactly what the reference
// visits, so without the import rule it scores 100.
//
// want: 0
// why: imports github.com/cutoff-go/cutoff/pkg/algos
// trusted: 100
package alphabeta

import (
	"github.com/cutoff-go/cutoff/exercises/grade"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

type pos struct{ n grade.Node }

func (p pos) Children(buf []pos) []pos {
	for _, c := range p.n.Children() {
		buf = append(buf, pos{c})
	}
	return buf
}

func (p pos) Value() int { return p.n.Value() }

func (p pos) ToMove() gametree.Player {
	if p.n.Max() {
		return gametree.Max
	}
	return gametree.Min
}

func clamp(v int) int { return max(-algos.Inf, min(algos.Inf, v)) }

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	o := &algos.Options[pos]{}
	if alpha > -grade.Inf || beta < grade.Inf {
		o.Window = &algos.Window{Alpha: clamp(alpha), Beta: clamp(beta)}
	}
	if depth >= 64 {
		depth = algos.FullDepth
	}
	res, err := algos.AlphaBeta(pos{n}, depth, o)
	if err != nil {
		panic(err)
	}
	return res.Value
}
