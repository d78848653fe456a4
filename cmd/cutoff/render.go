package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// defaultRenderMaxNodes is cutoff render's default -max-nodes: the recorder
// keeps every node of the search in memory, and a picture of more is
// unreadable anyway.
const defaultRenderMaxNodes = 200_000

// defaultRenderBudget is cutoff render's default -budget: every textbook
// fixture fits; larger searches collapse into "+N" stubs.
const defaultRenderBudget = 300

// defaultBoardsBudget is -budget's default with -boards: a tree of boards
// that still fits a slide.
const defaultBoardsBudget = 40

// renderFlags are cutoff render's own flags, on top of cutoff search's.
type renderFlags struct {
	pictureFlags
	out, title, frames, html string
	budget, pass             int
	windows, order, types    bool
	dot, boards              bool
	// A search step by step: -steps (-deck) makes -o a deck (.pdf, .tex;
	// a .gif always is one), -every and -until choose its steps, -delay
	// and -pause time a .gif.
	every        string
	deck         bool
	until        int
	delay, pause time.Duration
}

// runRender is cutoff render: it runs a traced search (the input and
// search flags are cutoff search's) and writes its tree as SVG or DOT.
func runRender(args []string, s streams) error {
	fs, f := newSearchFlags()
	f.maxNodes = defaultRenderMaxNodes
	r := &renderFlags{budget: defaultRenderBudget, every: "event", delay: render.DefaultDelay}
	cliflag.Bind(fs, map[string]any{"o": &r.out, "title": &r.title, "frames": &r.frames, "html": &r.html, "budget": &r.budget, "pass": &r.pass,
		"windows": &r.windows, "order": &r.order, "types": &r.types, "dot": &r.dot, "boards": &r.boards,
		"steps": &r.deck, "deck": &r.deck, "every": &r.every, "until": &r.until, "delay": &r.delay, "pause": &r.pause})
	r.define(fs)
	set, err := cliflag.Parse(fs, args)
	if err != nil {
		return err
	}
	for _, name := range []string{"json", "list-fixtures"} {
		if set[name] {
			return fmt.Errorf("-%s is a flag of cutoff search, not of render", name)
		}
	}
	c, err := searchConfig(f, set)
	if err != nil {
		return err
	}
	if err := cliflag.FirstBroken(cliflag.Rule(r.budget < 0, "-budget must be ≥ 0 (0: no limit), got %d", r.budget),
		cliflag.Rule(r.pass < 0, "-pass must be ≥ 1 (or 0 for all passes), got %d", r.pass),
		cliflag.Rule(r.out == "" && r.frames == "" && r.html == "", "no output: give -o FILE (- for stdout), -frames DIR or -html FILE"),
		cliflag.Rule(r.dot && r.out == "", "-dot needs -o FILE"),
		cliflag.Rule(r.dot && (set["format"] || set["dpi"]), "-dot writes Graphviz's DOT source: no -format or -dpi with it")); err != nil {
		return err
	}
	steps, deckOut, pngFrames, err := r.stepFlags(set)
	if err != nil {
		return err
	}
	outs := searchrun.Outputs{Out: r.out, DOT: r.dot, Deck: deckOut, Frames: r.frames, PNGFrames: pngFrames, HTML: r.html,
		Title: r.title, Delay: r.delay, Pause: r.pause, Stdout: s.stdout}
	if r.out != "" && !r.dot && !deckOut {
		if outs.Pic, err = r.options(r.out); err != nil {
			return err
		}
	}
	if err := checkSources(set, false); err != nil {
		return err
	}
	if r.boards && !set["game"] {
		return errors.New("-boards draws game positions as boards: give -game tictactoe, connect4 or nim:PILES (a -tree or -random tree has no boards)")
	}
	if r.boards && !set["budget"] {
		// Boards make nodes big: a slide holds about this many.
		r.budget = defaultBoardsBudget
	}
	tree := render.TreeOptions{Windows: r.windows, VisitOrder: r.order, NodeTypes: r.types,
		Budget: r.budget, Step: -1, Pass: r.pass, Title: r.title, Boards: r.boards}
	in, _, err := f.input(set, s.stdin)
	if err != nil {
		return err
	}
	d, err := in.Draw(context.Background(), c, outs.Spec(tree, steps))
	if err != nil {
		return renderError(err)
	}
	if outs.Title == "" {
		outs.Title = c.Alg
	}
	if set["dpi"] {
		outs.DPI = r.dpi
	}
	err = d.Write(outs)
	if oe, ok := errors.AsType[*searchrun.OutputError](err); ok {
		return fmt.Errorf("%s: %w", outputFlags[oe.Output], oe.Err)
	}
	return err
}

