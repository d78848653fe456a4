package grader

import "github.com/cutoff-go/cutoff/exercises/grade"

// The student API (package grade), under the names the checks use.
type (
	Node      = grade.Node
	OrderFunc = grade.OrderFunc
	Flag      = grade.Flag
	Entry     = grade.Entry
	Table     = grade.Table
)

const (
	Inf   = grade.Inf
	Exact = grade.Exact
	Lower = grade.Lower
	Upper = grade.Upper
)
