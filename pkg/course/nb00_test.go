package course

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

const nb00AIMA = "A(B(b1=3 b2=12 b3=8) C(c1=2 c2=4 c3=6) D(d1=14 d2=5 d3=2))"

// TestLegendTiles: each tile of the legend draws the marks its caption
// explains, from the search it recorded.
func TestNb00LegendTiles(t *testing.T) {
	// What each tile's DOT must hold: the marks, as the renderer writes them.
	want := map[string][]string{
		"Max and Min":                   {"shape=box", "shape=ellipse", `class="visited max pv"`, "penwidth=3"},
		"Bounds and a cutoff":           {"≤3", `class="pruned`, "style=dashed", "✂ shallow", "[3, +∞]"},
		"A deep cutoff":                 {"≤5", "✂ deep", `class="pruned`},
		"Null window and re-search":     {`class="visited min probe"`, "style=dotted", "re-search", "[3, 4]", "≥4"},
		"Passes and table badges":       {"cluster_pass1", "cluster_pass2", "pass 2: [3, 4], guess 3", "TT LOWER"},
		"Node types":                    {"PV [CUT]", "[ALL]", ">PV<"},
		"A game: boards and move names": {"c2", "c3", "−11", "<TABLE"},
		"Step by step":                  {"current", "pending", "#2", "…"},
		"Big trees, folded":             {"+3", "searched"},
	}
	tiles := LegendTiles()
	if len(tiles) != len(want) {
		t.Errorf("%d tiles, want %d", len(tiles), len(want))
	}
	for _, tile := range tiles {
		marks, ok := want[tile.Title]
		if !ok {
			t.Errorf("tile %q is not checked here", tile.Title)
			continue
		}
		dot, err := tile.DOT()
		if err != nil {
			t.Fatalf("%s: %v", tile.Title, err)
		}
		for _, m := range marks {
			if !strings.Contains(dot, m) {
				t.Errorf("%s: the picture lacks %q", tile.Title, m)
			}
		}
		if tile.Caption == "" || len(tile.Marks) == 0 {
			t.Errorf("%s: no caption or no marks", tile.Title)
		}
	}
}

// TestLegendSearches: the searches behind the tiles are what their
// captions say: the cutoff at C, the deep cutoff at E from A, the test of
// C that fails high and its re-search, MTD(f)'s two passes.
func TestNb00LegendSearches(t *testing.T) {
	ab := Record(algos.AlphaBeta, Tree(legendTree).Root(), algos.FullDepth, nil)
	if got, want := Describe(ab), "A: 3\nB: 3\nC: ≤3, pruned C 1"; got != want {
		t.Errorf("alpha-beta on the legend's tree:\n%s\nwant\n%s", got, want)
	}
	deep := Record(algos.AlphaBeta, Tree("A(B=5 C(D(E(3 9) 7) 8))").Root(), algos.FullDepth, nil)
	var e *algos.TraceNode[gametree.Node]
	for n := range algos.Preorder(deep.Rec.Root()) {
		if n.Pos.Label() == "E" {
			e = n
		}
	}
	if e == nil || e.Cut == nil || e.Cut.Kind != algos.Deep || e.Cut.From != 0 || e.Value != 5 || e.Bound != algos.Upper {
		t.Errorf("E is not cut off deep by A's bound 5: %+v", e)
	}
	pvs := Record(algos.PVS, Tree("A(B(3 4) C(6 7))").Root(), algos.FullDepth, nil)
	if pvs.Value != 6 || pvs.Stats.ReSearches != 1 {
		t.Errorf("PVS: value %d with %d re-searches, want 6 with 1", pvs.Value, pvs.Stats.ReSearches)
	}
	mtd := Record(algos.MTDF, Tree(legendTree).Root(), algos.FullDepth, &algos.Options[gametree.Node]{TT: algos.NewMapTT()})
	if mtd.Value != 3 || len(mtd.Rec.Roots) != 2 {
		t.Errorf("MTD(f): value %d in %d passes, want 3 in 2", mtd.Value, len(mtd.Rec.Roots))
	}
}

