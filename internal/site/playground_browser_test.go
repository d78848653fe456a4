//go:build unix

package site

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/internal/playground"
	"github.com/cutoff-go/cutoff/pkg/algos"
)

// TestPlaygroundInBrowser opens the tree playground in headless Chromium
// (testdata/browser/playground.spec.mjs) from file:// and from a static
// server: every algorithm on a typed tree gives the value and the steps
// package playground gives natively, stepped to the end and back; a shared
// link reopens the same state; a "predict first" link hides the result
// until the last step; a bad literal shows the command line's error. The page is the one in $CUTOFF_SITE_DIR when set (CI's whole
// site), or PlaygroundFiles' build with style.css in a temporary directory.
// It also checks that play/graphviz/index.js is npm's @hpcc-js/wasm-graphviz
// byte for byte (testdata/browser's lockfile pins it).
func TestPlaygroundInBrowser(t *testing.T) {
	tools := browsertest.Require(t)
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	npmCopy, err := os.ReadFile(filepath.Join(tools.Dir, "node_modules", "@hpcc-js", "wasm-graphviz", "dist", "index.js"))
	if err != nil {
		browsertest.Missing(t, "@hpcc-js/wasm-graphviz is not installed in testdata/browser (npm ci --prefix testdata/browser)")
	}
	if !bytes.Equal(npmCopy, []byte(graphvizModule)) {
		t.Errorf("internal/site/play/graphviz/index.js differs from npm's @hpcc-js/wasm-graphviz (testdata/browser/package-lock.json)")
	}
	dir := playPage(t, root, "tree.html", PlaygroundFiles, "play/tree-wasm.js", "play/graphviz.js")

	const tree = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
	type want struct {
		Alg   string `json:"alg"`
		Value int    `json:"value"`
		Steps int    `json:"steps"`
		First string `json:"first"`
		Last  string `json:"last"`
		Back2 string `json:"back2"` // the event two steps before the last
	}
	var searches []want
	for _, alg := range algos.Names() {
		var s playground.Session
		r := s.Search(playground.Request{Tree: tree, Alg: alg})
		if r.Error != "" || len(r.Steps) == 0 {
			t.Fatalf("%s natively: %q, %d steps", alg, r.Error, len(r.Steps))
		}
		searches = append(searches, want{alg, r.Search.Value, len(r.Steps), r.Steps[0].Event, r.Steps[len(r.Steps)-1].Event, r.Steps[len(r.Steps)-3].Event})
	}
	var s playground.Session
	bad := `{"tree":"(1 (2","alg":"alphabeta"}`
	var badRes struct{ Error string }
	json.Unmarshal([]byte(s.Handle(bad)), &badRes)

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 6*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "playground.spec.mjs", map[string]any{"dir": dir, "origin": srv.URL, "tree": tree, "searches": searches,
		"bad": "(1 (2", "badError": badRes.Error})
	for _, name := range []string{"tree-start.png", "tree-step.png", "tree-hidden.png", "tree-error.png"} {
		browsertest.Screenshot(t, filepath.Join(tools.Out, name))
	}
}
