package dot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// FrameEvery says which events of a search get a frame.
type FrameEvery int

const (
	// EveryEvent draws one frame per recorded event.
	EveryEvent FrameEvery = iota
	// EveryNode draws one frame per node entered (per Enter event), which
	// shows the search at the moment it reaches each node.
	EveryNode
	// EveryEval draws one frame per evaluation and per cut: per Leaf event
	// (a leaf's static value) and per Cutoff event, the moments a lecture
	// talks about.
	EveryEval
)

// String returns "every-event", "every-node" or "every-eval".
func (e FrameEvery) String() string {
	switch e {
	case EveryEvent:
		return "every-event"
	case EveryNode:
		return "every-node"
	case EveryEval:
		return "every-eval"
	}
	return "FrameEvery(" + strconv.Itoa(int(e)) + ")"
}

// FrameOptions says which frames of a search to draw.
type FrameOptions struct {
	// Every chooses the events that get a frame (EveryEvent by default).
	Every FrameEvery
	// Until stops at step Until: only events 1..Until (Recorder.All order)
	// can get a frame. 0 means the whole search; a step beyond the search's
	// last is the whole search too.
	Until int
}

// ParseFrameEvery reads a granularity as the command line writes it:
// "event", "node" or "evals" (also "every-event", "every-node",
// "every-eval", "eval").
func ParseFrameEvery(s string) (FrameEvery, error) {
	switch strings.TrimPrefix(strings.ToLower(s), "every-") {
	case "event", "events":
		return EveryEvent, nil
	case "node", "nodes":
		return EveryNode, nil
	case "eval", "evals":
		return EveryEval, nil
	}
	return 0, fmt.Errorf("unknown granularity %q: want event, node or evals", s)
}

// FrameSteps returns the 1-based steps (Recorder.All order) of the frames
// fo chooses.
func FrameSteps[P gametree.Position[P]](rec *algos.Recorder[P], fo FrameOptions) ([]int, error) {
	if fo.Every != EveryEvent && fo.Every != EveryNode && fo.Every != EveryEval {
		return nil, fmt.Errorf("render: Frames: unknown %v", fo.Every)
	}
	if fo.Until < 0 {
		return nil, fmt.Errorf("render: Frames: Until must be ≥ 0 (0: the whole search), got %d", fo.Until)
	}
	var steps []int
	k := 0
	for e := range rec.All() {
		k++
		if fo.Until > 0 && k > fo.Until {
			break
		}
		switch {
		case fo.Every == EveryEvent,
			fo.Every == EveryNode && e.Kind == algos.Enter,
			fo.Every == EveryEval && (e.Kind == algos.Leaf || e.Kind == algos.Cutoff):
			steps = append(steps, k)
		}
	}
	return steps, nil
}

