package course

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/connect4/testset"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

func TestC4Set(t *testing.T) {
	l := C4Set("end-easy.txt", 20)
	if len(l) != 20 || l[19] != (testset.Line{Moves: "64213353633613151441145646576522", Score: -3}) {
		t.Errorf("end-easy.txt line 20: %v (of %d lines)", l[len(l)-1], len(l))
	}
	if n := len(C4Set("begin-hard.txt", 1000)); n != 100 {
		t.Errorf("begin-hard.txt: %d lines, want all 100", n)
	}
}

// The depth-2 search of notebook 10's endgame: move 2 blocks O's four and
// is worth −2; every other move is refuted by O's reply 2 (−320, a win for
// O) and its other replies are cut.
func TestRootMoves(t *testing.T) {
	p := Must(connect4.ParsePosition(C4Set("end-easy.txt", 20)[19].Moves))
	s := Record(algos.AlphaBeta, p, 2, nil)
	got := RootMoves(s).String()
	want := "" +
		"move  worth (as drawn)  replies searched: values  replies cut off\n" +
		"2                   −2                  0 −2 0 0                0\n" +
		"4                  ≤−2                      −320                2\n" +
		"5                  ≤−2                      −320                2\n" +
		"7                  ≤−2                      −320                3\n"
	if got != want {
		t.Errorf("RootMoves:\n%s\nwant\n%s", got, want)
	}
	if s.Stats.Leaves != 7 || s.Stats.Cutoffs != 3 {
		t.Errorf("%d leaves, %d cutoffs; want 7, 3", s.Stats.Leaves, s.Stats.Cutoffs)
	}
}

func TestC4Steps(t *testing.T) {
	if C4StepName(C4DefaultStep) != "default" || C4StepName(7) != "7" {
		t.Errorf("step names %q %q", C4StepName(C4DefaultStep), C4StepName(7))
	}
	if C4Step(C4DefaultStep) != connect4.Default() || C4Step(4) != (connect4.Options{}) {
		t.Errorf("C4Step: %+v, %+v", C4Step(C4DefaultStep), C4Step(4))
	}
	// Middle-Easy line 77 with Pons' part 7: 1,329 nodes.
	if n, _ := C4Mean(C4Step(7), C4Set("middle-easy.txt", 77)[76:]); n != 1329 {
		t.Errorf("part 7 on Middle-Easy line 77: %v nodes, want 1329", n)
	}
	row := C4MeasureSteps("End-Easy", C4Set("end-easy.txt", 100), 4)
	want := []float64{99.4, 48.9, 48.9, 36.8, 47, 23.4, 18.6, 18.6, 17.7, 15.8}
	for i, w := range want {
		if math.Round(row.Nodes[i]*10)/10 != w {
			t.Fatalf("End-Easy steps 4…default: %v, want %v", row.Nodes, want)
		}
	}
	if part, by := row.Biggest(); part != 5 || math.Round(by*10)/10 != 2 {
		t.Errorf("Biggest = part %d ÷%.2f, want part 5 ÷2.0", part, by)
	}
	if m := C4MeanSearches(C4Step(8), C4Set("end-easy.txt", 100)); math.Round(m*100)/100 != 1.91 {
		t.Errorf("part 8 on End-Easy: %.3f searches per position, want 1.91", m)
	}
	if C4MeanSearches(C4Step(7), C4Set("end-easy.txt", 100)) > 1 {
		t.Errorf("part 7 searches the root more than once")
	}
	if !math.IsNaN(row.NodesAt(3)) || row.NodesAt(8) != row.Nodes[4] {
		t.Errorf("NodesAt")
	}
	short := C4StepRow{Set: "x (3)", First: 11, Nodes: []float64{10, 5, 4}, Micros: []float64{1, 2, 3}}
	big := C4StepRow{Set: "y, 2 lines", First: 12, Nodes: []float64{535278.5, 999.94}, Micros: []float64{1, 2}}
	tab := C4StepsTable([]C4StepRow{short, big}, false).String()
	wantTab := "" +
		"mean nodes, part  4  5  6  7  8  9  10  11      12    def\n" +
		"x (3)             –  –  –  –  –  –   –  10       5      4\n" +
		"y, 2 lines        –  –  –  –  –  –   –   –  535279  999.9\n"
	if tab != wantTab {
		t.Errorf("C4StepsTable:\n%s\nwant\n%s", tab, wantTab)
	}
	if tab := C4StepsTable([]C4StepRow{short}, true).String(); !strings.HasPrefix(tab, "mean µs, part") ||
		!strings.HasSuffix(tab, "1   2    3\n") {
		t.Errorf("C4StepsTable, µs:\n%s", tab)
	}
	// The chart names each line by its set's short name and the last step
	// "def".
	svg, err := C4StepsChart([]C4StepRow{row, short, big}, "steps").Draw()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{">End-Easy<", ">x<", ">y<", ">def<", ">12<"} {
		if !strings.Contains(string(svg), w) {
			t.Errorf("the steps chart has no %s", w)
		}
	}
	if strings.Contains(string(svg), "default") || strings.Contains(string(svg), "2 lines") {
		t.Errorf("the steps chart writes a long name")
	}
}

