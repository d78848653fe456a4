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
	name    string
	fail    Fail
	doc     string
	pending bool // registered ahead of its implementation
}

// algorithms lists the names ByName knows, in teaching order, with the fail
// convention each forces.
func algorithms() []algorithm {
	return []algorithm{
		{"minimax", FailDefault, "minimax, Max/Min form (AI textbook §6.4)", false},
		{"negamax", FailDefault, "negamax with the color parameter (fa.wikipedia, negamax)", false},
		{"alphabeta", FailHard, "alpha-beta, Max/Min form, fail-hard (AI textbook §6.4)", false},
		{"alphabeta-soft", FailSoft, "alpha-beta, Max/Min form, fail-soft", false},
		{"negamax-ab", FailSoft, "alpha-beta in negamax form, fail-soft (fa.wikipedia, negamax)", false},
		{"negamax-ab-hard", FailHard, "alpha-beta in negamax form, fail-hard (Moreland)", false},
		{"id", FailDefault, "iterative deepening with reordering (AI textbook §6.4)", false},
		{"aspiration", FailDefault, "aspiration windows with re-searches", false},
		{"pvs", FailHard, "principal variation search, fail-hard (Moreland)", false},
		{"pvs-soft", FailSoft, "principal variation search, ru.wikipedia's form (soft above the window)", false},
		{"negascout", FailSoft, "NegaScout (Reinefeld): no re-search at the last ply", false},
		{"scout", FailDefault, "SCOUT (Pearl): TEST and EVAL", false},
		{"mtdf", FailDefault, "MTD(f): null-window passes over alpha-beta with memory", false},
		{"sss", FailDefault, "MT-SSS*: MTD(+inf)", false},
		{"dual", FailDefault, "MT-DUAL*: MTD(-inf)", false},
		{"bns", FailDefault, "Best Node Search (Rutko; ru.wikipedia): a best move and a bound", false},
	}
}

// Names returns the algorithm names ByName accepts, in teaching order.
func Names() []string {
	var out []string
	for _, n := range algorithms() {
		if !n.pending {
			out = append(out, n.name)
		}
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
			if n.pending {
				return nil, errNotYet(name)
			}
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
	case "id":
		f = IterativeDeepening[P]
	case "aspiration":
		f = Aspiration[P]
	case "pvs", "pvs-soft":
		f = PVS[P]
	case "negascout":
		f = NegaScout[P]
	case "scout":
		f = Scout[P]
	case "mtdf":
		f = MTDF[P]
	case "sss":
		f = SSS[P]
	case "dual":
		f = Dual[P]
	case "bns":
		f = BNS[P]
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

// errNotYet is the error of an algorithm that is registered but not written.
func errNotYet(name string) error {
	return fmt.Errorf("algos: %s is not implemented yet", name)
}

// Implemented reports whether the named algorithm runs (it may be registered
// ahead of its implementation while it is being written).
func Implemented(name string) bool {
	for _, n := range algorithms() {
		if n.name == name {
			return !n.pending
		}
	}
	return false
}
