package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// PVS is principal variation search. TODO(issue 3): being written.
func PVS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("pvs")
}

// NegaScout is Reinefeld's NegaScout. TODO(issue 3): being written.
func NegaScout[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("negascout")
}

// Scout is Pearl's SCOUT. TODO(issue 3): being written.
func Scout[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("scout")
}
