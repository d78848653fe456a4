// Package course is what the course's notebooks call: one way to make a
// tree, run a search and keep it, draw it, ask a question about it and
// show a chart, so that a notebook's cells show the idea and not the
// plumbing. It is the only package of the course besides pkg/quiz/nbquiz
// that talks to the GoNB kernel.
//
// A notebook's set-up cell only points the kernel's Go module at this
// repository; GoNB adds the imports a cell uses (course, algos, gametree,
// fmt, …) by itself. A typical cell:
//
//	%%
//	s := course.Record(algos.AlphaBeta, course.Tree("A(B(3 12 8) C(2 4 6))").Root(), algos.FullDepth, nil)
//	course.Draw(s, "alpha-beta", course.Windows)
//
// The functions of this package stop the cell with a clear message when
// the library returns an error (a malformed literal, an unknown fixture, a
// search over its node budget): in a notebook there is nothing else to do
// with it, and the learner sees the message as the cell's error.
//
// Under `cutoff figures` (the environment variable CUTOFF_FIGURES set),
// every picture Draw and Show draw is also written as files for slides;
// otherwise nothing is written.
package course

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/quiz"
	"github.com/cutoff-go/cutoff/pkg/quiz/nbquiz"
	"github.com/cutoff-go/cutoff/pkg/render"
	"github.com/janpfeifer/gonb/gonbui"
)

// figures is where this notebook's pictures are also written as files, in
// which formats: set from the environment by `cutoff figures`
// (render.FiguresEnv, render.FigureFormatsEnv); no folder, no files. A
// notebook never has to ask for it. It is read once, when the cell's
// program starts, and never changed: pkg/render keeps no such state.
var figures = loadFigures()

type figureConfig struct {
	dir     string
	formats []render.Format
	err     error
}

func loadFigures() (f figureConfig) {
	if f.dir = os.Getenv(render.FiguresEnv); f.dir == "" {
		return f
	}
	f.formats = render.Formats
	if v := os.Getenv(render.FigureFormatsEnv); v != "" {
		f.formats, f.err = render.ParseFormats(v)
	}
	return f
}

// export writes a picture as files when `cutoff figures` asks for them.
func export(title string, draw func(opts ...render.Option) ([]byte, error)) {
	if figures.err != nil {
		stop(fmt.Errorf("%s: %v", render.FigureFormatsEnv, figures.err))
	}
	if figures.dir != "" {
		if err := render.WriteFigure(figures.dir, title, figures.formats, draw); err != nil {
			stop(err)
		}
	}
}

// Error is what a course function panics with when the library returns an
// error: the cell stops and shows Err's message.
type Error struct{ Err error }

func (e Error) Error() string { return "course: " + e.Err.Error() }
func (e Error) Unwrap() error { return e.Err }

func stop(err error) { panic(Error{err}) }

// Must returns v, or stops the cell with err.
func Must[T any](v T, err error) T {
	if err != nil {
		stop(err)
	}
	return v
}

// Tree parses a tree literal ("A(B(3 12 8) C(2 4 6))", "((3 12 8) (2 4
// 6))", JSON arrays) or, when s is the name of one of the course's trees
// (gametree.Fixtures: "aima-fig5.2", "deep-cutoff", …), returns that tree.
// Max moves at the root unless an option says otherwise.
func Tree(s string, opts ...gametree.ParseOption) *gametree.Tree {
	if f, ok := gametree.FixtureByName(s); ok && len(opts) == 0 {
		return f.Tree()
	}
	return Must(gametree.Parse(s, opts...))
}

// Search is a search run and kept: its result, and every step of it for
// pictures and questions.
type Search[P gametree.Position[P]] struct {
	algos.Result
	Rec *algos.Recorder[P]
}

// Record runs search (algos.AlphaBeta, algos.PVS, … or algos.ByName's)
// from root to depth with opt (nil: the defaults), recording every step.
func Record[P gametree.Position[P]](search algos.Func[P], root P, depth int, opt *algos.Options[P]) *Search[P] {
	o := algos.Options[P]{}
	if opt != nil {
		o = *opt
	}
	rec := algos.NewRecorder[P]()
	o.Trace = rec
	res := Must(search(root, depth, &o))
	return &Search[P]{Result: res, Rec: rec}
}

// RecordByName is Record with the algorithm named as `cutoff search -alg`
// names it ("alphabeta", "pvs", "mtdf", …; algos.Names lists them).
func RecordByName[P gametree.Position[P]](name string, root P, depth int, opt *algos.Options[P]) *Search[P] {
	return Record(byName(name, opt), root, depth, opt)
}

// byName returns the search called name once algos.Validate has accepted
// opt for it (an option the search would ignore stops the cell).
func byName[P gametree.Position[P]](name string, opt *algos.Options[P]) algos.Func[P] {
	if err := algos.Validate(name, opt); err != nil {
		stop(err)
	}
	return Must(algos.ByName[P](name))
}

// Mark adds something to a picture (see Windows, Boards, …), or asks
// Draw for the picture as a deck too (Deck).
type Mark func(*marks)

// marks is what the marks of a picture ask for.
type marks struct {
	render.TreeOptions
	deck  string // Deck's path; "" for none
	steps render.FrameOptions
}

