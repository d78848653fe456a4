package site

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"regexp"
	"slices"

	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// PlayerFixtures and PlayerAlgorithms are the searches of the site's
// players page: every algorithm on every textbook tree, one kernel-free
// step-through player (render.PlayerFragment) each.
var (
	PlayerFixtures   = []string{"aima-fig5.2", "shallow-cutoff", "deep-cutoff"}
	PlayerAlgorithms = []string{"alphabeta", "pvs", "mtdf", "bns"}
)

// PlayersPage returns players.html and the number of players on it.
func PlayersPage(ctx context.Context) (string, int, error) {
	type job struct {
		fx   gametree.Fixture
		alg  string
		html string
		err  error
	}
	var jobs []*job
	for _, name := range PlayerFixtures {
		fx, ok := gametree.FixtureByName(name)
		if !ok {
			return "", 0, fmt.Errorf("players: no fixture %q", name)
		}
		for _, alg := range PlayerAlgorithms {
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

	type player struct {
		Algorithm, Doc string
		HTML           template.HTML // render.PlayerFragment's
	}
	type fixture struct {
		Fixture gametree.Fixture
		Anchor  string
		Players []player
	}
	var fixtures []*fixture
	for _, j := range jobs {
		if j.err != nil {
			return "", 0, fmt.Errorf("players: %s on %s: %w", j.alg, j.fx.Name, j.err)
		}
		if len(fixtures) == 0 || fixtures[len(fixtures)-1].Fixture.Name != j.fx.Name {
			fixtures = append(fixtures, &fixture{Fixture: j.fx, Anchor: nbhtml.AnchorName(j.fx.Name)})
		}
		f := fixtures[len(fixtures)-1]
		f.Players = append(f.Players, player{j.alg, algos.Describe(j.alg), template.HTML(j.html)})
	}
	body, err := execute("players", struct{ Fixtures []*fixture }{fixtures})
	if err != nil {
		return "", 0, fmt.Errorf("players: %w", err)
	}
	page, err := writePage("Players — Cutoff", body, nil)
	if err != nil {
		return "", 0, fmt.Errorf("players: %w", err)
	}
	return page, len(jobs), nil
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
