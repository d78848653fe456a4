package checks

import (
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
)

// Recording is a student's search (a Trace of what it did through Node) as
// the library's searches are recorded: an algos.Recorder of Event values, in
// order, so that every drawing, frame, player and quiz tool of pkg/render
// and the course works on it.
//
// What is inferred from the visits, and how:
//   - Enter: a position's first touch on the way down, by Children
//     (expanded: an interior node) or by Value (evaluated: a Leaf event
//     follows with its value, the position's Value — known, the student's
//     code received it). A position between the last one entered and the
//     one touched that was not touched itself is entered too (it cannot
//     happen through Node, which records every expansion, but a stored
//     Node can be touched late).
//   - Exit: when the search touches a position outside the subtree of the
//     one it is in, or at the end, it has left it.
//   - Cutoff: an expanded position left with children never entered: they
//     were pruned (Skipped counts them, Move is the last child entered).
//   - ReSearch: a position entered again after the search had left it (a
//     re-search, a repeat); the root expanded again starts a new root
//     search (a second pass: a new tree in Recorder.Roots). Repeats counts
//     the entries after the first, per path.
//
// What the student API cannot tell, and is therefore left out — never
// invented: the window a position was searched with (Enter's Alpha and Beta
// are 0, 0), the depth left (Depth 0), the value an interior position
// returned (Exit's Value 0 and Bound 0, neither Exact nor a bound, so
// TraceNode.Type means nothing for interior nodes), whether a cutoff was
// shallow or deep (Cut 0, From −1), and positions the code held but never
// touched (a leaf whose Value was not called is not in the trace). Drawings
// that read them see an interior node that has not returned: render.TreeDOT
// draws its value as "…" and marks no principal variation, and its windows
// option would print the zeros (leave it off). pkg/render/feedback draws
// only what is known.
type Recording[P position[P]] struct {
	Rec *algos.Recorder[P]
	// Repeats counts, per path, the entries after the first.
	Repeats map[string]int
	// Twice lists the visits that touched the position the search was in
	// the same way again (Children or Value called twice in a row).
	Twice []Visit
	// EvalInterior lists the paths of positions with children that were
	// evaluated (a depth-limited search's horizon, or a mistake).
	EvalInterior []string
	// Foreign lists the visits of nodes of another tree (Visit.Foreign: a
	// Node of an earlier search's tree, kept from a previous call) or whose
	// path is not a position of the tree: kept out of the Recorder.
	Foreign []Visit
}

// RecordSearch converts tr, a search watched from root, into a Recording. The
// trace of a runaway search (stopped at its Limit) or of a panicking one
// converts as far as it got: every position still open is exited at the end.
func RecordSearch[P position[P]](root P, tr *Trace) *Recording[P] {
	r := &Recording[P]{Rec: algos.NewRecorder[P](), Repeats: map[string]int{}}
	type frame struct {
		path              string
		pos               P
		ply               int
		expanded, evaled  bool
		tried             map[int]bool
		last, numChildren int
	}
	var stack []*frame
	entered := map[string]int{}
	resolve := func(path string) ([]P, bool) {
		ps := []P{root}
		if path == "" {
			return ps, true
		}
		p := root
		for _, f := range strings.Split(path, ".") {
			i, err := strconv.Atoi(f)
			cs := p.Children(nil)
			if err != nil || i < 0 || i >= len(cs) {
				return nil, false
			}
			p = cs[i]
			ps = append(ps, p)
		}
		return ps, true
	}
	exit := func() {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.expanded && len(f.tried) > 0 && len(f.tried) < f.numChildren {
			r.Rec.Event(algos.Event[P]{Kind: algos.Cutoff, Ply: f.ply, Move: f.last, From: -1, Skipped: f.numChildren - len(f.tried)})
		}
		e := algos.Event[P]{Kind: algos.Exit, Ply: f.ply}
		if f.evaled {
			e.Value, e.Bound = f.pos.Value(), algos.Exact
		}
		r.Rec.Event(e)
	}
	within := func(anc, path string) bool {
		return anc == path || anc == "" || strings.HasPrefix(path, anc+".")
	}
	for _, v := range tr.Visits {
		ps, ok := resolve(v.Path)
		if v.Foreign || !ok {
			r.Foreign = append(r.Foreign, v)
			continue
		}
		if v.Path == "" && !v.Eval && len(stack) > 0 && stack[0].expanded {
			for len(stack) > 0 { // the root expanded again: a new pass
				exit()
			}
		}
		for len(stack) > 0 && !within(stack[len(stack)-1].path, v.Path) {
			exit()
		}
		// enter the positions from the one the search is in down to v's
		for ply := len(stack); ply < len(ps); ply++ {
			if len(stack) > 0 && stack[len(stack)-1].ply >= ply {
				continue
			}
			path := pathPrefix(v.Path, ply)
			move := -1
			if ply > 0 {
				move = moveOf(path)
				parent := stack[len(stack)-1]
				parent.tried[move] = true
				parent.last = move
			}
			if entered[path] > 0 {
				r.Repeats[path]++
				if ply > 0 {
					r.Rec.Event(algos.Event[P]{Kind: algos.ReSearch, Ply: ply - 1, Move: move})
				}
			}
			entered[path]++
			r.Rec.Event(algos.Event[P]{Kind: algos.Enter, Ply: ply, Move: move, Pos: ps[ply]})
			stack = append(stack, &frame{path: path, pos: ps[ply], ply: ply, tried: map[int]bool{}, last: -1,
				numChildren: len(ps[ply].Children(nil))})
		}
		f := stack[len(stack)-1]
		if v.Eval {
			if f.evaled {
				r.Twice = append(r.Twice, v)
			}
			f.evaled = true
			if f.numChildren > 0 {
				r.EvalInterior = append(r.EvalInterior, v.Path)
			}
			r.Rec.Event(algos.Event[P]{Kind: algos.Leaf, Ply: f.ply, Pos: f.pos, Value: f.pos.Value()})
		} else {
			if f.expanded {
				r.Twice = append(r.Twice, v)
			}
			f.expanded = true
		}
	}
	for len(stack) > 0 {
		exit()
	}
	return r
}

// pathPrefix returns the first ply moves of path ("" for 0).
func pathPrefix(path string, ply int) string {
	if ply == 0 {
		return ""
	}
	fs := strings.Split(path, ".")
	return strings.Join(fs[:ply], ".")
}

func moveOf(path string) int {
	i := strings.LastIndexByte(path, '.')
	m, _ := strconv.Atoi(path[i+1:])
	return m
}
