package checks_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/exercises/grade"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
	key01 "github.com/cutoff-go/cutoff/solutions/01-minimax"
	key02 "github.com/cutoff-go/cutoff/solutions/02-alphabeta"
	key03 "github.com/cutoff-go/cutoff/solutions/03-negamax"
	key04 "github.com/cutoff-go/cutoff/solutions/04-ordering"
	key05 "github.com/cutoff-go/cutoff/solutions/05-transposition"
	key06 "github.com/cutoff-go/cutoff/solutions/06-pvs"
	key07 "github.com/cutoff-go/cutoff/solutions/07-mtdf"
	key08 "github.com/cutoff-go/cutoff/solutions/08-bns"
)

// TestInlineKeys: every exercise Inline runs gives the key full points, and
// Lesson draws the key's search as the reference's on the lesson's tree.
func TestInlineKeys(t *testing.T) {
	tree := checks.Fixtures("aima-fig5.2")[0].Tree
	for _, c := range []struct {
		dir  string
		f    []any
		want int // the lesson's value (08: the best move's index)
	}{{"01-minimax", []any{key01.Minimax}, 3}, {"02-alphabeta", []any{key02.AlphaBeta}, 3},
		{"03-negamax", []any{key03.Negamax}, 3}, {"04-ordering", []any{key04.NegamaxAB}, 3},
		{"05-transposition", []any{key05.NegamaxTT}, 3}, {"06-pvs", []any{key06.PVS}, 3},
		{"07-mtdf", []any{key07.MTDF}, 3}, {"08-bns", []any{key08.BNS, key08.NextGuess}, 0}} {
		vs, err := checks.Inline(c.dir, c.f...)
		if err != nil {
			t.Fatal(err)
		}
		points := 0
		for _, v := range vs {
			if v.Passed {
				points += v.Points
			} else {
				t.Errorf("%s: %s failed: %q", c.dir, v.Name, v.Message)
			}
		}
		if points != checks.MaxPoints {
			t.Errorf("%s: %d points", c.dir, points)
		}
		d, got, want, err := checks.Lesson(c.dir, tree, c.f[0])
		if err != nil || d.First != -1 || got != c.want || want != c.want || len(d.Student) == 0 {
			t.Errorf("%s: lesson first %d, %d against %d (%d visits), %v", c.dir, d.First, got, want, len(d.Student), err)
		}
	}
}

// deeperTable stores every entry but the root's one ply deeper than it was
// searched: a wrong depth the "stored depth" check finds in a store.
type deeperTable struct {
	grade.Table
	root uint64
}

func (t deeperTable) Store(e grade.Entry) {
	if e.Key != t.root {
		e.Depth++
	}
	t.Table.Store(e)
}

// TestStorePicture: a store that differs from the reference's gets a
// picture marking the node of that store, the one the text names.
func TestStorePicture(t *testing.T) {
	f := func(n grade.Node, depth, alpha, beta, color int, tt grade.Table) int {
		return key05.NegamaxTT(n, depth, alpha, beta, color, deeperTable{tt, n.Key()})
	}
	// Only the outermost call knows the root: the key recurses into itself,
	// not into f, so every inner store goes through the same wrapper.
	vs, err := checks.Inline("05-transposition", f)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range vs {
		if v.Name != "stored depth" {
			continue
		}
		found = true
		m := regexp.MustCompile(`store \d+: expected .+ for (\S+), your search stored`).FindStringSubmatch(strings.Join(v.Message, "\n"))
		if v.Passed || m == nil || v.Diff == nil || v.Diff.Wrong == nil {
			t.Fatalf("stored depth: passed %v, %q, picture %v", v.Passed, v.Message, v.Diff != nil)
		}
		if name := nodeName(v.Diff.Tree, v.Diff.Wrong.Path); name != m[1] || v.Diff.Wrong.Path == "" {
			t.Errorf("the picture marks %q (%q); the text names %q", name, v.Diff.Wrong.Path, m[1])
		}
		if svg := string(feedback.SVG(*v.Diff)); !strings.Contains(svg, `<g class="wrong" data-path="`+v.Diff.Wrong.Path+`">`) ||
			!strings.Contains(svg, "expected: {value") {
			t.Errorf("the SVG lacks the mark or the legend's line")
		}
	}
	if !found {
		t.Fatal("no check named stored depth")
	}
}

func nodeName(n *feedback.Node, path string) string {
	if n == nil {
		return ""
	}
	if n.Path == path {
		return n.Name
	}
	for _, c := range n.Children {
		if s := nodeName(c, path); s != "" {
			return s
		}
	}
	return ""
}
