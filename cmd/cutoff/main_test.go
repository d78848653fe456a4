package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// aima is the tree of AIMA Fig. 5.2, value 3.
const aima = "((3 12 8) (2 4 6) (14 5 2))"

// cli runs the command in-process and returns its exit status and output.
func cli(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// searchJSON runs cutoff search -json with args and decodes its output.
func searchJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := cli(t, "", append([]string{"search", "-json"}, args...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("cutoff search -json %q: exit %d, stderr %q", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("cutoff search -json %q: output is not one JSON object: %v\n%s", args, err, out)
	}
	return m
}

// ints converts a decoded JSON array of numbers.
func ints(t *testing.T, v any) []int {
	t.Helper()
	a, ok := v.([]any)
	if !ok {
		t.Fatalf("%v (%T) is not a JSON array", v, v)
	}
	out := make([]int, len(a))
	for i, x := range a {
		f, ok := x.(float64)
		if !ok {
			t.Fatalf("%v (%T) is not a number", x, x)
		}
		out[i] = int(f)
	}
	return out
}

// boundOnly names the algorithms that return a best move and only a bound on
// the value (Best Node Search).
func boundOnly(name string) bool { return name == "bns" }

// wantLeafOrder is the order in which each algorithm evaluates the AIMA
// tree's leaves: everything for minimax and negamax, and c2, c3 (leaves 4
// and 5) pruned by every alpha-beta. Algorithms not listed are checked for
// the value only.
var wantLeafOrder = map[string][]int{
	"minimax":         {0, 1, 2, 3, 4, 5, 6, 7, 8},
	"negamax":         {0, 1, 2, 3, 4, 5, 6, 7, 8},
	"alphabeta":       {0, 1, 2, 3, 6, 7, 8},
	"alphabeta-soft":  {0, 1, 2, 3, 6, 7, 8},
	"negamax-ab":      {0, 1, 2, 3, 6, 7, 8},
	"negamax-ab-hard": {0, 1, 2, 3, 6, 7, 8},
}

func TestSearchAIMA(t *testing.T) {
	file := filepath.Join(t.TempDir(), "aima.tree")
	if err := os.WriteFile(file, []byte("# AIMA Fig. 5.2\n"+aima+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]string{
		"literal": {"-tree", aima},
		"json":    {"-tree", "[[3,12,8],[2,4,6],[14,5,2]]"},
		"file":    {"-tree", "@" + file},
		"fixture": {"-tree", "fixture:aima-fig5.2"},
	}
	for _, name := range algos.Names() {
		for in, args := range inputs {
			t.Run(name+"/"+in, func(t *testing.T) {
				m := searchJSON(t, append([]string{"-alg", name}, args...)...)
				if m["algorithm"] != name {
					t.Errorf("algorithm = %v, want %s", m["algorithm"], name)
				}
				if m["move"] != 0.0 {
					t.Errorf("move = %v, want 0", m["move"])
				}
				if boundOnly(name) { // a best move and a bound on the value
					return
				}
				if m["value"] != 3.0 {
					t.Errorf("value = %v, want 3", m["value"])
				}
				if pv := ints(t, m["pv"]); !slices.Equal(pv, []int{0, 0}) {
					t.Errorf("pv = %v, want [0 0]", pv)
				}
				order := ints(t, m["leaf_order"])
				if want, ok := wantLeafOrder[name]; ok && !slices.Equal(order, want) {
					t.Errorf("leaf_order = %v, want %v", order, want)
				}
				stats := m["stats"].(map[string]any)
				if int(stats["leaves"].(float64)) != len(order) {
					t.Errorf("stats.leaves = %v, but leaf_order has %d entries", stats["leaves"], len(order))
				}
			})
		}
	}
}

func TestSearchStdin(t *testing.T) {
	code, out, errOut := cli(t, aima, "search", "-alg", "alphabeta", "-tree", "@-", "-json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, `"leaf_order":[0,1,2,3,6,7,8]`) {
		t.Errorf("output %s lacks the alpha-beta leaf order", out)
	}
}

func TestSearchJSONKeys(t *testing.T) {
	statsKeys := []string{"nodes", "leaves", "cutoffs", "researches", "passes", "tt_probes", "tt_hits"}
	check := func(t *testing.T, m map[string]any, keys ...string) {
		t.Helper()
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("key %q missing from %v", k, m)
			}
		}
		stats, ok := m["stats"].(map[string]any)
		if !ok {
			t.Fatalf("stats = %v, want an object", m["stats"])
		}
		for _, k := range statsKeys {
			if _, ok := stats[k]; !ok {
				t.Errorf("stats key %q missing from %v", k, stats)
			}
		}
	}
	t.Run("tree", func(t *testing.T) {
		m := searchJSON(t, "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2")
		check(t, m, "algorithm", "value", "move", "pv", "stats", "leaf_order", "move_name", "pv_names")
		if m["move_name"] != "B" {
			t.Errorf("move_name = %v, want B", m["move_name"])
		}
		if _, ok := m["depth"]; ok {
			t.Errorf("depth present without -depth: %v", m)
		}
	})
	t.Run("random", func(t *testing.T) {
		m := searchJSON(t, "-alg", "alphabeta", "-random", "b=3,d=4,seed=1", "-depth", "4")
		check(t, m, "algorithm", "value", "move", "pv", "stats", "depth")
		if _, ok := m["leaf_order"]; ok {
			t.Errorf("leaf_order present for a -random input")
		}
	})
	t.Run("terminal root", func(t *testing.T) {
		m := searchJSON(t, "-alg", "minimax", "-tree", "7")
		check(t, m, "algorithm", "value", "move", "pv", "stats", "leaf_order")
		if m["move"] != -1.0 || len(ints(t, m["pv"])) != 0 {
			t.Errorf("move = %v, pv = %v, want -1 and []", m["move"], m["pv"])
		}
	})
}

func TestSearchSummary(t *testing.T) {
	code, out, errOut := cli(t, "", "search", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"value       3\n", "best move   0 (B)\n", "pv          0 0 (B b1)\n",
		"leaf order  0 1 2 3 6 7 8\n", "nodes=11 leaves=7 cutoffs=2", "pruned=2", "tt_hits=0"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestSearchInputs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		value float64
	}{
		{"min root", []string{"-alg", "minimax", "-tree", aima, "-root", "min"}, 6},
		{"depth 1", []string{"-alg", "negamax", "-tree", "(:1(3 12) :5(2 4))", "-depth", "1"}, 5},
		{"random natural", []string{"-alg", "alphabeta", "-random", "b=2,d=3,seed=1,order=natural"}, -1},
		{"random best", []string{"-alg", "alphabeta", "-random", "b=3,d=4,seed=7,order=best,range=10"}, -1},
		{"random worst", []string{"-alg", "negamax-ab", "-random", "b=3,d=4,seed=7,order=worst,range=10"}, -1},
		{"random strong", []string{"-alg", "alphabeta", "-random", "b=3,d=4,seed=7,order=strong,p=0.9"}, -1},
		{"nim", []string{"-alg", "negamax-ab", "-game", "nim:1,2,3"}, -1},
		{"tictactoe depth 2", []string{"-alg", "alphabeta", "-game", "tictactoe", "-depth", "2"}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := searchJSON(t, tc.args...)
			if tc.value != -1 && m["value"] != tc.value {
				t.Errorf("value = %v, want %v", m["value"], tc.value)
			}
		})
	}
}

