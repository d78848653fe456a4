package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

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
}

// runRender is cutoff render: it runs a traced search (the input and
// search flags are cutoff search's) and writes its tree as SVG or DOT.
func runRender(args []string, s streams) error {
	fs, f := newSearchFlags()
	f.maxNodes = defaultRenderMaxNodes
	r := &renderFlags{budget: defaultRenderBudget}
	bind(fs, map[string]any{"o": &r.out, "title": &r.title, "frames": &r.frames, "html": &r.html, "budget": &r.budget, "pass": &r.pass,
		"windows": &r.windows, "order": &r.order, "types": &r.types, "dot": &r.dot, "boards": &r.boards})
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
	var pic []render.Option
	if r.out != "" && !r.dot {
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
		DOT: r.out != "" && r.dot, Picture: r.out != "" && !r.dot, Pic: pic,
		Frames: r.frames != "" || r.html != "",
	}
	in, _, err := f.input(set, s.stdin)
	if err != nil {
		return err
	}
	d, err := in.Draw(context.Background(), c, spec)
	if err != nil {
		return renderError(err)
	}
	if r.out != "" {
		if err := writeOut(r.out, d.Tree, s.stdout, func(err error) error { return fmt.Errorf("-o: %w", err) }); err != nil {
			return err
		}
	}
	if r.frames != "" {
		if err := render.WriteFrames(r.frames, d.Frames); err != nil {
			return fmt.Errorf("-frames: %w", err)
		}
	}
	if r.html != "" {
		title := r.title
		if title == "" {
			title = c.Alg
		}
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

// renderError words the errors of a recorded search (searchrun.Draw) in
// the command's flags.
func renderError(err error) error {
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
