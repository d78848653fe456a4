package checks

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// A failing check that compares visits draws the difference: the tree it
// failed on (the smallest one, after shrinking), the student's search and
// the reference's on it, the first difference marked (pkg/render/feedback).
// It writes, next to the test (go test runs in the exercise's folder):
//
//	.feedback/<Test>/<check>.svg   the picture
//	.feedback/<Test>/<check>.html  the picture and a step-through of both
//	                               searches to 3 visits past the difference
//
// and prints one line with their path beside the text feedback, which is
// unchanged. The folder is git-ignored. Passing checks write nothing.
// CUTOFF_FEEDBACK=off turns pictures off; under `cutoff grade` (a grader's
// session) they are always off, so that a submission's test binary, in its
// sandbox, writes nothing it did not write before.
//
// A runaway search (more visits than the Trace's Limit) or a panicking one
// is drawn as far as it got: the visits before it stopped, the reference's
// beside them. A drawing holds at most PictureBudget nodes; what does not
// fit is a stub "+N" (N nodes not drawn).

// FeedbackEnv is the variable that turns pictures off when "off".
const FeedbackEnv = "CUTOFF_FEEDBACK"

// PictureBudget bounds the nodes a picture draws.
const PictureBudget = 120

// FeedbackDir is the folder, relative to the test's working directory,
// the pictures go to.
const FeedbackDir = ".feedback"

var pic struct {
	sync.Mutex
	student, ref *Trace // the last traces watched by the property running
	// cands are the pairs of traces whose visits differed, with the line
	// that explained the difference: the check's picture is of the pair its
	// failure message explains.
	cands   []cand
	stopped string // the student's search panicked or ran away
}

type cand struct {
	got, want *Trace
	line      string
	wrong     *feedback.Wrong  // the node the line is about, when not the visits' order
	stored    []feedback.Store // table entries the two searches stored differently
	// later, when not nil, makes want and wrong when the picture is drawn
	// (a reference run that only the picture needs).
	later func() (*Trace, *feedback.Wrong)
}

func picturesOn() bool {
	return !session.active && os.Getenv(FeedbackEnv) != "off"
}

// startPicture forgets what a previous property call kept.
func startPicture() {
	pic.Lock()
	defer pic.Unlock()
	pic.student, pic.ref, pic.cands, pic.stopped = nil, nil, nil, ""
}

func noteWatch(tr *Trace, student bool) {
	noteProgress()
	pic.Lock()
	defer pic.Unlock()
	if student {
		pic.student = tr
	} else {
		pic.ref = tr
	}
}

// currentStudent returns the trace of the student's search the property
// running watched last, or nil.
func currentStudent() *Trace {
	pic.Lock()
	defer pic.Unlock()
	return pic.student
}

// notePicture keeps a pair of traces that differ and the line explaining it.
func notePicture(got, want *Trace, line string) {
	pic.Lock()
	defer pic.Unlock()
	if len(pic.cands) == 64 {
		pic.cands = pic.cands[1:]
	}
	pic.cands = append(pic.cands, cand{got: got, want: want, line: line})
}

// noteWrong keeps a pair of traces whose searches differ in what line
// says happened at one node (a value, a flag, a window), not necessarily
// in their visits: the picture marks that node.
func noteWrong(got, want *Trace, line string, w feedback.Wrong) {
	if got == nil || want == nil {
		return
	}
	pic.Lock()
	defer pic.Unlock()
	if len(pic.cands) == 64 {
		pic.cands = pic.cands[1:]
	}
	pic.cands = append(pic.cands, cand{got: got, want: want, line: line, wrong: &w})
}

// noteWrongStored is noteWrong with the table entries the two searches
// stored differently, drawn on their nodes.
func noteWrongStored(got, want *Trace, line string, w feedback.Wrong, stored []feedback.Store) {
	noteWrong(got, want, line, w)
	pic.Lock()
	defer pic.Unlock()
	if n := len(pic.cands); n > 0 && pic.cands[n-1].got == got && pic.cands[n-1].line == line {
		pic.cands[n-1].stored = stored
	}
}

