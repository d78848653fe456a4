package checks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// keepsOldRoot wraps an alpha-beta as the audit's submission did: on each
// call from the grader it first calls Children on the root of the previous
// call's tree and Value on that root's first child — nodes of another tree.
func keepsOldRoot(ab func(n Node, depth, alpha, beta int) int) func(n Node, depth, alpha, beta int) int {
	var prev Node
	return func(n Node, depth, alpha, beta int) int {
		if prev != nil {
			if cs := prev.Children(); len(cs) > 0 {
				cs[0].Value()
			}
		}
		prev = n
		return ab(n, depth, alpha, beta)
	}
}

// Calls on nodes of an earlier search's tree land in the running search's
// trace, tagged Foreign: the text names them, RecordSearch keeps them out
// of the tree, the picture notes them and draws none of them on this tree
// (no ×k badge, no node of this tree ringed for them).
func TestForeignCalls(t *testing.T) {
	f := keepsOldRoot(alphaBeta(false))
	whole := func(n Node) int { return f(n, full, -Inf, Inf) }
	trees := Fixtures("aima-fig5.2", "deep-cutoff")
	p := sameAs("alphabeta", full, -Inf, Inf, whole, Outcome{Visits: true, Window: true})
	if why := safely(p, trees[0].Tree); why != nil {
		t.Fatalf("first call (no earlier tree): %q", why)
	}
	why := safely(p, trees[1].Tree)
	text := strings.Join(why, "\n")
	for _, want := range []string{
		"visit 1: expected to expand S, your search did expand A of another tree",
		"your search called Children on 1 node and Value on 1 node of another tree (an earlier search's",
		"expand A, evaluate B",
		"your evaluations:     B (another tree), a1, a2",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	tr := currentStudent()
	if fs := tr.Foreign(); len(fs) != 2 || !fs[0].Foreign || fs[0].Path != "" || fs[1].Path != "0" || !fs[1].Eval {
		t.Errorf("foreign visits %+v; want expand A, evaluate B (AIMA's root and its first child)", fs)
	}
	r := RecordSearch(trees[1].Tree.Root(), tr)
	if len(r.Foreign) != 2 || len(r.Repeats) != 0 {
		t.Errorf("recorded: foreign %v, repeats %v; want the 2 calls on the other tree, no repeat", r.Foreign, r.Repeats)
	}
	d, ok := lastDiff("foreign", why)
	if !ok {
		t.Fatal("no picture")
	}
	svg := string(feedback.SVG(d))
	var note []string // the line under the title, wrapped
	for _, m := range regexp.MustCompile(`<text class="foreign"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		note = append(note, m[1])
	}
	if !strings.Contains(strings.Join(note, " "), "2 calls on nodes of another tree (an earlier search&#39;s), drawn below the tree: your visits 1 (expand A), 2 (evaluate B) (visit 1 is the first difference)") {
		t.Errorf("the picture lacks the note of the calls on another tree:\n%.1500s", svg)
	}
	if strings.Contains(svg, `class="first-got"`) || strings.Contains(svg, `class="repeat"`) {
		t.Errorf("a node of this tree is ringed or badged for a call on another tree")
	}
	if !strings.Contains(string(feedback.HTML(d)), "Step 1: you expand A of another tree") {
		t.Errorf("the step-through does not say step 1 was on another tree")
	}
	// Twice on one node of this tree stays marked, beside the foreign calls.
	twice := func(n Node) int { n.Children(); return whole(n) }
	why = safely(sameAs("alphabeta", full, -Inf, Inf, twice, Outcome{Visits: true, Window: true}), trees[0].Tree)
	d, _ = lastDiff("twice", why)
	if svg := string(feedback.SVG(d)); !strings.Contains(svg, `class="repeat"`) || !strings.Contains(svg, `class="foreign"`) {
		t.Errorf("root expanded twice and calls on another tree: badge %v, note %v",
			strings.Contains(svg, `class="repeat"`), strings.Contains(svg, `class="foreign"`))
	}
}

// A runaway stopped at the visit limit says the grader stopped it.
func TestRunawayWording(t *testing.T) {
	tree := mustParse("R(A(a1=1 a2=2) B(b1=3 b2=4))")
	p := sameAs("alphabeta", full, -Inf, Inf, func(n Node) int {
		for {
			n.Children()
		}
	}, Outcome{Visits: true})
	why := safely(p, tree)
	_, wtr := Reference(tree, "alphabeta", depthOf(full), -Inf, Inf, nil)
	want := fmt.Sprintf("stopped: your search visited more than %d nodes (10× the reference's + 100); it may never end", 10*len(wtr.Visits)+100)
	if len(why) != 1 || why[0] != want {
		t.Errorf("why %q; want %q", why, want)
	}
}

// A search that loops calling Children on a leaf records nothing and never
// reaches the visit limit: the watchdog stops it at its next call, and the
// check ends by itself, with its text and its picture.
func TestWatchdogStopsALoopOnALeaf(t *testing.T) {
	tree := mustParse("R(A(a1=1 a2=2) B(b1=3 b2=4))")
	p := sameAs("alphabeta", full, -Inf, Inf, func(n Node) int {
		leaf := n.Children()[0].Children()[0]
		leaf.Value()
		for {
			leaf.Children()
		}
	}, Outcome{Visits: true})
	startCheck()
	startPicture()
	done := make(chan struct{})
	var why []string
	go func() {
		defer close(done)
		why = safely(p, tree)
	}()
	e, tr, hung := watchdog(done, 200*time.Millisecond, time.Time{})
	if e == nil || hung || tr == nil || len(tr.Visits) != 3 {
		t.Fatalf("watchdog: %v, hung %v, trace %v; want it stopped, not hung, 3 visits", e, hung, tr)
	}
	if len(why) != 1 || !strings.HasPrefix(why[0], "stopped: your search did not end within 0.2 s; it had visited 3 nodes when stopped") {
		t.Errorf("why %q", why)
	}
	if d, ok := lastDiff("leaf", why); !ok || len(d.Student) != 3 || !strings.Contains(d.Stopped, "did not end") {
		t.Errorf("picture %v: %d visits, stopped %q", ok, len(d.Student), d.Stopped)
	}
	if halted.Load() == nil {
		t.Errorf("the check is not halted: a new search would start")
	}
	startCheck()
}

// spinning returns a search that spins without calling anything once it
// has expanded the root and its first child and evaluated that one's first
// child, until stop is set (so the test's process does not
// keep a core busy after it).
func spinning(stop *atomic.Bool) func(n Node, depth, alpha, beta int) int {
	return func(n Node, depth, alpha, beta int) int {
		for i := 0; i < 2; i++ {
			cs := n.Children()
			if len(cs) == 0 {
				break
			}
			n = cs[0]
		}
		n.Value()
		for !stop.Load() {
		}
		return 0
	}
}

// A notebook's check whose search calls nothing any more: reported with a
// picture of what it did and the advice to restart the kernel; the other
// checks run.
func TestInlineHungCheck(t *testing.T) {
	t.Setenv(TimeoutEnv, "300ms")
	var stop atomic.Bool
	defer stop.Store(true)
	vs, err := Inline("02-alphabeta", spinning(&stop))
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	text := strings.Join(v.Message, "\n")
	if v.Passed || !strings.Contains(text, "did not end within 0.3 s; it had visited 3 nodes") || !strings.Contains(text, "restart the kernel") {
		t.Errorf("verdict %v %q", v.Passed, text)
	}
	if v.Diff == nil || len(v.Diff.Student) != 3 || !strings.Contains(v.Diff.Stopped, "did not end") {
		t.Errorf("picture %+v", v.Diff)
	}
	if len(vs) != len(Exercises()[1].Checks) {
		t.Errorf("%d verdicts; want every check's", len(vs))
	}
}

// The lesson's picture of a search that calls nothing any more: drawn as
// far as it got, with the advice to restart the kernel.
func TestLessonHung(t *testing.T) {
	t.Setenv(TimeoutEnv, "300ms")
	var stop atomic.Bool
	defer stop.Store(true)
	d, _, _, err := Lesson("02-alphabeta", Fixtures("aima-fig5.2")[0].Tree, spinning(&stop))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Student) != 3 || len(d.Reference) == 0 || !strings.Contains(d.Stopped, "restart the kernel") {
		t.Errorf("lesson: %d visits %v, %d reference visits, stopped %q", len(d.Student), d.Student, len(d.Reference), d.Stopped)
	}
}

// Under go test a check whose search calls nothing any more cannot be
// stopped: the watchdog prints its text (and the earlier checks', which go
// test would lose), writes its picture and ends the test binary.
func TestGoTestHungCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an exercise")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	stage, err := os.MkdirTemp(filepath.Join(root, ".tmp"), "hung-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(stage) })
	for _, f := range []string{"testdata/hung/alphabeta.go", filepath.Join(root, "exercises/02-alphabeta/alphabeta_test.go")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(stage, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = stage
	cmd.Env = append(os.Environ(), "CUTOFF_SEED=1", FeedbackEnv+"=", SessionEnv+"=", TimeoutEnv+"=1s")
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	text := string(out)
	for _, want := range []string{
		"--- FAIL: TestAlphaBeta/deep_cutoff", // an earlier check's text, which go test would lose
		"visit 10: expected to expand Z, your search did evaluate y2",
		"--- FAIL: TestAlphaBeta/any_window",
		"rule: in a window [α, β]",
		"stopped: your search did not end within 1 s; it had visited 1 node when stopped",
		"picture of the difference: " + stage + "/.feedback/TestAlphaBeta/any_window.html",
		"(not run: random trees, depth limit",
		"FAIL",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if _, err := os.Stat(filepath.Join(stage, ".feedback/TestAlphaBeta/any_window.svg")); err != nil {
		t.Errorf("no picture: %v", err)
	}
	t.Logf("go test ended in %v (build included)", time.Since(start).Round(time.Second))
	// With -v the earlier checks' output was printed as they ran: the
	// watchdog prints only the stopped check's (once), with its picture.
	os.RemoveAll(filepath.Join(stage, FeedbackDir))
	cmd = exec.Command("go", "test", "-v", "-count=1", ".")
	cmd.Dir = stage
	cmd.Env = append(os.Environ(), "CUTOFF_SEED=1", FeedbackEnv+"=", SessionEnv+"=", TimeoutEnv+"=1s")
	out, _ = cmd.CombinedOutput()
	text = string(out)
	if strings.Count(text, "visit 10: expected to expand Z") != 1 ||
		!strings.Contains(text, "it had visited 1 node when stopped") ||
		!strings.Contains(text, "picture of the difference: "+stage+"/.feedback/TestAlphaBeta/any_window.html") {
		t.Errorf("go test -v:\n%s", text)
	}
}