// TestLegendHTML: every tile's picture, drawn smaller, with its caption.
func TestNb00LegendHTML(t *testing.T) {
	h, err := LegendHTML()
	if err != nil {
		t.Fatal(err)
	}
	if n, want := strings.Count(h, "<svg"), len(LegendTiles()); n != want {
		t.Errorf("%d pictures, want %d", n, want)
	}
	if strings.Contains(h, "<?xml") || strings.Contains(h, "<!DOCTYPE") {
		t.Errorf("an XML declaration or DOCTYPE inside the HTML")
	}
	for _, tile := range LegendTiles() {
		if !strings.Contains(h, tile.Caption) {
			t.Errorf("caption of %q missing", tile.Title)
		}
	}
	// Scaled: the first tile (290 pt wide as Graphviz draws it) at 0.75.
	sizes := regexp.MustCompile(`<svg width="([0-9.]+)pt"`).FindAllStringSubmatch(h, -1)
	if len(sizes) == 0 || sizes[0][1] != "217.5" {
		t.Errorf("the first picture's width is %v, want 217.5pt", sizes)
	}
	// The game's tile is drawn larger, for its boards: a square 10 pt
	// wide as Graphviz draws it is 12 pt (16 px) on the page, and its
	// title as large as the other tiles' (20 pt × 0.75 = 15 pt).
	for _, tile := range LegendTiles() {
		if tile.Title != "A game: boards and move names" {
			continue
		}
		if tile.Scale != 1.2 {
			t.Fatalf("the game's tile: scale %v", tile.Scale)
		}
		dot, err := tile.DOT()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(dot, `WIDTH="10" HEIGHT="10"`) || !strings.Contains(dot, "fontsize=12.5, labelloc=t") {
			t.Errorf("the game's tile: no 10 pt squares or its title not at 12.5 pt:\n%s", dot)
		}
		if 12.5*tile.Scale != 20*legendScale {
			t.Errorf("the game's title at %v pt, the others' at %v pt", 12.5*tile.Scale, 20*legendScale)
		}
	}
	// The captions say what their pictures show that a beginner would
	// misread: grey numbers, a bound that is α, a count that is not a value.
	for _, c := range []string{"a grey number is the value the search never looked at",
		"fail-hard: returns α", "(scores: see 01)", "is not a value: it counts the nodes folded away",
		"a cut at a node's last child prunes nothing"} {
		if !strings.Contains(strings.ToLower(h), strings.ToLower(c)) {
			t.Errorf("no caption says %q", c)
		}
	}
}

// TestDescribe: the values and bounds of a search, as its picture shows
// them, fail-soft and fail-hard, and positions named by their moves.
func TestNb00Describe(t *testing.T) {
	root := Tree(nb00AIMA).Root()
	for _, c := range []struct {
		alg, want string
	}{
		{"alphabeta-soft", "A: 3\nB: 3\nC: ≤2, pruned c2 c3\nD: ≤2"},
		{"alphabeta", "A: 3\nB: 3\nC: ≤3, pruned c2 c3\nD: ≤3"},
		{"minimax", "A: 3\nB: 3\nC: 2\nD: 2"},
	} {
		if got := Describe(RecordByName(c.alg, root, algos.FullDepth, nil)); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.alg, got, c.want)
		}
	}
	// Min at the root fails high at C: a lower bound.
	minRoot := Tree("((3 4) (5 1))", gametree.RootPlayer(gametree.Min)).Root()
	if got, want := Describe(Record(algos.AlphaBeta, minRoot, algos.FullDepth, nil)), "root: 4\n0: 4\n1: ≥4, pruned 1 1"; got != want {
		t.Errorf("Min at the root:\n%s\nwant\n%s", got, want)
	}
	end := Must(games.ParseTicTacToe("xox .o. x.."))
	lines := strings.Split(Describe(Record(algos.Minimax, end, algos.FullDepth, nil)), "\n")
	if lines[0] != "root: −13" || lines[1] != "a2: −11" || lines[2] != "a2 c2: −11" {
		t.Errorf("tic-tac-toe: %q", lines[:3])
	}
}