// TestSearchAgree checks that every algorithm finds minimax's value on
// random trees of every ordering.
func TestSearchAgree(t *testing.T) {
	for _, spec := range []string{"b=3,d=5,seed=1", "b=4,d=4,seed=2,order=best", "b=2,d=7,seed=3,order=worst",
		"b=3,d=5,seed=4,order=strong,p=0.5"} {
		want := searchJSON(t, "-alg", "minimax", "-random", spec)["value"]
		for _, name := range algos.Names() {
			if boundOnly(name) {
				continue
			}
			if got := searchJSON(t, "-alg", name, "-random", spec)["value"]; got != want {
				t.Errorf("%s on %s: value %v, minimax says %v", name, spec, got, want)
			}
		}
	}
}

func TestTicTacToeMinimax(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the whole tic-tac-toe tree")
	}
	m := searchJSON(t, "-alg", "minimax", "-game", "tictactoe")
	if m["value"] != 0.0 {
		t.Errorf("value = %v, want 0 (a draw)", m["value"])
	}
	if n := m["stats"].(map[string]any)["nodes"]; n != 549946.0 {
		t.Errorf("nodes = %v, want 549946", n)
	}
}

// c4Minimax is an independent depth-limited minimax over Connect Four: the
// value from Max's point of view, and the number of nodes it visits.
func c4Minimax(p connect4.Position, depth int) (value, nodes int) {
	kids := p.Children(nil)
	if depth == 0 || len(kids) == 0 {
		return p.Value(), 1
	}
	value, nodes = -int(p.ToMove())*algos.Inf, 1
	for _, k := range kids {
		v, n := c4Minimax(k, depth-1)
		nodes += n
		if p.ToMove() == gametree.Max {
			value = max(value, v)
		} else {
			value = min(value, v)
		}
	}
	return value, nodes
}