// noteWrongLater is noteWrong with the reference's trace and the mark made
// only if the check's picture is drawn.
func noteWrongLater(got *Trace, line string, later func() (*Trace, *feedback.Wrong)) {
	pic.Lock()
	defer pic.Unlock()
	if len(pic.cands) == 64 {
		pic.cands = pic.cands[1:]
	}
	pic.cands = append(pic.cands, cand{got: got, line: line, later: later})
}

// noteWrongHere is noteWrong with the traces the property running watched
// last (its student's search and its reference's, on the tree it is
// checking).
func noteWrongHere(line string, w feedback.Wrong) {
	pic.Lock()
	got, want := pic.student, pic.ref
	pic.Unlock()
	noteWrong(got, want, line, w)
}

func notePanic(msg string) {
	pic.Lock()
	defer pic.Unlock()
	pic.stopped = msg
	if pic.student != nil {
		want := pic.ref
		if want == nil {
			want = &Trace{}
		}
		pic.cands = append(pic.cands, cand{got: pic.student, want: want, line: msg})
	}
}

// lastDiff returns the difference the failure message explains, or false.
func lastDiff(title string, message []string) (feedback.Diff, bool) {
	pic.Lock()
	cands, stopped := pic.cands, pic.stopped
	pic.Unlock()
	text := strings.Join(message, "\n")
	for i := len(cands) - 1; i >= 0; i-- {
		if c := cands[i]; strings.Contains(text, c.line) {
			if c.later != nil {
				c.want, c.wrong = c.later()
			}
			d, ok := diffOf(title, c.got, c.want, stopped, c.wrong)
			if ok {
				d.Stored = drawnStores(d.Tree, c.stored)
			}
			return d, ok
		}
	}
	return feedback.Diff{}, false
}

// DiffOf is the picture of two watched searches (Watch, WatchRef) on one
// tree: got's visits against want's, on got's tree, the first difference
// marked; stopped says why got's search stopped early ("" when it did
// not). False when the traces were not made by Watch or WatchRef. The
// notebooks and `cutoff grade` draw with it what a check draws.
func DiffOf(title string, got, want *Trace, stopped string) (feedback.Diff, bool) {
	return diffOf(title, got, want, stopped, nil)
}

// diffOf is DiffOf with the node a failure is about marked (wrong, when
// not nil; drawn whatever the budget).
func diffOf(title string, got, want *Trace, stopped string, wrong *feedback.Wrong) (feedback.Diff, bool) {
	shape := got.shape
	if shape == nil {
		shape = want.shape
	}
	if shape == nil {
		return feedback.Diff{}, false
	}
	visited := map[string]bool{}
	steps := func(vs []Visit) []feedback.Step {
		s := make([]feedback.Step, len(vs))
		for i, v := range vs {
			s[i] = feedback.Step{Path: v.Path, Name: v.Name, Eval: v.Eval, Foreign: v.Foreign}
			if !v.Foreign {
				visited[v.Path] = true
			}
		}
		return s
	}
	d := feedback.Diff{Title: title, Student: steps(got.Visits), Reference: steps(want.Visits),
		First: firstDiff(got.Visits, want.Visits), Stopped: stopped, Wrong: wrong}
	// The positions of the first difference, and the wrong one, are drawn
	// whatever the budget.
	var firsts []string
	for _, vs := range [][]Visit{got.Visits, want.Visits} {
		if d.First >= 0 && d.First < len(vs) && !vs[d.First].Foreign {
			firsts = append(firsts, vs[d.First].Path)
		}
	}
	if wrong != nil {
		firsts = append(firsts, wrong.Path)
	}
	must := func(p string) bool {
		for _, f := range firsts {
			if p == "" || p == f || strings.HasPrefix(f, p+".") {
				return true
			}
		}
		return false
	}
	drawn := focus(got.Visits, want.Visits, d.First, PictureBudget/4)
	if wrong != nil {
		for p := wrong.Path; p != ""; {
			j := strings.LastIndexByte(p, '.')
			if j < 0 {
				p = ""
			} else {
				p = p[:j]
			}
			drawn[p] = true
		}
	}
	d.Tree = shape(func(p string) bool { return drawn[p] }, must, PictureBudget)
	if d.Tree == nil {
		return d, false
	}
	if again := refRunOf(want); again != nil {
		d.Ref, d.RefPasses = drawnMarks(d.Tree, again)
	}
	if ps := passesOf(got); len(ps) > 0 {
		d.YouPasses = ps
	}
	return d, true
}

