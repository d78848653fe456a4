package input

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

func TestReadTree(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.txt")
	if err := os.WriteFile(file, []byte("(3 (5 2))"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"(3 (5 2))", "@" + file, "@-"} {
		tr, err := ReadTree(arg, gametree.Max, false, strings.NewReader("(3 (5 2))"))
		if err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		if n := len(tr.Root().Children(nil)); n != 2 {
			t.Errorf("%s: root has %d children, want 2", arg, n)
		}
	}
	name := gametree.Fixtures()[0].Name
	if _, err := ReadTree("fixture:"+name, gametree.Max, false, nil); err != nil {
		t.Errorf("fixture %s: %v", name, err)
	}
	for arg, want := range map[string]string{
		"fixture:nope":       "unknown fixture",
		"@":                  "missing file name",
		"@-":                 "no standard input",
		"@" + file + ".none": "cannot read",
		"(3 (5":              "literal: ",
	} {
		if _, err := ReadTree(arg, gametree.Max, false, nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadTree(%q) = %v, want an error with %q", arg, err, want)
		}
	}
	if _, err := ReadTree("fixture:"+name, gametree.Min, true, nil); !errors.Is(err, ErrRootOfFixture) {
		t.Errorf("a root with a fixture: %v", err)
	}
}

func TestParseRandom(t *testing.T) {
	r, err := ParseRandom("b=3, d=4, seed=0x10, order=best, range=50")
	if err != nil || r.Strong != nil || *r.Uniform != (random.Uniform{B: 3, D: 4, Seed: 16, Order: random.Best, Range: 50}) {
		t.Errorf("uniform: %+v, %v", r.Uniform, err)
	}
	r, err = ParseRandom("b=2,d=3,order=strong")
	if err != nil || r.Uniform != nil || r.Strong.P != DefaultStrongP || r.Strong.Range != random.DefaultRange {
		t.Errorf("strong: %+v, %v", r.Strong, err)
	}
	for spec, want := range map[string]string{
		"":                         "empty",
		"b=3":                      "missing d=",
		"b=3,d=2,x=1":              `unknown key "x"`,
		"b=3,b=2,d=1":              "given twice",
		"b=0,d=2":                  "b=0",
		"b=2,d=-1":                 "d=-1",
		"b=2,d=2,p=0.5":            "p applies to order=strong only",
		"b=2,d=2,order=strong,p=2": "probability",
		"b=2,d=2,order=random":     "unknown order",
		"b=2,d=2,seed=-1":          "unsigned",
		"b":                        "not key=value",
	} {
		if _, err := ParseRandom(spec); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "-random") {
			t.Errorf("ParseRandom(%q) = %v, want an error with %q and no flag name", spec, err, want)
		}
	}
}

func TestParseGame(t *testing.T) {
	if g, err := ParseGame("tictactoe", "", false); err != nil || g.TicTacToe == nil || g.ConnectFour != nil || g.Nim != nil {
		t.Errorf("tictactoe: %+v, %v", g, err)
	}
	if g, err := ParseGame("connect4", "", false); err != nil || g.ConnectFour == nil {
		t.Errorf("connect4: %+v, %v", g, err)
	}
	if g, err := ParseGame("nim:3, 4,5", "", false); err != nil || g.Nim == nil {
		t.Errorf("nim: %+v, %v", g, err)
	}
	var pe *PositionError
	if _, err := ParseGame("tictactoe", "nonsense", true); !errors.As(err, &pe) {
		t.Errorf("a bad position: %v, want a *PositionError", err)
	}
	if _, err := ParseGame("nim:1", "x", true); !errors.Is(err, ErrPositionOfNim) {
		t.Errorf("nim with a position: %v", err)
	}
	if _, err := ParseGame("chess", "", false); !errors.As(err, new(*UnknownGameError)) {
		t.Errorf("ParseGame(chess) = %v, want an *UnknownGameError", err)
	}
	for spec, want := range map[string]string{"chess": "unknown game", "nim": "needs its piles", "nim:1,x": `pile "x"`, "tictactoe:3": "takes no arguments"} {
		if _, err := ParseGame(spec, "", false); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGame(%q) = %v, want %q", spec, err, want)
		}
	}
}

func TestIntsAndRanges(t *testing.T) {
	if got, err := Ints(" 2,3 ,4", 1); err != nil || !slices.Equal(got, []int{2, 3, 4}) {
		t.Errorf("Ints = %v, %v", got, err)
	}
	if got, err := Ranges("2..4, 7, 9-10", 2); err != nil || !slices.Equal(got, []int{2, 3, 4, 7, 9, 10}) {
		t.Errorf("Ranges = %v, %v", got, err)
	}
	for _, c := range []struct {
		s, want string
		ranges  bool
	}{{"2,x", "not an integer", false}, {"0", "want ≥ 1", false}, {"a..3", "not a range", true}, {"5..3", "empty range", true}, {"1..5000", "too long", true}, {"0..3", "want ≥ 1", true}} {
		var err error
		if c.ranges {
			_, err = Ranges(c.s, 1)
		} else {
			_, err = Ints(c.s, 1)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.s, err, c.want)
		}
	}
}

func TestOrderingsProbabilitiesSchedule(t *testing.T) {
	if got, err := Orderings("natural, best,worst"); err != nil || !slices.Equal(got, []random.Ordering{random.Natural, random.Best, random.Worst}) {
		t.Errorf("Orderings = %v, %v", got, err)
	}
	if got, err := Probabilities("0, 0.5,1"); err != nil || !slices.Equal(got, []float64{0, 0.5, 1}) {
		t.Errorf("Probabilities = %v, %v", got, err)
	}
	if got, err := Schedule("2, 3,-1"); err != nil || !slices.Equal(got, []int{2, 3, -1}) {
		t.Errorf("Schedule = %v, %v (its rules are algos.Validate's)", got, err)
	}
	for _, c := range []struct {
		parse   func(string) error
		s, want string
	}{
		{func(s string) error { _, err := Orderings(s); return err }, "best,strong", `unknown ordering "strong" (want natural, best or worst)`},
		{func(s string) error { _, err := Probabilities(s); return err }, "0,1.5", `"1.5" is not a probability in [0, 1] (want a list such as 0,0.5,1)`},
		{func(s string) error { _, err := Probabilities(s); return err }, "NaN", `"NaN" is not a probability in [0, 1] (want a list such as 0,0.5,1)`},
		{func(s string) error { _, err := Schedule(s); return err }, "2,x", `"x" is not a depth (want increasing depths such as 2,3,6)`},
	} {
		if err := c.parse(c.s); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q", c.s, err, c.want)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for s, want := range map[string]gametree.Player{"max": gametree.Max, "min": gametree.Min} {
		if p, err := ParsePlayer(s); err != nil || p != want {
			t.Errorf("ParsePlayer(%q) = %v, %v; want %v", s, p, err, want)
		}
	}
	for _, s := range []string{"", "Max", "middle"} {
		if _, err := ParsePlayer(s); err == nil || err.Error() != fmt.Sprintf("must be max or min, got %q", s) {
			t.Errorf("ParsePlayer(%q): %v", s, err)
		}
	}
}