// TestSearchConnectFour: cutoff search -game connect4 -position MOVES -depth
// N reports what the algorithm reports when it is run on
// connect4.Position directly, and an independent minimax agrees.
func TestSearchConnectFour(t *testing.T) {
	const moves, depth = "4455", 3
	root, err := connect4.ParsePosition(moves)
	if err != nil {
		t.Fatal(err)
	}
	// From 4455 X wins in 3 plies: 3, then 2 or 6, four on the bottom row
	// with X's 4th stone, Pons' score 22 − 4 = 18, ×C4Score in Value.
	wantValue, wantNodes := c4Minimax(root, depth)
	if wantValue != 18*connect4.ValueScale || wantNodes != 1+7+49+343 {
		t.Fatalf("independent minimax: value %d, %d nodes; want %d and 400", wantValue, wantNodes, 18*connect4.ValueScale)
	}
	for _, name := range algos.Names() {
		for _, tt := range []int{0, 1024} {
			if tt > 0 && !usesOption(name, algos.OptTT) {
				continue
			}
			test := name
			args := []string{"-alg", name, "-game", "connect4", "-position", moves, "-depth", "3"}
			opt := &algos.Options[connect4.Position]{MaxNodes: defaultMaxNodes}
			if tt > 0 {
				test += "/tt"
				args = append(args, "-tt", "1024")
				if opt.TT, err = algos.NewTable(tt, algos.ReplaceTwoTier); err != nil {
					t.Fatal(err)
				}
			}
			t.Run(test, func(t *testing.T) {
				m := searchJSON(t, args...)
				f, err := algos.ByName[connect4.Position](name)
				if err != nil {
					t.Fatal(err)
				}
				res, err := f(root, depth, opt)
				if err != nil {
					t.Fatal(err)
				}
				if m["value"] != float64(res.Value) || m["move"] != float64(res.Move) || !slices.Equal(ints(t, m["pv"]), res.PV) {
					t.Errorf("value %v, move %v, pv %v; run directly: %d, %d, %v", m["value"], m["move"], m["pv"], res.Value, res.Move, res.PV)
				}
				b, _ := json.Marshal(res.Stats)
				var direct map[string]any
				if err := json.Unmarshal(b, &direct); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(m["stats"], direct) {
					t.Errorf("stats %v\nrun directly: %v", m["stats"], direct)
				}
				if !boundOnly(name) && (m["value"] != float64(wantValue) || m["move_name"] != "3") {
					t.Errorf("value %v, move_name %v; want %d and 3 (X wins on the bottom row)", m["value"], m["move_name"], wantValue)
				}
				if m["depth"] != float64(depth) {
					t.Errorf("depth = %v, want %d", m["depth"], depth)
				}
				if name == "minimax" || name == "negamax" {
					if st := m["stats"].(map[string]any); st["nodes"] != float64(wantNodes) {
						t.Errorf("nodes = %v, want %d (1 + 7 + 49 + 343)", st["nodes"], wantNodes)
					}
				}
			})
		}
	}
	// The summary names the columns as Pons' move strings do.
	code, out, errOut := cli(t, "", "search", "-alg", "negamax", "-game", "connect4", "-position", moves, "-depth", "3")
	if code != 0 || errOut != "" || !strings.Contains(out, "best move   2 (3)\n") || !strings.Contains(out, "value       1152\n") {
		t.Errorf("exit %d, stderr %q, summary:\n%s", code, errOut, out)
	}
	// The empty board, and a position one move from a full board, which
	// -depth 1 searches to the end.
	m := searchJSON(t, "-alg", "alphabeta", "-game", "connect4", "-depth", "2")
	if st := m["stats"].(map[string]any); m["value"] != 0.0 || st["nodes"].(float64) >= 57 {
		t.Errorf("empty board, depth 2: value %v, stats %v; want 0 and fewer than 57 nodes", m["value"], st)
	}
	m = searchJSON(t, "-alg", "minimax", "-game", "connect4", "-position", c4Draw[:41], "-depth", "1")
	if m["value"] != 0.0 || m["move_name"] != "7" {
		t.Errorf("last move: value %v, move %v; want 0 (a draw) by column 7", m["value"], m["move_name"])
	}
}

