package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// svgTexts parses an SVG document and returns its texts.
func svgTexts(t *testing.T, data []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var texts []string
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = e.Name.Local
			}
		case xml.CharData:
			texts = append(texts, string(e))
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return strings.Join(texts, "\n")
}

// plotFiles runs cutoff plot with -o and -csv in a temporary directory and
// returns the SVG's texts and the CSV's rows.
func plotFiles(t *testing.T, args ...string) (texts string, rows [][]string) {
	t.Helper()
	dir := t.TempDir()
	svgPath, csvPath := filepath.Join(dir, "chart.svg"), filepath.Join(dir, "data.csv")
	args = append([]string{"plot"}, append(args, "-o", svgPath, "-csv", csvPath)...)
	code, out, errOut := cli(t, "", args...)
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("cutoff %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err = csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v\n%s", err, data)
	}
	return svgTexts(t, svg), rows
}

func wantTexts(t *testing.T, texts string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(texts, w) {
			t.Errorf("the chart does not show %q", w)
		}
	}
}

func wantHeader(t *testing.T, rows [][]string, n int, header ...string) {
	t.Helper()
	if len(rows) == 0 || strings.Join(rows[0], ",") != strings.Join(header, ",") {
		t.Fatalf("CSV header %q, want %q", rows[:min(1, len(rows))], header)
	}
	if len(rows)-1 != n {
		t.Errorf("%d CSV rows, want %d", len(rows)-1, n)
	}
}

