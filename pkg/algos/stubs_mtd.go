package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// MTDF is Plaat's MTD(f). TODO(issue 3): being written.
func MTDF[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("mtdf")
}

// SSS is MT-SSS*. TODO(issue 3): being written.
func SSS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("sss")
}

// Dual is MT-DUAL*. TODO(issue 3): being written.
func Dual[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("dual")
}

// BNS is Best Node Search. TODO(issue 3): being written.
func BNS[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return Result{Move: -1}, errNotYet("bns")
}