// applyMarks applies ms to opt and returns what they ask beyond it.
func applyMarks(opt *render.TreeOptions, ms []Mark) marks {
	m := marks{TreeOptions: *opt}
	for _, f := range ms {
		f(&m)
	}
	*opt = m.TreeOptions
	return m
}

// What a picture can show besides the searched tree.
var (
	// Windows writes under each node the window it was entered with.
	Windows Mark = func(o *marks) { o.Windows = true }
	// VisitOrder numbers the nodes in the order the search entered them.
	VisitOrder Mark = func(o *marks) { o.VisitOrder = true }
	// NodeTypes writes each node's type as found, PV, CUT or ALL.
	NodeTypes Mark = func(o *marks) { o.NodeTypes = true }
	// NoBoards draws a game's positions as plain nodes instead of boards.
	NoBoards Mark = func(o *marks) { o.Boards = false }
)

// Pass draws pass k (from 1) of a search that searches the root several
// times (MTD(f), BNS, iterative deepening), instead of all of them.
func Pass(k int) Mark { return func(o *marks) { o.Pass = k } }

// Step draws the search as it was after its first k events.
func Step(k int) Mark { return func(o *marks) { o.Step = k } }

// Budget draws at most n nodes, the rest folded into "+N more" stubs.
func Budget(n int) Mark { return func(o *marks) { o.Budget = n } }

// Deck asks Draw for the search step by step as a deck as well, written to
// path (its folder must exist) and named under the picture: a PDF with
// one page per step (path.pdf), an animated GIF (.gif), a Beamer frame with
// its pages beside it (.tex, see render.Deck.WriteBeamer) or, for a path
// without an extension, a folder of numbered PNG files. Every step is
// drawn, or those DeckSteps chooses; with Step(k), steps 1 to k. The
// picture in the notebook is the same as without it.
func Deck(path string) Mark { return func(o *marks) { o.deck = path } }

// DeckSteps chooses the steps of a Deck: render.EveryEval for only
// evaluations and cuts, Until to stop at a step.
func DeckSteps(fo render.FrameOptions) Mark { return func(o *marks) { o.steps = fo } }

// Draw shows the search s as a picture, titled title: Max's nodes as
// boxes, Min's as ovals, the principal variation bold, what alpha-beta cut
// off grey and dashed (the legend in 00-welcome lists every mark). A
// game's positions are drawn as boards.
func Draw[P gametree.Position[P]](s *Search[P], title string, marks ...Mark) {
	DrawRecorded(s.Rec, title, marks...)
}

// DrawRecorded is Draw for a recorder filled some other way (a learner's
// own search, Mine, or a search run with its own options).
func DrawRecorded[P gametree.Position[P]](rec *algos.Recorder[P], title string, marks ...Mark) {
	opt := render.TreeOptions{Step: -1, Title: title}
	var zero P
	if _, ok := any(zero).(gametree.Boarder); ok {
		opt.Boards = true
	}
	m := applyMarks(&opt, marks)
	ctx := context.Background()
	r := Must(render.NewRenderer(ctx))
	defer r.Close()
	dot := Must(render.TreeDOT(rec, opt))
	svg(r.SVG(ctx, dot))
	export(title, func(opts ...render.Option) ([]byte, error) { return r.Draw(ctx, dot, opts...) })
	if m.deck != "" {
		n := Must(writeDeck(ctx, r, rec, opt, m, title))
		gonbui.DisplayMarkdown(fmt.Sprintf("Deck of %d steps: `%s`", n, m.deck))
		gonbui.Sync()
	}
}

// writeDeck writes the deck a Deck mark asks for and returns its number of
// steps.
func writeDeck[P gametree.Position[P]](ctx context.Context, r *render.Renderer, rec *algos.Recorder[P], opt render.TreeOptions, m marks, title string) (int, error) {
	fo := m.steps
	if fo.Until == 0 && opt.Step > 0 {
		fo.Until = opt.Step
	}
	d, err := render.NewDeck(ctx, r, rec, opt, fo)
	if err != nil {
		return 0, err
	}
	if filepath.Ext(m.deck) == "" {
		err = d.WritePNGs(m.deck, 0)
	} else {
		err = d.WriteDeck(m.deck, title, render.GIFOptions{})
	}
	return len(d.Frames), err
}

// svg shows an SVG picture.
func svg(b []byte, err error) {
	if err != nil {
		stop(err)
	}
	gonbui.DisplaySvg(string(b))
	gonbui.Sync() // GoNB may end a cell whose program has exited before the picture was sent
}

// HTML shows a piece of HTML (a step-through player, a table).
func HTML(h string) {
	gonbui.DisplayHtml(h)
	gonbui.Sync()
}

// Ask asks a question of pkg/quiz: course.Ask(quiz.Window("deep-cutoff",
// "W")). In a running notebook the answer is checked by the kernel and
// nothing of it is in the page before the learner answers (see
// pkg/quiz/nbquiz).
func Ask(q *quiz.Quiz, err error) {
	if err != nil {
		stop(err)
	}
	nbquiz.Ask(q)
}
