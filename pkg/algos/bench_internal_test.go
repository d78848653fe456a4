package algos

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos/internal/untrace"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TestUntracedIsCurrent: untraced.go is what the generator makes from the
// searches as they are now. Run "go generate ./pkg/algos" after editing one.
func TestUntracedIsCurrent(t *testing.T) {
	want, err := untrace.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(untrace.Output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate ./pkg/algos", untrace.Output)
	}
}

// The untraced path never traces: the generator's analysis (by type, over
// every function the hand-written code runs untraced and what they call)
// finds no copy that would reach the trace field through a function left
// as is; the copies hold no trace field; and every search is among them.
func TestUntracedPathNeverTraces(t *testing.T) {
	copies, err := untrace.Copies(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"alphaBeta", "negamaxAB", "negamaxTT", "minimax", "negamax", "pvsHard", "pvsSoft",
		"negaScout", "scoutEval", "scoutTest", "bnsPass", "deepenRoot", "terminal"} {
		if !slices.Contains(copies, want) {
			t.Errorf("%s has no untraced copy: the untraced path runs it traced (copies: %v)", want, copies)
		}
	}
	src, err := os.ReadFile(untrace.Output)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte(".trace")) {
		t.Errorf("%s uses the trace field", untrace.Output)
	}
}

// Every untraced search has a copy for each type listed in specialized, and
// the method the hand-written code calls runs it for that type: the
// library's own trees never take the generic path untraced.
func TestSpecializedCopies(t *testing.T) {
	src, err := os.ReadFile(untrace.Output)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"alphaBeta", "negamaxAB", "negamaxTT", "minimax", "negamax", "pvsHard", "pvsSoft",
		"negaScout", "scoutEval", "bnsPass", "deepenRoot"} {
		_, dispatcher, ok := bytes.Cut(src, []byte("func (s *searcher[P]) "+name+"Untraced("))
		if !ok {
			t.Errorf("%sUntraced dispatches to no specialized copy", name)
			continue
		}
		dispatcher, _, _ = bytes.Cut(dispatcher, []byte("\n}\n"))
		for _, typ := range []string{"gametree.Node", "random.UniformNode"} {
			short := typ[strings.Index(typ, ".")+1:]
			call := name + "UntracedFor" + short + "(s, "
			if !bytes.Contains(dispatcher, []byte("case *searcher["+typ+"]:\n\t\treturn "+call)) ||
				!bytes.Contains(src, []byte("func "+name+"UntracedFor"+short+"(s *searcher["+typ+"], ")) {
				t.Errorf("%sUntraced does not run its copy for %s:\n%s", name, typ, dispatcher)
			}
		}
		if !bytes.Contains(dispatcher, []byte("return s."+name+"UntracedGeneric(")) {
			t.Errorf("%sUntraced does not run its generic copy for other types:\n%s", name, dispatcher)
		}
	}
	// The frontier's values inline there: no call through the interface.
	if !bytes.Contains(src, []byte("s.cur.ChildValue(first, i)")) {
		t.Errorf("the specialized frontier searches do not call ChildValue on the position's own type")
	}
}

// BenchmarkAlphaBeta measures fail-hard alpha-beta on a random uniform tree
// (b=8, d=6, seed 1, natural order) and what tracing costs:
//
//   - hookless: the generated untraced search called directly, without
//     Options or Result: the search with no hook at all (its copy for
//     random.UniformNode, see specialized);
//   - generic: the generic untraced copy called the same way, as any
//     position type not listed in specialized runs — the difference from
//     hookless is what the specialized copies save;
//   - untraced: AlphaBeta with Options.Trace nil, as users call it — the
//     difference from hookless is the whole cost of the unused hook;
//   - traced: a hook that does nothing — the price of one call per event;
//   - recorded: a Recorder building the searched tree.
//
// It reports ns/node besides the usual per-search figures.
func BenchmarkAlphaBeta(b *testing.B) {
	const d = 6
	root, err := random.Uniform{B: 8, D: d, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	nop := TracerFunc[random.UniformNode](func(Event[random.UniformNode]) {})
	cases := []struct {
		name   string
		search func() Stats
	}{
		{"hookless", func() Stats {
			s := newSearcher[random.UniformNode](nil, FailHard)
			s.alphaBetaUntraced(root, d, 0, bounds{alpha: -Inf, beta: Inf})
			return s.stats
		}},
		{"generic", func() Stats {
			s := newSearcher[random.UniformNode](nil, FailHard)
			s.alphaBetaUntracedGeneric(root, d, 0, bounds{alpha: -Inf, beta: Inf})
			return s.stats
		}},
		{"untraced", func() Stats { r, _ := AlphaBeta(root, d, nil); return r.Stats }},
		{"traced", func() Stats {
			r, _ := AlphaBeta(root, d, &Options[random.UniformNode]{Trace: nop})
			return r.Stats
		}},
		{"recorded", func() Stats {
			r, _ := AlphaBeta(root, d, &Options[random.UniformNode]{Trace: NewRecorder[random.UniformNode]()})
			return r.Stats
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				nodes += tc.search().Nodes
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
