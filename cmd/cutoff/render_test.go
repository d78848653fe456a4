package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgNodeKinds counts the node groups of an SVG by the class word after
// "node" (visited, pruned, pending, stub), failing if it is not XML.
func svgNodeKinds(t *testing.T, svg []byte) map[string]int {
	t.Helper()
	kinds := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return kinds
		}
		if err != nil {
			t.Fatalf("the SVG does not parse as XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
			for _, a := range se.Attr {
				if f := strings.Fields(a.Value); a.Name.Local == "class" && len(f) >= 2 && f[0] == "node" {
					kinds[f[1]]++
				}
			}
		}
	}
}

func TestRenderAIMA(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fig.svg")
	code, stdout, stderr := cli(t, "", "render", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2",
		"-windows", "-order", "-types", "-title", "AIMA Fig. 5.2", "-o", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// Alpha-beta enters A, B, b1–b3, C, c1, D, d1–d3 and prunes c2, c3.
	if got := svgNodeKinds(t, svg); got["visited"] != 11 || got["pruned"] != 2 || len(got) != 2 {
		t.Errorf("SVG node kinds %v, want 11 visited and 2 pruned", got)
	}
	for _, want := range []string{"✂ shallow", "AIMA Fig. 5.2", "[−∞, +∞]"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
}

func TestRenderDOTStdout(t *testing.T) {
	code, stdout, stderr := cli(t, "", "render", "-alg", "mtdf", "-tree", "fixture:aima-fig5.2", "-pass", "2", "-dot", "-o", "-")
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "digraph search {") || strings.Contains(stdout, "cluster") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = cli(t, "(3 (1 4) 5)", "render", "-alg", "alphabeta", "-random", "b=8,d=4,seed=1", "-budget", "40", "-dot", "-o", "-")
	if code != 0 || !strings.Contains(stdout, `class="stub"`) {
		t.Fatalf("-budget 40: exit %d, no stub in:\n%s", code, stdout)
	}
	code, stdout, _ = cli(t, "(3 (1 4) 5)", "render", "-alg", "alphabeta", "-tree", "@-", "-dot", "-o", "-")
	if code != 0 || !strings.Contains(stdout, "n0 [") {
		t.Fatalf("-tree @-: exit %d:\n%s", code, stdout)
	}
}

func TestRenderBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.svg")
	tests := [][]string{
		{"render"},
		{"render", "-alg", "alphabeta", "-o", out},
		{"render", "-alg", "nope", "-tree", "(1 2)", "-o", out},
		{"render", "-alg", "alphabeta", "-tree", "(1 2", "-o", out},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)"},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)", "-budget", "-1", "-o", out},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)", "-pass", "2", "-o", out},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)", "-json", "-o", out},
		{"render", "-alg", "alphabeta", "-random", "b=0,d=3", "-o", out},
		{"render", "-alg", "alphabeta", "-game", "chess", "-o", out},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)", "-o", filepath.Join(dir, "no", "such", "dir.svg")},
		{"render", "-alg", "alphabeta", "-tree", "(1 2)", "-nosuchflag", "-o", out},
	}
	for _, args := range tests {
		code, stdout, stderr := cli(t, "", args...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "cutoff: ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line", args, code, stdout, stderr)
		}
	}
	code, _, stderr := cli(t, "", "render", "-alg", "minimax", "-random", "b=10,d=6", "-o", out)
	if code != exitBudget || !strings.Contains(stderr, "-max-nodes") {
		t.Errorf("huge search: exit %d, stderr %q; want exit 1 naming -max-nodes", code, stderr)
	}
}

// TestRenderFramesAndPlayer: -frames writes one SVG per event plus an index,
// and -html writes one self-contained player holding the same frames.
func TestRenderFramesAndPlayer(t *testing.T) {
	dir := t.TempDir()
	frames, html := filepath.Join(dir, "frames"), filepath.Join(dir, "player.html")
	code, stdout, stderr := cli(t, "", "render", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2",
		"-frames", frames, "-html", html, "-o", filepath.Join(dir, "fig.svg"))
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	svgs, err := filepath.Glob(filepath.Join(frames, "frame-*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	// Alpha-beta on AIMA Fig. 5.2: 11 nodes entered and left, 7 leaves, 2
	// cutoffs: 11 + 11 + 7 + 2 = 31 events, one frame each.
	if len(svgs) != 31 {
		t.Errorf("%d frames, want 31 (one per event)", len(svgs))
	}
	index, err := os.ReadFile(filepath.Join(frames, "index.txt"))
	if err != nil || bytes.Count(index, []byte("\n")) != 31 {
		t.Errorf("index.txt: %v, %d lines", err, bytes.Count(index, []byte("\n")))
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	// The frames are embedded as JSON strings, where "<" is escaped.
	if n := bytes.Count(page, []byte(`\u003csvg`)) + bytes.Count(page, []byte("<svg")); n < 31 {
		t.Errorf("the player holds %d SVGs, want the 31 frames", n)
	}
	for _, bad := range []string{"http://cdn", "https://", "<script src"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("the player is not self-contained: it contains %q", bad)
		}
	}
}
