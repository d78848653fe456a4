package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/dot"
)

// Frame is one picture of a step-through: the search as it stood after its
// first Step events (in Recorder.All order).
type Frame struct {
	// Step is the number of events drawn, from 1; the frame shows the search
	// right after event number Step.
	Step int
	// Event describes that last event in one line, e.g. "enter B [3, +∞]",
	// "leaf c1 = 2", "cutoff at C: shallow, by c1" or "exit B = 3 (exact)".
	Event string
	// SVG is the picture, as Renderer.SVG returns it.
	SVG []byte
}

// MaxFrames bounds the number of frames Frames draws: each is a Graphviz
// layout of the whole tree, and a player holds them all in one page.
const MaxFrames = 2000

// Frames draws a recorded search step by step: one frame per event
// (EveryEvent) or per node entered (EveryNode), each the tree TreeDOT draws
// with opt and opt.Step set to the frame's step (opt.Step itself is ignored),
// laid out by r. A nil r means Frames starts its own Renderer and closes it.
// It is FramesWith with FrameOptions{Every: per}.
//
// Frames returns an error naming MaxFrames, before drawing anything, when the
// search has more frames than that. Its cost is one TreeDOT and one Graphviz
// layout per frame, so about frames × nodes.
func Frames[P gametree.Position[P]](ctx context.Context, r *Renderer, rec *algos.Recorder[P], opt TreeOptions, per FrameEvery) ([]Frame, error) {
	return FramesWith(ctx, r, rec, opt, FrameOptions{Every: per})
}

// FramesWith is Frames with the frames fo chooses: a granularity and a last
// step. Every frame has the layout of the whole search (each node has its
// final size, each edge label its place from the first frame), so nothing
// moves from one frame to the next; that costs one more Graphviz layout.
func FramesWith[P gametree.Position[P]](ctx context.Context, r *Renderer, rec *algos.Recorder[P], opt TreeOptions, fo FrameOptions) ([]Frame, error) {
	var frames []Frame
	err := eachFrame(ctx, r, rec, opt, fo, MaxFrames, func(r *Renderer, step int, event, dot string) error {
		svg, err := r.svg(ctx, dot)
		if err != nil {
			return err
		}
		frames = append(frames, Frame{Step: step, Event: event, SVG: svg})
		return nil
	})
	return frames, err
}

// FrameCountError is a step-through with more frames than a bound.
type FrameCountError struct {
	Frames, Max int
	Every       FrameEvery
}

func (e *FrameCountError) Error() string {
	bound := strconv.Itoa(e.Max)
	switch e.Max {
	case MaxFrames:
		bound = "MaxFrames = " + bound
	case MaxDeckFrames:
		bound = "MaxDeckFrames = " + bound
	}
	return fmt.Sprintf("render: the search has %d frames (%v), more than %s: draw a smaller tree, stop earlier (Until) or use fewer frames (EveryNode, EveryEval)", e.Frames, e.Every, bound)
}

// eachFrame calls draw with the DOT of every frame fo chooses, fitted to
// the whole search's layout, after checking there are at most max.
func eachFrame[P gametree.Position[P]](ctx context.Context, r *Renderer, rec *algos.Recorder[P], opt TreeOptions, fo FrameOptions, max int,
	draw func(r *Renderer, step int, event, dot string) error) error {
	if rec == nil {
		return errors.New("render: Frames: nil recorder")
	}
	steps, err := frameSteps(rec, fo)
	if err != nil {
		return err
	}
	if len(steps) > max {
		return &FrameCountError{Frames: len(steps), Max: max, Every: fo.Every}
	}
	if len(steps) == 0 {
		return nil
	}
	events := EventLines(rec)
	if r == nil {
		own, err := NewRenderer(ctx)
		if err != nil {
			return err
		}
		defer own.Close()
		r = own
	}
	fit, err := fitFrames(ctx, r, rec, opt)
	if err != nil {
		return err
	}
	for _, step := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		o := opt
		o.Step = step
		d, err := dot.FrameDOT(rec, o, fit)
		if err == nil {
			err = draw(r, step, events[step-1], d)
		}
		if err != nil {
			return fmt.Errorf("render: frame of step %d: %w", step, err)
		}
	}
	return nil
}

// fitFrames lays out the whole search and returns its nodes' sizes.
func fitFrames[P gametree.Position[P]](ctx context.Context, r *Renderer, rec *algos.Recorder[P], opt TreeOptions) (dot.Sizes, error) {
	o := opt
	o.Step = -1
	d, err := TreeDOT(rec, o)
	if err != nil {
		return nil, err
	}
	js, err := r.layout(ctx, d)
	if err != nil {
		return nil, err
	}
	if _, _, _, err := parseLayout(js); err != nil {
		return nil, err
	}
	return dot.LayoutSizes(js)
}

// WriteFrames writes frames to dir (created if missing) as frame-0001.svg,
// frame-0002.svg, … and an index.txt with one line per frame: the file name,
// the step and the event, separated by tabs.
func WriteFrames(dir string, frames []Frame) error {
	if len(frames) > 9999 {
		return fmt.Errorf("render: WriteFrames: %d frames, more than the 9999 that frame-NNNN.svg names", len(frames))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("render: WriteFrames: %w", err)
	}
	var index strings.Builder
	for i, f := range frames {
		name := fmt.Sprintf("frame-%04d.svg", i+1)
		if err := os.WriteFile(filepath.Join(dir, name), f.SVG, 0o644); err != nil {
			return fmt.Errorf("render: WriteFrames: %w", err)
		}
		ev := strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' || r == '\t' {
				return ' '
			}
			return r
		}, f.Event)
		fmt.Fprintf(&index, "%s\t%d\t%s\n", name, f.Step, ev)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644); err != nil {
		return fmt.Errorf("render: WriteFrames: %w", err)
	}
	return nil
}
