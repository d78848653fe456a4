package algos

import (
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// specialized lists the position types the untraced searches are compiled
// for, besides the generic code every other position type runs: the
// library's explicit trees and random uniform trees, which the course, the
// command and the benchmarks search.
//
// Go compiles a generic function once per memory layout and calls a type
// parameter's methods through a dictionary, never inlined: on a random tree
// that made untraced alpha-beta 1.6–2× a plain C search. So
// internal/untrace writes into untraced.go a copy of every untraced search
// for each type listed here, with the type parameter replaced by the type,
// where Children, Value, ToMove and the frontier's ChildValue are direct
// calls the compiler inlines. The searches pick the copy for their type
// once per call (a type switch) and run the generic copy for any other
// type: results, counts and PV are the same either way (the tests compare
// them), only the time differs. A type is added here and nowhere else;
// "go generate ./pkg/algos" writes its copies.
type specialized interface {
	gametree.Node | random.UniformNode
}
