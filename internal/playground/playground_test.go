package playground

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

func search(t *testing.T, s *Session, req string) Result {
	t.Helper()
	var r Result
	if err := json.Unmarshal([]byte(s.Handle(req)), &r); err != nil {
		t.Fatalf("%s: %v", req, err)
	}
	return r
}

// The playground's report is cutoff search's: the same Report from the same
// code, for every algorithm on a fixture.
func TestReportIsTheCommandLines(t *testing.T) {
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	for _, alg := range algos.Names() {
		var s Session
		got := search(t, &s, `{"tree":"fixture:aima-fig5.2","alg":"`+alg+`"}`)
		if got.Error != "" {
			t.Fatalf("%s: %s", alg, got.Error)
		}
		want, err := searchrun.FromTree(fx.Tree()).Search(&searchrun.Config{Alg: alg, Depth: algos.FullDepth})
		if err != nil {
			t.Fatal(err)
		}
		var raw struct{ Search json.RawMessage }
		json.Unmarshal([]byte(s.Handle(`{"tree":"fixture:aima-fig5.2","alg":"`+alg+`"}`)), &raw)
		if w, _ := json.Marshal(want); string(raw.Search) != string(w) {
			t.Errorf("%s: playground %s\nsearchrun %s", alg, raw.Search, w)
		}
		if got.Search.Value != 3 || len(got.Steps) != got.Events || got.Events == 0 || !strings.Contains(got.DOT, "digraph") {
			t.Errorf("%s: value %d, %d steps of %d events, DOT %d bytes", alg, got.Search.Value, len(got.Steps), got.Events, len(got.DOT))
		}
		if len(got.Code) == 0 {
			t.Errorf("%s: no pseudocode", alg)
		}
	}
}

