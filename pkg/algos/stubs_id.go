package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// IterativeDeepening. TODO(issue 3): being written.
func IterativeDeepening[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("id")
}

// Aspiration. TODO(issue 3): being written.
func Aspiration[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("aspiration")
}
