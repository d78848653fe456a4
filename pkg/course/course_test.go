package course

import (
	"errors"
	"fmt"
	"image/gif"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// alphabeta is fail-hard alpha-beta in the Max/Min form, as a learner
// writes it over Nodes (notebook 02's cell).
func alphabeta(n *Node, alpha, beta int) (v int) {
	defer n.Record(&v, alpha, beta)()
	if n.IsLeaf() {
		return n.Value()
	}
	if n.IsMax() {
		for _, c := range n.Children() {
			alpha = max(alpha, alphabeta(c, alpha, beta))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range n.Children() {
		beta = min(beta, alphabeta(c, alpha, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}

// minimax reads its leaves' values without recording them: each is
// recorded as a visit of its own.
func minimax(n *Node) int {
	if n.IsLeaf() {
		return n.Value()
	}
	best := -Inf * n.Color()
	for _, c := range n.Children() {
		v := minimax(c)
		if n.IsMax() {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

type summary struct {
	name, window string
	value        int
	leaf         bool
	cut          string
	pruned       []int
}

func summarize(rec *algos.Recorder[gametree.Node]) []summary {
	var out []summary
	for n := range algos.Preorder(rec.Root()) {
		s := summary{name: n.Pos.Name(), window: fmt.Sprint(n.Alpha, n.Beta), value: n.Value, leaf: n.Leaf, pruned: n.Pruned}
		if n.Cut != nil {
			s.cut = fmt.Sprint(n.Cut.Kind, n.Cut.From, n.Cut.Move, n.Cut.Skipped)
		}
		out = append(out, s)
	}
	return out
}

// TestMineAlphaBeta: a learner's alpha-beta over Nodes is recorded exactly
// as the library's fail-hard AlphaBeta records itself, node by node
// (windows, values, leaves, cutoffs with their kind and the ply of their
// bound, pruned moves), on every fixture and on random trees.
func TestMineAlphaBeta(t *testing.T) {
	trees := testTrees(30, 3, 4)
	windows := []algos.Window{{Alpha: -Inf, Beta: Inf}, {Alpha: 4, Beta: 9}, {Alpha: 6, Beta: 7}}
	for i, tr := range trees {
		w := windows[i%len(windows)] // narrow root windows too: their bounds count as set at the root
		mine := Mine(tr, func(root *Node) int { return alphabeta(root, w.Alpha, w.Beta) })
		lib := Record(algos.AlphaBeta, tr.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Window: &w})
		if mine.Value != lib.Value {
			t.Errorf("tree %d: value %d, library %d", i, mine.Value, lib.Value)
		}
		a, b := summarize(mine.Rec), summarize(lib.Rec)
		if len(a) != len(b) {
			t.Fatalf("tree %d: %d nodes recorded, library %d", i, len(a), len(b))
		}
		for k := range a {
			if a[k].name != b[k].name || a[k].window != b[k].window || a[k].value != b[k].value ||
				a[k].leaf != b[k].leaf || a[k].cut != b[k].cut || !slices.Equal(a[k].pruned, b[k].pruned) {
				t.Errorf("tree %d node %d: mine %+v, library %+v", i, k, a[k], b[k])
			}
		}
		if len(mine.Rec.Leaves()) != int(lib.Stats.Leaves) {
			t.Errorf("tree %d: %d leaves, library %d", i, len(mine.Rec.Leaves()), lib.Stats.Leaves)
		}
	}
}

// TestMineUnrecorded: a search that never calls Record still has its
// leaves recorded, in order, each as a visit of its own.
func TestMineUnrecorded(t *testing.T) {
	tr := Tree("aima-fig5.2")
	s := Mine(tr, minimax)
	if s.Value != 3 {
		t.Errorf("value %d, want 3", s.Value)
	}
	var names []string
	for _, l := range s.Rec.Leaves() {
		names = append(names, l.Name())
	}
	if want := []string{"b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"}; !slices.Equal(names, want) {
		t.Errorf("leaves %v, want %v", names, want)
	}
}

// TestErrors: a bad literal and a failing search stop the cell with an
// Error that says what was wrong.
func TestErrors(t *testing.T) {
	catch := func(f func()) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err, _ = r.(error)
			}
		}()
		f()
		return nil
	}
	err := catch(func() { Tree("A(B(3 4)") })
	var ce Error
	if !errors.As(err, &ce) {
		t.Fatalf("a malformed literal: %v, want a course.Error", err)
	}
	err = catch(func() {
		Record(algos.Minimax, Tree("((1 2) (3 4))").Root(), algos.FullDepth, &algos.Options[gametree.Node]{MaxNodes: 2})
	})
	if !errors.Is(err, algos.ErrBudget) {
		t.Errorf("a search over its budget: %v, want algos.ErrBudget", err)
	}
	if err := catch(func() { RecordByName("nosuch", Tree("(1 2)").Root(), 1, nil) }); err == nil {
		t.Errorf("an unknown algorithm did not stop the cell")
	}
}

// testTrees returns the course's fixtures and seeds random uniform trees
// (randomLiteral) of branching b and depth d, the trees the tests of a
// learner's search compare with the library's on; with opts (a Min root),
// the random trees only.
func testTrees(seeds, b, d int, opts ...gametree.ParseOption) []*gametree.Tree {
	var trees []*gametree.Tree
	if len(opts) == 0 {
		for _, f := range gametree.Fixtures() {
			trees = append(trees, f.Tree())
		}
	}
	for seed := range seeds {
		trees = append(trees, Tree(randomLiteral(b, d, uint64(seed)), opts...))
	}
	return trees
}

// randomLiteral is a uniform tree of branching b and depth d as a literal,
// with values from seed.
func randomLiteral(b, d int, seed uint64) string {
	x := seed*0x9e3779b97f4a7c15 + 1
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			return fmt.Sprint(int(x % 19))
		}
		s := "("
		for i := range b {
			if i > 0 {
				s += " "
			}
			s += gen(d - 1)
		}
		return s + ")"
	}
	return gen(d)
}

// TestMineReSearch: a node searched twice (a re-search) is drawn with the
// cutoff of its second search only.
func TestMineReSearch(t *testing.T) {
	tr := Tree("A(B(b1=5 b2=1) C(c1=5 c2=8))")
	s := Mine(tr, func(root *Node) (v int) {
		defer root.Record(&v)()
		kids := root.Children()
		v = alphabeta(kids[0], -Inf, Inf)
		// C searched twice: first with the whole window, both children,
		// then with [6, 7], where c1 = 5 fails low and c2 is cut.
		v = max(v, alphabeta(kids[1], -Inf, Inf))
		alphabeta(kids[1], 6, 7)
		return v
	})
	var cs []*algos.TraceNode[gametree.Node]
	for n := range algos.Preorder(s.Rec.Root()) {
		if n.Pos.Name() == "C" {
			cs = append(cs, n)
		}
	}
	if len(cs) != 2 {
		t.Fatalf("C searched %d times, want 2", len(cs))
	}
	if cs[0].Cut != nil || len(cs[0].Children) != 2 {
		t.Errorf("the first search of C: cut %+v, %d children; want no cut, both children", cs[0].Cut, len(cs[0].Children))
	}
	if cs[1].Cut == nil || cs[1].Cut.Move != 0 || cs[1].Cut.Skipped != 1 {
		t.Errorf("the second search of C: cut %+v, want a cut after c1 with c2 skipped", cs[1].Cut)
	}
}

// TestFigures: under `cutoff figures` (its environment variables set) every
// tree Draw draws and every chart Show shows is written as files in the
// formats asked, named by title; without them nothing is written.
func TestFigures(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(render.FiguresEnv, dir)
	t.Setenv(render.FigureFormatsEnv, "svg,pdf")
	prev := figures
	defer func() { figures = prev }()
	figures = loadFigures()
	Draw(Record(algos.AlphaBeta, Tree("aima-fig5.2").Root(), algos.FullDepth, nil), "Fig. 5.2 pruned")
	pts := []render.EBFPoint{{B: 2, D: 4, Leaves: 10, EBF: 1.8}, {B: 3, D: 4, Leaves: 30, EBF: 2.3}}
	Show(EBFChart(pts, "branching factor"))
	var got []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if want := []string{"branching-factor.pdf", "branching-factor.svg", "fig-5-2-pruned.pdf", "fig-5-2-pruned.svg", "figures.txt"}; !slices.Equal(got, want) {
		t.Errorf("figures written: %v, want %v", got, want)
	}
	// figures.txt lists them in drawing order, for cutoff figures -deck.
	if list, err := os.ReadFile(filepath.Join(dir, "figures.txt")); err != nil || !strings.Contains(string(list), "Fig. 5.2 pruned") ||
		strings.Index(string(list), "Fig. 5.2 pruned") > strings.Index(string(list), "branching factor") {
		t.Errorf("figures.txt: %q (%v), want the tree, then the chart", list, err)
	}
	t.Setenv(render.FiguresEnv, "")
	figures = loadFigures()
	Show(EBFChart(pts, "not written"))
	if entries, _ := os.ReadDir(dir); len(entries) != 5 {
		t.Errorf("a chart was written without cutoff figures")
	}
	t.Setenv(render.FiguresEnv, dir)
	t.Setenv(render.FigureFormatsEnv, "gif")
	if figures = loadFigures(); figures.err == nil {
		t.Errorf("an unknown format was accepted")
	}
}

// TestDrawDeck: the Deck mark writes the search step by step as well, in
// the format its path names; Step(k) stops the deck at step k, DeckSteps
// chooses the steps; a deck too long stops the cell and writes nothing.
func TestDrawDeck(t *testing.T) {
	dir := t.TempDir()
	s := Record(algos.AlphaBeta, Tree("aima-fig5.2").Root(), algos.FullDepth, nil)
	gifPath, pngDir := filepath.Join(dir, "fig.gif"), filepath.Join(dir, "steps")
	Draw(s, "Fig. 5.2", Deck(gifPath), Step(6))
	Draw(s, "Fig. 5.2", Deck(pngDir), DeckSteps(render.FrameOptions{Every: render.EveryEval}))
	f, err := os.Open(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 6 {
		t.Errorf("Step(6): %d GIF frames, want 6", len(g.Image))
	}
	index, err := os.ReadFile(filepath.Join(pngDir, "index.txt"))
	if err != nil {
		t.Fatal(err)
	}
	leaves := 0
	for e := range s.Rec.All() {
		if e.Kind == algos.Leaf || e.Kind == algos.Cutoff {
			leaves++
		}
	}
	if n := strings.Count(string(index), "\n"); n != leaves {
		t.Errorf("EveryEval: %d PNG files, want %d (leaves and cuts)", n, leaves)
	}
	// More steps than a deck takes: the cell stops, nothing is written.
	root, err := random.Uniform{B: 3, D: 5, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	big := RecordByName("minimax", root, algos.FullDepth, nil)
	pdf := filepath.Join(dir, "big.pdf")
	func() {
		defer func() {
			r := recover()
			var fc *render.FrameCountError
			if e, ok := r.(Error); !ok || !errors.As(e, &fc) {
				t.Errorf("a deck of %d steps: got %v, want a FrameCountError", big.Rec.Len(), r)
			}
		}()
		Draw(big, "big", Deck(pdf), Budget(10))
	}()
	if _, err := os.Stat(pdf); err == nil {
		t.Error("a deck too long was written")
	}
}