// c4Draw is a game of Connect Four that fills the board without four in a
// row.
const c4Draw = "126615525717246671625435544411643733237327"

// wantOneLine checks the failure contract: exactly one line on stderr,
// starting with "cutoff: ", and nothing on stdout.
func wantOneLine(t *testing.T, stdout, stderr string) {
	t.Helper()
	if stdout != "" {
		t.Errorf("stdout = %q, want nothing", stdout)
	}
	if !strings.HasPrefix(stderr, "cutoff: ") || !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr = %q, want one line starting with \"cutoff: \"", stderr)
	}
}

func TestBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such.tree")
	cases := []struct {
		name string
		args []string
		want string // a substring of the error line
	}{
		{"no command", nil, "missing command"},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"grade: no exercises", []string{"grade", missing}, "no such folder"},
		{"grade: bad -run", []string{"grade", "-run", "(", "../../exercises"}, "-run"},
		{"grade: bad -with", []string{"grade", "-with", missing, "../../exercises"}, "-with"},
		{"grade: two directories", []string{"grade", "a", "b"}, "one directory at most"},
		{"grade: bad timeout", []string{"grade", "-timeout", "-1s", "../../exercises"}, "-timeout"},
		{"help unknown", []string{"help", "frobnicate"}, "unknown command"},
		{"render: unknown extension", []string{"render", "-alg", "alphabeta", "-tree", aima, "-o", filepath.Join(t.TempDir(), "fig.jpg")}, "unknown extension .jpg"},
		{"render: no extension", []string{"render", "-alg", "alphabeta", "-tree", aima, "-o", filepath.Join(t.TempDir(), "fig")}, "has no extension"},
		{"render: unknown format", []string{"render", "-alg", "alphabeta", "-tree", aima, "-format", "bmp", "-o", "-"}, `unknown format "bmp"`},
		{"render: format and extension disagree", []string{"render", "-alg", "alphabeta", "-tree", aima, "-format", "png", "-o", filepath.Join(t.TempDir(), "fig.pdf")}, "-format png, but -o"},
		{"render: bad dpi", []string{"render", "-alg", "alphabeta", "-tree", aima, "-dpi", "5", "-o", "-"}, "-dpi 5"},
		{"render: unwritable", []string{"render", "-alg", "alphabeta", "-tree", aima, "-o", filepath.Join(missing, "fig.png")}, "-o"},
		{"figures: unknown format", []string{"figures", "-format", "gif"}, "-format: unknown format"},
		{"render: boards without a game", []string{"render", "-alg", "alphabeta", "-tree", aima, "-boards", "-o", "-"}, "-boards draws game positions"},
		{"render: dot and format", []string{"render", "-alg", "alphabeta", "-tree", aima, "-dot", "-format", "png", "-o", "-"}, "-dot writes"},
		{"plot: unknown extension", []string{"plot", "ebf", "-b", "2", "-d", "2", "-o", filepath.Join(t.TempDir(), "c.jpg")}, "unknown extension .jpg"},
		{"unknown flag", []string{"search", "-alg", "minimax", "-tree", aima, "-frob"}, "-frob"},
		{"extra argument", []string{"search", "-alg", "minimax", "-tree", aima, "extra"}, `"extra"`},
		{"malformed literal", []string{"search", "-alg", "minimax", "-tree", "((3 12 8)"}, "at byte"},
		{"empty literal", []string{"search", "-alg", "minimax", "-tree", ""}, "at byte 0"},
		{"no algorithm", []string{"search", "-tree", aima}, "-alg is required"},
		{"unknown algorithm", []string{"search", "-alg", "quantum", "-tree", aima}, "known: minimax"},
		{"depth -1", []string{"search", "-alg", "minimax", "-tree", aima, "-depth", "-1"}, "-depth"},
		{"depth not a number", []string{"search", "-alg", "minimax", "-tree", aima, "-depth", "x"}, "-depth"},
		{"random b=0", []string{"search", "-alg", "minimax", "-random", "b=0,d=3"}, "b=0"},
		{"random too deep: no package prefix", []string{"search", "-alg", "minimax", "-random", "b=2,d=300"}, "-random: uniform tree: depth D = 300"},
		{"tic-tac-toe board: no package prefix", []string{"search", "-alg", "minimax", "-game", "tictactoe", "-position", "XXXXX"}, `-position: tic-tac-toe board "XXXXX"`},
		{"random unknown key", []string{"search", "-alg", "minimax", "-random", "b=2,d=3,q=1"}, `unknown key "q"`},
		{"random missing d", []string{"search", "-alg", "minimax", "-random", "b=2"}, "missing d="},
		{"random bad number", []string{"search", "-alg", "minimax", "-random", "b=two,d=3"}, "not an integer"},
		{"random not key=value", []string{"search", "-alg", "minimax", "-random", "b=2,d"}, "key=value"},
		{"random duplicate", []string{"search", "-alg", "minimax", "-random", "b=2,d=3,b=4"}, "twice"},
		{"random bad order", []string{"search", "-alg", "minimax", "-random", "b=2,d=3,order=random"}, "unknown order"},
		{"random p without strong", []string{"search", "-alg", "minimax", "-random", "b=2,d=3,p=0.5"}, "order=strong"},
		{"random bad p", []string{"search", "-alg", "minimax", "-random", "b=2,d=3,order=strong,p=2"}, "probability"},
		{"random huge", []string{"search", "-alg", "minimax", "-random", "b=100,d=100"}, "100^"},
		{"random huge best", []string{"search", "-alg", "minimax", "-random", "b=10,d=10,order=best"}, "2^24"},
		{"two sources", []string{"search", "-alg", "minimax", "-tree", aima, "-game", "tictactoe"}, "only one of"},
		{"no source", []string{"search", "-alg", "minimax"}, "no input"},
		{"tt", []string{"search", "-alg", "alphabeta", "-tree", aima, "-tt", "10"}, "does not use a transposition table"},
		{"tt negative", []string{"search", "-alg", "alphabeta", "-tree", aima, "-tt", "-1"}, "-tt"},
		{"unknown game", []string{"search", "-alg", "minimax", "-game", "chess"}, `unknown -game "chess" (known: tictactoe, connect4, nim:PILES`},
		{"nim without piles", []string{"search", "-alg", "minimax", "-game", "nim"}, "piles"},
		{"nim bad pile", []string{"search", "-alg", "minimax", "-game", "nim:3,x"}, "not an integer"},
		{"missing file", []string{"search", "-alg", "minimax", "-tree", "@" + missing}, "no such file"},
		{"unknown fixture", []string{"search", "-alg", "minimax", "-tree", "fixture:nope"}, "unknown fixture"},
		{"root with fixture", []string{"search", "-alg", "minimax", "-tree", "fixture:aima-fig5.2", "-root", "min"}, "-root"},
		{"bad root", []string{"search", "-alg", "minimax", "-tree", aima, "-root", "sideways"}, "-root"},
		{"root without tree", []string{"search", "-alg", "minimax", "-game", "tictactoe", "-root", "min"}, "-root"},
		{"position without game", []string{"search", "-alg", "minimax", "-tree", aima, "-position", "x........"}, "-position"},
		{"negative budget", []string{"search", "-alg", "minimax", "-tree", aima, "-max-nodes", "-5"}, "-max-nodes"},
		{"replace without tt", []string{"search", "-alg", "negamax-ab", "-tree", aima, "-replace", "always"}, "-replace needs -tt"},
		{"unknown replace", []string{"search", "-alg", "id", "-tree", aima, "-tt", "64", "-replace", "never"}, "-replace"},
		{"tt too big", []string{"search", "-alg", "id", "-tree", aima, "-tt", "100000000000"}, "-tt"},
		{"tt for minimax", []string{"search", "-alg", "minimax", "-tree", aima, "-tt", "64"}, "does not use a transposition table"},
		{"guess for alphabeta", []string{"search", "-alg", "alphabeta", "-tree", aima, "-guess", "3"}, "-guess applies"},
		{"guess not a number", []string{"search", "-alg", "aspiration", "-tree", aima, "-guess", "x"}, "-guess"},
		{"delta for id", []string{"search", "-alg", "id", "-tree", aima, "-delta", "3"}, "-delta applies"},
		{"delta negative", []string{"search", "-alg", "aspiration", "-tree", aima, "-delta", "-1"}, "-delta must be"},
		{"delta for bns and aspiration only", []string{"search", "-alg", "mtdf", "-tree", aima, "-delta", "3"}, "-delta applies to aspiration and bns, not mtdf"},
		{"schedule for pvs", []string{"search", "-alg", "pvs", "-tree", aima, "-schedule", "1,2"}, "-schedule applies"},
		{"schedule not increasing", []string{"search", "-alg", "id", "-tree", aima, "-schedule", "3,2"}, "must increase"},
		{"schedule not a number", []string{"search", "-alg", "id", "-tree", aima, "-schedule", "2,x"}, "-schedule"},
		{"schedule negative", []string{"search", "-alg", "id", "-tree", aima, "-schedule", "-1,2"}, "-schedule"},
		{"bench bad flag", []string{"bench", "-b", "x"}, "-b"},
		{"connect4 without depth", []string{"search", "-alg", "alphabeta", "-game", "connect4"}, "-game connect4 needs -depth N"},
		{"connect4 bad position", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", "44x5", "-depth", "2"}, "-position: connect four: offset 2: 'x' is not a column digit"},
		{"connect4 full column", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", "4444444", "-depth", "2"}, "offset 6: column 4 is full"},
		{"connect4 move after a win", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", "12121212", "-depth", "2"}, "offset 7: the game is already won"},
		{"connect4 X won", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", "1212121", "-depth", "2"}, "-position 1212121: the game is finished (X has won)"},
		{"connect4 O won", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", "12121232", "-depth", "2"}, "the game is finished (O has won)"},
		{"connect4 draw", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-position", c4Draw, "-depth", "2"}, "the game is finished (the board is full: a draw)"},
		{"connect4 arguments", []string{"search", "-alg", "alphabeta", "-game", "connect4:foo", "-depth", "2"}, "-game connect4 takes no arguments"},
		{"connect4 negative depth", []string{"search", "-alg", "alphabeta", "-game", "connect4", "-depth", "-3"}, "-depth must be ≥ 0"},
		{"nim with position", []string{"search", "-alg", "minimax", "-game", "nim:1,2", "-position", "44"}, "-position applies to -game tictactoe and connect4 only"},
		{"tictactoe bad position", []string{"search", "-alg", "minimax", "-game", "tictactoe", "-position", "x"}, "-position"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := cli(t, "", tc.args...)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d", code, exitUsage)
			}
			wantOneLine(t, out, errOut)
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr = %q, want it to mention %q", errOut, tc.want)
			}
		})
	}
}

func TestBudget(t *testing.T) {
	for _, args := range [][]string{
		{"search", "-alg", "minimax", "-game", "tictactoe", "-max-nodes", "100"},
		{"search", "-alg", "alphabeta", "-game", "tictactoe", "-max-nodes", "1", "-json"},
		{"search", "-alg", "minimax", "-random", "b=8,d=12", "-max-nodes", "1000"},
	} {
		code, out, errOut := cli(t, "", args...)
		if code != exitBudget {
			t.Errorf("%q: exit status %d, want %d", args, code, exitBudget)
		}
		wantOneLine(t, out, errOut)
		if !strings.Contains(errOut, "budget") || !strings.Contains(errOut, "-max-nodes") {
			t.Errorf("%q: stderr = %q, want it to mention the budget and -max-nodes", args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"search", "-h"}, {"search", "-help"}, {"help", "search"}} {
		code, out, errOut := cli(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Usage:") {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want 0, nothing, a usage", args, code, errOut, out)
		}
	}
	var main, search bytes.Buffer
	mainUsage(&main)
	for _, c := range commands() {
		if !strings.Contains(main.String(), c.name) {
			t.Errorf("cutoff help does not list %s", c.name)
		}
	}
	searchUsage(&search)
	fs, _ := newSearchFlags()
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(search.String(), "-"+f.Name+" ") {
			t.Errorf("cutoff search -h does not document -%s", f.Name)
		}
	})
	for _, name := range algos.Names() {
		if !strings.Contains(search.String(), name) {
			t.Errorf("cutoff search -h does not list algorithm %s", name)
		}
	}
}