// drawnPaths is the set of the paths of the nodes the picture draws.
func drawnPaths(tree *feedback.Node) map[string]bool {
	in := map[string]bool{}
	var walk func(n *feedback.Node)
	walk = func(n *feedback.Node) {
		in[n.Path] = true
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(tree)
	return in
}

// drawnStores is the stores on nodes the picture draws.
func drawnStores(tree *feedback.Node, stored []feedback.Store) []feedback.Store {
	in := drawnPaths(tree)
	var out []feedback.Store
	for _, s := range stored {
		if in[s.Path] {
			out = append(out, s)
		}
	}
	return out
}

// drawnMarks is the reference's marks on the nodes the picture draws, at
// most 4·PictureBudget of them.
func drawnMarks(tree *feedback.Node, again func() ([]feedback.Mark, []feedback.Pass)) ([]feedback.Mark, []feedback.Pass) {
	in := drawnPaths(tree)
	marks, passes := again()
	var out []feedback.Mark
	for _, m := range marks {
		if in[m.Path] && len(out) < 4*PictureBudget {
			out = append(out, m)
		}
	}
	return out, passes
}

// focus returns the positions whose children a picture draws: every one
// either search visited, or, when they are more than max (with their
// ancestors), those visited within the widest span of visits around the
// first difference (the last visits when there is none) that fits.
func focus(got, want []Visit, first, max int) map[string]bool {
	n := len(got) + len(want)
	if first < 0 {
		first = n
	}
	set := func(k int) map[string]bool {
		m := map[string]bool{}
		for _, vs := range [][]Visit{got, want} {
			for i := first - k; i <= first+k; i++ {
				if i < 0 || i >= len(vs) || vs[i].Foreign {
					continue
				}
				for p := vs[i].Path; ; {
					m[p] = true
					j := strings.LastIndexByte(p, '.')
					if p == "" {
						break
					}
					if j < 0 {
						p = ""
					} else {
						p = p[:j]
					}
				}
			}
		}
		return m
	}
	if m := set(n); len(m) <= max {
		return m
	}
	lo, hi := 0, n // set(lo) fits (at least the difference's paths), set(hi) does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if len(set(mid)) <= max {
			lo = mid
		} else {
			hi = mid
		}
	}
	return set(lo)
}

// writePicture writes the check's picture, if it has one, and returns the
// line that says where (or why not; "" for no picture): Fail prints it
// after the check's explanation.
func (c *C) writePicture(rule string) string {
	if c.inline {
		if d, ok := lastDiff(c.T.Name()+" — "+rule, c.message); ok {
			c.diff = &d
		}
		return ""
	}
	if session.active && session.pictures {
		// Under `cutoff grade -feedback`: the picture goes to the grader,
		// signed, on its pipe; nothing is written here.
		if d, ok := lastDiff(c.T.Name()+" — "+rule, c.message); ok {
			sendPicture(c.test, c.check, d)
		}
		return ""
	}
	if !picturesOn() {
		return ""
	}
	d, ok := lastDiff(c.T.Name()+" — "+rule, c.message)
	if !ok {
		return ""
	}
	base, err := filepath.Abs(filepath.Join(FeedbackDir, fileName(c.T.Name())))
	if err != nil {
		return ""
	}
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return fmt.Sprintf("picture not written: %v", err)
	}
	if err := os.WriteFile(base+".svg", feedback.SVG(d), 0o644); err != nil {
		return fmt.Sprintf("picture not written: %v", err)
	}
	if err := os.WriteFile(base+".html", feedback.HTML(d), 0o644); err != nil {
		return fmt.Sprintf("picture not written: %v", err)
	}
	return fmt.Sprintf("picture of the difference: %s.html (and .svg; %s=off for none)", base, FeedbackEnv)
}

