package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"slices"
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

// svgEdgeNames returns, for each drawn edge of an SVG tree, its source node
// (the "n0" of the title "n0->n1") and its texts.
func svgEdgeNames(t *testing.T, svg []byte) (sources []string, texts [][]string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false
	depth, edge := 0, -1 // edge: the depth of the open edge group, or -1
	var elem string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return sources, texts
		}
		if err != nil {
			t.Fatalf("the SVG does not parse as XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			elem = e.Name.Local
			for _, a := range e.Attr {
				if f := strings.Fields(a.Value); elem == "g" && a.Name.Local == "class" && len(f) > 0 && f[0] == "edge" {
					edge = depth
					sources, texts = append(sources, ""), append(texts, nil)
				}
			}
		case xml.EndElement:
			if depth == edge {
				edge = -1
			}
			depth--
			elem = ""
		case xml.CharData:
			if edge < 0 || strings.TrimSpace(string(e)) == "" {
				continue
			}
			n := len(sources) - 1
			switch elem {
			case "title":
				sources[n], _, _ = strings.Cut(string(e), "->")
			case "text":
				texts[n] = append(texts[n], string(e))
			}
		}
	}
}

// TestRenderConnectFour: a depth-2 search of Connect Four's empty board draws
// the root, its 7 children and their 49, every edge named by its column 1–7,
// and the nodes the search visited as it counted them.
func TestRenderConnectFour(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c4.svg")
	code, stdout, stderr := cli(t, "", "render", "-alg", "alphabeta", "-game", "connect4", "-depth", "2", "-o", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m := searchJSON(t, "-alg", "alphabeta", "-game", "connect4", "-depth", "2")
	visited := int(m["stats"].(map[string]any)["nodes"].(float64))
	if got := svgNodeKinds(t, svg); got["visited"] != visited || got["visited"]+got["pruned"] != 1+7+49 || len(got) != 2 {
		t.Errorf("SVG node kinds %v, want %d visited (as cutoff search counts) and the rest of 57 pruned", got, visited)
	}
	sources, texts := svgEdgeNames(t, svg)
	names := map[string][]string{} // source node → the column names of its edges
	for i, src := range sources {
		var cols []string
		for _, s := range texts[i] {
			if !strings.HasPrefix(s, "✂") {
				cols = append(cols, s)
			}
		}
		if len(cols) != 1 {
			t.Errorf("edge %d from %s has texts %q, want one column name", i, src, texts[i])
			continue
		}
		names[src] = append(names[src], cols[0])
	}
	if len(sources) != 7+49 || len(names) != 8 {
		t.Errorf("%d edges from %d nodes, want 56 from 8", len(sources), len(names))
	}
	for src, cols := range names {
		slices.Sort(cols)
		if !slices.Equal(cols, []string{"1", "2", "3", "4", "5", "6", "7"}) {
			t.Errorf("the edges from %s are named %q, want the columns 1..7", src, cols)
		}
	}
}

// TestRenderConnectFourBadInput: -game connect4 is checked as cutoff
// search checks it, and -max-nodes bounds a deep search.
func TestRenderConnectFourBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.svg")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "connect4"}, "needs -depth N"},
		{[]string{"-game", "connect4", "-position", "4x", "-depth", "2"}, "offset 1"},
		{[]string{"-game", "connect4", "-position", "1212121", "-depth", "2"}, "the game is finished"},
		{[]string{"-game", "connect4:7x6", "-depth", "2"}, "takes no arguments"},
		{[]string{"-game", "connect4", "-depth", "-2"}, "-depth must be ≥ 0"},
		{[]string{"-game", "nim:2,3", "-position", "4455"}, "tictactoe and connect4 only"},
	} {
		args := append([]string{"render", "-alg", "alphabeta", "-o", out}, tc.args...)
		code, stdout, stderr := cli(t, "", args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 mentioning %q", args, code, stderr, tc.want)
		}
		wantOneLine(t, stdout, stderr)
	}
	code, stdout, stderr := cli(t, "", "render", "-alg", "minimax", "-game", "connect4", "-depth", "8", "-o", out)
	if code != exitBudget || !strings.Contains(stderr, "-max-nodes") {
		t.Errorf("depth 8: exit %d, stderr %q; want exit 1 naming -max-nodes", code, stderr)
	}
	wantOneLine(t, stdout, stderr)
}

