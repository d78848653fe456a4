//go:build unix

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/internal/site"
)

// TestSiteInBrowser opens a site cutoff site wrote in real headless
// Chromium (testdata/browser/site.spec.mjs, with playwright-core), from its
// file:// URL and from a static server on 127.0.0.1 (httptest): every page
// loads without errors, pictures are drawn, internal links resolve, a
// player steps and quizzes grade right and wrong answers.
//
// The site is $CUTOFF_SITE_DIR when set (CI builds the whole site once and
// hands it over; a relative path is taken from the repository's root, e.g.
// CUTOFF_SITE_DIR=.tmp/site); otherwise the test builds one from 00-welcome and
// 02-alphabeta, which needs the venv with Jupyter and GoNB. Like
// TestPlayerInBrowser it needs node, /usr/bin/chromium and
// `npm ci --prefix testdata/browser`; without them (or the venv) it is
// skipped, unless CUTOFF_BROWSER_TESTS=1, which makes their absence a
// failure. It is skipped under -short unless that is set. Screenshots of the
// index and of a notebook's page are left in $CUTOFF_BROWSER_OUT, or the
// test's temporary directory.
func TestSiteInBrowser(t *testing.T) {
	tools := browsertest.Require(t)

	tmp := t.TempDir()
	dir := os.Getenv("CUTOFF_SITE_DIR")
	if dir == "" {
		dir = filepath.Join(tmp, "site")
		if _, err := site.Prepare(dir, "", "00-welcome,02-alphabeta", site.NotebookTimeout); err != nil {
			browsertest.Missing(t, "cannot build a site: "+err.Error())
		}
		begin := time.Now()
		code, stdout, stderr := cli(t, "", "site", "-o", dir, "-only", "00-welcome,02-alphabeta")
		if code != 0 {
			t.Fatalf("cutoff site: exit %d\n%s", code, stderr)
		}
		t.Logf("built the site in %v: %s", time.Since(begin).Round(time.Second), stdout)
	} else if !filepath.IsAbs(dir) {
		// go test runs in cmd/cutoff: a relative path is the repository's.
		root, err := modroot.Find(".")
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(root, dir)
	}
	if _, err := os.Stat(filepath.Join(dir, site.Marker)); err != nil {
		t.Fatalf("CUTOFF_SITE_DIR=%s is not a site cutoff site wrote: %v", dir, err)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 6*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "site.spec.mjs", map[string]any{"dir": dir, "origin": srv.URL})
	for _, name := range []string{"site-index.png", "site-page.png"} {
		browsertest.Screenshot(t, filepath.Join(tools.Out, name))
	}
}
