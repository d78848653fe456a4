package main

import (
	"context"
	"errors"
	"flag"
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	for _, name := range []string{"json", "list-fixtures"} {
		if set[name] {
			return fmt.Errorf("-%s is a flag of cutoff search, not of render", name)
		}
	}
	if err := checkAlgorithm(f.alg); err != nil {
		return err
	}
	c := &searchrun.Config{Alg: f.alg, Depth: algos.FullDepth, MaxNodes: f.maxNodes}
	if set["depth"] {
		if f.depth < 0 {
			return fmt.Errorf("-depth must be ≥ 0, got %d", f.depth)
		}
		c.Depth, c.DepthSet = f.depth, true
	}
	if err := driverFlags(f, set, c); err != nil {
		return err
	}
	switch {
	case f.maxNodes < 0:
		return fmt.Errorf("-max-nodes must be ≥ 0 (0: no limit), got %d", f.maxNodes)
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
	in, err := searchInput(f, set, s.stdin)
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
	fmt.Fprintf(w, `Usage:
  cutoff render -alg NAME INPUT [search flags] -o fig.svg [picture flags]

Runs one traced search, as cutoff search does, and draws the searched tree:
Max nodes are boxes, Min nodes ovals; searched nodes are black with their
value ("≥v"/"≤v" for bounds), pruned subtrees grey and dashed, the cutoff
marked "✂ shallow" or "✂ deep" on the edge, the principal variation bold,
null-window probes dotted blue, re-searches orange, TT hits badged
EXACT/LOWER/UPPER. Values are from Max's point of view.

INPUT and the search flags (-depth, -tt, -replace, -guess, -delta, -schedule,
-killers, -history, -root, -position) are those of cutoff search; see
"cutoff help search". INPUT is -tree, -random or -game GAME: tictactoe,
connect4 (needs -depth N) or nim:PILES such as nim:3,4,5; -position gives
the start position: tictactoe's 9 squares row by row (x, o or '.', e.g.
x...o....), connect4's columns 1-7 played from the empty board (e.g. 4455).

Picture flags:
  -o FILE         write the tree to FILE; its extension chooses the format:
                  .svg, .png (Google Slides), .pdf (vector, fonts embedded:
                  LaTeX, handouts) or .tex (TikZ: a standalone document with
                  one tikzpicture to paste into Beamer); - for stdout
  -format F       svg, png, pdf or tex: for stdout (or to confirm -o)
  -dpi N          a PNG's density (default 192: sharp on a projector)
  -dot            write Graphviz DOT instead of a picture
  -boards         draw each game position as a small board in its node
                  (tic-tac-toe's squares, Connect Four's discs, Nim's
                  piles; with -game only; -budget then defaults to 40,
                  a tree that fits a slide)
  -windows        show the window [α, β] each node was entered with
  -order          show the order in which nodes were visited (#0 = root)
  -types          show node types PV/CUT/ALL (expected type in brackets when
                  different)
  -budget N       draw at most N nodes; the rest collapse into "+N" stubs
                  (default %d; 0: no limit)
  -pass K         drivers that search the root several times (id, aspiration,
                  mtdf, sss, dual, bns): draw pass K only (default 0: all
                  passes, one box each)
  -title TEXT     a title above the tree
  -frames DIR     also write one SVG per search event, DIR/frame-0001.svg, ...
  -html FILE      also write a self-contained HTML player stepping through
                  the search
  -max-nodes N    refuse searches of more than N nodes: the trace keeps every
                  node in memory (default %d; 0: no limit); exit status 1

Examples:
  cutoff render -alg alphabeta -tree fixture:aima-fig5.2 -windows -o fig.svg
  cutoff render -alg pvs -tree 'A(B(b1=3 b2=12) C(c1=8 c2=5) D(d1=2 d2=4))' -o pvs.svg
  cutoff render -alg mtdf -tree fixture:aima-fig5.2 -pass 2 -o pass2.svg
  cutoff render -alg alphabeta -random b=3,d=4,seed=1 -order -dot -o tree.dot
  cutoff render -alg alphabeta -game connect4 -position 4455 -depth 2 -o c4.svg
  cutoff render -alg alphabeta -tree fixture:aima-fig5.2 -o fig.pdf
  cutoff render -alg alphabeta -game tictactoe -position xo.xo.... -boards -o ttt.png
  cutoff render -alg pvs -tree fixture:aima-fig5.2 -format png -dpi 300 -o - > pvs.png

Exit status: 0 success, 1 the -max-nodes limit was passed, 2 bad input.
`, defaultRenderBudget, defaultRenderMaxNodes)
}