func TestListFixtures(t *testing.T) {
	code, out, errOut := cli(t, "", "search", "-list-fixtures")
	if code != 0 || errOut != "" || !strings.Contains(out, "aima-fig5.2") {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errOut, out)
	}
}

// TestBinary builds the command and runs it as a user would, to check the
// exit status and the streams from the outside.
func TestBinary(t *testing.T) {
	bin := buildCutoff(t)
	exe := func(stdin string, args ...string) (int, string, string) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("running %s: %v", bin, err)
		}
		return cmd.ProcessState.ExitCode(), out.String(), errOut.String()
	}

	code, out, errOut := exe(aima, "search", "-alg", "alphabeta", "-tree", "@-", "-json")
	if code != 0 || errOut != "" || !strings.Contains(out, `"value":3`) {
		t.Errorf("search: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = exe("", "search", "-alg", "alphabeta", "-tree", "((1 2)")
	if code != exitUsage {
		t.Errorf("malformed tree: exit %d, want %d", code, exitUsage)
	}
	wantOneLine(t, out, errOut)
	code, out, errOut = exe("", "search", "-alg", "minimax", "-game", "tictactoe", "-max-nodes", "10")
	if code != exitBudget {
		t.Errorf("budget: exit %d, want %d", code, exitBudget)
	}
	wantOneLine(t, out, errOut)
}

// TestHelpGames: every command that takes -game lists the games and says
// what -position is for each.
func TestHelpGames(t *testing.T) {
	for name, usage := range map[string]func(io.Writer){"search": searchUsage, "render": renderUsage, "plot": plotUsage} {
		var b strings.Builder
		usage(&b)
		for _, want := range []string{"tictactoe", "connect4", "nim:PILES", "x...o....", "4455"} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("cutoff %s -h does not mention %q", name, want)
			}
		}
	}
}