func TestSteps(t *testing.T) {
	var s Session
	r := search(t, &s, `{"tree":"fixture:aima-fig5.2","alg":"alphabeta"}`)
	first, last := r.Steps[0], r.Steps[len(r.Steps)-1]
	if first.Event != "enter A [−∞, +∞]" || !reflect.DeepEqual(first.Stack, []string{"A [−∞, +∞]"}) || first.Alpha != "−∞" {
		t.Errorf("first step %+v", first)
	}
	if !strings.HasPrefix(last.Event, "exit A = 3") || len(last.Stack) != 0 {
		t.Errorf("last step %+v", last)
	}
	// The cutoff at C runs the Min side's cutoff line; after B returns 3,
	// the root's α is 3.
	var sawCut, sawAlpha bool
	for _, st := range r.Steps {
		if st.Kind == "cutoff" {
			sawCut = true
			if len(st.Lines) != 1 || !strings.Contains(r.Code[st.Lines[0]], "v ≤ α") {
				t.Errorf("cutoff %q highlights %v", st.Event, st.Lines)
			}
		}
		if strings.HasPrefix(st.Event, "exit B") && st.Alpha == "3" && st.Stack[0] == "A [3, +∞]" {
			sawAlpha = true
		}
	}
	if !sawCut || !sawAlpha {
		t.Errorf("cutoff seen %v, α = 3 after B %v", sawCut, sawAlpha)
	}
	// A leaf's exit highlights the leaf's return line, not a Max or Min
	// return, and its parent's lines; a value that cuts does not enter its
	// parent's window (the listing breaks before it updates): no window is
	// ever empty, and C keeps [3, +∞] after its first leaf, 2, cuts.
	leafLine, takeMin, raiseMin := -1, -1, -1
	for i, l := range r.Code {
		switch {
		case strings.Contains(l, "return value(node)"):
			leafLine = i
		case strings.Contains(l, "v ← min(v, alphabeta"):
			takeMin = i
		case strings.Contains(l, "β ← min(β, v)"):
			raiseMin = i
		}
	}
	leaves := map[string]bool{}
	for i, st := range r.Steps {
		if st.Kind == "leaf" {
			leaves[strings.Fields(st.Event)[1]] = true
		}
		// The leaf returns from the leaf's line; its parent, a Min node,
		// takes the value (v ← min) and lowers β with it, unless the value
		// cuts: c1 = 2 at C, whose α is 3.
		if f := strings.Fields(st.Event); st.Kind == "exit" && leaves[f[1]] {
			want := []int{leafLine, takeMin, raiseMin}
			if f[1] == "c1" || f[1] == "d3" {
				want = want[:2]
			}
			if !reflect.DeepEqual(st.Lines, want) {
				t.Errorf("step %d %q highlights %v, want %v", i+1, st.Event, st.Lines, want)
			}
		}
		if st.Alpha != "−∞" && st.Beta != "+∞" && st.Alpha != "+∞" && st.Beta != "−∞" {
			a, _ := strconv.Atoi(strings.ReplaceAll(st.Alpha, "−", "-"))
			b, _ := strconv.Atoi(strings.ReplaceAll(st.Beta, "−", "-"))
			if a > b {
				t.Errorf("step %d %q: window [%s, %s] is empty", i+1, st.Event, st.Alpha, st.Beta)
			}
		}
		if strings.HasPrefix(st.Event, "exit C-0") || strings.HasPrefix(st.Event, "exit c1") {
			if top := st.Stack[len(st.Stack)-1]; !strings.HasSuffix(top, "[3, +∞]") {
				t.Errorf("after C's first leaf: %q, want C [3, +∞]", top)
			}
		}
	}
	// Frames: the first shows A being searched, and every frame keeps the
	// whole search's nodes (their IDs).
	f1 := frame(t, &s, 1)
	fN := frame(t, &s, len(r.Steps))
	if !strings.Contains(f1, "current") || strings.Contains(fN, "current") {
		t.Errorf("frame 1 has no current node or the last has one")
	}
	if strings.Count(f1, "->") != strings.Count(fN, "->") {
		t.Errorf("frames draw %d and %d edges", strings.Count(f1, "->"), strings.Count(fN, "->"))
	}
	if got := s.Handle(`{"op":"fit","layout":"{\"objects\":[{\"name\":\"n0\",\"width\":\"2.5\",\"height\":\"1\"}]}"}`); got != "{}" {
		t.Fatalf("fit: %s", got)
	}
	if f := frame(t, &s, 1); !strings.Contains(f, "2.5") {
		t.Errorf("a fitted frame does not keep n0's size: %s", f)
	}
	// Frame 0 is the tree before the search, every leaf's value shown (grey)
	// and nothing searched or pruned: the picture a reader predicts on.
	f0 := frame(t, &s, 0)
	if strings.Contains(f0, "current") || strings.Contains(f0, `class="visited`) || strings.Contains(f0, `class="pruned`) || strings.Count(f0, "->") != strings.Count(fN, "->") {
		t.Errorf("frame 0 is not the tree before the search:\n%s", f0)
	}
	for _, v := range []string{">3<", ">12<", ">8<", ">14<"} {
		if !strings.Contains(f0, v) {
			t.Errorf("frame 0 does not show the leaf value %s", v)
		}
	}
	if got := s.Handle(`{"op":"frame","step":-1}`); !strings.Contains(got, "out of range") {
		t.Errorf("frame -1: %s", got)
	}
}

func frame(t *testing.T, s *Session, step int) string {
	t.Helper()
	var r struct{ DOT, Error string }
	b, _ := json.Marshal(Request{Op: "frame", Step: step})
	if err := json.Unmarshal([]byte(s.Handle(string(b))), &r); err != nil || r.Error != "" {
		t.Fatalf("frame %d: %v %s", step, err, r.Error)
	}
	return r.DOT
}

