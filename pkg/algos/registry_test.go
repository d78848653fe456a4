package algos_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// optionSetters set each registry Option to a value that changes what a
// search that reads it does on the trees of the tests below (values in
// [0, 1000)).
var optionSetters = map[algos.Option]func(o *algos.Options[random.UniformNode]){
	algos.OptTT:       func(o *algos.Options[random.UniformNode]) { o.TT = algos.NewMapTT() }, // filled below
	algos.OptGuess:    func(o *algos.Options[random.UniformNode]) { g := 950; o.Guess = &g },
	algos.OptDelta:    func(o *algos.Options[random.UniformNode]) { o.Delta = 1 },
	algos.OptSchedule: func(o *algos.Options[random.UniformNode]) { o.Schedule = []int{2} },
	algos.OptWindow:   func(o *algos.Options[random.UniformNode]) { o.Window = &algos.Window{Alpha: 400, Beta: 600} },
	algos.OptOrdering: func(o *algos.Options[random.UniformNode]) {
		o.Order = func(_, _ random.UniformNode, move int) int { return move } // last child first
	},
}

// runTraced runs the named search with opt and returns its result and the
// leaves it evaluated, in order.
func runTraced(t *testing.T, name string, root random.UniformNode, depth int, opt algos.Options[random.UniformNode]) (algos.Result, []int64) {
	t.Helper()
	var leaves []int64
	opt.Trace = algos.TracerFunc[random.UniformNode](func(e algos.Event[random.UniformNode]) {
		if e.Kind == algos.Leaf {
			leaves = append(leaves, e.Pos.LeafIndex())
		}
	})
	res, err := mustByName[random.UniformNode](t, name)(root, depth, &opt)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res, leaves
}

// TestRegistryUses: the registry's Uses is what the searches do. An option
// outside an algorithm's Uses changes nothing (result, counters, leaves
// in order); one inside changes something on at least one of a few trees.
func TestRegistryUses(t *testing.T) {
	var roots []random.UniformNode
	for seed := range uint64(4) {
		r, err := random.Uniform{B: 3, D: 4, Seed: seed}.Root()
		if err != nil {
			t.Fatal(err)
		}
		roots = append(roots, r)
	}
	const depth = 4
	for _, a := range algos.Algorithms() {
		for o, set := range optionSetters {
			changed := false
			for _, root := range roots {
				plain, plainLeaves := runTraced(t, a.Name, root, depth, algos.Options[random.UniformNode]{})
				var opt algos.Options[random.UniformNode]
				set(&opt)
				if o == algos.OptTT {
					// A table from an earlier search of the root: the
					// drivers use a fresh table of their own without one.
					if _, err := algos.NegamaxAB(root, depth, &opt); err != nil {
						t.Fatal(err)
					}
				}
				got, gotLeaves := runTraced(t, a.Name, root, depth, opt)
				if !reflect.DeepEqual(plain, got) || !slices.Equal(plainLeaves, gotLeaves) {
					changed = true
				}
			}
			if changed != a.UsesOption(o) {
				t.Errorf("%s, option %v: the registry says uses %v, but setting it changed the search: %v", a.Name, o, a.UsesOption(o), changed)
			}
		}
	}
}

// TestRegistry: names are unique and described, ByName knows exactly them,
// and a name that fixes a fail convention overrides Options.Fail.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range algos.Algorithms() {
		if seen[a.Name] || a.Doc == "" || algos.Describe(a.Name) != a.Doc {
			t.Errorf("%s: duplicate or undescribed", a.Name)
		}
		seen[a.Name] = true
		if _, ok := algos.Lookup(a.Name); !ok {
			t.Errorf("Lookup(%s) failed", a.Name)
		}
	}
	if !slices.Equal(algos.Names(), []string{"minimax", "negamax", "alphabeta", "alphabeta-soft", "negamax-ab",
		"negamax-ab-hard", "id", "aspiration", "pvs", "pvs-soft", "negascout", "scout", "mtdf", "sss", "dual", "bns"}) {
		t.Errorf("Names() = %v", algos.Names())
	}
	if got := algos.NamesUsing(algos.OptGuess); !slices.Equal(got, []string{"aspiration", "mtdf", "bns"}) {
		t.Errorf("NamesUsing(Guess) = %v", got)
	}
	if _, err := algos.ByName[gametree.Node]("nosuch"); err == nil || !strings.Contains(err.Error(), "unknown algorithm") {
		t.Errorf("ByName(nosuch): %v", err)
	}
	if _, ok := algos.Lookup("nosuch"); ok {
		t.Error("Lookup(nosuch) succeeded")
	}
	// alphabeta-soft is fail-soft whatever Options.Fail says: below the
	// window (10, 20) it returns the best value it saw, 5, not α = 10.
	root := parsed(t, "((3 12 8) (2 4 6) (14 5 2))")
	f := mustByName[gametree.Node](t, "alphabeta-soft")
	res, err := f(root, algos.FullDepth, &algos.Options[gametree.Node]{Fail: algos.FailHard, Window: &algos.Window{Alpha: 10, Beta: 20}})
	if err != nil || res.Value != 5 {
		t.Errorf("alphabeta-soft with FailHard: %v, %v; want the fail-soft value 5", res.Value, err)
	}
}