// buildCutoff builds the command into a temporary directory and returns its
// path; it skips the test with -short or without a go command.
func buildCutoff(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	bin := filepath.Join(t.TempDir(), "cutoff")
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// checkHelp checks that a command's usage text documents every flag of its
// flag set and that "cutoff NAME -h" prints it with exit status 0.
func checkHelp(t *testing.T, name string, usage func(io.Writer), fs *flag.FlagSet) {
	t.Helper()
	var b strings.Builder
	usage(&b)
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(b.String(), "-"+f.Name+" ") {
			t.Errorf("cutoff %s -h does not document -%s", name, f.Name)
		}
	})
	code, out, _ := cli(t, "", name, "-h")
	if code != 0 || !strings.Contains(out, "Usage:") {
		t.Errorf("%s -h: exit %d\n%s", name, code, out)
	}
}

// cutoff render and plot write each format by -o's extension, and by
// -format to stdout.
func TestPictureFormats(t *testing.T) {
	dir := t.TempDir()
	magic := map[string]string{".svg": "<?xml", ".png": "\x89PNG", ".pdf": "%PDF-", ".tex": `\documentclass{standalone}`}
	for ext, want := range magic {
		out := filepath.Join(dir, "tree"+ext)
		if code, _, errOut := cli(t, "", "render", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2", "-windows", "-o", out); code != 0 {
			t.Fatalf("render -o %s: exit %d: %s", out, code, errOut)
		}
		if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), want) && !(ext == ".tex" && strings.Contains(string(b), want)) {
			t.Errorf("render -o tree%s starts %q, want %q", ext, b[:min(12, len(b))], want)
		}
		chart := filepath.Join(dir, "ebf"+ext)
		if code, _, errOut := cli(t, "", "plot", "ebf", "-b", "2,3", "-d", "4", "-seeds", "1", "-o", chart); code != 0 {
			t.Fatalf("plot -o %s: exit %d: %s", chart, code, errOut)
		}
		if b, _ := os.ReadFile(chart); !strings.HasPrefix(string(b), want) && !(ext == ".tex" && strings.Contains(string(b), want)) {
			t.Errorf("plot -o ebf%s starts %q, want %q", ext, b[:min(12, len(b))], want)
		}
	}
	code, out, errOut := cli(t, "", "render", "-alg", "pvs", "-tree", "fixture:aima-fig5.2", "-format", "png", "-dpi", "96", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "\x89PNG") {
		t.Errorf("render -format png -o -: exit %d, stdout %q…, stderr %s", code, out[:min(8, len(out))], errOut)
	}
}

