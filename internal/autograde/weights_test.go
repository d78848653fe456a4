package autograde

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// registered returns the registered exercise dir.
func registered(t *testing.T, dir string) checks.Exercise {
	t.Helper()
	for _, e := range checks.Exercises() {
		if e.Dir == dir {
			return e
		}
	}
	t.Fatalf("no exercise %s", dir)
	return checks.Exercise{}
}

func TestWeights(t *testing.T) {
	w, err := ParseWeights([]byte(`{
		"02-alphabeta": {"checks": {"depth limit": 0, "random trees": 40}},
		"07-mtdf": {"points": 50},
		"09-player": {"points": 0},
		"03-negamax": {"points": 7}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	ab := w.Exercise(registered(t, "02-alphabeta"))
	got := map[string]int{}
	for _, c := range ab.Checks {
		got[c.Name] = c.Points
	}
	// Registered: AIMA 10, shallow 15, deep 15, window 20, random 30, depth 10.
	if got["depth limit"] != 0 || got["random trees"] != 40 || got["AIMA tree"] != 10 || ab.Max() != 100 {
		t.Errorf("02 under the weights: %v, max %d; want depth limit 0, random trees 40, the rest as registered (100)", got, ab.Max())
	}
	for dir, want := range map[string]int{"07-mtdf": 50, "09-player": 0, "03-negamax": 7, "01-minimax": 100} {
		e := w.Exercise(registered(t, dir))
		if e.Max() != want {
			t.Errorf("%s: max %d under the weights, want %d", dir, e.Max(), want)
		}
		for i, c := range e.Checks {
			if reg := registered(t, dir).Checks[i]; want == 100 && c != reg {
				t.Errorf("%s: %v changed (registered %v) though the file does not name it", dir, c, reg)
			}
		}
	}
	// The registry is not changed, and nil weights are the registry's.
	if registered(t, "07-mtdf").Max() != checks.MaxPoints || (*Weights)(nil).Exercise(registered(t, "07-mtdf")).Max() != checks.MaxPoints {
		t.Error("the weights changed the registry")
	}
}

// Scaling keeps the proportions and the total exactly.
func TestWeightsScale(t *testing.T) {
	pts := map[string]int{"a": 10, "b": 15, "c": 15, "d": 60}
	if err := scale(pts, []string{"a", "b", "c", "d"}, 7); err != nil {
		t.Fatal(err)
	}
	if pts["a"]+pts["b"]+pts["c"]+pts["d"] != 7 || pts["d"] != 4 || pts["a"] != 1 {
		t.Errorf("scaled to 7: %v; want a sum of 7, d 4 (4.2), a 1 (0.7)", pts)
	}
	zero := map[string]int{"a": 0}
	if err := scale(zero, []string{"a"}, 10); err == nil {
		t.Error("scaling checks all at 0 to 10: no error")
	}
}

// A weights file with a mistake is refused with one line saying which.
func TestWeightsBad(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{`{"02-alphabet": {"points": 50}}`, `no exercise "02-alphabet"`},
		{`{"02-alphabeta": {"checks": {"deep cutof": 10}}}`, `02-alphabeta has no check "deep cutof" (its checks: AIMA tree, shallow cutoff`},
		{`{"02-alphabeta": {"checks": {"deep cutoff": -5}}}`, `negative points (-5)`},
		{`{"02-alphabeta": {"points": -1}}`, `negative points (-1)`},
		{`{"02-alphabeta": {"point": 50}}`, `unknown field "point"`},
		{`{"02-alphabeta": {"points": 2.5}}`, `not a weights file`},
		{`{"02-alphabeta": {"points": 50}} {}`, `more after its JSON object`},
		{`[1, 2]`, `not a weights file`},
		{`{"02-alphabeta": {"checks": {"AIMA tree": 0, "shallow cutoff": 0, "deep cutoff": 0, "any window": 0, "random trees": 0, "depth limit": 0}, "points": 10}}`, `nothing to scale`},
	} {
		_, err := ParseWeights([]byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseWeights(%s) = %v; want one line with %q", tc.file, err, tc.want)
		}
	}
	if _, err := LoadWeights(filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "cannot read it") {
		t.Errorf("LoadWeights(no file) = %v", err)
	}
}

// The engine grades with the weights: the key's 02 scaled to 50 with
// "depth limit" not counted scores 50/50, and a missing exercise is zero
// at its weighted maximum.
func TestGradeWeights(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	os.WriteFile(path, []byte(`{"02-alphabeta": {"points": 50, "checks": {"depth limit": 0}}, "01-minimax": {"points": 30}}`), 0o644)
	w, err := LoadWeights(path)
	if err != nil {
		t.Fatal(err)
	}
	sub := t.TempDir()
	key := submission(t, "02-alphabeta", "../../exercises/02-alphabeta", "../../solutions/02-alphabeta")
	os.Rename(key, filepath.Join(sub, "02-alphabeta"))
	res, err := Grade(context.Background(), sub, Options{Module: "../..", Only: regexp.MustCompile("^0[12]-"), Weights: w, Jobs: 1, Unsandboxed: true})
	if err != nil {
		t.Fatal(err)
	}
	ex01, ex02 := res.Exercises[0], res.Exercises[1]
	got1, max1 := ex01.Score()
	got2, max2 := ex02.Score()
	if got1 != 0 || max1 != 30 || got2 != 50 || max2 != 50 {
		t.Errorf("01 %d/%d (%s), 02 %d/%d; want 0/30 (missing) and 50/50", got1, max1, ex01.Error, got2, max2)
	}
	for _, c := range ex02.Checks {
		if c.Name == "depth limit" && (c.Max != 0 || !c.Passed) {
			t.Errorf("depth limit: %+v; want it run and passed, at 0 points", c)
		}
	}
}
