package checks

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// A runaway search is drawn as far as it went, bounded: its visits up to
// the Trace's limit, at most PictureBudget nodes (plus the path to the
// first difference), the rest as stubs.
func TestPictureOfRunaway(t *testing.T) {
	tree := Random(rand.New(rand.NewPCG(1, 1)), 1, Shape{MinDepth: 6, MaxDepth: 6, MaxBranch: 3, Range: 20})[0].Tree
	// Expands every node, evaluates every leaf twice, forever.
	var forever func(n Node)
	forever = func(n Node) {
		for {
			kids := n.Children()
			if len(kids) == 0 {
				n.Value()
				n.Value()
				return
			}
			for _, c := range kids {
				forever(c)
			}
		}
	}
	p := sameAs("alphabeta", full, -Inf, Inf, func(n Node) int { forever(n); return 0 }, Outcome{Visits: true})
	why := safely(p, tree)
	if len(why) != 1 || !strings.Contains(why[0], "visited more than") {
		t.Fatalf("why %q; want the runaway's panic", why)
	}
	d, ok := lastDiff("runaway", why)
	if !ok {
		t.Fatal("no picture of a runaway search")
	}
	_, wtr := Reference(tree, "alphabeta", depthOf(full), -Inf, Inf, nil)
	if len(d.Student) != limitFor(wtr) || !strings.Contains(d.Stopped, "visited more than") || d.First < 0 {
		t.Errorf("%d visits drawn (limit %d), stopped %q, first %d", len(d.Student), limitFor(wtr), d.Stopped, d.First)
	}
	drawn, stubs := 0, 0
	nodes := []*feedback.Node{d.Tree}
	for len(nodes) > 0 {
		n := nodes[len(nodes)-1]
		nodes = nodes[:len(nodes)-1]
		drawn++
		if n.Hidden > 0 {
			stubs++
		}
		for _, c := range n.Children {
			nodes = append(nodes, c)
		}
	}
	if drawn > PictureBudget+2*tree.Height() || stubs == 0 {
		t.Errorf("%d nodes drawn, %d stubs; want at most %d and some stubs", drawn, stubs, PictureBudget+2*tree.Height())
	}
	t.Logf("a runaway of %d visits on a tree of %d nodes: %d nodes drawn, %d stubs", len(d.Student), tree.Len(), drawn, stubs)
}

// A panicking search is drawn up to its panic.
func TestPictureOfPanic(t *testing.T) {
	tree := mustParse("R(A(a1=1 a2=2) B(b1=3 b2=4))")
	p := sameAs("alphabeta", full, -Inf, Inf, func(n Node) int {
		n.Children()[0].Children()[1].Value()
		panic("index out of range [3] with length 2")
	}, Outcome{Visits: true})
	why := safely(p, tree)
	d, ok := lastDiff("panic", why)
	if !ok || len(d.Student) != 3 || d.First != 2 || !strings.Contains(d.Stopped, "index out of range") {
		t.Fatalf("picture %v: %d visits, first %d, stopped %q; want 3 visits, the first difference at the third", ok, len(d.Student), d.First, d.Stopped)
	}
	if d.Class("0.1") != "visited" || d.Class("0.0") != "missed" || d.Class("1.0") != "missed" {
		t.Errorf("classes a2 %s, a1 %s, b1 %s", d.Class("0.1"), d.Class("0.0"), d.Class("1.0"))
	}
}

// A failing check writes its picture into .feedback; CUTOFF_FEEDBACK=off
// and a grader's session write nothing.
func TestWritePicture(t *testing.T) {
	tree := mustParse("R(A(a1=1 a2=2) B(b1=3 b2=4))")
	skips := func(n Node) int { n.Children()[0].Children()[1].Value(); return 3 } // the right value, not the right visits
	fail := func(t *testing.T) {
		c := &C{T: t}
		why := safely(sameAs("minimax", full, -Inf, Inf, skips, Outcome{Visits: true}), tree)
		c.message = append([]string{"rule: r"}, why...)
		c.writePicture("r")
	}
	for _, tc := range []struct {
		name    string
		env     string
		session bool
		files   int
	}{{"on", "", false, 2}, {"off", "off", false, 0}, {"session", "", true, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			t.Setenv(FeedbackEnv, tc.env)
			was := session.active
			session.active = tc.session
			defer func() { session.active = was }()
			fail(t)
			files, _ := filepath.Glob(filepath.Join(dir, FeedbackDir, "*", "*"))
			if len(files) != tc.files {
				t.Errorf("%d files written %v; want %d", len(files), files, tc.files)
			}
			for _, f := range files {
				if b, _ := os.ReadFile(f); !strings.Contains(string(b), `class="first-got"`) {
					t.Errorf("%s rings nothing", f)
				}
			}
		})
	}
}

