package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

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
	bind(fs, map[string]any{"o": &r.out, "title": &r.title, "frames": &r.frames, "html": &r.html, "budget": &r.budget, "pass": &r.pass,
		"windows": &r.windows, "order": &r.order, "types": &r.types, "dot": &r.dot, "boards": &r.boards,
		"steps": &r.deck, "deck": &r.deck, "every": &r.every, "until": &r.until, "delay": &r.delay, "pause": &r.pause})
	r.define(fs)
	set, err := parseFlags(fs, args)
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
	if err := firstBroken(rule(r.budget < 0, "-budget must be ≥ 0 (0: no limit), got %d", r.budget),
		rule(r.pass < 0, "-pass must be ≥ 1 (or 0 for all passes), got %d", r.pass),
		rule(r.out == "" && r.frames == "" && r.html == "", "no output: give -o FILE (- for stdout), -frames DIR or -html FILE"),
		rule(r.dot && r.out == "", "-dot needs -o FILE"),
		rule(r.dot && (set["format"] || set["dpi"]), "-dot writes Graphviz's DOT source: no -format or -dpi with it")); err != nil {
		return err
	}
	steps, deckOut, pngFrames, err := r.stepFlags(set)
	if err != nil {
		return err
	}
	var pic []render.Option
	if r.out != "" && !r.dot && !deckOut {
		if pic, err = r.options(r.out); err != nil {
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
	spec := searchrun.DrawSpec{
		Tree: render.TreeOptions{Windows: r.windows, VisitOrder: r.order, NodeTypes: r.types,
			Budget: r.budget, Step: -1, Pass: r.pass, Title: r.title, Boards: r.boards},
		DOT: r.out != "" && r.dot, Picture: r.out != "" && !r.dot && !deckOut, Pic: pic,
		Frames: r.frames != "" && !pngFrames || r.html != "",
		Deck:   deckOut || pngFrames, Steps: steps,
	}
	in, _, err := f.input(set, s.stdin)
	if err != nil {
		return err
	}
	d, err := in.Draw(context.Background(), c, spec)
	if err != nil {
		return renderError(err)
	}
	title := r.title
	if title == "" {
		title = c.Alg
	}
	dpi := 0
	if set["dpi"] {
		dpi = r.dpi
	}
	switch {
	case deckOut:
		if err := d.Deck.WriteDeck(r.out, title, render.GIFOptions{Delay: r.delay, Pause: r.pause, DPI: dpi}); err != nil {
			return fmt.Errorf("-o: %w", err)
		}
	case r.out != "":
		if err := writeOut(r.out, d.Tree, s.stdout, func(err error) error { return fmt.Errorf("-o: %w", err) }); err != nil {
			return err
		}
	}
	switch {
	case pngFrames:
		if err := d.Deck.WritePNGs(r.frames, dpi); err != nil {
			return fmt.Errorf("-frames: %w", err)
		}
	case r.frames != "":
		if err := render.WriteFrames(r.frames, d.Frames); err != nil {
			return fmt.Errorf("-frames: %w", err)
		}
	}
	if r.html != "" {
		var page bytes.Buffer
		err := render.Player(&page, d.Frames, title)
		if err == nil {
			err = os.WriteFile(r.html, page.Bytes(), 0o666) // os.Create's mode
		}
		if err != nil {
			return fmt.Errorf("-html: %w", err)
		}
	}
	return nil
}

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
	switch {
	case r.deck && r.out == "":
		return fo, false, false, errors.New("-steps writes -o FILE as a deck: .pdf (a page per step), .gif (animated) or .tex (Beamer)")
	case deck && (r.dot || r.out == "-"):
		return fo, false, false, errors.New("a deck is written to a file: -o FILE.pdf, .gif or .tex, without -dot")
	case deck && ext != ".pdf" && ext != ".gif" && ext != ".tex":
		return fo, false, false, fmt.Errorf("-steps -o %s: a deck is .pdf (a page per step), .gif (animated) or .tex (Beamer)", r.out)
	case r.frames != "" && r.format != "" && !png && !strings.EqualFold(r.format, "svg"):
		return fo, false, false, fmt.Errorf("-frames writes svg or png files, not -format %s", r.format)
	case (set["delay"] || set["pause"]) && ext != ".gif":
		return fo, false, false, errors.New("-delay and -pause time an animated -o FILE.gif")
	case r.delay < 10*time.Millisecond || r.pause < 0:
		return fo, false, false, fmt.Errorf("-delay %v, -pause %v: want a delay of at least 10ms and a pause ≥ 0", r.delay, r.pause)
	}
	return fo, deck, png, nil
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
