package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// sitePlayerFixtures and sitePlayerAlgorithms are the searches of the site's
// players page: every algorithm on every textbook tree, one kernel-free
// step-through player (render.PlayerFragment) each.
var (
	sitePlayerFixtures   = []string{"aima-fig5.2", "shallow-cutoff", "deep-cutoff"}
	sitePlayerAlgorithms = []string{"alphabeta", "pvs", "mtdf", "bns"}
)

// playersPage returns players.html and the number of players on it.
func playersPage(ctx context.Context) (string, int, error) {
	type job struct {
		fx   gametree.Fixture
		alg  string
		html string
		err  error
	}
	var jobs []*job
	for _, name := range sitePlayerFixtures {
		fx, ok := gametree.FixtureByName(name)
		if !ok {
			return "", 0, fmt.Errorf("players: no fixture %q", name)
		}
		for _, alg := range sitePlayerAlgorithms {
			jobs = append(jobs, &job{fx: fx, alg: alg})
		}
	}
	// One renderer, one player after the other: go-graphviz parses DOT in
	// a process-wide instance, so drawing in parallel crashes.
	r, err := render.NewRenderer(ctx)
	if err != nil {
		return "", 0, fmt.Errorf("players: %w", err)
	}
	defer r.Close()
	for _, j := range jobs {
		j.html, j.err = playerFor(ctx, r, j.fx, j.alg)
	}

	var b strings.Builder
	b.WriteString("<h1>Step through the searches</h1>\n")
	b.WriteString("<p class=\"lead\">Each player below replays one search on a textbook tree, one event at a time: entering a node with its window, a leaf's value, a cutoff, the value a node returns. Use the buttons, the slider, or click a player and press ← and →.</p>\n")
	b.WriteString("<p class=\"muted\">Max nodes are boxes, Min nodes ovals (every mark: <a href=\"pictures.html\">Reading the pictures</a>). The node being searched is yellow, nodes not reached yet light grey; pruned subtrees are grey and dashed, with their leaves' values for comparison (the search never reads them), and a cutoff that pruned something is marked ✂ on the first pruned edge with its kind (shallow or deep). Values are from Max's point of view.</p>\n")
	b.WriteString("<p class=\"muted\">Alpha-beta here is the textbook's fail-hard one: a node whose value falls outside its window returns the edge of the window, drawn as a bound — in Fig. 5.2, <code>C</code> is worth 2 but drawn ≤3, \"at most 3\", which is all the root needs. A node entered with a window [α, α+1] is blue and dotted: such a null window only tests whether the value is above α; alpha-beta meets one by chance (W in the deep cutoff), PVS, MTD(f) and Best Node Search use them on purpose. PVS searches a move again, with an orange edge, when its test says it is better; none of these trees needs that (notebook 06 has one that does).</p>\n")
	b.WriteString("<p class=\"muted\">MTD(f) and Best Node Search search the root several times (passes), each time a null-window test: their pictures show the pass the event belongs to. MTD(f) moves its guess g until a test fails high and the next fails low at the same value: that is the tree's value. Best Node Search tests each root move against a value, keeps the moves that reach it, and stops when one move is left: its answer is that move and a bound, not the value.</p>\n")
	b.WriteString("<nav aria-label=\"Trees\"><ul>")
	for _, name := range sitePlayerFixtures {
		fx, _ := gametree.FixtureByName(name)
		fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a></li>", html.EscapeString(anchorName(name)), html.EscapeString(fx.Title))
	}
	b.WriteString("</ul></nav>\n")
	for i, j := range jobs {
		if j.err != nil {
			return "", 0, fmt.Errorf("players: %s on %s: %w", j.alg, j.fx.Name, j.err)
		}
		k := i % len(sitePlayerAlgorithms)
		if k == 0 {
			fx := j.fx
			fmt.Fprintf(&b, "<section class=\"fixture\" id=\"%s\">\n<h2>%s</h2>\n", html.EscapeString(anchorName(fx.Name)), html.EscapeString(fx.Title))
			fmt.Fprintf(&b, "<p>%s</p>\n<p class=\"muted\">Source: %s. The tree, as <code>cutoff search -tree fixture:%s</code> reads it: <code>%s</code></p>\n",
				html.EscapeString(fx.Notes), html.EscapeString(fx.Source), html.EscapeString(fx.Name), html.EscapeString(fx.Literal))
		}
		open := ""
		if k == 0 { // alpha-beta, the course's subject, open; the rest one click away
			open = " open"
		}
		fmt.Fprintf(&b, "<details%s><summary>%s <span class=\"muted\">— %s</span></summary>\n%s</details>\n",
			open, html.EscapeString(j.alg), html.EscapeString(algos.Describe(j.alg)), j.html)
		if k == len(sitePlayerAlgorithms)-1 {
			b.WriteString("</section>\n")
		}
	}
	return writePage("Players — Cutoff", b.String(), nil), len(jobs), nil
}

// svgCommentRE matches an XML comment and the line break after it.
var svgCommentRE = regexp.MustCompile(`(?s)<!--.*?-->\n?`)

// passFrames draws one frame per event of rec. A driver that searches the
// root several times (MTD(f), BNS) has each frame show only the pass its
// event belongs to: drawing every pass in every frame made BNS's player on
// AIMA Fig. 5.2 18 MB (212 frames of 7 passes) instead of 3.
func passFrames(ctx context.Context, r *render.Renderer, rec *algos.Recorder[gametree.Node], opt render.TreeOptions) ([]render.Frame, error) {
	var passOf []int // the pass of each event, from 1
	k := 0
	for e := range rec.All() {
		if e.Kind == algos.Pass {
			k++
		}
		passOf = append(passOf, max(k, 1))
	}
	if len(rec.Roots) < 2 || k != len(rec.Roots) {
		return render.Frames(ctx, r, rec, opt, render.EveryEvent)
	}
	var out []render.Frame
	for p := 1; p <= len(rec.Roots); p++ {
		o := opt
		o.Pass = p
		frames, err := render.Frames(ctx, r, rec, o, render.EveryEvent)
		if err != nil {
			return nil, err
		}
		for _, f := range frames {
			if f.Step >= 1 && f.Step <= len(passOf) && passOf[f.Step-1] == p {
				out = append(out, f)
			}
		}
	}
	slices.SortFunc(out, func(a, b render.Frame) int { return a.Step - b.Step })
	return out, nil
}

// playerFor records one search of fx and returns its player's HTML.
func playerFor(ctx context.Context, r *render.Renderer, fx gametree.Fixture, alg string) (string, error) {
	fn, err := algos.ByName[gametree.Node](alg)
	if err != nil {
		return "", err
	}
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := fn(fx.Tree().Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		return "", err
	}
	frames, err := passFrames(ctx, r, rec, render.TreeOptions{Windows: true})
	if err != nil {
		return "", err
	}
	for i := range frames {
		// Graphviz's comments are a sixth of a frame and say nothing.
		frames[i].SVG = svgCommentRE.ReplaceAll(frames[i].SVG, nil)
	}
	var b bytes.Buffer
	if err := render.PlayerFragment(&b, frames, fmt.Sprintf("%s on %s", alg, fx.Name)); err != nil {
		return "", err
	}
	return b.String(), nil
}