// The comparison with Pons keeps the file's tables and drops its title and
// build notes; its headings become bold lines that say what a strong and a
// weak solver find.
func TestPonsCompareTables(t *testing.T) {
	got := PonsCompareTables("# Title\n\nBuilt with g++ -O3, huge pages.\n\n### Strong (exact score)\n\n" +
		"| set | n | scores |\n|---|---:|---|\n| End-Easy | 1 | all right |\n\n" +
		"### Weak (win/draw/loss: his -w, our -weak)\n\n| set | n | scores |\n|---|---:|---|\n| X | 2 | 1 wrong |\n")
	want := "**Strong solvers** (the exact score), mean per position; every score right:\n\n" +
		"| set | n |\n|---|---:|\n| End-Easy | 1 |\n\n" +
		"**Weak solvers** (only win, draw or loss), mean per position:\n\n" +
		"| set | n | scores |\n|---|---:|---|\n| X | 2 | 1 wrong |\n"
	if got != want {
		t.Errorf("PonsCompareTables:\n%s\nwant\n%s", got, want)
	}
	b, err := os.ReadFile(C4File("pons-compare.md"))
	if err != nil {
		t.Skip(err)
	}
	got = PonsCompareTables(string(b))
	for _, bad := range []string{"#", "g++", "huge pages", "-weak"} {
		if strings.Contains(got, bad) {
			t.Errorf("the tables still say %q", bad)
		}
	}
	if strings.Count(got, "| End-Easy |") != 2 || !strings.HasPrefix(got, "**Strong solvers**") ||
		strings.Contains(got, "all right") {
		t.Errorf("pons-compare.md's tables:\n%s", got)
	}
}

// The census counts what the search's own Stats count, and on best-ordered
// trees every cutoff comes from the first move.
func TestSearchCensus(t *testing.T) {
	root := Must(random.Uniform{B: 4, D: 6, Seed: 1, Order: random.Best}.Root())
	c := &SearchCensus[random.UniformNode]{}
	r := Must(algos.AlphaBeta(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: c}))
	if int64(c.Cuts) != r.Stats.Cutoffs || c.Cuts == 0 || c.FirstCutPercent() != 100 {
		t.Errorf("best order: %d cutoffs (Stats %d), %.1f %% by the first move; want all", c.Cuts, r.Stats.Cutoffs, c.FirstCutPercent())
	}
	root = Must(random.Uniform{B: 4, D: 6, Seed: 1}.Root())
	c = &SearchCensus[random.UniformNode]{}
	r = Must(algos.PVS(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: c}))
	if int64(c.Cuts) != r.Stats.Cutoffs || int64(c.ReSearches) != r.Stats.ReSearches || c.ReSearches == 0 || c.Unstable != 0 {
		t.Errorf("PVS, natural order: census %+v, Stats %+v", c, r.Stats)
	}
	if p := c.FirstCutPercent(); p <= 0 || p >= 100 {
		t.Errorf("natural order: %.1f %% of the cutoffs by the first move", p)
	}
}

