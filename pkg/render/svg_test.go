package render

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// svgNodes walks svg with an XML decoder and counts the node groups
// (<g class="node …">) by kind, the class word after "node".
func svgNodes(t testing.TB, svg []byte) map[string]int {
	t.Helper()
	kinds := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false // the DOCTYPE names an external DTD
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse as XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "g" {
			continue
		}
		for _, a := range se.Attr {
			if f := strings.Fields(a.Value); a.Name.Local == "class" && len(f) >= 2 && f[0] == "node" {
				kinds[f[1]]++
			}
		}
	}
	return kinds
}

// wantCounts is what the recorder says a whole drawing must show: every
// searched node, and every node of the pruned subtrees, down to the depth
// the search would have gone.
func wantCounts[P gametree.Position[P]](rec *algos.Recorder[P]) (visited, pruned int) {
	var size func(p P, left int) int
	size = func(p P, left int) int {
		n := 1
		if left > 0 {
			for _, c := range p.Children(nil) {
				n += size(c, left-1)
			}
		}
		return n
	}
	for _, r := range rec.Roots {
		for n := range algos.Preorder(r) {
			visited++
			if len(n.Pruned) == 0 {
				continue
			}
			kids := n.Pos.Children(nil)
			for _, m := range n.Pruned {
				pruned += size(kids[m], n.Depth-1)
			}
		}
	}
	return visited, pruned
}

func TestSVGFixtures(t *testing.T) {
	ctx := context.Background()
	r, err := NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, tc := range goldenCases() {
		if tc.opt.Step >= 0 {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			rec := traced(t, tc.tree, tc.alg)
			dot, err := TreeDOT(rec, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			svg, err := r.SVG(ctx, dot)
			if err != nil {
				t.Fatal(err)
			}
			got := svgNodes(t, svg)
			v, p := wantCounts(rec)
			if got[kindVisited] != v || got[kindPruned] != p || got[kindStub] != 0 || got[kindPending] != 0 {
				t.Errorf("SVG nodes %v; the recorder says %d searched, %d pruned", got, v, p)
			}
		})
	}
}

func TestSVGBudget(t *testing.T) {
	root, err := random.Uniform{B: 8, D: 4, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := tracedRoot(t, root, "alphabeta", algos.FullDepth)
	dot, err := TreeDOT(rec, TreeOptions{Budget: 60, Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r, err := NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	svg, err := r.SVG(ctx, dot)
	if err != nil {
		t.Fatal(err)
	}
	got := svgNodes(t, svg)
	if n := got[kindVisited] + got[kindPruned]; n > 60 || got[kindStub] == 0 {
		t.Errorf("Budget 60: SVG nodes %v", got)
	}
}

func TestRendererErrors(t *testing.T) {
	ctx := context.Background()
	r, err := NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.SVG(ctx, "digraph { a -> "); err == nil {
		t.Error("malformed DOT: no error")
	}
	if _, err := r.SVG(ctx, "digraph { a -> b }"); err != nil {
		t.Errorf("good DOT after a malformed one: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := r.SVG(ctx, "digraph { a }"); err == nil {
		t.Error("closed Renderer: no error")
	}
}

// TestNewRendererTime logs what starting Graphviz costs in this process
// (cold in a fresh process: run it alone with -count 1 -v).
func TestNewRendererTime(t *testing.T) {
	start := time.Now()
	r, err := NewRenderer(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("NewRenderer: %v", time.Since(start))
	r.Close()
}

// BenchmarkRenderSVG1000: TreeDOT and SVG of a traced search of about a
// thousand nodes (uniform b=3, d=6 minimax: 1,093 nodes), on one warm
// Renderer. The target is 0.5 s per picture.
func BenchmarkRenderSVG1000(b *testing.B) {
	root, err := random.Uniform{B: 3, D: 6, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	rec := tracedRoot(b, root, "minimax", algos.FullDepth)
	ctx := context.Background()
	r, err := NewRenderer(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.ResetTimer()
	for b.Loop() {
		dot, err := TreeDOT(rec, TreeOptions{Step: -1})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.SVG(ctx, dot); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTreeDOT1000 is TreeDOT alone on BenchmarkRenderSVG1000's search.
func BenchmarkTreeDOT1000(b *testing.B) {
	root, err := random.Uniform{B: 3, D: 6, Seed: 1}.Root()
	if err != nil {
		b.Fatal(err)
	}
	rec := tracedRoot(b, root, "minimax", algos.FullDepth)
	for b.Loop() {
		if _, err := TreeDOT(rec, TreeOptions{Step: -1}); err != nil {
			b.Fatal(err)
		}
	}
}
