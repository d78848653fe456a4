package feedback

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
		"your search only (the reference prunes it)", "the reference only (your search skipped it)",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("the picture lacks %q", w)
		}
	}
	if strings.Contains(s, `class="first-want"`) {
		t.Error("the reference has no visit 7: nothing to ring as expected")
	}
	// The reference visiting what the student skipped.
	d.Student, d.Reference = d.Reference, d.Student
	if c := d.Class("1.1"); c != "missed" {
		t.Errorf("swapped: Class(1.1) = %s, want missed", c)
	}
	if s := string(SVG(d)); !strings.Contains(s, `<g class="first-want" data-path="1.1" data-at="7">`) || strings.Contains(s, `class="first-got"`) {
		t.Error("swapped: want the expected visit 7 ringed, no visit of the student's")
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
	for _, w := range []string{"wrong here", "your search: stored {value 1, depth 1, UPPERBOUND} xxx", "…</text>", "expected: {value 1, depth 1, LOWERBOUND}</text>"} {
		if !strings.Contains(s, w) {
			t.Errorf("the SVG lacks %q", w)
		}
	}
	if h, hp := svgHeight(svg), svgHeight([]byte(plain)); h != hp+34+12 || hp == 0 {
		t.Errorf("height %v; want the plain picture's %v + 46 (the legend's lines, room for the mark above the root)", h, hp)
	}
	var back Diff
	if js, err := json.Marshal(d); err != nil || json.Unmarshal(js, &back) != nil || back.Wrong == nil || *back.Wrong != *d.Wrong {
		t.Errorf("Wrong does not survive JSON: %v", err)
	}
}

func svgHeight(svg []byte) float64 {
	m := regexp.MustCompile(`height="([0-9.]+)"`).FindSubmatch(svg)
	if m == nil {
		return 0
	}
	h, _ := strconv.ParseFloat(string(m[1]), 64)
	return h
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
	if !strings.Contains(svg, `<text class="foreign"`) || !strings.Contains(svg, "1 call on nodes of another tree (an earlier search&#39;s), drawn below the tree: your visits 1 (expand R) (visit 1 is the first difference)") {
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
