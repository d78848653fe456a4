package checks

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

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
// fit is a stub "+N more".

// FeedbackEnv is the variable that turns pictures off when "off".
const FeedbackEnv = "CUTOFF_FEEDBACK"

// PictureBudget bounds the nodes a picture draws.
const PictureBudget = 150

// FeedbackDir is the folder, relative to the test's working directory,
// the pictures go to.
const FeedbackDir = ".feedback"

var pic struct {
	sync.Mutex
	student, ref *Trace // the last traces watched by the property running
	got, want    *Trace // the first pair of traces whose visits differed
	stopped      string // the student's search panicked or ran away
}

func picturesOn() bool {
	return !session.active && os.Getenv(FeedbackEnv) != "off"
}

// startPicture forgets what a previous property call kept.
func startPicture() {
	pic.Lock()
	defer pic.Unlock()
	pic.student, pic.ref, pic.got, pic.want, pic.stopped = nil, nil, nil, nil, ""
}

func noteWatch(tr *Trace, student bool) {
	pic.Lock()
	defer pic.Unlock()
	if student {
		pic.student = tr
	} else {
		pic.ref = tr
	}
}

// notePicture keeps the first pair of traces that differ in a property call:
// the one its text feedback explains.
func notePicture(got, want *Trace, stopped string) {
	pic.Lock()
	defer pic.Unlock()
	if pic.got == nil {
		pic.got, pic.want = got, want
		pic.stopped = stopped
	}
}

func notePanic(msg string) {
	pic.Lock()
	defer pic.Unlock()
	pic.stopped = msg
	if pic.got == nil && pic.student != nil {
		pic.got, pic.want = pic.student, pic.ref
		if pic.want == nil {
			pic.want = &Trace{}
		}
	}
}

// lastDiff returns the difference kept for the check's picture, or false.
func lastDiff(title string) (feedback.Diff, bool) {
	pic.Lock()
	got, want, stopped := pic.got, pic.want, pic.stopped
	pic.Unlock()
	if got == nil || want == nil {
		return feedback.Diff{}, false
	}
	return makeDiff(title, got, want, stopped)
}

// makeDiff draws got's and want's visits on got's tree.
func makeDiff(title string, got, want *Trace, stopped string) (feedback.Diff, bool) {
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
			s[i] = feedback.Step{Path: v.Path, Name: v.Name, Eval: v.Eval}
			visited[v.Path] = true
		}
		return s
	}
	d := feedback.Diff{Title: title, Student: steps(got.Visits), Reference: steps(want.Visits),
		First: firstDiff(got.Visits, want.Visits), Stopped: stopped}
	d.Tree = shape(func(p string) bool { return visited[p] }, PictureBudget)
	return d, d.Tree != nil
}

// writePicture writes the check's picture, if it has one, and logs its path.
func (c *C) writePicture(rule string) {
	if !picturesOn() {
		return
	}
	d, ok := lastDiff(c.T.Name() + " — " + rule)
	if !ok {
		return
	}
	base, err := filepath.Abs(filepath.Join(FeedbackDir, fileName(c.T.Name())))
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		c.T.Logf("picture not written: %v", err)
		return
	}
	if err := os.WriteFile(base+".svg", feedback.SVG(d), 0o644); err != nil {
		c.T.Logf("picture not written: %v", err)
		return
	}
	if err := os.WriteFile(base+".html", feedback.HTML(d), 0o644); err != nil {
		c.T.Logf("picture not written: %v", err)
		return
	}
	c.T.Logf("picture of the difference: %s.html (and .svg; %s=off for none)", base, FeedbackEnv)
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
func shapeOf[P position[P]](root P) func(drawn func(path string) bool, budget int) *feedback.Node {
	return func(drawn func(string) bool, budget int) *feedback.Node {
		left := budget
		var build func(p P, path string) *feedback.Node
		build = func(p P, path string) *feedback.Node {
			left--
			n := &feedback.Node{Name: nameOf(p, path), Max: p.ToMove() == gametree.Max}
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
				if left <= 0 {
					for _, rest := range cs[i:] {
						k, more := subtreeSize([]P{rest}, 1000)
						n.Hidden += k
						n.HiddenMore = n.HiddenMore || more
					}
					break
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
