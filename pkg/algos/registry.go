package algos

import (
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Func is the shape every search in this package has.
type Func[P gametree.Position[P]] func(root P, depth int, opt *Options[P]) (Result, error)

// Option names one of the Options an algorithm may read; an Algorithm's
// Uses is a set of them. Options that every search reads (Trace, MaxNodes,
// Progress) are not listed.
type Option uint8

const (
	// OptTT: Options.TT, a transposition table.
	OptTT Option = 1 << iota
	// OptGuess: Options.Guess, the first guess at the root's value.
	OptGuess
	// OptDelta: Options.Delta, the half-width of a range around the guess.
	OptDelta
	// OptSchedule: Options.Schedule, the depths of the iterations.
	OptSchedule
	// OptWindow: Options.Window, the root's window (or, for BNS, the range
	// of the root's value).
	OptWindow
	// OptOrdering: Options.Order, Killers and History.
	OptOrdering
)

// options lists every Option, in declaration order.
var options = []Option{OptTT, OptGuess, OptDelta, OptSchedule, OptWindow, OptOrdering}

// String returns the Options field the option stands for ("TT", "Guess",
// …; "Order" for the ordering options), or the names of a set's members
// joined by "|".
func (o Option) String() string {
	var parts []string
	for _, x := range options {
		if o&x == 0 {
			continue
		}
		switch x {
		case OptTT:
			parts = append(parts, "TT")
		case OptGuess:
			parts = append(parts, "Guess")
		case OptDelta:
			parts = append(parts, "Delta")
		case OptSchedule:
			parts = append(parts, "Schedule")
		case OptWindow:
			parts = append(parts, "Window")
		case OptOrdering:
			parts = append(parts, "Order")
		}
	}
	if rest := o &^ (OptTT | OptGuess | OptDelta | OptSchedule | OptWindow | OptOrdering); rest != 0 {
		parts = append(parts, fmt.Sprintf("Option(%#x)", uint8(rest)))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "|")
}

// Algorithm is what the registry says about one search that ByName runs.
// The command line derives its flags' rules and help from it.
type Algorithm struct {
	// Name is what ByName accepts ("alphabeta", "pvs-soft", …).
	Name string
	// Doc is a one-line description with its source.
	Doc string
	// Fail is the fail convention the name forces (FailDefault: the
	// search's own, or Options.Fail).
	Fail Fail
	// Uses is the set of options the search reads; it ignores the others.
	Uses Option
}

// UsesOption reports whether the algorithm reads option o.
func (a Algorithm) UsesOption(o Option) bool { return a.Uses&o == o }

// entry is one row of the registry: the description and the search.
type entry[P gametree.Position[P]] struct {
	Algorithm
	search Func[P]
}

// The option sets of the families: every search orders moves; the windowed
// alpha-beta family also takes a window; the MTD drivers need a table.
const (
	plain    = OptOrdering
	windowed = OptOrdering | OptWindow
	passes   = OptOrdering | OptTT
)

// registry lists, once, the algorithms ByName knows, in teaching order: name,
// fail convention, options used, description and search. It is a function
// because the searches are generic; the descriptions do not depend on P.
func registry[P gametree.Position[P]]() []entry[P] {
	return []entry[P]{
		{Algorithm{"minimax", "minimax, Max/Min form (AI textbook §6.4)", FailDefault, plain}, Minimax[P]},
		{Algorithm{"negamax", "negamax with the color parameter (fa.wikipedia, negamax)", FailDefault, plain}, Negamax[P]},
		{Algorithm{"alphabeta", "alpha-beta, Max/Min form, fail-hard (AI textbook §6.4)", FailHard, windowed}, AlphaBeta[P]},
		{Algorithm{"alphabeta-soft", "alpha-beta, Max/Min form, fail-soft", FailSoft, windowed}, AlphaBeta[P]},
		{Algorithm{"negamax-ab", "alpha-beta in negamax form, fail-soft (fa.wikipedia, negamax)", FailSoft, windowed | OptTT}, NegamaxAB[P]},
		{Algorithm{"negamax-ab-hard", "alpha-beta in negamax form, fail-hard (Moreland)", FailHard, windowed | OptTT}, NegamaxAB[P]},
		{Algorithm{"id", "iterative deepening with reordering (AI textbook §6.4)", FailDefault, windowed | OptTT | OptSchedule}, IterativeDeepening[P]},
		{Algorithm{"aspiration", "aspiration windows with re-searches", FailDefault, windowed | OptTT | OptSchedule | OptGuess | OptDelta}, Aspiration[P]},
		{Algorithm{"pvs", "principal variation search, fail-hard (Moreland)", FailHard, windowed | OptTT}, PVS[P]},
		{Algorithm{"pvs-soft", "principal variation search, ru.wikipedia's form (soft above the window)", FailSoft, windowed | OptTT}, PVS[P]},
		{Algorithm{"negascout", "NegaScout (Reinefeld): no re-search at the last ply", FailSoft, windowed}, NegaScout[P]},
		{Algorithm{"scout", "SCOUT (Pearl): TEST and EVAL", FailDefault, plain}, Scout[P]},
		{Algorithm{"mtdf", "MTD(f): null-window passes over alpha-beta with memory", FailDefault, passes | OptGuess}, MTDF[P]},
		{Algorithm{"sss", "MT-SSS*: MTD(+inf)", FailDefault, passes}, SSS[P]},
		{Algorithm{"dual", "MT-DUAL*: MTD(-inf)", FailDefault, passes}, Dual[P]},
		{Algorithm{"bns", "Best Node Search (Rutko; ru.wikipedia): a best move and a bound", FailDefault, windowed | OptTT | OptGuess | OptDelta}, BNS[P]},
	}
}

// Algorithms returns the registry's descriptions, in teaching order.
func Algorithms() []Algorithm {
	var out []Algorithm
	for _, e := range registry[gametree.Node]() {
		out = append(out, e.Algorithm)
	}
	return out
}

// Lookup returns the registry's description of the named algorithm.
func Lookup(name string) (Algorithm, bool) {
	for _, a := range Algorithms() {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// Names returns the algorithm names ByName accepts, in teaching order.
func Names() []string {
	var out []string
	for _, a := range Algorithms() {
		out = append(out, a.Name)
	}
	return out
}

// NamesUsing returns the names of the algorithms that read option o, in
// teaching order.
func NamesUsing(o Option) []string {
	var out []string
	for _, a := range Algorithms() {
		if a.UsesOption(o) {
			out = append(out, a.Name)
		}
	}
	return out
}

// Describe returns a one-line description of the named algorithm, or "".
func Describe(name string) string {
	a, _ := Lookup(name)
	return a.Doc
}

// ByName returns the search called name (see Names). Names that fix a fail
// convention (alphabeta-soft, …) override opt.Fail.
func ByName[P gametree.Position[P]](name string) (Func[P], error) {
	for _, e := range registry[P]() {
		if e.Name != name {
			continue
		}
		f, fail := e.search, e.Fail
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
	return nil, errUnknown(name)
}

// errUnknown is the error for a name the registry does not hold.
func errUnknown(name string) error {
	return fmt.Errorf("algos: unknown algorithm %q (known: %s)", name, strings.Join(Names(), ", "))
}
