//go:build unix

package site

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/c4play"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// c4Position is the first position of testdata/connect4/begin-easy.txt
// (Pons' score −13: the side to move loses).
const c4Position = "1232134743334"

// c4Game is the position a whole game starts from, the reader to move:
// testdata/connect4/begin-easy.txt's fifth (Pons' score 16).
const c4Game = "3376272241"

// TestConnect4InBrowser opens the Connect Four page in headless Chromium
// (testdata/browser/connect4.spec.mjs) from file:// and from a static server
// on 127.0.0.1: the scores it shows for c4Position equal internal/c4play's,
// computed here natively, in as many nodes, and a game from c4Game against
// the solver plays to the solver's win. The page is the one in $CUTOFF_SITE_DIR when set (CI's
// whole site), or Connect4Files' build with style.css in a temporary
// directory. Needs what browsertest.Require checks; screenshots are left in
// $CUTOFF_BROWSER_OUT or the test's temporary directory.
func TestConnect4InBrowser(t *testing.T) {
	tools := browsertest.Require(t)
	dir := os.Getenv("CUTOFF_SITE_DIR")
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		dir = filepath.Join(t.TempDir(), "site")
		begin := time.Now()
		files, st, err := Connect4Files(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("built in %v: wasm %d bytes, %d gzipped, connect4-wasm.js %d bytes", time.Since(begin).Round(time.Second),
			st.WasmBytes, st.GzipBytes, len(files["play/connect4-wasm.js"]))
		files["style.css"] = styleCSS
		for name, b := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	} else if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "connect4.html")); err != nil {
		t.Fatalf("no Connect Four page: %v", err)
	}

	p, err := c4play.New()
	if err != nil {
		t.Fatal(err)
	}
	pos, err := connect4.ParsePosition(c4Position)
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	scores, nodes, err := p.Scores(pos)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("natively: the scores of %s in %d nodes, %v", c4Position, nodes, time.Since(begin))
	if q, err := c4play.New(); err == nil {
		game, _ := connect4.ParsePosition(c4Game)
		begin = time.Now()
		_, n, err := q.Scores(game)
		t.Logf("natively: the scores of %s in %d nodes, %v (%v)", c4Game, n, time.Since(begin), err)
	}

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 7*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "connect4.spec.mjs", map[string]any{"dir": dir, "origin": srv.URL, "position": c4Position, "scores": scores, "nodes": nodes, "game": c4Game})
	for _, name := range []string{"connect4-start.png", "connect4-scores.png", "connect4-end.png", "connect4-thinking.png"} {
		browsertest.Screenshot(t, filepath.Join(tools.Out, name))
	}
}
