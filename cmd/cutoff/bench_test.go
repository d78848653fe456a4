package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
)

// TestBenchTiny runs cutoff bench on a tiny grid: every algorithm appears
// for every tree, alpha-beta's ratio to itself is 1, and on best-ordered
// trees alpha-beta evaluates exactly the Knuth–Moore minimal tree.
func TestBenchTiny(t *testing.T) {
	args := []string{"bench", "-b", "2,3", "-d", "2,3", "-order", "natural,best", "-seeds", "2"}
	code, out, errOut := cli(t, "", append(args, "-json")...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var rows []experiment.BenchRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := 2 * 2 * 2 * len(algos.Names()); len(rows) != want {
		t.Fatalf("%d rows, want %d", len(rows), want)
	}
	seen := map[string]int{}
	for _, r := range rows {
		seen[r.Algorithm]++
		if r.Minimal != algos.MinimalLeaves(r.B, r.D) || r.Leaves <= 0 || r.NsPerNode <= 0 {
			t.Errorf("row %+v", r)
		}
		if r.VsMinimal*float64(r.Minimal) < r.Leaves-0.01 || r.VsMinimal*float64(r.Minimal) > r.Leaves+0.01 {
			t.Errorf("row %+v: ×minimal is not leaves/minimal", r)
		}
		if r.Algorithm == "alphabeta" {
			if r.VsAlphaBeta != 1 {
				t.Errorf("alpha-beta's ratio to itself is %v", r.VsAlphaBeta)
			}
			if r.Order == "best" && r.Leaves != float64(r.Minimal) {
				t.Errorf("best-ordered b=%d d=%d: alpha-beta evaluates %v leaves, the minimal tree has %d", r.B, r.D, r.Leaves, r.Minimal)
			}
		}
		if r.Algorithm == "minimax" && r.Leaves < float64(r.Minimal) {
			t.Errorf("minimax evaluates fewer leaves than the minimal tree: %+v", r)
		}
	}
	for _, name := range algos.Names() {
		if seen[name] != 8 {
			t.Errorf("%s appears in %d rows, want 8", name, seen[name])
		}
	}

	code, out, errOut = cli(t, "", args...)
	if code != 0 || errOut != "" || !strings.Contains(out, "×alphabeta") {
		t.Fatalf("text: exit %d, stderr %q\n%s", code, errOut, out)
	}
	for _, name := range algos.Names() {
		if !strings.Contains(out, " "+name+" ") {
			t.Errorf("the table lacks %s", name)
		}
	}
	code, out, _ = cli(t, "", append(args, "-csv")...)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) != len(rows)+1 || recs[0][0] != "b" {
		t.Errorf("csv: exit %d, %v, %d records", code, err, len(recs))
	}
}

// TestBenchSkips: trees over -max-leaves are listed as skipped, and the
// selected algorithms only are listed.
func TestBenchSkips(t *testing.T) {
	code, out, errOut := cli(t, "", "bench", "-b", "2", "-d", "2,9", "-order", "worst", "-alg", "pvs,minimax", "-max-leaves", "100")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "skipped: 2^9 leaves > -max-leaves 100") || !strings.Contains(out, " pvs ") ||
		strings.Contains(out, " alphabeta ") || strings.Contains(out, " mtdf ") {
		t.Errorf("output:\n%s", out)
	}
}

func TestBenchBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad b", []string{"-b", "2,x"}, "-b"},
		{"b zero", []string{"-b", "0"}, "-b"},
		{"bad d", []string{"-d", "-1"}, "-d"},
		{"bad order", []string{"-order", "random"}, "-order"},
		{"unknown algorithm", []string{"-alg", "quantum"}, "unknown algorithm"},
		{"seeds", []string{"-seeds", "0"}, "-seeds"},
		{"max leaves", []string{"-max-leaves", "0"}, "-max-leaves"},
		{"json and csv", []string{"-json", "-csv"}, "only one of"},
		{"unknown flag", []string{"-frob"}, "-frob"},
		{"extra argument", []string{"extra"}, `"extra"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := cli(t, "", append([]string{"bench"}, tc.args...)...)
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

func TestBenchHelp(t *testing.T) {
	fs, _ := newBenchFlags()
	checkHelp(t, "bench", benchUsage, fs)
}

// TestSearchDrivers: the driver flags reach the searches, the JSON has the
// iterations, and -tt builds a lossy table for the algorithms that use one.
func TestSearchDrivers(t *testing.T) {
	m := searchJSON(t, "-alg", "id", "-schedule", "2,3,6", "-random", "b=3,d=6,seed=1,order=strong", "-depth", "6", "-tt", "4096", "-replace", "depth")
	its, ok := m["iterations"].([]any)
	if !ok || len(its) != 3 {
		t.Fatalf("iterations = %v, want three", m["iterations"])
	}
	for i, d := range []float64{2, 3, 6} {
		it := its[i].(map[string]any)
		if it["depth"] != d {
			t.Errorf("iteration %d: depth %v, want %v", i, it["depth"], d)
		}
	}
	if probes := m["stats"].(map[string]any)["tt_probes"].(float64); probes == 0 {
		t.Error("no table probes")
	}
	want := searchJSON(t, "-alg", "minimax", "-game", "tictactoe", "-depth", "4")["value"]
	for _, args := range [][]string{
		{"-alg", "aspiration", "-delta", "1", "-guess", "300"},
		{"-alg", "aspiration", "-tt", "64", "-replace", "always"},
		{"-alg", "negamax-ab", "-tt", "16", "-killers", "-history"},
		{"-alg", "alphabeta", "-killers"},
	} {
		m := searchJSON(t, append(args, "-game", "tictactoe", "-depth", "4")...)
		if m["value"] != want {
			t.Errorf("%q: value %v, want %v", args, m["value"], want)
		}
	}
	m = searchJSON(t, "-alg", "aspiration", "-delta", "1", "-guess", "300", "-game", "tictactoe", "-depth", "4")
	if n := m["stats"].(map[string]any)["researches"].(float64); n == 0 {
		t.Error("aspiration around a wrong guess with delta 1 never re-searched")
	}
	if _, ok := searchJSON(t, "-alg", "alphabeta", "-tree", aima)["iterations"]; ok {
		t.Error("a single search has iterations")
	}
	code, out, errOut := cli(t, "", "search", "-alg", "aspiration", "-schedule", "1,2", "-game", "tictactoe", "-depth", "3")
	if code != 0 || errOut != "" || !strings.Contains(out, "iteration 3  depth 3 window (") {
		t.Errorf("summary: exit %d, stderr %q\n%s", code, errOut, out)
	}
	// The summary writes windows as the pictures do: −∞, not -inf.
	if !strings.Contains(out, "window (−∞, +∞)") || strings.Contains(out, "inf") {
		t.Errorf("summary windows not written with ±∞:\n%s", out)
	}
	// -delta is the rule of algos.Validate: 0 is the default (50), and bns
	// reads it too (its starting range around the guess).
	def, zero := searchJSON(t, "-alg", "aspiration", "-guess", "300", "-game", "tictactoe", "-depth", "3"),
		searchJSON(t, "-alg", "aspiration", "-guess", "300", "-delta", "0", "-game", "tictactoe", "-depth", "3")
	if fmt.Sprint(def) != fmt.Sprint(zero) {
		t.Errorf("-delta 0 is not the default:\n%v\n%v", def, zero)
	}
	wide, narrow := searchJSON(t, "-alg", "bns", "-guess", "0", "-delta", "50", "-tree", aima),
		searchJSON(t, "-alg", "bns", "-guess", "0", "-delta", "1", "-tree", aima)
	if fmt.Sprint(wide["iterations"]) == fmt.Sprint(narrow["iterations"]) {
		t.Errorf("bns ignored -delta: %v", wide["iterations"])
	}
}

// cutoff bench and cutoff plot depth print the same leaf counts for the
// same trees: bench's -json rows against plot's -csv series.
func TestBenchCountsAsPlot(t *testing.T) {
	var plotOut, benchOut, stderr bytes.Buffer
	svg := filepath.Join(t.TempDir(), "depth.svg")
	if code := run([]string{"plot", "depth", "-b", "3", "-d", "2,3,4", "-alg", "alphabeta,pvs,mtdf", "-seeds", "3", "-o", svg, "-csv", "-"}, nil, &plotOut, &stderr); code != exitOK {
		t.Fatalf("cutoff plot: exit %d: %s", code, stderr.String())
	}
	if code := run([]string{"bench", "-b", "3", "-d", "2,3,4", "-order", "natural", "-alg", "alphabeta,pvs,mtdf", "-seeds", "3", "-json"}, nil, &benchOut, &stderr); code != exitOK {
		t.Fatalf("cutoff bench: exit %d: %s", code, stderr.String())
	}
	var rows []experiment.BenchRow
	if err := json.Unmarshal(benchOut.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	bench := map[string]float64{}
	for _, r := range rows {
		bench[fmt.Sprintf("%s,%d", r.Algorithm, r.D)] = r.Leaves
	}
	lines := strings.Split(strings.TrimSpace(plotOut.String()), "\n")
	if len(lines) != 10 || len(bench) != 9 {
		t.Fatalf("plot printed %d lines, bench %d rows:\n%s\n%s", len(lines), len(bench), plotOut.String(), benchOut.String())
	}
	for _, line := range lines[1:] {
		key, leaves, _ := strings.Cut(line[strings.Index(line, ",")+1:], ",")
		key = line[:strings.Index(line, ",")] + "," + key
		want, ok := bench[key]
		if !ok || strconv.FormatFloat(want, 'f', -1, 64) != leaves {
			t.Errorf("plot %s: %s leaves, bench %v (found %v)", key, leaves, want, ok)
		}
	}
}
