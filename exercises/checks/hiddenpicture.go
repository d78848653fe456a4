package checks

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Pictures for an instructor's hidden checks (`cutoff grade -with`). A
// hidden check built from the exported helpers — Run, C.OnTrees, Watch for
// the student's search, Reference (or WatchRef) for the reference's, C.Fail
// — gets the picture the exercises' own checks get when its property
// explains a failure with VisitDiff (api.go: the visits' first
// difference) or WrongAt (below): the failing check writes it into
// .feedback under `go test`, sends it to the grader under `cutoff grade
// -feedback`, keeps it under Inline. A property that explains a failure in
// its own words gets no picture, as before.
//
//	c.OnTrees("visits what alpha-beta visits", func(t *gametree.Tree) []string {
//		_, want := checks.Reference(t, "alphabeta", algos.FullDepth, -checks.Inf, checks.Inf, nil)
//		n, got := checks.Watch(t.Root(), 1000)
//		student(n)
//		return checks.VisitDiff(got, want)
//	}, cases)

// WrongAt explains a failure that is not the visits' order — a value, a
// flag, a window — at the node at path (its path of move indices, "" for
// the root) of the tree got and want ran on: the one line "what: your
// search did, expected want" it returns, when the check fails with it,
// draws both searches on that tree with the node marked and both phrases
// in the legend.
func WrongAt(got, want *Trace, path, what, did, expected string) []string {
	line := fmt.Sprintf("%s: your search %s, expected %s", what, did, expected)
	noteWrong(got, want, line, feedback.Wrong{Path: path, Got: did, Want: expected})
	return []string{line}
}
