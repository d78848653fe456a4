package checks

import (
	"strings"
	"testing"
)

// minimaxOf is a plain minimax on a Node: right for "minimax", and, with
// no cutoff, wrong in its visits for "alphabeta".
func minimaxOf(n Node) int {
	kids := n.Children()
	if len(kids) == 0 {
		return n.Value()
	}
	best := -Inf
	if !n.Max() {
		best = Inf
	}
	for _, k := range kids {
		v := minimaxOf(k)
		if n.Max() {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// The instructor's API explains as the built-in checks do: nothing when
// the search agrees with the reference, the first differing visit and the
// value otherwise.
func TestInstructorAPI(t *testing.T) {
	tree := Literal("(5 (((3 9) 1) 7))")[0].Tree
	if why := SameAs("minimax", FullDepth, -Inf, Inf, minimaxOf, Outcome{Visits: true})(tree); why != nil {
		t.Errorf("minimax against minimax: %q", why)
	}
	why := SameAs("alphabeta", FullDepth, -Inf, Inf, minimaxOf, Outcome{Visits: true, Window: true})(tree)
	if len(why) != 3 || !strings.HasPrefix(why[0], "visit ") || !strings.Contains(why[0], "expected to") || !strings.HasPrefix(why[1], "expected evaluations: ") {
		t.Errorf("minimax against alpha-beta: %q; want the first differing visit and both evaluations", why)
	}
	// VisitDiff on traces made by hand, with Reference and Watch.
	_, want := Reference(tree, "alphabeta", FullDepth, -Inf, Inf, nil)
	n, got := Watch(tree.Root(), VisitLimit(want))
	minimaxOf(n)
	if d := VisitDiff(got, want); len(d) == 0 || d[0] != why[0] {
		t.Errorf("VisitDiff: %q, want %q first", d, why[0])
	}
	if len(got.Evals()) != 5 || len(want.Evals()) != 3 || VisitLimit(want) != 10*len(want.Visits)+100 {
		t.Errorf("evaluations %d and %d, limit %d; want 5, 3 (9 and 7 pruned), 10×visits+100", len(got.Evals()), len(want.Evals()), VisitLimit(want))
	}
	_, again := Reference(tree, "alphabeta", FullDepth, -Inf, Inf, nil)
	if d := VisitDiff(again, want); d != nil {
		t.Errorf("the same search twice: %q", d)
	}
	for _, tc := range []struct {
		got, want, alpha, beta int
		inWindow               bool
		say                    string // "" for right
	}{
		{5, 5, -Inf, Inf, false, ""},
		{4, 5, -Inf, Inf, false, "value: expected 5, your code returned 4"},
		{2, 1, 2, 8, true, ""}, // fails low, fail-hard
		{3, 1, 2, 8, true, "fails low"},
		{9, 12, 2, 8, true, ""}, // fails high, fail-soft
		{6, 5, 2, 8, true, "expected exactly 5"},
	} {
		d := ValueDiff(tc.got, tc.want, tc.alpha, tc.beta, tc.inWindow)
		if (tc.say == "") != (d == nil) || (d != nil && !strings.Contains(d[0], tc.say)) {
			t.Errorf("ValueDiff%v: %q, want %q", []int{tc.got, tc.want, tc.alpha, tc.beta}, d, tc.say)
		}
	}
}
