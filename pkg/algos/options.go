package algos

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Inf is larger than any position value. Values must lie strictly inside
// (−Inf, +Inf); gametree bounds literal values to ±1e9.
const Inf = 1 << 30

// FullDepth searches to the terminal positions, however deep they are.
const FullDepth = 1<<31 - 1

// Fail selects how an alpha-beta search reports values outside its window.
type Fail int8

const (
	// FailDefault uses the algorithm's own convention: fail-hard for the Max/Min
	// form (AlphaBeta), fail-soft for the negamax form (NegamaxAB), as in the
	// Persian Wikipedia article on negamax.
	FailDefault Fail = iota
	// FailHard returns a value clamped to the window [α, β]: β when a child
	// fails high, α when every child fails low.
	FailHard
	// FailSoft returns the best value found even when it lies outside the
	// window; outside the window it is still a valid bound.
	FailSoft
)

// String returns "default", "hard" or "soft".
func (f Fail) String() string {
	switch f {
	case FailHard:
		return "hard"
	case FailSoft:
		return "soft"
	case FailDefault:
		return "default"
	}
	return fmt.Sprintf("Fail(%d)", int8(f))
}

// Window is a search window (α, β) from Max's point of view.
type Window struct {
	Alpha, Beta int
}

// Options configures a search. A nil *Options means the zero value: the whole
// window, the algorithm's fail convention, children in Children order, no
// tracing, no node budget.
//
// Options is a plain struct so that a notebook can print it and an ablation
// can flip one field.
type Options[P any] struct {
	// Fail chooses fail-hard or fail-soft for the alpha-beta family.
	Fail Fail
	// Window, when not nil, is the initial window at the root (Max's point of
	// view). It must satisfy −Inf ≤ Alpha < Beta ≤ Inf.
	Window *Window
	// Order, when not nil, ranks the children of every interior node before
	// they are searched: higher ranks first, ties in Children order. Moves in
	// the Result still refer to Children order. See StaticOrder.
	Order func(parent, child P, move int) int
	// Trace, when not nil, receives every search event. See Recorder.
	Trace Tracer[P]
	// MaxNodes, when positive, bounds the number of nodes the search may
	// visit; past it the search stops with ErrBudget.
	MaxNodes int64

	// TT, when not nil, is the transposition table of the searches that use one
	// (NegamaxAB follows the negamax article's pseudocode with it; MTD(f), SSS*,
	// DUAL* need one; PVS, iterative deepening and BNS can use one). The
	// positions must implement gametree.Keyed. The caller owns the table and may
	// keep it across searches.
	TT TT
	// Killers and History turn on the killer-move and history heuristics
	// for the searches that order moves (see Options.Order for a static
	// ordering). Moves are told apart by MoveKey when the position
	// implements gametree.MoveKeyer, by their index otherwise.
	Killers, History bool
	// Guess, when not nil, is the first guess at the root's value for
	// MTD(f), Best Node Search and aspiration windows; nil means the root's
	// static value. It lies in [−Inf, Inf], like a window's edges: MTD(f)
	// from +Inf is SSS*.
	Guess *int
	// Delta is the half-width of an aspiration window, and of Best Node
	// Search's starting range around the guess: at least 1, or 0 for
	// DefaultDelta. (One rule for every caller: Validate.)
	Delta int
	// Schedule lists the depths iterative deepening searches, in order; nil
	// means 1, 2, …, depth. §6.4 of «Системы искусственного интеллекта»
	// describes 2, 3, 6. The depths are ≥ 0 and increase.
	Schedule []int
	// NextGuess, when not nil, replaces Best Node Search's guess function:
	// given the window (alpha, beta) and the number of subtrees still in
	// play, it returns the next test value, strictly inside the window.
	NextGuess func(alpha, beta, subtrees int) int
	// Progress, when not nil, is called after each iteration of iterative
	// deepening and each pass of MTD(f), SSS*, DUAL* and Best Node Search.
	Progress func(Iteration)
}

// ErrBudget is returned when a search visits more than Options.MaxNodes nodes.
var ErrBudget = errors.New("algos: node budget exhausted")

// StaticOrder returns an Options.Order function that tries children with the
// best static value for the side to move first: the ordering a program gets
// from its evaluation function before any search.
func StaticOrder[P interface {
	Value() int
	ToMove() gametree.Player
}]() func(parent, child P, move int) int {
	return func(parent, child P, _ int) int { return child.Value() * int(parent.ToMove()) }
}

func (o *Options[P]) fail(def Fail) Fail {
	if o == nil || o.Fail == FailDefault {
		return def
	}
	return o.Fail
}

