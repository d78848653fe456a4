package render_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
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
	tools := browsertest.Require(t)

	_, frames := aimaFrames(t, render.EveryEvent)
	tmp := t.TempDir()
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
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 2*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "player.spec.mjs", map[string]any{
		"page": pagePath, "two": twoPath,
		"frames":     len(frames),
		"firstEvent": frames[0].Event, "lastEvent": frames[len(frames)-1].Event,
		"firstNodes": svgNodeCount(t, frames[0].SVG), "lastNodes": svgNodeCount(t, frames[len(frames)-1].SVG),
	})
	browsertest.Screenshot(t, filepath.Join(tools.Out, "player.png"))
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
