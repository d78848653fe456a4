package feedback

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/render/dot"
)

// A tree R(A(a1 a2) B(b1 b2)): the student evaluates a1, a2, then b1 and
// b2; the reference cuts b2 and has a stub under nothing.
func sample() Diff {
	leaf := func(path, name string, v int) *Node {
		return &Node{Path: path, Name: name, Leaf: true, Value: v, Max: true}
	}
	tree := &Node{Path: "", Name: "R", Max: true, Children: []*Node{
		{Path: "0", Name: "A", Children: []*Node{leaf("0.0", "a1", 3), leaf("0.1", "a2", 5)}},
		{Path: "1", Name: "B", Children: []*Node{leaf("1.0", "b1", 1), leaf("1.1", "b2", 9)}},
		{Path: "2", Name: "C", Hidden: 12},
	}}
	st := func(path, name string, eval bool) Step { return Step{Path: path, Name: name, Eval: eval} }
	ref := []Step{st("", "R", false), st("0", "A", false), st("0.0", "a1", true), st("0.1", "a2", true), st("1", "B", false), st("1.0", "b1", true)}
	stu := append(append([]Step{}, ref...), st("1.1", "b2", true), st("1.1", "b2", true))
	return Diff{Title: "TestX/cut — a rule", Student: stu, Reference: ref, First: 6, Tree: tree}
}

var nodeRe = regexp.MustCompile(`<g id="p([0-9.]*)" class="node (\w+) (max|min)"`)

