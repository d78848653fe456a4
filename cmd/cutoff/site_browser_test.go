//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
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
	required := os.Getenv("CUTOFF_BROWSER_TESTS") == "1"
	if testing.Short() && !required {
		t.Skip("browser test skipped under -short")
	}
	missing := func(what string) {
		t.Helper()
		if required {
			t.Fatalf("CUTOFF_BROWSER_TESTS=1 but %s (run .ci/test's install section)", what)
		}
		t.Skipf("%s; set CUTOFF_BROWSER_TESTS=1 to make this a failure", what)
	}
	chromium := os.Getenv("CUTOFF_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing(chromium + " is missing (Debian package chromium)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	browserDir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "browser"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(browserDir, "node_modules", "playwright-core")); err != nil {
		missing("testdata/browser/node_modules/playwright-core is missing (npm ci --prefix testdata/browser)")
	}

	tmp := t.TempDir()
	dir := os.Getenv("CUTOFF_SITE_DIR")
	if dir == "" {
		dir = filepath.Join(tmp, "site")
		if _, err := prepareSite(dir, "", "00-welcome,02-alphabeta", siteNotebookTimeout); err != nil {
			missing("cannot build a site: " + err.Error())
		}
		begin := time.Now()
		code, stdout, stderr := cli(t, "", "site", "-o", dir, "-only", "00-welcome,02-alphabeta")
		if code != 0 {
			t.Fatalf("cutoff site: exit %d\n%s", code, stderr)
		}
		t.Logf("built the site in %v: %s", time.Since(begin).Round(time.Second), stdout)
	} else if !filepath.IsAbs(dir) {
		// go test runs in cmd/cutoff: a relative path is the repository's.
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(repoRoot(wd), dir)
	}
	if _, err := os.Stat(filepath.Join(dir, siteMarker)); err != nil {
		t.Fatalf("CUTOFF_SITE_DIR=%s is not a site cutoff site wrote: %v", dir, err)
	}
	if dir, err = filepath.Abs(dir); err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	out := os.Getenv("CUTOFF_BROWSER_OUT")
	if out == "" {
		out = filepath.Join(tmp, "out")
	}
	js, err := json.Marshal(map[string]string{"dir": dir, "origin": srv.URL, "out": out})
	if err != nil {
		t.Fatal(err)
	}
	expectPath := filepath.Join(tmp, "expect.json")
	if err := os.WriteFile(expectPath, js, 0o644); err != nil {
		t.Fatal(err)
	}

	timeout := 6 * time.Minute
	if s := os.Getenv("CUTOFF_BROWSER_TIMEOUT"); s != "" {
		if timeout, err = time.ParseDuration(s); err != nil {
			t.Fatalf("CUTOFF_BROWSER_TIMEOUT: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(browserDir, "site.spec.mjs"), expectPath)
	cmd.Env = append(os.Environ(), "CUTOFF_CHROMIUM="+chromium)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	profile := filepath.Join(out, "chromium-profile")
	cmd.Cancel = func() error {
		// playwright starts Chromium in a process group of its own: kill
		// that too, found by our fresh profile directory, then node's.
		killChromiumProfile(profile)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 10 * time.Second
	output, err := cmd.CombinedOutput()
	t.Logf("node site.spec.mjs:\n%s", output)
	if ctx.Err() != nil {
		t.Fatalf("browser test timed out: %v", ctx.Err())
	}
	if err != nil {
		t.Fatalf("browser test failed: %v", err)
	}
	killChromiumProfile(profile)

	for _, name := range []string{"site-index.png", "site-page.png"} {
		shot := filepath.Join(out, name)
		f, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("screenshot %s: %v", shot, err)
		}
		if r := img.Bounds(); r.Dx() < 100 || r.Dy() < 100 {
			t.Errorf("screenshot %s is only %v", shot, r)
		}
		t.Logf("screenshot: %s (%v)", shot, img.Bounds().Size())
	}
}

// killChromiumProfile kills the process groups of the processes whose
// command line names the Chromium profile directory profile, which the test
// made fresh: only the Chromium it started (as pkg/render's browser test).
func killChromiumProfile(profile string) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.Contains(cmdline, []byte("--user-data-dir="+profile)) {
			continue
		}
		if pgid, err := syscall.Getpgid(pid); err == nil && pgid > 1 && pgid != syscall.Getpgrp() {
			syscall.Kill(-pgid, syscall.SIGKILL)
		} else {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