// fileName turns "TestAlphaBeta/deep_cutoff" into "TestAlphaBeta/deep_cutoff",
// keeping letters, digits, '-', '_' and one level of folder.
func fileName(test string) string {
	parts := strings.SplitN(test, "/", 2)
	for i, p := range parts {
		parts[i] = strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
				return r
			}
			return '_'
		}, strings.ReplaceAll(p, "/", "_"))
	}
	return filepath.Join(parts...)
}

// shapeOf returns a function that draws the tree below root as far as
// drawn says, at most budget nodes.
// Positions for which must is true are drawn even past the budget.
func shapeOf[P position[P]](root P) func(drawn, must func(path string) bool, budget int) *feedback.Node {
	return func(drawn, must func(string) bool, budget int) *feedback.Node {
		left := budget
		var build func(p P, path string) *feedback.Node
		build = func(p P, path string) *feedback.Node {
			left--
			n := &feedback.Node{Path: path, Name: nameOf(p, path), Max: p.ToMove() == gametree.Max}
			cs := p.Children(nil)
			if len(cs) == 0 {
				n.Leaf, n.Value = true, p.Value()
				return n
			}
			if !drawn(path) {
				n.Hidden, n.HiddenMore = subtreeSize(cs, 1000)
				return n
			}
			for i, c := range cs {
				cp := strconv.Itoa(i)
				if path != "" {
					cp = path + "." + cp
				}
				if left <= 0 && !must(cp) {
					k, more := subtreeSize([]P{c}, 1000)
					n.Hidden += k
					n.HiddenMore = n.HiddenMore || more
					continue
				}
				n.Children = append(n.Children, build(c, cp))
			}
			return n
		}
		return build(root, "")
	}
}

// subtreeSize counts the nodes of the subtrees at cs, at most bound.
func subtreeSize[P position[P]](cs []P, bound int) (int, bool) {
	n := 0
	stack := append([]P(nil), cs...)
	for len(stack) > 0 {
		if n >= bound {
			return n, true
		}
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		stack = p.Children(stack)
	}
	return n, false
}

// refRuns keeps, for the last reference searches run (their Traces), how
// to record them again: what the picture draws of the reference beyond its
// visits (values, bounds, windows, cutoffs, the principal variation,
// probes, re-searches, passes) comes from the library's recorded search,
// made only when a picture is drawn (a failing property is called many
// times while its tree shrinks).
var refRuns struct {
	sync.Mutex
	m     map[*Trace]func() ([]feedback.Mark, []feedback.Pass)
	order []*Trace
	// passes labels a student's searches from the root, when the grader
	// made them (MTD(f)'s calls of search, with their windows)
	passes map[*Trace][]feedback.Pass
}

// notePasses keeps the passes of the student's search tr (its driver's
// calls of the grader's search).
func notePasses(tr *Trace, ps []feedback.Pass) {
	refRuns.Lock()
	defer refRuns.Unlock()
	if refRuns.passes == nil || len(refRuns.passes) >= 64 {
		refRuns.passes = map[*Trace][]feedback.Pass{}
	}
	refRuns.passes[tr] = ps
}

func passesOf(tr *Trace) []feedback.Pass {
	refRuns.Lock()
	defer refRuns.Unlock()
	return refRuns.passes[tr]
}

// noteRefRun keeps how to record again the reference search tr watched.
func noteRefRun(tr *Trace, again func() ([]feedback.Mark, []feedback.Pass)) {
	refRuns.Lock()
	defer refRuns.Unlock()
	if refRuns.m == nil {
		refRuns.m = map[*Trace]func() ([]feedback.Mark, []feedback.Pass){}
	}
	if len(refRuns.order) >= 256 {
		delete(refRuns.m, refRuns.order[0])
		refRuns.order = refRuns.order[1:]
	}
	refRuns.m[tr] = again
	refRuns.order = append(refRuns.order, tr)
}

func refRunOf(tr *Trace) func() ([]feedback.Mark, []feedback.Pass) {
	refRuns.Lock()
	defer refRuns.Unlock()
	return refRuns.m[tr]
}