func TestPlotDepth(t *testing.T) {
	texts, rows := plotFiles(t, "depth", "-b", "3", "-d", "2,3,4", "-alg", "minimax,alphabeta", "-seeds", "2")
	wantTexts(t, texts, "minimax", "alphabeta", "minimal tree", "full tree 3^d", "Leaves vs depth, b = 3")
	wantHeader(t, rows, 6, "series", "depth", "leaves")
	// The numbers are what the library measures, minimax's are 3^d.
	series, err := experiment.MeasureLeavesByDepth(3, []int{2, 3, 4}, random.Natural, []string{"minimax", "alphabeta"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	k := 1
	for _, s := range series {
		for i := range s.X {
			r := rows[k]
			if r[0] != s.Name || r[1] != strconv.Itoa(int(s.X[i])) || r[2] != strconv.FormatFloat(s.Y[i], 'g', -1, 64) {
				t.Errorf("row %q, want %s,%v,%v", r, s.Name, s.X[i], s.Y[i])
			}
			k++
		}
	}
	if rows[3][2] != "81" {
		t.Errorf("minimax at d=4 on b=3: %q leaves, want 81", rows[3][2])
	}
	// Defaults run, too.
	texts, rows = plotFiles(t, "depth")
	wantTexts(t, texts, strings.Split(plotDefaultAlgs, ",")...)
	wantHeader(t, rows, 5*7, "series", "depth", "leaves")
}

func TestPlotOrdering(t *testing.T) {
	texts, rows := plotFiles(t, "ordering", "-b", "3", "-d", "4", "-p", "0,0.5,1", "-alg", "alphabeta,sss")
	wantTexts(t, texts, "alphabeta", "sss", "minimal tree")
	wantHeader(t, rows, 6, "series", "p", "leaves")
	// p = 1: alpha-beta evaluates the minimal tree 3^2 + 3^2 − 1.
	if rows[3][0] != "alphabeta" || rows[3][1] != "1" || rows[3][2] != "17" {
		t.Errorf("alpha-beta at p=1: %q, want alphabeta,1,17", rows[3])
	}
}

func TestPlotEBF(t *testing.T) {
	texts, rows := plotFiles(t, "ebf", "-b", "2..4", "-max-leaves", "5000", "-seeds", "2")
	wantTexts(t, texts, "alpha-beta, measured", "Pearl", "best case", "minimax b")
	wantHeader(t, rows, 3, "b", "d", "leaves", "ebf", "pearl", "sqrt_b")
	if rows[1][0] != "2" || rows[1][1] != "12" || !strings.HasPrefix(rows[1][4], "1.618") {
		t.Errorf("b=2 row %q, want b=2, d=12, pearl 1.618…", rows[1])
	}
	_, rows = plotFiles(t, "ebf", "-b", "3,5", "-d", "4")
	if len(rows) != 3 || rows[1][1] != "4" || rows[2][0] != "5" {
		t.Errorf("rows %q", rows)
	}
}

func TestPlotIterations(t *testing.T) {
	texts, rows := plotFiles(t, "iterations", "-random", "b=3,d=6,seed=1,order=strong", "-schedule", "2,3", "-depth", "6")
	wantTexts(t, texts, "nodes per iteration", "running total", "alphabeta to depth 6")
	wantHeader(t, rows, 4, "series", "depth", "nodes")
	m := searchJSON(t, "-alg", "id", "-schedule", "2,3", "-depth", "6", "-random", "b=3,d=6,seed=1,order=strong")
	its := m["iterations"].([]any)
	for i, it := range its {
		nodes := it.(map[string]any)["stats"].(map[string]any)["nodes"].(float64)
		if rows[i+1][2] != strconv.Itoa(int(nodes)) {
			t.Errorf("iteration %d: %q, want %v nodes", i, rows[i+1], nodes)
		}
	}
	ab := searchJSON(t, "-alg", "alphabeta", "-depth", "6", "-random", "b=3,d=6,seed=1,order=strong")
	if want := strconv.Itoa(int(ab["stats"].(map[string]any)["nodes"].(float64))); rows[4][2] != want {
		t.Errorf("reference row %q, want %s nodes", rows[4], want)
	}
	texts, rows = plotFiles(t, "iterations", "-game", "tictactoe", "-depth", "4", "-ref", "pvs")
	wantTexts(t, texts, "pvs to depth 4", "tictactoe")
	wantHeader(t, rows, 5, "series", "depth", "nodes")
	_, rows = plotFiles(t, "iterations")
	if len(rows) < 3 {
		t.Errorf("default run: %q", rows)
	}
}

// TestPlotConnectFour: iterations and algorithms charts of a Connect Four
// position hold the numbers cutoff search reports for it.
func TestPlotConnectFour(t *testing.T) {
	game := []string{"-game", "connect4", "-position", "4455", "-depth", "4"}
	texts, rows := plotFiles(t, append([]string{"iterations"}, game...)...)
	wantTexts(t, texts, "nodes per iteration", "alphabeta to depth 4", "connect4 4455")
	wantHeader(t, rows, 5, "series", "depth", "nodes")
	id := searchJSON(t, append([]string{"-alg", "id"}, game...)...)
	for i, it := range id["iterations"].([]any) {
		nodes := it.(map[string]any)["stats"].(map[string]any)["nodes"].(float64)
		if want := []string{"nodes per iteration", strconv.Itoa(i + 1), strconv.Itoa(int(nodes))}; !slices.Equal(rows[i+1], want) {
			t.Errorf("iteration %d: %q, want %q", i+1, rows[i+1], want)
		}
	}
	ab := searchJSON(t, append([]string{"-alg", "alphabeta"}, game...)...)
	if want := strconv.Itoa(int(ab["stats"].(map[string]any)["nodes"].(float64))); rows[5][2] != want {
		t.Errorf("reference row %q, want %s nodes", rows[5], want)
	}
	_, rows = plotFiles(t, append([]string{"algorithms", "-alg", "minimax,alphabeta,sss"}, game...)...)
	wantHeader(t, rows, 3, "algorithm", "leaves", "nodes")
	for i, name := range []string{"minimax", "alphabeta", "sss"} {
		st := searchJSON(t, append([]string{"-alg", name}, game...)...)["stats"].(map[string]any)
		want := []string{name, strconv.Itoa(int(st["leaves"].(float64))), strconv.Itoa(int(st["nodes"].(float64)))}
		if !slices.Equal(rows[i+1], want) {
			t.Errorf("row %q, want %q", rows[i+1], want)
		}
	}
}

func TestPlotAlgorithms(t *testing.T) {
	texts, rows := plotFiles(t, "algorithms", "-tree", aima)
	wantTexts(t, texts, append(algos.Names(), "leaves", "nodes")...)
	wantHeader(t, rows, len(algos.Names()), "algorithm", "leaves", "nodes")
	for i, name := range algos.Names() {
		m := searchJSON(t, "-alg", name, "-tree", aima)
		st := m["stats"].(map[string]any)
		r := rows[i+1]
		if r[0] != name || r[1] != strconv.Itoa(int(st["leaves"].(float64))) || r[2] != strconv.Itoa(int(st["nodes"].(float64))) {
			t.Errorf("row %q, want %s with %v", r, name, st)
		}
	}
	_, rows = plotFiles(t, "algorithms", "-random", "b=3,d=4,seed=2", "-alg", "alphabeta,mtdf", "-depth", "3")
	wantHeader(t, rows, 2, "algorithm", "leaves", "nodes")
}

// TestPlotStdout: -o - writes the SVG to stdout.
func TestPlotStdout(t *testing.T) {
	code, out, errOut := cli(t, "", "plot", "ebf", "-b", "2,3", "-d", "4", "-o", "-")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	svgTexts(t, []byte(out))
}

func TestPlotBadInput(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "x.svg")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no kind", nil, "missing chart kind"},
		{"unknown kind", []string{"pie", "-o", svg}, `unknown chart kind "pie"`},
		{"no -o", []string{"depth"}, "-o FILE is required"},
		{"unknown flag", []string{"depth", "-x", "1", "-o", svg}, "-x"},
		{"flag of another kind", []string{"ebf", "-alg", "pvs", "-o", svg}, "-alg"},
		{"b=0", []string{"depth", "-b", "0", "-o", svg}, "-b: 0, want ≥ 1"},
		{"b list", []string{"depth", "-b", "2,3", "-o", svg}, "-b takes one integer"},
		{"bad depth", []string{"depth", "-d", "2,x", "-o", svg}, `"x" is not an integer`},
		{"unknown algorithm", []string{"depth", "-alg", "alphabeta,nosuch", "-o", svg}, `unknown algorithm "nosuch"`},
		{"bad order", []string{"depth", "-order", "random", "-o", svg}, "unknown ordering"},
		{"seeds", []string{"depth", "-seeds", "0", "-o", svg}, "-seeds must be ≥ 1"},
		{"too big", []string{"depth", "-b", "8", "-d", "9", "-o", svg}, "-max-leaves"},
		{"bad p", []string{"ordering", "-p", "0,1.5", "-o", svg}, "not a probability"},
		{"ebf b=1", []string{"ebf", "-b", "1..4", "-o", svg}, "want ≥ 2"},
		{"ebf bad range", []string{"ebf", "-b", "5..2", "-o", svg}, "empty range"},
		{"iterations two inputs", []string{"iterations", "-game", "tictactoe", "-random", "b=2,d=2", "-o", svg}, "only one of"},
		{"iterations bad random", []string{"iterations", "-random", "b=0,d=2", "-o", svg}, "b=0"},
		{"iterations bad ref", []string{"iterations", "-ref", "nosuch", "-o", svg}, "-ref"},
		{"iterations bad schedule", []string{"iterations", "-schedule", "3,2", "-o", svg}, "must increase"},
		{"algorithms bad tree", []string{"algorithms", "-tree", "((1 2)", "-o", svg}, "-tree"},
		{"algorithms unknown game", []string{"algorithms", "-game", "chess", "-o", svg}, "chess"},
		{"iterations connect4 without depth", []string{"iterations", "-game", "connect4", "-o", svg}, "-game connect4 needs -depth N"},
		{"algorithms connect4 finished", []string{"algorithms", "-game", "connect4", "-position", "1212121", "-depth", "3", "-o", svg}, "the game is finished"},
		{"algorithms connect4 bad position", []string{"algorithms", "-game", "connect4", "-position", "48", "-depth", "3", "-o", svg}, "offset 1"},
		{"iterations connect4 negative depth", []string{"iterations", "-game", "connect4", "-depth", "-1", "-o", svg}, "-depth must be ≥ 0"},
		{"unwritable", []string{"ebf", "-b", "2", "-d", "2", "-o", filepath.Join(svg, "no", "x.svg")}, "cannot write"},
		{"extra argument", []string{"depth", "-o", svg, "extra"}, "unexpected argument"},
		{"both stdout", []string{"depth", "-o", "-", "-csv", "-"}, "cannot both be -"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := cli(t, "", append([]string{"plot"}, tc.args...)...)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d (stderr %q)", code, exitUsage, errOut)
			}
			wantOneLine(t, out, errOut)
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr = %q, want it to mention %q", errOut, tc.want)
			}
		})
	}
}

func TestPlotHelp(t *testing.T) {
	var b strings.Builder
	plotUsage(&b)
	for _, k := range plotKinds {
		kind := k.name
		if !strings.Contains(b.String(), "  "+kind+" ") {
			t.Errorf("cutoff plot -h does not document the kind %s", kind)
		}
		fs, _ := newPlotFlags(k)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(b.String(), "-"+f.Name+" ") && !strings.Contains(b.String(), "-"+f.Name+",") {
				t.Errorf("cutoff plot -h does not document -%s of %s", f.Name, kind)
			}
		})
	}
	for _, args := range [][]string{{"plot", "-h"}, {"plot", "depth", "-h"}, {"help", "plot"}} {
		code, out, _ := cli(t, "", args...)
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%q: exit %d\n%s", args, code, out)
		}
	}
}
