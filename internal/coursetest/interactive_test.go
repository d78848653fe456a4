package coursetest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// interactive is the notebook with GoNB widgets: it needs a live front end,
// so TestExecute leaves it out and TestInteractiveInBrowser runs it.
const interactive = "interactive.ipynb"

// TestInteractiveInBrowser runs interactive.ipynb as a learner does: the
// venv's JupyterLab on 127.0.0.1 with the GoNB kernel (startJupyterLab), the
// notebook opened in headless Chromium (testdata/browser/notebook.spec.mjs,
// with playwright-core), every cell run from the Run menu, then the widgets
// used — slider, ◀ ▶, the tree and algorithm menus, Stop — while the test
// checks each caption and picture against the same searches run here.
//
// The notebook runs from a copy in a temporary directory (courseCopy), so
// the committed file is never written; JupyterLab's autosave is off, so the
// copy is not written either. It needs JupyterLab in the course's venv, the
// GoNB kernel, node, playwright-core and /usr/bin/chromium; without them it
// is skipped, unless CUTOFF_BROWSER_TESTS=1 (as in CI). It is skipped under
// -short and bounded by 10 minutes, after which the server, the kernel and
// Chromium are killed.
func TestInteractiveInBrowser(t *testing.T) {
	b := needBrowser(t)
	expect := interactiveExpectations(t)
	src, err := os.ReadFile(interactive)
	if err != nil {
		t.Fatal(err)
	}
	nbDir := courseCopy(t, map[string][]byte{interactive: src})

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	begin := time.Now()
	lab := startJupyterLab(t, ctx, b, nbDir)
	t.Logf("JupyterLab answered after %v", time.Since(begin).Round(100*time.Millisecond))
	expect["url"] = lab.url(interactive)
	b.Run(t, ctx, "notebook.spec.mjs", expect)
	if got, err := os.ReadFile(interactive); err != nil || !bytes.Equal(got, src) {
		t.Errorf("the committed %s changed during the test", interactive)
	}
	if got, err := os.ReadFile(filepath.Join(nbDir, interactive)); err != nil || !bytes.Equal(got, src) {
		t.Errorf("JupyterLab saved the notebook during the test (autosave should be off)")
	}
}

// interactiveExpectations runs the searches the notebook shows and returns
// what notebook.spec.mjs must find: the player's frame count, and the
// captions and node counts of the widget's steps.
func interactiveExpectations(t *testing.T) map[string]any {
	t.Helper()
	ctx := context.Background()
	r, err := render.NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// events records the search of a fixture or tree literal, as the notebook does.
	events := func(tree, name string) (*algos.Recorder[gametree.Node], []string) {
		if f, ok := gametree.FixtureByName(tree); ok {
			tree = f.Literal
		}
		parsed, err := gametree.Parse(tree)
		if err != nil {
			t.Fatal(err)
		}
		search, err := algos.ByName[gametree.Node](name)
		if err != nil {
			t.Fatal(err)
		}
		rec := algos.NewRecorder[gametree.Node]()
		if _, err := search(parsed.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
			t.Fatal(err)
		}
		return rec, render.EventLines(rec)
	}
	rec, first := events("aima-fig5.2", "alphabeta")
	dot, err := render.TreeDOT(rec, render.TreeOptions{Windows: true, Step: len(first)})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := r.SVG(ctx, dot)
	if err != nil {
		t.Fatal(err)
	}
	// The notebook's last tree, where PVS re-searches (pkg/render's pvsResearch).
	const research = "A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))"
	_, tree := events(research, "alphabeta")
	_, second := events(research, "pvs")
	step := 0
	for i, e := range second {
		if strings.HasPrefix(e, "re-search") {
			step = i + 1
			break
		}
	}
	if step == 0 {
		t.Fatalf("pvs does not re-search on %s", research)
	}
	return map[string]any{
		"playerFrames": len(first), // the player draws one frame per event
		"first": map[string]any{
			"algorithm": "alphabeta", "steps": len(first),
			"firstEvent": first[0], "lastEvent": first[len(first)-1], "beforeLastEvent": first[len(first)-2],
			"lastNodes": len(svgNode.FindAll(svg, -1)),
		},
		"second": map[string]any{
			"tree": research, "treeSteps": len(tree),
			"algorithm": "pvs", "steps": len(second), "events": second, "researchStep": step,
		},
	}
}

// svgNode finds the drawn tree nodes of a Graphviz SVG, <g class="node …">,
// as the browser's selector "svg g.node" does.
var svgNode = regexp.MustCompile(`<g [^>]*class="node[ "]`)