// TestValidate: the options' rules, once, and the options an algorithm
// does not read.
func TestValidate(t *testing.T) {
	g, big := 3, algos.Inf+1
	type opts = algos.Options[gametree.Node]
	for _, c := range []struct {
		name   string
		opt    *opts
		option algos.Option // 0: no OptionError, or none expected
		want   string       // "" : valid
	}{
		{"alphabeta", nil, 0, ""},
		{"aspiration", &opts{Guess: &g, Delta: 0, Schedule: []int{0, 2}}, 0, ""},
		{"bns", &opts{Delta: 7, Window: &algos.Window{Alpha: 0, Beta: 9}}, 0, ""},
		{"alphabeta", &opts{Guess: &g}, algos.OptGuess, "Guess applies to aspiration, mtdf and bns, not alphabeta"},
		{"id", &opts{Delta: 3}, algos.OptDelta, "Delta applies to aspiration and bns, not id"},
		{"pvs", &opts{Schedule: []int{1}}, algos.OptSchedule, "Schedule applies to id and aspiration, not pvs"},
		{"minimax", &opts{TT: algos.NewMapTT()}, algos.OptTT, "TT applies to"},
		{"mtdf", &opts{Window: &algos.Window{Alpha: 0, Beta: 1}}, algos.OptWindow, "Window applies to"},
		{"aspiration", &opts{Delta: -1}, algos.OptDelta, "Delta must be ≥ 1 (0: the default, 50), got -1"},
		{"aspiration", &opts{Guess: &big}, algos.OptGuess, "Guess must lie in"},
		{"id", &opts{Schedule: []int{3, 2}}, algos.OptSchedule, "Schedule must increase, got 2 after 3"},
		{"id", &opts{Schedule: []int{-1}}, algos.OptSchedule, "Schedule depths must be ≥ 0, got -1"},
		{"alphabeta", &opts{Window: &algos.Window{Alpha: 4, Beta: 4}}, algos.OptWindow, "Window (4, 4) must satisfy"},
		{"alphabeta", &opts{MaxNodes: -1}, 0, "MaxNodes must be ≥ 0"},
		{"alphabeta", &opts{Fail: 9}, 0, "unknown fail mode"},
		{"nosuch", nil, 0, "unknown algorithm"},
	} {
		err := algos.Validate(c.name, c.opt)
		if c.want == "" {
			if err != nil {
				t.Errorf("Validate(%s, %+v): %v", c.name, c.opt, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%s, %+v) = %v, want %q", c.name, c.opt, err, c.want)
			continue
		}
		var oe *algos.OptionError
		if errors.As(err, &oe) != (c.option != 0) || (oe != nil && oe.Option != c.option) {
			t.Errorf("Validate(%s, %+v) = %#v, want an OptionError for %v", c.name, c.opt, err, c.option)
		}
	}
	// The searches apply the same rules (not the per-algorithm ones).
	if _, err := algos.MTDF(parsed(t, "(1 2)"), 1, &opts{Guess: &big}); err == nil {
		t.Error("MTDF accepted a Guess beyond Inf")
	}
	inf := algos.Inf
	if r, err := algos.MTDF(parsed(t, "(1 2)"), 1, &opts{Guess: &inf}); err != nil || r.Value != 2 {
		t.Errorf("MTDF from +Inf (SSS*): %v, %v", r.Value, err)
	}
	if r, err := algos.Aspiration(parsed(t, "((3 12 8) (2 4 6) (14 5 2))"), algos.FullDepth, &opts{Guess: &inf}); err != nil || r.Value != 3 {
		t.Errorf("Aspiration from +Inf: %v, %v; want 3", r.Value, err)
	}
	if _, err := algos.AlphaBeta(parsed(t, "(1 2)"), 1, &opts{Guess: &g}); err != nil {
		t.Errorf("AlphaBeta with a Guess it ignores: %v", err)
	}
}

// TestFormat: one spelling of values, bounds and windows.
func TestFormat(t *testing.T) {
	for _, c := range []struct {
		v    int
		want string
	}{
		{algos.Inf, "+∞"}, {algos.Inf + 5, "+∞"}, {-algos.Inf, "−∞"}, {algos.Inf - 1, "+∞−1"}, {-algos.Inf + 2, "−∞+2"},
		{-5, "−5"}, {0, "0"}, {17, "17"}, {algos.Inf - 1000, "1073740824"}, {algos.Inf - 999, "+∞−999"},
	} {
		if got := algos.FormatValue(c.v); got != c.want {
			t.Errorf("FormatValue(%d) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := algos.FormatBound(3, algos.Lower) + " " + algos.FormatBound(-3, algos.Upper) + " " + algos.FormatBound(4, algos.Exact); got != "≥3 ≤−3 4" {
		t.Errorf("FormatBound: %q", got)
	}
	if got := algos.FormatWindow(-algos.Inf, 5); got != "[−∞, 5]" {
		t.Errorf("FormatWindow: %q", got)
	}
}

// TestNextTest: the clamped test lies strictly inside the range, and is
// NextGuess where NextGuess already does.
func TestNextTest(t *testing.T) {
	for _, c := range [][4]int{{5, 100, 1, 6}, {0, 16, 4, 12}, {10, 12, 2, 11}, {0, 2, 9, 1}, {-algos.Inf, algos.Inf, 8, algos.NextGuess(-algos.Inf, algos.Inf, 8)}} {
		if got := algos.NextTest(c[0], c[1], c[2]); got != c[3] || got <= c[0] || got >= c[1] {
			t.Errorf("NextTest(%d, %d, %d) = %d, want %d", c[0], c[1], c[2], got, c[3])
		}
	}
}

func parsed(t *testing.T, src string) gametree.Node {
	t.Helper()
	tr, err := gametree.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return tr.Root()
}
