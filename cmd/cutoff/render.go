package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

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
	fs.Lookup("max-nodes").DefValue = strconv.Itoa(defaultRenderMaxNodes)
	r := &renderFlags{}
	fs.StringVar(&r.out, "o", "", "")
	fs.StringVar(&r.title, "title", "", "")
	fs.StringVar(&r.frames, "frames", "", "")
	fs.StringVar(&r.html, "html", "", "")
	fs.IntVar(&r.budget, "budget", defaultRenderBudget, "")
	fs.IntVar(&r.pass, "pass", 0, "")
	fs.BoolVar(&r.windows, "windows", false, "")
	fs.BoolVar(&r.order, "order", false, "")
	fs.BoolVar(&r.types, "types", false, "")
	fs.BoolVar(&r.dot, "dot", false, "")
	fs.BoolVar(&r.boards, "boards", false, "")
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
	switch {
	case r.budget < 0:
		return fmt.Errorf("-budget must be ≥ 0 (0: no limit), got %d", r.budget)
	case r.pass < 0:
		return fmt.Errorf("-pass must be ≥ 1 (or 0 for all passes), got %d", r.pass)
	case r.out == "" && r.frames == "" && r.html == "":
		return errors.New("no output: give -o FILE (- for stdout), -frames DIR or -html FILE")
	}
	if r.dot && r.out == "" {
		return errors.New("-dot needs -o FILE")
	}
	if r.dot && (set["format"] || set["dpi"]) {
		return errors.New("-dot writes Graphviz's DOT source: no -format or -dpi with it")
	}
	var pic []render.Option
	if r.out != "" && !r.dot {
		var err error
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
		if err := writeRendered(r.out, d.Tree, s.stdout); err != nil {
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
		if err := writePlayer(r.html, d.Frames, title); err != nil {
			return fmt.Errorf("-html: %w", err)
		}
	}
	return nil
}

// renderError words the errors of a recorded search (searchrun.Draw) in
// the command's flags.
func renderError(err error) error {
	if te, ok := errors.AsType[*searchrun.TableError](err); ok {
		return fmt.Errorf("-tt: %w", te.Err)
	}
	if be, ok := errors.AsType[*searchrun.BudgetError](err); ok {
		return fmt.Errorf("%w: the search passed %d nodes, too many to record and draw (raise -max-nodes, 0 for no limit, or lower -depth)", algos.ErrBudget, be.MaxNodes)
	}
	if pe, ok := errors.AsType[*searchrun.PassError](err); ok {
		return fmt.Errorf("-pass %d: the search has %d pass(es)", pe.Pass, pe.Passes)
	}
	return err
}

// writePlayer writes the HTML player of frames to path.
func writePlayer(path string, frames []render.Frame, title string) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := render.Player(fh, frames, title); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// writeRendered writes b to path, or to stdout for "-".
func writeRendered(path string, b []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(b)
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	return nil
}

// renderUsage prints cutoff render's help.
func renderUsage(w io.Writer) {
	help(w, "render", map[string]any{"Budget": defaultRenderBudget, "MaxNodes": defaultRenderMaxNodes})
}