// Bad input gets the command line's one-line error and nothing else.
func TestErrors(t *testing.T) {
	for req, want := range map[string]string{
		`{"tree":"(1 (2","alg":"alphabeta"}`:             "-tree: literal: at byte 5: unexpected end of input",
		`{"tree":"fixture:nope","alg":"alphabeta"}`:      `-tree: unknown fixture "nope"`,
		`{"tree":"(1 2)","alg":"nope"}`:                  `unknown algorithm "nope"`,
		`{"tree":"(1 2)"}`:                               "-alg is required",
		`{"random":"b=2","alg":"pvs"}`:                   "-random: ",
		`{"tree":"(1 2)","alg":"alphabeta","tt":8}`:      "algorithm alphabeta does not use a transposition table",
		`{"tree":"(1 2)","alg":"aspiration","delta":-3}`: "-delta ",
		`{"alg":"pvs"}`:                                  "no input",
		`{"tree":"@/etc/passwd","alg":"pvs"}`:            "-tree: the playground cannot read files",
	} {
		var s Session
		r := search(t, &s, req)
		if !strings.HasPrefix(r.Error, want) || strings.Contains(r.Error, "\n") || r.Search != nil || len(r.Steps) != 0 {
			t.Errorf("%s: error %q (want %q…), search %v", req, r.Error, want, r.Search)
		}
	}
}

// Limits: a large random tree is searched and counted but not drawn; a
// middling one is drawn with a budget; a huge one stops at the node budget.
func TestLimits(t *testing.T) {
	var s Session
	big := search(t, &s, `{"random":"b=6,d=7,seed=1","alg":"minimax"}`)
	if big.Error != "" || big.Search == nil || big.Search.Stats.Nodes <= MaxRecorded || big.DOT != "" || len(big.Notes) != 1 {
		t.Fatalf("a large search: error %q, notes %q, DOT %d bytes", big.Error, big.Notes, len(big.DOT))
	}
	mid := search(t, &s, `{"random":"b=3,d=6,seed=1","alg":"pvs"}`)
	if mid.Error != "" || mid.Search.Stats.Nodes <= DrawBudget || !strings.Contains(mid.DOT, "+") || len(mid.Notes) == 0 {
		t.Fatalf("a middling search: nodes %d, notes %v", mid.Search.Stats.Nodes, mid.Notes)
	}
	if mid.Events > MaxSteps || len(mid.Steps) != mid.Events {
		t.Errorf("%d steps of %d events", len(mid.Steps), mid.Events)
	}
	huge := search(t, &s, `{"random":"b=10,d=9,seed=1","alg":"minimax"}`)
	if !strings.Contains(huge.Error, "budget") || !huge.Stopped || huge.Search != nil {
		t.Errorf("a huge search: %q", huge.Error)
	}
	long := search(t, &s, `{"random":"b=3,d=7,seed=1","alg":"minimax"}`)
	if long.Events <= MaxSteps || len(long.Steps) != MaxSteps {
		t.Errorf("a long search: %d steps of %d events", len(long.Steps), long.Events)
	}
}

// The lines a step-through lights: a parent's lines around its children
// light too (alpha-beta's v ← max and α ← max, PVS's null-window call,
// SCOUT's TEST), on AIMA Fig. 5.2 and a random tree.
func TestPseudocodeLit(t *testing.T) {
	for _, c := range []struct {
		alg  string
		want []string // parts of lines that some step must light
	}{
		{"alphabeta", []string{"v ← max(v, alphabeta", "α ← max(α, v)", "v ← min(v, alphabeta", "β ← min(β, v)", "β-cutoff", "α-cutoff"}},
		{"minimax", []string{"v ← max(v, minimax", "v ← min(v, minimax"}},
		{"pvs", []string{"null window", "re-search", "α ← max(α, score)"}},
		{"scout", []string{"function test", "re-search"}},
		{"negamax-ab", []string{"v ← max(v, −negamax", "α ← max(α, v)"}},
	} {
		lit := map[int]bool{}
		var code []string
		for _, tree := range []string{`"tree":"fixture:aima-fig5.2"`, `"random":"b=3,d=4,seed=3"`} {
			var s Session
			r := search(t, &s, `{`+tree+`,"alg":"`+c.alg+`"}`)
			code = r.Code
			for _, st := range r.Steps {
				for _, l := range st.Lines {
					lit[l] = true
				}
			}
		}
		for _, w := range c.want {
			found := false
			for i, l := range code {
				if strings.Contains(l, w) && lit[i] {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no step lights the line with %q", c.alg, w)
			}
		}
	}
}
