package experiment

import (
	"encoding/csv"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// TestGrid: the rows come in the grid's order, shapes over MaxLeaves are
// skipped with the limit's name, and the rows are BenchShape's.
func TestGrid(t *testing.T) {
	g := Grid{Bs: []int{2, 3}, Ds: []int{2, 5}, Orders: []random.Ordering{random.Natural, random.Best},
		Algs: []string{"minimax", "alphabeta"}, Seeds: 2, MaxLeaves: 100, LimitName: "-max-leaves"}
	rows, err := g.Run()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, strings.Join([]string{itoa(r.B), itoa(r.D), r.Order, r.Algorithm, r.Skipped}, " "))
	}
	want := []string{
		"2 2 natural minimax ", "2 2 natural alphabeta ", "2 2 best minimax ", "2 2 best alphabeta ",
		"2 5 natural minimax ", "2 5 natural alphabeta ", "2 5 best minimax ", "2 5 best alphabeta ",
		"3 2 natural minimax ", "3 2 natural alphabeta ", "3 2 best minimax ", "3 2 best alphabeta ",
		"3 5 natural  3^5 leaves > -max-leaves 100", "3 5 best  3^5 leaves > -max-leaves 100",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	shape, err := BenchShape(3, 2, random.Best, g.Algs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if rows[10].Leaves != shape[0].Leaves || rows[11].Leaves != shape[1].Leaves || rows[11].Leaves != 5 {
		t.Errorf("b=3 d=2 best: %v and %v leaves, BenchShape %v and %v (alpha-beta: the minimal 5)", rows[10].Leaves, rows[11].Leaves, shape[0].Leaves, shape[1].Leaves)
	}
	g.LimitName = ""
	if rows, _ := g.Run(); rows[len(rows)-1].Skipped != "3^5 leaves > MaxLeaves 100" {
		t.Errorf("default limit name: %q", rows[len(rows)-1].Skipped)
	}
	if _, err := (Grid{Bs: []int{2}, Ds: []int{2}, Orders: []random.Ordering{random.Natural}, Algs: []string{"nosuch"}, Seeds: 1, MaxLeaves: 10}).Run(); err == nil || !strings.HasPrefix(err.Error(), "b=2, d=2: ") {
		t.Errorf("unknown algorithm: %v, want an error naming the shape", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWriteBench: the table and the CSV hold every row; a skipped row has
// dashes in the table and empty measurements in the CSV.
func TestWriteBench(t *testing.T) {
	rows := []BenchRow{
		{B: 2, D: 2, Order: "natural", Algorithm: "alphabeta", Leaves: 3.5, Nodes: 6, VsAlphaBeta: 1, VsMinimal: 7.0 / 6, Minimal: 3, NsPerNode: 12.34},
		SkippedRow(2, 9, random.Worst, "2^9 leaves > -max-leaves 100"), // minimal 2^5 + 2^4 − 1 = 47
	}
	var text strings.Builder
	if err := WriteBenchText(&text, 4, rows); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mean over seeds 1..4", "alphabeta", "  3.5  ", "1.17", "12.3", "skipped: 2^9 leaves > -max-leaves 100"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, text.String())
		}
	}
	var data strings.Builder
	if err := WriteBenchCSV(&data, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(data.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"b", "d", "order", "algorithm", "leaves", "nodes", "minimal", "vs_alphabeta", "vs_minimal", "ns_per_node", "skipped"},
		{"2", "2", "natural", "alphabeta", "3.5", "6", "3", "1.0000", "1.1667", "12.3", ""},
		{"2", "9", "worst", "", "", "", "47", "", "", "", "2^9 leaves > -max-leaves 100"},
	}
	if strings.Join(flat(recs), "|") != strings.Join(flat(want), "|") {
		t.Errorf("CSV %q, want %q", recs, want)
	}
}

func flat(recs [][]string) []string {
	var out []string
	for _, r := range recs {
		out = append(out, strings.Join(r, ","))
	}
	return out
}

// CheckTrees: seeds, then the bound, then each tree's size in the order
// of bs and ds; Grid.Run checks its seeds and bound before it measures.
func TestCheckTrees(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{CheckTrees(0, 0, 1, []int{9}, []int{9}), "seeds must be ≥ 1, got 0"},
		{CheckTrees(1, 3, 4, []int{9}, []int{9}), "maxLeaves must be ≥ 4, got 3"},
		{CheckTrees(1, 27, 1, []int{3, 2, 4}, []int{2, 3, 4}), "b=3, d=4: 3^4 leaves > 27"},
		{CheckTrees(1, 63, 1, []int{2, 4}, []int{3, 2}), "b=4, d=3: 4^3 leaves > 63"},
		{CheckTrees(1, 64, 1, []int{2, 4}, []int{3, 2}), ""},
		{CheckTrees(1, 4, 4, []int{9}, nil), ""},
		{Grid{Seeds: 0, MaxLeaves: 1}.Check(), "seeds must be ≥ 1, got 0"},
		{Grid{Seeds: 1, MaxLeaves: 0}.Check(), "maxLeaves must be ≥ 1, got 0"},
		{Grid{Bs: []int{9}, Ds: []int{9}, Seeds: 1, MaxLeaves: 1}.Check(), ""}, // a skipped row, not an error
	} {
		if got := fmt.Sprint(c.err); c.err == nil && c.want != "" || c.err != nil && got != c.want {
			t.Errorf("%v, want %q", c.err, c.want)
		}
	}
	if _, ok := errors.AsType[*SizeError](CheckTrees(1, 1, 1, []int{2}, []int{1})); !ok {
		t.Error("a tree too big: not a *SizeError")
	}
	if re, ok := errors.AsType[*RangeError](CheckTrees(-2, 1, 1, nil, nil)); !ok || re.Arg != "seeds" || re.Min != 1 || re.Got != -2 {
		t.Errorf("no seeds: %#v", re)
	}
	rows, err := Grid{Bs: []int{2}, Ds: []int{2}, Orders: []random.Ordering{random.Natural}, Algs: []string{"minimax"}, Seeds: 0, MaxLeaves: 10}.Run()
	if rows != nil || err == nil || err.Error() != "seeds must be ≥ 1, got 0" {
		t.Errorf("Grid.Run without seeds: %v, %v", rows, err)
	}
}