// EventLines describes every recorded event in one line, in Recorder.All
// order: "enter B [3, +∞]", "leaf c1 = 2", "cutoff at C: shallow, by c1",
// "exit B = 3", "exit C ≤3 (failed low)", "re-search of c at B with [2, +∞]", "tt hit at B:
// exact 3, depth 2", "pass 2: depth 3, guess 5, window [4, 5]". Windows and
// values are from Max's point of view, written as the pictures write them
// (±algos.Inf as ±∞).
//
// Nodes are named by the position's Name method when it has one (explicit
// trees: their labels, else "root" or the path of moves such as "0.2.1"), by
// the path of move names (MoveName) or move indices otherwise.
func EventLines[P gametree.Position[P]](rec *algos.Recorder[P]) []string {
	type open struct {
		name string
		pos  P
	}
	var (
		out     []string
		stack   []open
		exited  = map[int]string{} // ply → name of the node last exited there
		pending string             // a re-search note for the next Enter
		passes  int                // passes announced so far
	)
	top := func() string {
		if len(stack) == 0 {
			return "?"
		}
		return stack[len(stack)-1].name
	}
	for e := range rec.All() {
		var line string
		switch e.Kind {
		case algos.Enter:
			var name string
			if len(stack) == 0 {
				name = NodeName(e.Pos, nil, "", e.Move)
			} else {
				p := stack[len(stack)-1]
				name = NodeName(e.Pos, &p.pos, p.name, e.Move)
			}
			stack = append(stack, open{name, e.Pos})
			line = "enter " + name + window(e)
			if pending != "" {
				line = "re-" + line
				pending = ""
			}
		case algos.Leaf:
			line = fmt.Sprintf("leaf %s = %s", top(), algos.FormatValue(e.Value))
		case algos.Cutoff:
			by, ok := exited[e.Ply+1]
			if !ok {
				by = "move " + strconv.Itoa(e.Move)
			}
			if e.Ply == 0 { // at the root, shallow and deep mean nothing
				line = fmt.Sprintf("cutoff at %s, by %s", top(), by)
			} else {
				line = fmt.Sprintf("cutoff at %s: %v, by %s", top(), e.Cut, by)
			}
			if e.Skipped > 0 {
				line += fmt.Sprintf(" (%d skipped)", e.Skipped)
			}
		case algos.Exit:
			name := top()
			switch e.Bound {
			case algos.Lower:
				line = fmt.Sprintf("exit %s ≥%s (failed high)", name, algos.FormatValue(e.Value))
			case algos.Upper:
				line = fmt.Sprintf("exit %s ≤%s (failed low)", name, algos.FormatValue(e.Value))
			case algos.Exact:
				line = fmt.Sprintf("exit %s = %s", name, algos.FormatValue(e.Value))
			default: // no bound: a value not known (a student's search, checks.RecordSearch)
				line = "exit " + name
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			exited[e.Ply] = name
			for p := range exited { // deeper plies belong to a finished subtree
				if p > e.Ply {
					delete(exited, p)
				}
			}
		case algos.ReSearch:
			child := "move " + strconv.Itoa(e.Move)
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				child = frameMoveName(&p.pos, e.Move)
			}
			line = fmt.Sprintf("re-search of %s at %s", child, top())
			if w := window(e); w != "" {
				line += fmt.Sprintf(" with%s (it returned %s)", w, algos.FormatValue(e.Value))
			}
			pending = child
		case algos.TTHit:
			line = fmt.Sprintf("tt hit at %s: %v %s, %s", top(), e.Bound, algos.FormatValue(e.Value), frameDepth(e.Depth))
			if e.TTCut {
				line += ", settles it"
			}
		case algos.Pass:
			passes++
			line = fmt.Sprintf("pass %d: %s, guess %s, window %s", passes, frameDepth(e.Depth), algos.FormatValue(e.Value), algos.FormatWindow(e.Alpha, e.Beta))
		default:
			line = e.Kind.String()
		}
		out = append(out, line)
	}
	return out
}

// window is " [α, β]" for an event's window, or "" when it has none: α = β,
// a window no search enters with, is a recorded student's search's (the
// grader cannot see the window a student's code used: checks.RecordSearch).
func window[P any](e algos.Event[P]) string {
	if e.Alpha == e.Beta {
		return ""
	}
	return " " + algos.FormatWindow(e.Alpha, e.Beta)
}

// NodeName names the node at pos, entered by move from parent (nil at
// the root) whose own name is parentName.
func NodeName[P any](pos P, parent *P, parentName string, move int) string {
	if n, ok := any(pos).(interface{ Name() string }); ok {
		if s := n.Name(); s != "" {
			return s
		}
	}
	if parent == nil {
		return "root"
	}
	m := frameMoveName(parent, move)
	if parentName == "root" {
		return m
	}
	return parentName + "." + m
}

// frameMoveName names move of parent by its MoveName method, or by index.
func frameMoveName[P any](parent *P, move int) string {
	if mn, ok := any(*parent).(interface{ MoveName(int) string }); ok {
		if s := mn.MoveName(move); s != "" {
			return s
		}
	}
	return strconv.Itoa(move)
}

// frameDepth writes a search depth: "depth 3", or "full depth" for a
// search to the end of the tree (algos.FullDepth, less the plies above).
func frameDepth(d int) string {
	if d > algos.FullDepth-1<<20 {
		return "full depth"
	}
	return "depth " + strconv.Itoa(d)
}