// outputFlags name the flag of each output of cutoff render.
var outputFlags = map[string]string{searchrun.OutputTree: "-o", searchrun.OutputFrames: "-frames", searchrun.OutputHTML: "-html"}

// stepFlags reads -steps, -every, -until, -delay and -pause: the steps
// drawn, whether -o is a deck (-steps with .pdf or .tex, any .gif), and
// whether -frames writes PNG files (-format png) rather than SVG.
func (r *renderFlags) stepFlags(set map[string]bool) (fo render.FrameOptions, deck, png bool, err error) {
	if fo.Every, err = render.ParseFrameEvery(r.every); err != nil {
		return fo, false, false, fmt.Errorf("-every: %v", err)
	}
	if fo.Until = r.until; r.until < 0 {
		return fo, false, false, fmt.Errorf("-until must be ≥ 1 (0: the whole search), got %d", r.until)
	}
	ext := strings.ToLower(filepath.Ext(r.out))
	deck = r.out != "" && (r.deck || ext == ".gif")
	png = r.frames != "" && strings.EqualFold(r.format, "png")
	err = cliflag.FirstBroken(cliflag.Rule(r.deck && r.out == "", "-steps writes -o FILE as a deck: .pdf (a page per step), .gif (animated) or .tex (Beamer)"),
		cliflag.Rule(deck && (r.dot || r.out == "-"), "a deck is written to a file: -o FILE.pdf, .gif or .tex, without -dot"),
		cliflag.Rule(deck && ext != ".pdf" && ext != ".gif" && ext != ".tex", "-steps -o %s: a deck is .pdf (a page per step), .gif (animated) or .tex (Beamer)", r.out),
		cliflag.Rule(r.frames != "" && r.format != "" && !png && !strings.EqualFold(r.format, "svg"), "-frames writes svg or png files, not -format %s", r.format),
		cliflag.Rule((set["delay"] || set["pause"]) && ext != ".gif", "-delay and -pause time an animated -o FILE.gif"),
		cliflag.Rule(r.delay < 10*time.Millisecond || r.pause < 0, "-delay %v, -pause %v: want a delay of at least 10ms and a pause ≥ 0", r.delay, r.pause))
	return fo, deck, png, err
}

// renderError words the errors of a recorded search (searchrun.Draw) in
// the command's flags.
func renderError(err error) error {
	if fc, ok := errors.AsType[*render.FrameCountError](err); ok {
		return fmt.Errorf("the search has %d steps (%v), more than %d to draw step by step: pass -until N, -every evals (or node), or a smaller search (-depth, -max-nodes)", fc.Frames, fc.Every, fc.Max)
	}
	if ue, ok := errors.AsType[*render.UnreadableError](err); ok {
		return fmt.Errorf("the tree is %.0f × %.0f pt: on a %d × %d pt slide its text would be %.1f pt high (less than %d): draw fewer nodes with -budget N or -depth N", ue.Width.Points(), ue.Height.Points(), render.SlideWidth, render.SlideHeight, ue.Text, render.MinTextHeight)
	}
	if be, ok := errors.AsType[*searchrun.BudgetError](err); ok {
		return fmt.Errorf("%w: the search passed %d nodes, too many to record and draw (raise -max-nodes, 0 for no limit, or lower -depth)", algos.ErrBudget, be.MaxNodes)
	}
	if pe, ok := errors.AsType[*searchrun.PassError](err); ok {
		return fmt.Errorf("-pass %d: the search has %d pass(es)", pe.Pass, pe.Passes)
	}
	return searchError(err) // -tt's
}

// renderUsage prints cutoff render's help.
func renderUsage(w io.Writer) {
	help(w, "render", map[string]any{"Budget": defaultRenderBudget, "MaxNodes": defaultRenderMaxNodes})
}
