package render_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/render"
)

// TestPlayerInBrowser opens the player of alpha-beta on AIMA Fig. 5.2 in real
// headless Chromium (testdata/browser/player.spec.mjs, with playwright-core):
// it clicks, presses keys, moves the slider, counts the tree's nodes and takes
// a screenshot. It needs node, /usr/bin/chromium and
// `npm ci --prefix testdata/browser`; without them it is skipped, unless
// CUTOFF_BROWSER_TESTS=1 (as in CI), which makes their absence a failure.
// It is skipped under -short, and bounded by 2 minutes (or
// $CUTOFF_BROWSER_TIMEOUT), after which node and Chromium are killed. The
// screenshot is left in the test's temporary
// directory, or in $CUTOFF_BROWSER_OUT when that is set.
func TestPlayerInBrowser(t *testing.T) {
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
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "browser"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core")); err != nil {
		missing("testdata/browser/node_modules/playwright-core is missing (npm ci --prefix testdata/browser)")
	}

	_, frames := aimaFrames(t, render.EveryEvent)
	tmp := t.TempDir()
	out := os.Getenv("CUTOFF_BROWSER_OUT")
	if out == "" {
		out = filepath.Join(tmp, "out")
	}
	pagePath := filepath.Join(tmp, "player.html")
	var b bytes.Buffer
	if err := render.Player(&b, frames, "AIMA Fig. 5.2: alpha-beta, step by step"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pagePath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>two players</title></head><body>\n")
	for range 2 {
		if err := render.PlayerFragment(&b, frames, "AIMA Fig. 5.2"); err != nil {
			t.Fatal(err)
		}
	}
	b.WriteString("</body></html>\n")
	twoPath := filepath.Join(tmp, "two.html")
	if err := os.WriteFile(twoPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	expect := map[string]any{
		"page": pagePath, "two": twoPath, "out": out,
		"frames":     len(frames),
		"firstEvent": frames[0].Event, "lastEvent": frames[len(frames)-1].Event,
		"firstNodes": svgNodeCount(t, frames[0].SVG), "lastNodes": svgNodeCount(t, frames[len(frames)-1].SVG),
	}
	js, err := json.Marshal(expect)
	if err != nil {
		t.Fatal(err)
	}
	expectPath := filepath.Join(tmp, "expect.json")
	if err := os.WriteFile(expectPath, js, 0o644); err != nil {
		t.Fatal(err)
	}

	timeout := 2 * time.Minute
	if s := os.Getenv("CUTOFF_BROWSER_TIMEOUT"); s != "" { // e.g. "1s", to try the kill path
		if timeout, err = time.ParseDuration(s); err != nil {
			t.Fatalf("CUTOFF_BROWSER_TIMEOUT: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "player.spec.mjs"), expectPath)
	cmd.Env = append(os.Environ(), "CUTOFF_CHROMIUM="+chromium)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	profile := filepath.Join(out, "chromium-profile")
	cmd.Cancel = func() error {
		// playwright starts Chromium in a process group of its own: kill
		// that too, found by our fresh profile directory, then node's.
		killProfileGroups(profile)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 10 * time.Second
	output, err := cmd.CombinedOutput()
	t.Logf("node player.spec.mjs:\n%s", output)
	if ctx.Err() != nil {
		t.Fatalf("browser test timed out: %v", ctx.Err())
	}
	if err != nil {
		t.Fatalf("browser test failed: %v", err)
	}
	killProfileGroups(profile) // nothing should be left; make sure

	shot := filepath.Join(out, "player.png")
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", shot, err)
	}
	if r := img.Bounds(); r.Dx() < 100 || r.Dy() < 100 {
		t.Errorf("screenshot %s is only %v", shot, r)
	}
	t.Logf("screenshot: %s (%v)", shot, img.Bounds().Size())
}

// svgNodeCount counts the <g> elements of class "node" in svg: the drawn
// tree nodes, as the browser's selector "svg g.node" does.
func svgNodeCount(t *testing.T, svg []byte) int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	n := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("frame SVG: %v", err)
		}
		if e, ok := tok.(xml.StartElement); ok && e.Name.Local == "g" {
			for _, a := range e.Attr {
				if a.Name.Local == "class" && slices.Contains(strings.Fields(a.Value), "node") {
					n++
				}
			}
		}
	}
	return n
}

// killProfileGroups kills the process groups of the processes whose command
// line names the Chromium profile directory profile, which this test made
// fresh: only the Chromium it started.
func killProfileGroups(profile string) {
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
