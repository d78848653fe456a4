package render_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// frameRecording records a search of the named fixture by alpha-beta.
func frameRecording(t testing.TB, fixture string) *algos.Recorder[gametree.Node] {
	t.Helper()
	fx, ok := gametree.FixtureByName(fixture)
	if !ok {
		t.Fatalf("no fixture %q", fixture)
	}
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.AlphaBeta(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	return rec
}

// frameRenderer is one Renderer shared by this file's tests: starting
// Graphviz is the expensive part.
var frameRenderer = sync.OnceValues(func() (*render.Renderer, error) {
	return render.NewRenderer(context.Background())
})

func aimaFrames(t testing.TB, per render.FrameEvery) (*algos.Recorder[gametree.Node], []render.Frame) {
	t.Helper()
	r, err := frameRenderer()
	if err != nil {
		t.Fatal(err)
	}
	rec := frameRecording(t, "aima-fig5.2")
	frames, err := render.Frames(context.Background(), r, rec, render.TreeOptions{Windows: true}, per)
	if err != nil {
		t.Fatal(err)
	}
	return rec, frames
}

func TestEventLinesAIMA(t *testing.T) {
	rec := frameRecording(t, "aima-fig5.2")
	got := render.EventLines(rec)
	if len(got) != rec.Len() {
		t.Fatalf("EventLines gave %d lines for %d events", len(got), rec.Len())
	}
	// Alpha-beta on AIMA Fig. 5.2: c1 = 2 cuts C off; c2, c3 are pruned.
	want := []string{
		"enter A [−∞, +∞]",
		"enter B [−∞, +∞]",
		"enter b1 [−∞, +∞]",
		"leaf b1 = 3",
		"exit b1 = 3",
		"enter b2 [−∞, 3]",
		"leaf b2 = 12",
		"exit b2 = 12",
		"enter b3 [−∞, 3]",
		"leaf b3 = 8",
		"exit b3 = 8",
		"exit B = 3",
		"enter C [3, +∞]",
		"enter c1 [3, +∞]",
		"leaf c1 = 2",
		"exit c1 = 2",
		"cutoff at C: shallow, by c1 (2 skipped)",
		"exit C ≤3 (failed low)",
	}
	for i, w := range want {
		if i >= len(got) || got[i] != w {
			t.Fatalf("event %d: got %q, want %q\nall:\n%s", i, lineAt(got, i), w, strings.Join(got, "\n"))
		}
	}
	if last := got[len(got)-1]; last != "exit A = 3" {
		t.Errorf("last event %q, want %q", last, "exit A = 3")
	}
}

func lineAt(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<none>"
}

func TestEventLinesUnnamedPositions(t *testing.T) {
	// Random uniform trees have no labels: names are paths of moves.
	root, err := random.Uniform{B: 2, D: 2, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := algos.NewRecorder[random.UniformNode]()
	if _, err := algos.Minimax(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	lines := render.EventLines(rec)
	if !strings.HasPrefix(lines[0], "enter ") || !strings.Contains(strings.Join(lines, "\n"), "exit ") {
		t.Errorf("unexpected lines:\n%s", strings.Join(lines, "\n"))
	}
	for _, l := range lines {
		if strings.Contains(l, "\n") || l == "" {
			t.Errorf("line %q is not one non-empty line", l)
		}
	}
}

func TestFramesCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		per  render.FrameEvery
	}{
		{"every event", render.EveryEvent},
		{"every node", render.EveryNode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, frames := aimaFrames(t, tc.per)
			var want []int // steps
			k := 0
			for e := range rec.All() {
				k++
				if tc.per == render.EveryEvent || e.Kind == algos.Enter {
					want = append(want, k)
				}
			}
			if tc.per == render.EveryNode {
				visited := 0
				for range algos.Preorder(rec.Root()) {
					visited++
				}
				if len(want) != visited {
					t.Fatalf("enter events %d != visited nodes %d", len(want), visited)
				}
				if visited != 11 { // A, B, C, D and the 7 leaves alpha-beta evaluates
					t.Fatalf("visited %d nodes, want 11", visited)
				}
			}
			if len(frames) != len(want) {
				t.Fatalf("%d frames, want %d", len(frames), len(want))
			}
			lines := render.EventLines(rec)
			for i, f := range frames {
				if f.Step != want[i] {
					t.Errorf("frame %d: step %d, want %d", i, f.Step, want[i])
				}
				if f.Event != lines[f.Step-1] {
					t.Errorf("frame %d: event %q, want %q", i, f.Event, lines[f.Step-1])
				}
				if !strings.Contains(string(f.SVG), "<svg") {
					t.Errorf("frame %d: not SVG: %.80q", i, f.SVG)
				}
			}
			if tc.per == render.EveryNode {
				for i, f := range frames {
					if !strings.HasPrefix(f.Event, "enter ") {
						t.Errorf("frame %d: %q is not an enter event", i, f.Event)
					}
				}
			}
			// The last frame of every-event shows the whole search.
			if tc.per == render.EveryEvent {
				r, _ := frameRenderer()
				dot, err := render.TreeDOT(rec, render.TreeOptions{Windows: true, Step: -1})
				if err != nil {
					t.Fatal(err)
				}
				whole, err := r.SVG(context.Background(), dot)
				if err != nil {
					t.Fatal(err)
				}
				// The frames have the layout of the whole search (nodes of a fixed
				// size): the same nodes, edges, classes and texts as its picture.
				if got, want := svgMarks(frames[len(frames)-1].SVG), svgMarks(whole); got != want {
					t.Errorf("last frame differs from the whole search's picture:\n%s\nwant\n%s", got, want)
				}
				if string(frames[0].SVG) == string(whole) {
					t.Errorf("first frame already shows the whole search")
				}
			}
		})
	}
}

