package algos

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Func is the shape every search in this package has.
type Func[P gametree.Position[P]] func(root P, depth int, opt *Options[P]) (Result, error)

// algorithm is one entry of the registry.
type algorithm struct {
	name string
	fail Fail
	doc  string
}

// algorithms lists the names ByName knows, in teaching order, with the fail
// convention each forces.
func algorithms() []algorithm {
	return []algorithm{
		{"minimax", FailDefault, "minimax, Max/Min form (seed 004)"},
		{"negamax", FailDefault, "negamax with the color parameter (seed 002)"},
		{"alphabeta", FailHard, "alpha-beta, Max/Min form, fail-hard (seed 004)"},
		{"alphabeta-soft", FailSoft, "alpha-beta, Max/Min form, fail-soft"},
		{"negamax-ab", FailSoft, "alpha-beta in negamax form, fail-soft (seed 002)"},
		{"negamax-ab-hard", FailHard, "alpha-beta in negamax form, fail-hard (seed 001)"},
	}
}

// Names returns the algorithm names ByName accepts, in teaching order.
func Names() []string {
	out := make([]string, len(algorithms()))
	for i, n := range algorithms() {
		out[i] = n.name
	}
	return out
}

// Describe returns a one-line description of the named algorithm, or "".
func Describe(name string) string {
	for _, n := range algorithms() {
		if n.name == name {
			return n.doc
		}
	}
	return ""
}

// ByName returns the search called name (see Names). Names that fix a fail
// convention (alphabeta-soft, …) override opt.Fail.
func ByName[P gametree.Position[P]](name string) (Func[P], error) {
	var f Func[P]
	fail := FailDefault
	for _, n := range algorithms() {
		if n.name == name {
			fail = n.fail
		}
	}
	switch name {
	case "minimax":
		f = Minimax[P]
	case "negamax":
		f = Negamax[P]
	case "alphabeta", "alphabeta-soft":
		f = AlphaBeta[P]
	case "negamax-ab", "negamax-ab-hard":
		f = NegamaxAB[P]
	default:
		return nil, fmt.Errorf("algos: unknown algorithm %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if fail == FailDefault {
		return f, nil
	}
	return func(root P, depth int, opt *Options[P]) (Result, error) {
		o := Options[P]{}
		if opt != nil {
			o = *opt
		}
		o.Fail = fail
		return f(root, depth, &o)
	}, nil
}