// recordRef runs search from root again with a Recorder and returns what
// the picture draws of it: a Mark per node entered, the passes of a
// driver that searched from the root more than once.
func recordRef[P position[P]](root P, search func(Ref[P], algos.Tracer[Ref[P]])) ([]feedback.Mark, []feedback.Pass) {
	tr := &Trace{}
	rec := algos.NewRecorder[Ref[P]]()
	var at []int // the visits made before each node was entered
	search(Ref[P]{tracked[P]{p: root, tr: tr, name: nameOf(root, "")}}, algos.TracerFunc[Ref[P]](func(e algos.Event[Ref[P]]) {
		if e.Kind == algos.Enter {
			at = append(at, len(tr.Visits))
		}
		n := len(tr.Visits)
		rec.Event(e)
		tr.Visits = tr.Visits[:n] // the Recorder's own calls (the pruned moves) are no visits
	}))
	var paths []string
	for _, v := range tr.Visits {
		paths = append(paths, v.Path)
	}
	return refMarks(rec, at, len(tr.Visits), func(visit int, path string) bool {
		return visit < len(at) && at[visit] < len(paths) && paths[at[visit]] == path
	})
}

// refMarks converts a reference's recorded search into the picture's
// marks; at[v] is the number of visits made before the node of Visit v was
// entered, total the visits of the whole search; visited tells whether the
// entry of Visit v at path made a visit of its own (else a table hit
// settled it before it expanded or evaluated anything).
func refMarks[P position[P]](rec *algos.Recorder[Ref[P]], at []int, total int, visited func(visit int, path string) bool) ([]feedback.Mark, []feedback.Pass) {
	visitOf := func(n *algos.TraceNode[Ref[P]]) int {
		if n.Visit < len(at) {
			return at[n.Visit] + 1
		}
		return total
	}
	pv := map[*algos.TraceNode[Ref[P]]]bool{}
	if len(rec.Roots) > 0 {
		for n := rec.Roots[len(rec.Roots)-1]; n != nil && n.Bound != 0; n = n.Producer() {
			pv[n] = true
		}
	}
	var marks []feedback.Mark
	var passes []feedback.Pass
	for i, r := range rec.Roots {
		k := 0
		if len(rec.Roots) > 1 {
			k = i + 1
			from := visitOf(r)
			if i > 0 {
				passes[i-1].To = from - 1
			}
			label := fmt.Sprintf("pass %d: ", k)
			if r.Depth < algos.FullDepth {
				label += fmt.Sprintf("depth %d, ", r.Depth)
			}
			label += algos.FormatWindow(r.Alpha, r.Beta)
			if r.Pass != 0 {
				label += ", guess " + algos.FormatValue(r.Guess)
			}
			passes = append(passes, feedback.Pass{K: k, From: from, To: total, Label: label})
		}
		var walk func(n *algos.TraceNode[Ref[P]]) int
		walk = func(n *algos.TraceNode[Ref[P]]) int {
			m := feedback.Mark{Path: n.Pos.Path(), At: visitOf(n), Pass: k, PV: pv[n],
				Window: algos.FormatWindow(n.Alpha, n.Beta), Probe: n.Ply > 0 && n.NullWindow(), ReSearch: n.ReSearch,
				NoVisit: !visited(n.Visit, n.Pos.Path())}
			if n.TT != nil {
				m.TT = "TT " + strings.ToUpper(n.TT.Bound.String())
				if n.TT.Cut {
					m.TT += " cut"
				}
			}
			if n.Bound != 0 {
				m.Value = algos.FormatBound(n.Value, n.Bound)
			}
			if n.Cut != nil && len(n.Pruned) > 0 {
				m.Cut = "✂ " + n.Cut.Kind.String()
				if n.Ply == 0 {
					m.Cut = "✂" // no bound comes from above the root
				}
				m.CutAt = strconv.Itoa(n.Pruned[0])
				if m.Path != "" {
					m.CutAt = m.Path + "." + m.CutAt
				}
			}
			i := len(marks)
			marks = append(marks, m)
			done := m.At
			for _, c := range n.Children {
				done = max(done, walk(c))
			}
			marks[i].Done = done
			return done
		}
		walk(r)
	}
	return marks, passes
}
