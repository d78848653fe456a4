package render

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.dot from the current output")

// goldenCase is one traced search drawn for a golden file.
type goldenCase struct {
	name    string // testdata/golden/<name>.dot
	tree    string // fixture:NAME or a literal
	alg     string
	opt     TreeOptions
	withTT  bool
	depth   int
	options func(o *algos.Options[gametree.Node])
}

// pvsResearch is a tree on which PVS's null-window test of C fails high, so
// C is searched again (pkg/algos TestReSearchPinned has smaller ones).
const pvsResearch = "A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))"

var all = TreeOptions{Windows: true, VisitOrder: true, NodeTypes: true, Step: -1}

func goldenCases() []goldenCase {
	return []goldenCase{
		{name: "aima-fig5.2-alphabeta", tree: "fixture:aima-fig5.2", alg: "alphabeta", opt: all},
		{name: "aima-fig5.2-minimax", tree: "fixture:aima-fig5.2", alg: "minimax", opt: TreeOptions{Step: -1, Title: "Minimax on AIMA Fig. 5.2"}},
		{name: "shallow-cutoff-alphabeta", tree: "fixture:shallow-cutoff", alg: "alphabeta", opt: all},
		{name: "deep-cutoff-alphabeta", tree: "fixture:deep-cutoff", alg: "alphabeta", opt: all},
		{name: "knuth-moore-pi-alphabeta", tree: "fixture:knuth-moore-pi", alg: "alphabeta", opt: TreeOptions{NodeTypes: true, Step: -1}},
		{name: "pvs-research-pvs", tree: pvsResearch, alg: "pvs", opt: all},
		{name: "aima-fig5.2-mtdf", tree: "fixture:aima-fig5.2", alg: "mtdf", opt: TreeOptions{Windows: true, Step: -1}},
		{name: "aima-fig5.2-alphabeta-step5", tree: "fixture:aima-fig5.2", alg: "alphabeta", opt: TreeOptions{Windows: true, Step: 5}},
	}
}

// traced runs alg on the tree spec (fixture:NAME or a literal) with a
// Recorder and returns it.
func traced(t testing.TB, spec, alg string) *algos.Recorder[gametree.Node] {
	t.Helper()
	var tree *gametree.Tree
	if name, ok := strings.CutPrefix(spec, "fixture:"); ok {
		f, ok := gametree.FixtureByName(name)
		if !ok {
			t.Fatalf("no fixture %q", name)
		}
		tree = f.Tree()
	} else {
		var err error
		if tree, err = gametree.Parse(spec); err != nil {
			t.Fatal(err)
		}
	}
	return tracedRoot(t, tree.Root(), alg, algos.FullDepth)
}

func tracedRoot[P gametree.Position[P]](t testing.TB, root P, alg string, depth int) *algos.Recorder[P] {
	t.Helper()
	fn, err := algos.ByName[P](alg)
	if err != nil {
		t.Fatal(err)
	}
	rec := algos.NewRecorder[P]()
	if _, err := fn(root, depth, &algos.Options[P]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestTreeDOTGolden(t *testing.T) {
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			rec := traced(t, tc.tree, tc.alg)
			got, err := TreeDOT(rec, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("..", "..", "testdata", "golden", tc.name+".dot")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./pkg/render -run Golden -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s (go test ./pkg/render -run Golden -update rewrites it after review):\n%s", tc.name, path, got)
			}
			again, _ := TreeDOT(rec, tc.opt)
			if again != got {
				t.Errorf("%s: TreeDOT is not deterministic", tc.name)
			}
		})
	}
}

// TestTreeDOTFeatures checks the visual language's marks on the traces
// that must show them.
func TestTreeDOTFeatures(t *testing.T) {
	tests := []struct {
		tree, alg string
		want      []string
	}{
		{"fixture:aima-fig5.2", "alphabeta", []string{`class="to-pruned cut"`, "✂ shallow", `class="pruned max"`, `class="visited max pv"`}},
		{"fixture:deep-cutoff", "alphabeta", []string{"✂ deep"}},
		{pvsResearch, "pvs", []string{"re-search", `class="research`, "style=dotted", `"visited min probe"`}},
		{"fixture:aima-fig5.2", "mtdf", []string{"subgraph cluster_pass1", "pass 2: ", "guess", "TT "}},
	}
	for _, tc := range tests {
		dot, err := TreeDOT(traced(t, tc.tree, tc.alg), TreeOptions{Step: -1})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(dot, w) {
				t.Errorf("%s on %s: the DOT lacks %q:\n%s", tc.alg, tc.tree, w, dot)
			}
		}
	}
}