func TestSVGMarks(t *testing.T) {
	d := sample()
	svg := SVG(d)
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	got := map[string]string{}
	for _, m := range nodeRe.FindAllSubmatch(svg, -1) {
		got[string(m[1])] = string(m[2])
	}
	want := map[string]string{"": "visited", "0": "visited", "0.0": "visited", "0.1": "visited", "1": "visited", "1.0": "visited", "1.1": "extra", "2": "pruned"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("classes %v\nwant %v", got, want)
	}
	for path, cls := range want {
		if c := d.Class(path); c != cls {
			t.Errorf("Class(%q) = %s, want %s", path, c, cls)
		}
	}
	s := string(svg)
	for _, w := range []string{
		`<g class="first-got" data-path="1.1" data-at="7"><title>b2</title>`, // student's visit 7
		`your visit 7`, `+12</text>`, `×2/0`, `you 7,8`, `ref 6`,
		"your search only (the reference prunes it)",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
	if strings.Contains(s, `class="first-want"`) {
		t.Error("the reference has no visit 7: nothing to ring as expected")
	}
	// The legend lists only the marks the picture uses: no node is the
	// reference's only, nothing is known of the reference beyond its
	// visits (no values, windows, cutoffs), no step-through.
	for _, w := range []string{"the reference only (your search skipped it)", "principal variation", "ref ✂", "null window", "re-search", "yellow"} {
		if strings.Contains(s, w) {
			t.Errorf("the legend explains %q, which the picture does not use", w)
		}
	}
	// The reference visiting what the student skipped.
	d.Student, d.Reference = d.Reference, d.Student
	if c := d.Class("1.1"); c != "missed" {
		t.Errorf("swapped: Class(1.1) = %s, want missed", c)
	}
	if s := string(SVG(d)); !strings.Contains(s, `<g class="first-want" data-path="1.1" data-at="7">`) || strings.Contains(s, `class="first-got"`) {
		t.Error("swapped: want the expected visit 7 ringed, no visit of the student's")
	} else if !strings.Contains(s, "the reference only (your search skipped it)") || strings.Contains(s, "your search only") {
		t.Error("swapped: the legend should explain the reference's only nodes, not the student's")
	}
}

func TestHTMLSteps(t *testing.T) {
	d := sample()
	page := string(HTML(d))
	if from, to := StepRange(d); from != 0 || to != 8 {
		t.Errorf("steps %d..%d; want 0..8 (the longer search ends at 8)", from, to)
	}
	for _, w := range []string{
		"Step 7: you evaluate b2 · reference (done)  ← first difference",
		"Step 1: you expand R · reference expand R",
		"var from=0,to=8,k=7,",
		`<svg xmlns="http://www.w3.org/2000/svg"`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
	if strings.Contains(page, "http://") && strings.Count(page, "http://") != 1 {
		t.Error("the page refers to the network")
	}
	// A long search: the step-through ends 3 visits past the difference and
	// holds at most MaxSteps steps.
	var long []Step
	for i := range 5000 {
		long = append(long, Step{Path: "0", Name: fmt.Sprint(i)})
	}
	d.Student, d.Reference, d.First = long, long[:4000], 4000
	if from, to := StepRange(d); to != 4004 || to-from+1 != MaxSteps {
		t.Errorf("long: steps %d..%d; want %d steps ending at 4004", from, to, MaxSteps)
	}
}

func TestWrap(t *testing.T) {
	lines := wrap(strings.Repeat("word ", 100), 30)
	if len(lines) != 3 || !strings.HasSuffix(lines[2], "…") {
		t.Errorf("%q", lines)
	}
	for _, l := range lines[:2] {
		if len(l) > 30 {
			t.Errorf("line %q longer than 30", l)
		}
	}
}

// TestWrongMark: a Wrong node gets the dotted mark and the legend its two
// lines (cut to the picture's width); without one, neither is drawn and
// the JSON the grader carries has no Wrong key.
func TestWrongMark(t *testing.T) {
	d := sample()
	plain := string(SVG(d))
	if strings.Contains(plain, `class="wrong"`) || strings.Contains(plain, "wrong-legend") {
		t.Error("a picture without Wrong marks a node")
	}
	if js, _ := json.Marshal(d); strings.Contains(string(js), "Wrong") {
		t.Errorf("JSON without Wrong: %s", js)
	}
	d.Wrong = &Wrong{Path: "1", Got: "stored {value 1, depth 1, UPPERBOUND} " + strings.Repeat("x", 300), Want: "{value 1, depth 1, LOWERBOUND}"}
	svg := SVG(d)
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	s := string(svg)
	marks := regexp.MustCompile(`<g class="wrong" data-path="([0-9.]*)"><title>([^<]*)</title>`).FindAllStringSubmatch(s, -1)
	if len(marks) != 1 || marks[0][1] != "1" || marks[0][2] != "B" {
		t.Errorf("marks %q; want B's", marks)
	}
	for _, w := range []string{"wrong here", "your search: stored {value 1, depth 1, UPPERBOUND}", "expected: {value 1, depth 1, LOWERBOUND}</text>"} {
		if !strings.Contains(s, w) {
			t.Errorf("the SVG lacks %q", w)
		}
	}
	// The legend's lines are wrapped, not cut: every x is there, and no
	// line is wider than the picture.
	if n := strings.Count(s, "x"); n < 300 {
		t.Errorf("%d x's in the SVG; want all 300 (the legend wraps, it does not cut)", n)
	}
	width := svgWidth(svg)
	for _, m := range regexp.MustCompile(`<text x="([0-9.]+)" y="[0-9.]+">([^<]*)</text>`).FindAllStringSubmatch(s, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		if x+5.6*float64(len([]rune(m[2]))) > width {
			t.Errorf("legend line %q overruns the picture's width %v", m[2], width)
		}
	}
	if h, hp := svgHeight(svg), svgHeight([]byte(plain)); h <= hp+12 || hp == 0 {
		t.Errorf("height %v; want more than the plain picture's %v + 12 (the legend's lines, room for the mark above the root)", h, hp)
	}
	var back Diff
	if js, err := json.Marshal(d); err != nil || json.Unmarshal(js, &back) != nil || back.Wrong == nil || *back.Wrong != *d.Wrong {
		t.Errorf("Wrong does not survive JSON: %v", err)
	}
}

func svgWidth(svg []byte) float64 {
	m := regexp.MustCompile(`width="([0-9.]+)"`).FindSubmatch(svg)
	if m == nil {
		return 0
	}
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	return w
}

func svgHeight(svg []byte) float64 {
	m := regexp.MustCompile(`height="([0-9.]+)"`).FindSubmatch(svg)
	if m == nil {
		return 0
	}
	h, _ := strconv.ParseFloat(string(m[1]), 64)
	return h
}

// The picture's course colours are pkg/render/dot's.
func TestPalette(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{colPruned, dot.ColPruned}, {colProbe, dot.ColProbe}, {colReSearch, dot.ColReSearch},
		{colCut, dot.ColCut}, {colCurrent, dot.ColCurrent}, {colSecond, dot.ColSecondary}, {colTT, dot.ColTT},
	} {
		if c.got != c.want {
			t.Errorf("colour %s; the course's is %s", c.got, c.want)
		}
	}
}

// TestKnownMarks: the reference's marks (values, bounds, windows, a cut,
// the principal variation, a probe and its re-search, passes) are drawn,
// each explained once in the legend; of the student's search, the cutoffs
// its visits show ("you ✂"), "…" where only it went into an interior node,
// its passes (the root expanded again).
func TestKnownMarks(t *testing.T) {
	d := sample()
	d.Ref = []Mark{
		{Path: "", At: 1, Done: 6, Value: "3", Window: "[−∞, +∞]", PV: true},
		{Path: "0", At: 2, Done: 4, Value: "3", Window: "[−∞, +∞]", PV: true},
		{Path: "0.0", At: 3, Done: 3, Value: "3", Window: "[−∞, +∞]", PV: true},
		{Path: "0.1", At: 4, Done: 4, Value: "5", Window: "[−∞, 3]"},
		{Path: "1", At: 5, Done: 5, Value: "≤1", Window: "[3, 4]", Probe: true, Cut: "✂ shallow", CutAt: "1.1"},
		{Path: "1", At: 6, Done: 6, Value: "≤1", Window: "[3, +∞]", ReSearch: true, Cut: "✂ shallow", CutAt: "1.1"},
		{Path: "1.0", At: 6, Done: 6, Value: "1", Window: "[3, 4]"},
	}
	s := string(SVG(d))
	if err := xml.Unmarshal([]byte(s), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	for _, w := range []string{
		`class="edge visited pv" data-to="0"`, `class="node visited max pv"`,
		`class="value" data-at="5"`, `>≤1</text>`, // B's value, shown once B returned
		`ref 5 [3, 4] <tspan class="value" data-at="5"`, // B's two entries, each with its value
		`<text class="cut ref" data-at="5"`, `ref ✂ shallow</text>`,
		`<line class="probe" data-at="5"`, `<line class="research" data-at="6"`, `re-search</text>`,
		`you ✂</text>`, // the student left the root with C never entered
		"principal variation", "null window", "a lower bound", "your windows are not known",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
	if n := strings.Count(s, "ref ✂ shallow</text>"); n != 1 {
		t.Errorf("%d scissors of the reference on B's edge to b2; want 1 (two entries, one mark)", n)
	}
	if strings.Contains(s, ">…</text>") {
		t.Error("no interior node is the student's only: nothing to write … in")
	}
	if strings.Contains(s, "ref TT") || strings.Contains(s, "found the position in its table") {
		t.Error("no entry found a table's: no TT badge, no legend for it")
	}
	// An entry a table hit settled has no visit number of its own, and the
	// course's green badge.
	d.Ref = append(d.Ref, Mark{Path: "0", At: 7, Done: 7, Value: "3", Window: "[4, 5]", NoVisit: true, TT: "TT EXACT cut"})
	if s := string(SVG(d)); !strings.Contains(s, ">ref [4, 5] <tspan") || !strings.Contains(s, `fill="#009E73" stroke="white" stroke-width="2.5" paint-order="stroke">ref TT EXACT cut</text>`) ||
		!strings.Contains(s, "found the position in its table") {
		t.Error("a table hit's entry is not written with its window alone and a green TT badge, or the legend does not say what it is")
	}
	// The student expands b2's parent's sibling, C, which the reference
	// never enters: "…", not a value it never was seen to return.
	d.Tree.Children[2] = &Node{Path: "2", Name: "C", Children: []*Node{{Path: "2.0", Name: "c1", Leaf: true, Value: 4}}}
	d.Student = append(d.Student, Step{Path: "2", Name: "C"}, Step{Path: "2.0", Name: "c1", Eval: true})
	// then a second pass from the root
	d.Student = append(d.Student, Step{Path: "", Name: "R"}, Step{Path: "0", Name: "A"})
	s = string(SVG(d))
	for _, w := range []string{`>…</text>`, "your searches from the root — pass 1: visits 1–10; pass 2: visits 11–12", "you p1·1,p2·11", "what your search returned there: not known"} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
}

// TestStored: the entries two searches stored differently are written on
// their nodes, the legend says what they are.
func TestStored(t *testing.T) {
	d := sample()
	d.Stored = []Store{{Path: "1", Got: "UPPERBOUND 1, depth 1", Want: "LOWERBOUND 1, depth 1"}}
	s := string(SVG(d))
	for _, w := range []string{`class="stored you"`, "you stored UPPERBOUND 1, depth 1</text>", "ref stored LOWERBOUND 1, depth 1</text>", "the table entry each search left"} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
	if i, j := strings.Index(s, `<g id="p1" `), strings.Index(s, "you stored"); i < 0 || j < i || strings.Contains(s[i:j], "</g>") {
		t.Error("the entries are not B's")
	}
}

// TestNothingClipped: every text of the picture lies inside it — a long
// "stopped" line wraps, "expected visit N" on the leftmost node clears the
// left edge, the repeat badge is a line under the node (not under the
// ring), and the legend's lines wrap.
func TestNothingClipped(t *testing.T) {
	d := sample()
	d.Stopped = "the search visited more than 100 nodes: stopped (a loop, a missing cutoff or a re-search that never ends?) " + strings.Repeat("and more words ", 10)
	// the first difference on the leftmost leaf, both searches
	d.Student = append([]Step{}, d.Reference[:2]...)
	d.Student = append(d.Student, Step{Path: "0.1", Name: "a2", Eval: true}, Step{Path: "0.1", Name: "a2", Eval: true})
	d.First = 2
	d.Wrong = &Wrong{Path: "0.0", Got: "a value", Want: "another"}
	svg := SVG(d)
	s := string(svg)
	width := svgWidth(svg)
	texts := regexp.MustCompile(`<text(?: class="[^"]*")?(?: data-at="\d+")? x="([0-9.]+)" y="[0-9.]+"([^>]*)>([^<]*)<`).FindAllStringSubmatch(s, -1)
	if len(texts) < 20 {
		t.Fatalf("%d texts found", len(texts))
	}
	for _, m := range texts {
		x, _ := strconv.ParseFloat(m[1], 64)
		n := float64(len([]rune(m[3])))
		size := 10.0
		if f := regexp.MustCompile(`font-size="([0-9.]+)"`).FindStringSubmatch(m[2]); f != nil {
			size, _ = strconv.ParseFloat(f[1], 64)
		}
		w := n * size * 0.55
		lo, hi := x, x+w
		switch {
		case strings.Contains(m[2], `text-anchor="middle"`):
			lo, hi = x-w/2, x+w/2
		case strings.Contains(m[2], `text-anchor="end"`):
			lo, hi = x-w, x
		}
		if lo < 0 || hi > width {
			t.Errorf("%q spans %.0f–%.0f, outside the picture's 0–%.0f", m[3], lo, hi, width)
		}
	}
	for _, w := range []string{`expected visit 3`, `<g class="repeat" data-at="4" data-n="2/1">`} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
}

// TestStepThroughTags: the step-through's yellow current nodes are tagged
// "you ▸" and "◂ ref", and its legend says so; the SVG alone has neither.
func TestStepThroughTags(t *testing.T) {
	d := sample()
	page := string(HTML(d))
	// (yellow fills the node's own shape, not a badge's inside its group)
	for _, w := range []string{`<text id="tag-you"`, `<text id="tag-ref"`, "yellow (step by step)", "tag('tag-you'", "cur-you", ".current>rect,.current>ellipse{fill:#F0E442}"} {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
	if s := string(SVG(d)); strings.Contains(s, "tag-you") || strings.Contains(s, "yellow") {
		t.Error("the SVG (no step-through) tags or explains a current node")
	}
}

// A search stopped (a runaway, a panic) never left the positions it was
// in: no "you ✂" on them.
func TestStoppedCutsNothing(t *testing.T) {
	d := sample()
	d.Student = d.Student[:3] // R, A, a1: then stopped
	d.First = 3
	if s := string(SVG(d)); !strings.Contains(s, "you ✂") {
		t.Fatal("a search that returned after a1 cut a2: want its mark")
	}
	d.Stopped = "your code panicked"
	if s := string(SVG(d)); strings.Contains(s, "you ✂") {
		t.Error("a search stopped after a1 left no node: no cut to mark")
	}
}

// Calls on nodes of another tree (Step.Foreign) are not this tree's
// positions: a note counts them, no node of the tree is classed, badged or
// ringed for them, and they are drawn in a row of their own, which the
// step-through highlights at their steps.
func TestForeignSteps(t *testing.T) {
	d := sample()
	// The student's first visit: the root of another tree, path "" too.
	d.Student = append([]Step{{Path: "", Name: "R", Foreign: true}}, d.Student...)
	d.First = 0
	svg := string(SVG(d))
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	var note []string // the line under the title, wrapped
	for _, m := range regexp.MustCompile(`<text class="foreign"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		note = append(note, m[1])
	}
	if !strings.Contains(strings.Join(note, " "), "1 call on nodes of another tree (an earlier search&#39;s), drawn below the tree: your visits 1 (expand R) (visit 1 is the first difference)") {
		t.Errorf("no note of the call on another tree")
	}
	if strings.Contains(svg, `class="first-got"`) {
		t.Errorf("a node of this tree is ringed for a call on another tree")
	}
	if m := regexp.MustCompile(`<g id="p" class="node visited max" data-s="([0-9,]*)"`).FindStringSubmatch(svg); m == nil || m[1] != "2" {
		t.Errorf("the root's visits by the student: %v; want 2 (not 1, the other tree's)", m)
	}
	if !strings.Contains(svg, `<g id="px" class="node extra foreign" data-s="1" data-r=""><title>R (another tree)</title>`) {
		t.Errorf("the other tree's node is not drawn below the tree")
	}
	page := string(HTML(d))
	if !strings.Contains(page, "Step 1: you expand R of another tree") || !strings.Contains(page, `curS=["\u0000","x"`) {
		t.Errorf("the step-through's step 1: %q", regexp.MustCompile(`curS=\[[^\]]*\]`).FindString(page))
	}
}

// A reference not recorded again (a driver's lesson) has its passes from
// its visits: each expansion of the root after the first starts one.
func TestStepPasses(t *testing.T) {
	steps := []Step{{Path: ""}, {Path: "0", Eval: true}, {Path: ""}, {Path: "1", Eval: true}, {Path: "", Foreign: true}, {Path: ""}, {Path: "0", Eval: true}}
	ps := stepPasses(steps)
	if len(ps) != 3 || ps[0].From != 1 || ps[0].To != 2 || ps[1].From != 3 || ps[1].To != 5 || ps[2].From != 6 || ps[2].To != 7 || ps[2].Label != "pass 3" {
		t.Errorf("stepPasses = %+v", ps)
	}
	if ps := stepPasses(steps[:2]); ps != nil {
		t.Errorf("one pass: %+v, want none", ps)
	}
	d := sample()
	d.Reference = append(append([]Step{}, d.Reference...), d.Reference...) // the root searched twice
	if svg := string(SVG(d)); !strings.Contains(svg, "the reference&#39;s — pass 1: visits 1–") {
		t.Errorf("the reference's two passes are not listed under the title")
	}
}