func TestFramesLimit(t *testing.T) {
	// A tree with more than MaxFrames events: 3^7 leaves under minimax.
	root, err := random.Uniform{B: 3, D: 7, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := algos.NewRecorder[random.UniformNode]()
	if _, err := algos.Minimax(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	_, err = render.Frames(context.Background(), nil, rec, render.TreeOptions{}, render.EveryNode)
	if err == nil || !strings.Contains(err.Error(), "MaxFrames = 2000") {
		t.Fatalf("got error %v, want one naming MaxFrames = 2000", err)
	}
}

func TestFramesBadArguments(t *testing.T) {
	rec := frameRecording(t, "aima-fig5.2")
	if _, err := render.Frames(context.Background(), nil, rec, render.TreeOptions{}, render.FrameEvery(7)); err == nil {
		t.Error("no error for an unknown FrameEvery")
	}
	if _, err := render.Frames[gametree.Node](context.Background(), nil, nil, render.TreeOptions{}, render.EveryEvent); err == nil {
		t.Error("no error for a nil recorder")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := frameRenderer()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := render.Frames(ctx, r, rec, render.TreeOptions{}, render.EveryEvent); err == nil {
		t.Error("no error for a cancelled context")
	}
}

func TestWriteFrames(t *testing.T) {
	_, frames := aimaFrames(t, render.EveryNode)
	dir := filepath.Join(t.TempDir(), "frames")
	if err := render.WriteFrames(dir, frames); err != nil {
		t.Fatal(err)
	}
	svgs, err := filepath.Glob(filepath.Join(dir, "frame-*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if len(svgs) != len(frames) {
		t.Fatalf("%d SVG files, want %d", len(svgs), len(frames))
	}
	for i, f := range frames {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("frame-%04d.svg", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != string(f.SVG) {
			t.Errorf("frame %d: file differs from the frame", i+1)
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(index), "\n"), "\n")
	if len(lines) != len(frames) {
		t.Fatalf("index.txt has %d lines, want %d", len(lines), len(frames))
	}
	if want := "frame-0001.svg\t1\tenter A [−∞, +∞]"; lines[0] != want {
		t.Errorf("index line 1: %q, want %q", lines[0], want)
	}
}

// TestEventLinesPasses: MTD(f)'s passes and table hits say "full depth",
// never 2³¹−1, and a cutoff at the root has no kind (no bound comes from
// above it).
func TestEventLinesPasses(t *testing.T) {
	fx, _ := gametree.FixtureByName("aima-fig5.2")
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.MTDF(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec, TT: algos.NewMapTT()}); err != nil {
		t.Fatal(err)
	}
	lines := render.EventLines(rec)
	all := strings.Join(lines, "\n")
	if strings.Contains(all, "214748364") {
		t.Errorf("the event lines print algos.FullDepth:\n%s", all)
	}
	if !strings.Contains(all, "pass 1: full depth, guess ") || !strings.Contains(all, ", full depth") {
		t.Errorf("the event lines lack \"pass: full depth\":\n%s", all)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "cutoff at A:") {
			t.Errorf("a cutoff at the root has a kind: %s", l)
		}
	}
	if !strings.Contains(all, "cutoff at A, by ") {
		t.Errorf("MTD(f) on Fig. 5.2 has no cutoff at the root:\n%s", all)
	}
}

// svgMarks lists an SVG's class attributes and texts, one a line.
func svgMarks(svg []byte) string {
	var out []string
	for _, m := range regexp.MustCompile(`class="[^"]*"|>[^<>]+</text>`).FindAll(svg, -1) {
		out = append(out, string(m))
	}
	return strings.Join(out, "\n")
}

// TestFramesBudgetStub: with a Budget, the stubs "+N" of a step-through
// show what was searched under them up to each frame's step, never the
// whole search's count early: the "k searched" of each stub in each frame
// equals the nodes entered below it in the events up to that step.
func TestFramesBudgetStub(t *testing.T) {
	r, err := frameRenderer()
	if err != nil {
		t.Fatal(err)
	}
	root, err := random.Uniform{B: 3, D: 3, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := algos.NewRecorder[random.UniformNode]()
	if _, err := algos.AlphaBeta(root, algos.FullDepth, &algos.Options[random.UniformNode]{Trace: rec}); err != nil {
		t.Fatal(err)
	}
	// Budget 4: the root and its three children; each child's subtree is a
	// stub, "n<child's visit>_more".
	frames, err := render.Frames(context.Background(), r, rec, render.TreeOptions{Budget: 4}, render.EveryEvent)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != rec.Len() {
		t.Fatalf("%d frames for %d events", len(frames), rec.Len())
	}
	stubRe := regexp.MustCompile(`(?s)<g id="[^"]*" class="node (stub[^"]*)">\s*<title>n(\d+)_more</title>(.*?)</g>`)
	searchedRe := regexp.MustCompile(`>(\d+) searched<`)
	stubs := func(svg []byte) (map[string]int, map[string]string) {
		got, class := map[string]int{}, map[string]string{}
		for _, m := range stubRe.FindAllStringSubmatch(string(svg), -1) {
			got[m[2]] = 0
			class[m[2]] = m[1]
			if s := searchedRe.FindStringSubmatch(m[3]); s != nil {
				var k int
				fmt.Sscan(s[1], &k)
				got[m[2]] = k
			}
		}
		return got, class
	}
	// The counts from the events: nodes entered at ply ≥ 2, by the visit
	// number of their ancestor at ply 1 (visits count the Enter events).
	want := map[string]int{}
	visit, under := -1, ""
	step := 0
	early := false
	final, _ := stubs(frames[len(frames)-1].SVG)
	if len(final) != 3 {
		t.Fatalf("the last frame has %d stubs, want 3: %v", len(final), final)
	}
	for e := range rec.All() {
		step++
		if e.Kind == algos.Enter {
			visit++
			switch {
			case e.Ply == 1:
				under = fmt.Sprint(visit)
				want[under] += 0
			case e.Ply >= 2:
				want[under]++
			}
		}
		got, class := stubs(frames[step-1].SVG)
		if len(got) != 3 {
			t.Fatalf("step %d: %d stubs, want 3", step, len(got))
		}
		for id, k := range got {
			if k != want[id] {
				t.Errorf("step %d (%s): the stub under n%s says %d searched, the events %d", step, frames[step-1].Event, id, k, want[id])
			}
			if k > 0 && k < final[id] {
				early = true
			}
			if wantClass := map[bool]string{true: "stub searched", false: "stub pending"}[k > 0]; class[id] != wantClass {
				t.Errorf("step %d: the stub under n%s has class %q, want %q", step, id, class[id], wantClass)
			}
		}
	}
	if !early {
		t.Error("no frame shows a stub part-way, below its final count")
	}
}