// TestTreeDOTStep: frames draw the same nodes with the same IDs at every
// step; the values appear as the search returns.
func TestTreeDOTStep(t *testing.T) {
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	ids := regexp.MustCompile(`(?m)^\t(n[0-9_m]+) \[`)
	whole, _ := TreeDOT(rec, TreeOptions{Step: -1})
	want := ids.FindAllString(whole, -1)
	for step := 0; step <= rec.Len(); step++ {
		dot, err := TreeDOT(rec, TreeOptions{Step: step})
		if err != nil {
			t.Fatal(err)
		}
		if got := ids.FindAllString(dot, -1); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("step %d draws nodes %v, the whole search %v", step, got, want)
		}
		cur := strings.Count(dot, " current")
		if (step == 0 || step == rec.Len()) != (cur == 0) {
			t.Errorf("step %d: %d current nodes", step, cur)
		}
		// A node not yet searched shows its name only: no leaf's value
		// (neither of those the search will evaluate nor of those it will
		// prune) before the step that evaluates or prunes it.
		for _, line := range strings.Split(dot, "\n") {
			if strings.Contains(line, `class="pending`) && strings.Count(line, "<FONT") > 1 {
				t.Errorf("step %d: a pending node shows more than its name: %s", step, line)
			}
		}
	}
	if end, _ := TreeDOT(rec, TreeOptions{Step: rec.Len()}); end != whole {
		t.Errorf("the last step differs from the whole search")
	}
}

// TestTreeDOTBudget: a b=8, d=4 alpha-beta search drawn with Budget 60
// draws at most 60 nodes plus stubs, and the stubs count the rest.
func TestTreeDOTBudget(t *testing.T) {
	root, err := random.Uniform{B: 8, D: 4, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := tracedRoot(t, root, "alphabeta", algos.FullDepth)
	full, err := TreeDOT(rec, TreeOptions{Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	total := strings.Count(full, "class=\"visited") + strings.Count(full, "class=\"pruned ")
	if total != 1+8+64+512+4096 {
		t.Errorf("the whole drawing has %d nodes, want the whole tree, 4681", total)
	}
	dot, err := TreeDOT(rec, TreeOptions{Budget: 60, Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	drawn := strings.Count(dot, "class=\"visited") + strings.Count(dot, "class=\"pruned ")
	if drawn > 60 {
		t.Errorf("Budget 60 drew %d nodes", drawn)
	}
	sum := 0
	for _, m := range regexp.MustCompile(`class="stub[^"]*", tooltip="(\d+)"`).FindAllStringSubmatch(dot, -1) {
		n, _ := strconv.Atoi(m[1])
		sum += n
	}
	if drawn+sum != total {
		t.Errorf("Budget 60: %d nodes drawn + %d in stubs = %d, want %d", drawn, sum, drawn+sum, total)
	}
}

func TestTreeDOTErrors(t *testing.T) {
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	for _, opt := range []TreeOptions{{Pass: 2}, {Pass: -1}, {Budget: -1}} {
		if _, err := TreeDOT(rec, opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	if _, err := TreeDOT(algos.NewRecorder[gametree.Node](), TreeOptions{}); err == nil {
		t.Error("empty recorder: no error")
	}
}

// SSS*'s first pass searches the window [+∞−1, +∞]: the picture and the
// frames say so instead of printing the raw number next to algos.Inf.
func TestNearInfinity(t *testing.T) {
	rec := traced(t, "fixture:aima-fig5.2", "sss")
	dot, err := TreeDOT(rec, TreeOptions{Windows: true, Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dot, "+∞−1") || strings.Contains(dot, strconv.Itoa(algos.Inf-1)) {
		t.Errorf("SSS*'s window next to +∞ is not drawn as +∞−1:\n%s", dot)
	}
	lines := strings.Join(EventLines(rec), "\n")
	if !strings.Contains(lines, "+∞−1") || strings.Contains(lines, strconv.Itoa(algos.Inf-1)) {
		t.Errorf("the event lines do not say +∞−1:\n%s", lines)
	}
}
