package checks

import (
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// RefNode is a watched position of an explicit tree, as the reference
// searches see it.
type RefNode = Ref[gametree.Node]

// Reference runs the pkg/algos search called name on t to depth (with the
// window [alpha, beta] when it is not the whole window) and returns its
// result and the visits it made, recorded exactly as a student's are.
func Reference(t *gametree.Tree, name string, depth, alpha, beta int, opt *algos.Options[RefNode]) (algos.Result, *Trace) {
	search, err := algos.ByName[RefNode](name)
	if err != nil {
		panic("grade: " + err.Error())
	}
	root, tr := WatchRef(t.Root())
	var o algos.Options[RefNode]
	if opt != nil {
		o = *opt
	}
	if alpha > -Inf || beta < Inf {
		o.Window = &algos.Window{Alpha: alpha, Beta: beta}
	}
	res, err := search(root, depth, &o)
	if err != nil {
		panic("grade: reference " + name + ": " + err.Error())
	}
	noteRefRun(tr, func() ([]feedback.Mark, []feedback.Pass) {
		return recordRef(t.Root(), func(r RefNode, trace algos.Tracer[RefNode]) {
			again := o
			again.Trace = trace
			search(r, depth, &again)
		})
	})
	return res, tr
}

// TrueValue is the minimax value of t searched to depth.
func TrueValue(t *gametree.Tree, depth int) int {
	res, err := algos.Minimax(t.Root(), depth, nil)
	if err != nil {
		panic("grade: " + err.Error())
	}
	return res.Value
}

// full is the depth the exercises use for "the whole tree".
const full = 64

// depthOf maps the exercises' full depth onto the library's.
func depthOf(d int) int {
	if d >= full {
		return algos.FullDepth
	}
	return d
}