// DefaultDelta is the half-width of an aspiration window, and of Best Node
// Search's starting range, when Options.Delta is 0.
const DefaultDelta = 50

// OptionError is the error of an option that breaks its rule (see
// Options.Validate) or that the named algorithm does not use (see
// Validate). Reason reads after the option's name: "must be ≥ 0, got -3",
// "applies to aspiration, mtdf and bns, not pvs"; the command line puts
// its flag's name in front of it.
type OptionError struct {
	Option    Option
	Algorithm string // the algorithm, for an option it does not use; else ""
	Reason    string
}

func (e *OptionError) Error() string { return "algos: " + e.Option.String() + " " + e.Reason }

// Validate checks opt for the algorithm called name (see Names): the name
// is registered, every option that is set is one the algorithm reads
// (Algorithm.Uses; a Window, a Guess, a Delta, a Schedule, a TT, an Order
// or killers and history), and every option obeys its rule
// (Options.Validate). The searches themselves check only the rules, and
// ignore the options they do not read; the command line, the quizzes and
// the notebooks call Validate before they search so that an option that
// would be ignored is an error.
func Validate[P any](name string, opt *Options[P]) error {
	a, ok := Lookup(name)
	if !ok {
		return errUnknown(name)
	}
	if opt == nil {
		return nil
	}
	set := map[Option]bool{
		OptTT:       opt.TT != nil,
		OptGuess:    opt.Guess != nil,
		OptDelta:    opt.Delta != 0,
		OptSchedule: opt.Schedule != nil,
		OptWindow:   opt.Window != nil,
		OptOrdering: opt.Order != nil || opt.Killers || opt.History,
	}
	for _, o := range options {
		if set[o] && !a.UsesOption(o) {
			return &OptionError{Option: o, Algorithm: name, Reason: "applies to " + joinNames(NamesUsing(o)) + ", not " + name}
		}
	}
	return opt.Validate()
}

// joinNames joins names as "a", "a and b" or "a, b and c"; one name reads
// "a only".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "no algorithm"
	case 1:
		return names[0] + " only"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Validate checks the rules of the options every search obeys: a known
// Fail, MaxNodes ≥ 0, a Window with −Inf ≤ Alpha < Beta ≤ Inf, a Guess
// in [−Inf, Inf], Delta ≥ 0 (0: DefaultDelta) and a Schedule
// of increasing depths ≥ 0. A nil *Options is valid. The error is an
// *OptionError for the options of Option, an error naming the field for
// the others.
func (o *Options[P]) Validate() error {
	if o == nil {
		return nil
	}
	if o.Fail < FailDefault || o.Fail > FailSoft {
		return fmt.Errorf("algos: unknown fail mode %d", o.Fail)
	}
	if o.MaxNodes < 0 {
		return fmt.Errorf("algos: MaxNodes must be ≥ 0, got %d", o.MaxNodes)
	}
	if w := o.Window; w != nil && (w.Alpha < -Inf || w.Beta > Inf || w.Alpha >= w.Beta) {
		return &OptionError{Option: OptWindow, Reason: fmt.Sprintf("(%d, %d) must satisfy %d ≤ α < β ≤ %d", w.Alpha, w.Beta, -Inf, Inf)}
	}
	if g := o.Guess; g != nil && (*g < -Inf || *g > Inf) {
		return &OptionError{Option: OptGuess, Reason: fmt.Sprintf("must lie in [%d, %d], got %d", -Inf, Inf, *g)}
	}
	if o.Delta < 0 {
		return &OptionError{Option: OptDelta, Reason: fmt.Sprintf("must be ≥ 1 (0: the default, %d), got %d", DefaultDelta, o.Delta)}
	}
	for i, d := range o.Schedule {
		if d < 0 {
			return &OptionError{Option: OptSchedule, Reason: fmt.Sprintf("depths must be ≥ 0, got %d", d)}
		}
		if i > 0 && d <= o.Schedule[i-1] {
			return &OptionError{Option: OptSchedule, Reason: fmt.Sprintf("must increase, got %d after %d", d, o.Schedule[i-1])}
		}
	}
	return nil
}

// delta returns the half-width Options.Delta stands for.
func (o *Options[P]) delta() int {
	if o == nil || o.Delta == 0 {
		return DefaultDelta
	}
	return o.Delta
}

// check validates depth and options (Options.Validate) and returns the root
// window.
func check[P any](depth int, o *Options[P]) (Window, error) {
	w := Window{-Inf, Inf}
	if depth < 0 {
		return w, fmt.Errorf("algos: depth must be ≥ 0, got %d", depth)
	}
	if err := o.Validate(); err != nil {
		return w, err
	}
	if o != nil && o.Window != nil {
		w = *o.Window
	}
	return w, nil
}
