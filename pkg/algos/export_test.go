package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// AlphaBetaGeneric is AlphaBeta, untraced, run by the generic copy whatever
// the position type: BenchmarkVersusC's measure of the generic path the
// types not listed in specialized take.
func AlphaBetaGeneric[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return run(root, depth, opt, FailHard, true, func(s *searcher[P], w bounds) int {
		return s.alphaBetaUntracedGeneric(root, depth, 0, w)
	})
}