// The comparison on a few positions: every exact search returns
// alpha-beta's value, the table saves work, and the claims read their
// ratios from the runs.
func TestC4Comparison(t *testing.T) {
	sample := C4Sample(4)
	if len(sample) != 4 {
		t.Fatalf("C4Sample(4): %d positions", len(sample))
	}
	cmps := C4CompareAll(sample, 4, C4Plain, C4WithTable)
	plain, table := cmps[0], cmps[1]
	for _, c := range cmps {
		for _, r := range c {
			if r.Entry.Alg != "bns" && r.SameValues(c[0]) != len(sample) {
				t.Errorf("%s: alpha-beta's value on %d of %d positions", r.Entry.Label, r.SameValues(c[0]), len(sample))
			}
		}
	}
	if table.Get("alpha-beta+T").Total().Nodes > plain.Get("alpha-beta").Total().Nodes {
		t.Errorf("the table costs nodes: %d vs %d", table.Get("alpha-beta+T").Total().Nodes, plain.Get("alpha-beta").Total().Nodes)
	}
	deep := C4DeepenAll(C4WithTable, sample, 4)
	for _, r := range deep {
		if r.Entry.Alg != "bns" && r.SameValues(table[0]) != len(sample) {
			t.Errorf("deepening %s: the one search's value on %d of %d positions", r.Entry.Label, r.SameValues(table[0]), len(sample))
		}
		if r.Total().Nodes <= 0 || len(r.Stats) != len(sample) {
			t.Errorf("deepening %s: %+v", r.Entry.Label, r.Total())
		}
	}
	claims := C4Claims(plain, table, deep)
	if len(claims) != 7 {
		t.Fatalf("%d claims", len(claims))
	}
	pvs := ratio(plain.Get("PVS").Total().Leaves, plain.Get("alpha-beta").Total().Leaves)
	if claims[0].Ratios[0] != pvs || !strings.HasPrefix(claims[0].String(), "PVS about 10 % better than alpha-beta:\n    no table ") {
		t.Errorf("claim 0: %s (PVS ÷ alpha-beta %v)", claims[0], pvs)
	}
	got := table.Table().String()
	if !strings.HasPrefix(got, "search") || !strings.Contains(got, "same value") || !strings.Contains(got, "MTD(f)+T") {
		t.Errorf("table:\n%s", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if n := len([]rune(l)); n > 90 {
			t.Errorf("a line of %d characters: %s", n, l)
		}
	}
	if _, err := C4ComparisonChart(cmps, "c4").Draw(); err != nil {
		t.Error(err)
	}
	if got := deep.Get("PVS+T").LeavesVs(deep.Get("PVS+T"), 0, 2); got != 1 {
		t.Errorf("LeavesVs itself = %v", got)
	}
	if n := deep.Get("PVS+T").FewerLeaves(deep.Get("PVS+T")); n != 0 {
		t.Errorf("FewerLeaves than itself = %d", n)
	}
}

func TestC4ClaimVerdict(t *testing.T) {
	c := claim("x", []string{"a", "b", "c"}, []float64{0.9, 1.1, 0.5}, func(r float64) bool { return r < 1 })
	if got, want := c.String(), "x:\n    a 0.90, b 1.10, c 0.50 → holds only in: a, c"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if v := claim("y", []string{"a"}, []float64{2}, func(r float64) bool { return r < 1 }).Verdict(); v != "does not hold" {
		t.Errorf("verdict %q", v)
	}
	if v := claim("z", []string{"a", "b"}, []float64{0, 0}, func(r float64) bool { return r < 1 }).Verdict(); v != "holds" {
		t.Errorf("verdict %q", v)
	}
}