// TestRenderSteps: -steps writes a deck by -o's extension (.pdf, .tex with
// its pages, any .gif), -frames DIR -format png numbered PNG files;
// -every and -until choose the steps.
func TestRenderSteps(t *testing.T) {
	dir := t.TempDir()
	in := []string{"render", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2", "-windows"}
	for _, args := range [][]string{
		{"-steps", "-o", filepath.Join(dir, "steps.pdf"), "-until", "12"},
		{"-deck", "-o", filepath.Join(dir, "steps.tex"), "-every", "evals"},
		{"-o", filepath.Join(dir, "steps.gif"), "-every", "node", "-delay", "700ms", "-pause", "3s", "-dpi", "72"},
		{"-frames", filepath.Join(dir, "png"), "-format", "png", "-every", "evals", "-dpi", "72"},
	} {
		code, stdout, stderr := cli(t, "", append(in, args...)...)
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "steps.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// One page per step, 1 to 12 (vgpdf writes one /Type /Page per page).
	if n := bytes.Count(pdf, []byte("/Type /Page\n")) + bytes.Count(pdf, []byte("/Type /Page ")) + bytes.Count(pdf, []byte("/Type /Page/")); n != 12 {
		t.Errorf("steps.pdf has %d pages, want 12 (-until 12)", n)
	}
	tex, err := os.ReadFile(filepath.Join(dir, "steps.tex"))
	if err != nil {
		t.Fatal(err)
	}
	// 7 leaves and 2 cutoffs: 9 overlays.
	if n := bytes.Count(tex, []byte(`\only<`)); n != 9 || !bytes.Contains(tex, []byte("steps-pages.pdf")) {
		t.Errorf("steps.tex has %d overlays, want 9 (-every evals) on steps-pages.pdf", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "steps-pages.pdf")); err != nil {
		t.Error(err)
	}
	g, err := os.Open(filepath.Join(dir, "steps.gif"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	anim, err := gif.DecodeAll(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != 11 || anim.Delay[0] != 70 || anim.Delay[10] != 300 {
		t.Errorf("steps.gif: %d frames, delays %v: want 11 (-every node), 70 cs, the last 300", len(anim.Image), anim.Delay)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "png", "step-*.png"))
	if len(pngs) != 9 {
		t.Errorf("%d PNG files, want 9", len(pngs))
	}
}

// TestRenderStepsBadInput: one line, exit 2, nothing written.
func TestRenderStepsBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdf")
	aima := []string{"render", "-alg", "alphabeta", "-tree", "fixture:aima-fig5.2"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-steps", "-o", filepath.Join(dir, "out.svg")}, "a deck is .pdf"},
		{[]string{"-steps", "-o", "-"}, "a deck is written to a file"},
		{[]string{"-steps", "-frames", filepath.Join(dir, "f")}, "-steps writes -o FILE"},
		{[]string{"-steps", "-o", out, "-every", "leaf"}, "-every"},
		{[]string{"-steps", "-o", out, "-until", "-3"}, "-until"},
		{[]string{"-steps", "-o", out, "-delay", "1s"}, "-delay and -pause time"},
		{[]string{"-frames", filepath.Join(dir, "f"), "-format", "pdf"}, "-frames writes svg or png"},
		// 3^5 leaves under minimax: 971 steps, more than a deck takes.
		{[]string{"-alg", "minimax", "-random", "b=3,d=5,seed=1", "-budget", "12", "-steps", "-o", out}, "pass -until N, -every evals"},
		// Every leaf of 3^5 side by side: too wide for a slide.
		{[]string{"-alg", "minimax", "-random", "b=3,d=5,seed=1", "-budget", "0", "-until", "20", "-steps", "-o", out}, "draw fewer nodes with -budget N or -depth N"},
	} {
		args := append(slices.Clone(aima), tc.args...)
		if tc.args[0] == "-alg" {
			args = append([]string{"render"}, tc.args...)
		}
		code, stdout, stderr := cli(t, "", args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("bad input wrote %v", names)
	}
}