// The figures CI wrote with cutoff figures (CUTOFF_FIGURES_DIR): every
// picture of notebooks 01 and 09, as a one-page PDF and as TikZ that
// pdflatex compiles.
func TestFiguresOutput(t *testing.T) {
	dir := os.Getenv("CUTOFF_FIGURES_DIR")
	if dir == "" {
		t.Skip("CUTOFF_FIGURES_DIR is not set (.ci/test sets it after running cutoff figures)")
	}
	for topic, want := range map[string]int{"01-minimax": 2, "09-experiments": 7} {
		pdfs, _ := filepath.Glob(filepath.Join(dir, topic, "*.pdf"))
		texs, _ := filepath.Glob(filepath.Join(dir, topic, "*.tex"))
		if len(pdfs) < want || len(texs) != len(pdfs) {
			t.Errorf("%s: %d PDFs and %d TikZ files, want %d of each at least", topic, len(pdfs), len(texs), want)
		}
		for _, p := range pdfs {
			if b, _ := os.ReadFile(p); !strings.HasPrefix(string(b), "%PDF-") {
				t.Errorf("%s is not a PDF", p)
			}
		}
		if len(texs) == 0 {
			continue
		}
		pdflatex, err := exec.LookPath("pdflatex")
		if err != nil {
			t.Skip("no pdflatex")
		}
		work := t.TempDir()
		b, _ := os.ReadFile(texs[0])
		os.WriteFile(filepath.Join(work, "fig.tex"), b, 0o644)
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "fig.tex")
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("pdflatex %s: %v\n%s", texs[0], err, out[max(0, len(out)-1500):])
		}
	}
}

// usesOption reports whether the named algorithm reads option o (the
// registry, algos.Algorithms, says).
func usesOption(name string, o algos.Option) bool {
	a, ok := algos.Lookup(name)
	return ok && a.UsesOption(o)
}