// The picture draws what the reference's recorded search knows — its
// values and bounds, its cutoff's mark on the edge to the first child it
// pruned, its principal variation, its windows — and of the student's
// search only what its visits tell.
func TestPictureOfReferenceSearch(t *testing.T) {
	tree := mustParse("R(A(a1=3 a2=5) B(b1=1 b2=9))")
	// minimax: the right value, every leaf evaluated (b2 too)
	all := func(n Node) int {
		var mm func(n Node) int
		mm = func(n Node) int {
			kids := n.Children()
			if len(kids) == 0 {
				return n.Value()
			}
			best := -Inf
			if !n.Max() {
				best = Inf
			}
			for _, c := range kids {
				v := mm(c)
				if n.Max() && v > best || !n.Max() && v < best {
					best = v
				}
			}
			return best
		}
		return mm(n)
	}
	why := safely(sameAs("alphabeta", full, -Inf, Inf, all, Outcome{Visits: true}), tree)
	d, ok := lastDiff("ab", why)
	if !ok {
		t.Fatalf("no picture (%q)", why)
	}
	marks := map[string]feedback.Mark{}
	for _, m := range d.Ref {
		marks[m.Path] = m
	}
	if m := marks["1"]; m.Value != "≤3" || m.Cut != "✂ shallow" || m.CutAt != "1.1" || m.Window != "[3, +∞]" || m.PV {
		t.Errorf("B's mark %+v; want ≤3 (fail-hard: α), a shallow cutoff on the edge to b2, the window [3, +∞], off the PV", m)
	}
	if m := marks[""]; m.Value != "3" || !m.PV || m.Cut != "" || m.At != 1 || m.Done != len(d.Reference) {
		t.Errorf("the root's mark %+v; want 3 on the PV, entered at visit 1, done at the last", m)
	}
	if !marks["0"].PV || !marks["0.0"].PV || marks["0.1"].PV {
		t.Errorf("PV A %v a1 %v a2 %v; want R-A-a1", marks["0"].PV, marks["0.0"].PV, marks["0.1"].PV)
	}
	s := string(feedback.SVG(d))
	for _, w := range []string{`ref ✂ shallow</text>`, `>≤3</text>`, `class="edge visited pv" data-to="0"`, "ref 5 [3, +∞]", "principal variation"} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
	if strings.Contains(s, "you ✂") || strings.Contains(s, "re-search") {
		t.Error("the student's search cut nothing and the reference re-searched nothing")
	}
}

// MTD(f)'s picture labels both drivers' passes with the windows they
// searched and the values returned (the grader made the searches), and
// the reference's marks carry their pass.
func TestPictureOfPasses(t *testing.T) {
	tree := mustParse("R(A(a1=3 a2=5) B(b1=1 b2=9))")
	onePass := func(root Node, first, depth int, search func(alpha, beta int) int) int {
		return search(first-1, first)
	}
	why := safely(mtdProperty(onePass, mtdPasses, func(int) []int { return []int{12} }), tree)
	d, ok := lastDiff("mtd", why)
	if !ok {
		t.Fatalf("no picture (%q)", why)
	}
	if len(d.YouPasses) != 1 || d.YouPasses[0].Label != "pass 1: search[11, 12] = 3" || d.YouPasses[0].From != 1 || d.YouPasses[0].To != len(d.Student) {
		t.Errorf("your passes %+v; want one, search[11, 12] = 3, over all your visits", d.YouPasses)
	}
	if len(d.RefPasses) < 2 || !strings.HasPrefix(d.RefPasses[1].Label, "pass 2: search[") {
		t.Errorf("the reference's passes %+v; want two or more, labelled with their windows", d.RefPasses)
	}
	passes := map[int]bool{}
	for _, m := range d.Ref {
		passes[m.Pass] = true
	}
	if len(passes) != len(d.RefPasses) || passes[0] {
		t.Errorf("the marks' passes %v; want each of the %d passes, none without", passes, len(d.RefPasses))
	}
	s := string(feedback.SVG(d))
	for _, w := range []string{"your searches from the root — pass 1: search[11, 12] = 3: visits 1–", "the reference&#39;s — pass 1: search[11, 12] = 3: visits 1–", "ref p2·"} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
}

// The student's cutoffs the picture marks ("you ✂") are the ones
// RecordSearch infers from the same visits: one mark on each drawn edge to
// the first child a recorded cutoff pruned (a re-searched node's cutoffs
// at the same child share it).
func TestPictureCutsAreRecordSearchs(t *testing.T) {
	marks := 0
	edge := regexp.MustCompile(`<line class="edge [^"]*" data-to="([0-9.]*)"`)
	label := regexp.MustCompile(`<text class="cut you" data-at="\d+" x="[0-9.]+" y="[0-9.]+"`)
	for i, c := range Random(rand.New(rand.NewPCG(5, 5)), 20, Shape{MinDepth: 2, MaxDepth: 4, MaxBranch: 3, Range: 20}) {
		for _, name := range []string{"alphabeta", "pvs"} {
			_, tr := Reference(c.Tree, name, depthOf(full), -Inf, Inf, nil)
			_, want := Reference(c.Tree, "minimax", depthOf(full), -Inf, Inf, nil)
			d, ok := DiffOf("cuts", tr, want, "")
			if !ok {
				t.Fatal("no picture")
			}
			svg := string(feedback.SVG(d))
			drawn := map[string]bool{}
			for _, m := range edge.FindAllStringSubmatch(svg, -1) {
				drawn[m[1]] = true
			}
			cuts := map[string]bool{}
			var walk func(n *algos.TraceNode[gametree.Node], path string)
			walk = func(n *algos.TraceNode[gametree.Node], path string) {
				join := func(m int) string {
					if path == "" {
						return strconv.Itoa(m)
					}
					return path + "." + strconv.Itoa(m)
				}
				if n.Cut != nil && len(n.Pruned) > 0 && drawn[join(n.Pruned[0])] {
					cuts[join(n.Pruned[0])] = true
				}
				for _, k := range n.Children {
					walk(k, join(k.Move))
				}
			}
			for _, r := range RecordSearch(c.Tree.Root(), tr).Rec.Roots {
				walk(r, "")
			}
			got := len(label.FindAllString(svg, -1))
			if got != len(cuts) {
				t.Errorf("tree %d, %s: %d cutoffs marked; RecordSearch infers %d on drawn edges %v", i, name, got, len(cuts), cuts)
			}
			marks += got
		}
	}
	if marks < 20 {
		t.Errorf("%d cutoffs on 20 trees; want more", marks)
	}
}
