package course

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// Player shows the search s step by step as a player that needs no
// kernel: every step is drawn up front into one piece of HTML with its own
// buttons and slider (the same player as `cutoff render -html`). It returns
// the number of steps.
func Player[P gametree.Position[P]](s *Search[P], title string, marks ...Mark) int {
	opt := render.TreeOptions{}
	applyMarks(&opt, marks)
	frames := Must(render.Frames(context.Background(), nil, s.Rec, opt, render.EveryEvent))
	var page bytes.Buffer
	if err := render.PlayerFragment(&page, frames, title); err != nil {
		stop(err)
	}
	HTML(page.String())
	return len(frames)
}

// stepper draws one step of a recorded search at a time.
type stepper struct {
	tree, algorithm string
	rec             *algos.Recorder[gametree.Node]
	events          []string // one line per event, as the caption of its step
	r               *render.Renderer
	opt             render.TreeOptions
}

// literal is the tree literal of a fixture's name, or tree itself.
func literal(tree string) string {
	if f, ok := gametree.FixtureByName(tree); ok {
		return f.Literal
	}
	return tree
}

// load records the search of tree (a literal) by the named algorithm.
func (s *stepper) load(tree, algorithm string) error {
	t, err := gametree.Parse(tree)
	if err != nil {
		return err
	}
	search, err := algos.ByName[gametree.Node](algorithm)
	if err != nil {
		return err
	}
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := search(t.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		return err
	}
	s.tree, s.algorithm, s.rec, s.events = tree, algorithm, rec, render.EventLines(rec)
	return nil
}

// caption is step i's line (0-based): the algorithm, the step and its event.
func (s *stepper) caption(i int) string {
	return fmt.Sprintf("%s · step %d of %d: %s", s.algorithm, i+1, len(s.events), s.events[i])
}

// html draws step i (0-based, clamped to the search) with its caption.
func (s *stepper) html(i int) (string, int) {
	i = min(max(i, 0), len(s.events)-1)
	opt := s.opt
	opt.Step = i + 1
	dot := Must(render.TreeDOT(s.rec, opt))
	svg := Must(s.r.SVG(context.Background(), dot))
	return fmt.Sprintf(`<p class="cutoff-caption"><b>%s</b></p>%s`, html.EscapeString(s.caption(i)), svg), i
}

// StepThrough shows the searches of the trees (fixture names or tree
// literals) by the named algorithms (as `cutoff search -alg` names them)
// one step at a time, with GoNB widgets: a menu of trees, a menu of
// algorithms, a slider, ◀ ▶ and Stop. The cell keeps running and answers
// the widgets until Stop is pressed or nothing is touched for idle; then it
// says where it stopped and leaves that step's picture in the notebook. The
// marks (Windows, NodeTypes, …) are drawn on every step; none given: the
// windows. It needs a live front end (JupyterLab).
func StepThrough(trees, algorithms []string, idle time.Duration, marks ...Mark) {
	if len(trees) == 0 || len(algorithms) == 0 {
		stop(fmt.Errorf("StepThrough needs a tree and an algorithm"))
	}
	literals := make([]string, len(trees))
	for i, t := range trees {
		literals[i] = literal(t)
	}
	s := &stepper{r: Must(render.NewRenderer(context.Background())), opt: render.TreeOptions{Windows: len(marks) == 0}}
	defer s.r.Close()
	applyMarks(&s.opt, marks)
	if err := s.load(literals[0], algorithms[0]); err != nil {
		stop(err)
	}

	panel, id := dom.CreateTransientDiv(), gonbui.UniqueId()
	bar, view := "cutoff-bar-"+id, "cutoff-view-"+id
	dom.Append(panel, `<div id="`+bar+`" style="display:flex; gap:0.4em; align-items:center"></div><div id="`+view+`"></div>`)
	treeMenu := widgets.Select(trees).AppendTo(bar).Done()
	algoMenu := widgets.Select(algorithms).AppendTo(bar).Done()
	prev := widgets.Button("◀").AppendTo(bar).Done()
	slider := widgets.Slider(0, len(s.events)-1, 0).AppendTo(bar).Done()
	next := widgets.Button("▶").AppendTo(bar).Done()
	stopButton := widgets.Button("Stop").AppendTo(bar).Done()
	dom.TransientJavascript(fmt.Sprintf("document.getElementById(%q).style.width = '18em';", slider.HtmlId()))

	at := 0
	show := func(i int) {
		var h string
		h, at = s.html(i)
		dom.SetInnerHtml(view, h)
	}
	reload := func(tree, algorithm string) {
		if err := s.load(tree, algorithm); err != nil {
			stop(err)
		}
		dom.TransientJavascript(fmt.Sprintf("document.getElementById(%q).max = %d;", slider.HtmlId(), len(s.events)-1))
		show(0)
		slider.SetValue(0)
	}
	show(0)

	slides, prevs, nexts, stops := slider.Listen(), prev.Listen(), next.Listen(), stopButton.Listen()
	treeChoices, algoChoices := treeMenu.Listen(), algoMenu.Listen()
	defer func() {
		for _, c := range []interface{ Close() }{slides, prevs, nexts, stops, treeChoices, algoChoices} {
			c.Close()
		}
	}()
	quiet := time.NewTimer(idle)
	defer quiet.Stop()
	for {
		select {
		case v := <-slides.C:
			for len(slides.C) > 0 { // dragging sends many values: draw the last one
				v = <-slides.C
			}
			show(v)
		case <-prevs.C:
			show(at - 1)
			slider.SetValue(at)
		case <-nexts.C:
			show(at + 1)
			slider.SetValue(at)
		case i := <-treeChoices.C:
			reload(literals[i], s.algorithm)
		case i := <-algoChoices.C:
			reload(s.tree, algorithms[i])
		case <-stops.C:
			h, _ := s.html(at)
			HTML(fmt.Sprintf("<p>stopped at %s, step %d of %d: %s</p>%s", s.algorithm, at+1, len(s.events), html.EscapeString(s.events[at]), h))
			return
		case <-quiet.C:
			HTML(fmt.Sprintf("<p>nothing touched for %v: stopped at %s, step %d of %d</p>", idle, s.algorithm, at+1, len(s.events)))
			return
		}
		quiet.Reset(idle)
	}
}
