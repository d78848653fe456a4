package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// A class's feedback: a page per student and failing exercise (none for an
// exercise with every check passed), the step-through of each pictured
// check beside it, and an index linking the pages; names are made safe
// for file names and the text is escaped.
func TestWriteFeedback(t *testing.T) {
	d := &feedback.Diff{Title: "t", First: 0,
		Tree:      &feedback.Node{Name: "R", Max: true, Children: []*feedback.Node{{Path: "0", Name: "a", Leaf: true, Value: 1}, {Path: "1", Name: "b", Leaf: true, Value: 2}}},
		Student:   []feedback.Step{{Path: "", Name: "R"}, {Path: "1", Name: "b", Eval: true}},
		Reference: []feedback.Step{{Path: "", Name: "R"}, {Path: "0", Name: "a", Eval: true}}}
	d.First = 1
	results := []*autograde.Result{
		{Student: "ann", Exercises: []*autograde.ExerciseResult{
			{Exercise: "01-minimax", Checks: []autograde.CheckResult{{Name: "leaves", Max: 10, Points: 10, Passed: true}}},
			{Exercise: "02-alphabeta", Checks: []autograde.CheckResult{
				{Name: "deep cutoff", Max: 15, Message: []string{"rule: <deep>", "visit 2: expected to evaluate a"}, Picture: d},
				{Name: "value", Max: 10, Message: []string{"rule: v"}},
			}}}},
		{Student: "../bob", Exercises: []*autograde.ExerciseResult{
			{Exercise: "02-alphabeta", Checks: []autograde.CheckResult{{Name: "value", Max: 10, Message: []string{"rule: v"}, PictureError: "too large"}}}}},
	}
	dir := t.TempDir()
	pages, err := WriteFeedback(dir, results, 77)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range pages {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, r)
	}
	if strings.Join(rel, " ") != "ann/02-alphabeta.html ___bob/02-alphabeta.html index.html" {
		t.Errorf("pages %v", rel)
	}
	ann, _ := os.ReadFile(filepath.Join(dir, "ann", "02-alphabeta.html"))
	for _, want := range []string{"ann: 02-alphabeta: 0/25 points", "rule: &lt;deep&gt;", `href="02-alphabeta/deep_cutoff.html"`, "data:image/svg+xml;base64,", "<h2>value (0/10)</h2>", "random trees from seed 77", "cutoff grade -seed 77"} {
		if !strings.Contains(string(ann), want) {
			t.Errorf("ann's page lacks %q", want)
		}
	}
	if n := strings.Count(string(ann), "<img"); n != 1 {
		t.Errorf("%d pictures on ann's page; want 1 (the pictured check's)", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "ann", "02-alphabeta", "deep_cutoff.html")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "ann", "01-minimax.html")); err == nil {
		t.Error("a page for an exercise with every check passed")
	}
	bob, _ := os.ReadFile(filepath.Join(dir, "___bob", "02-alphabeta.html"))
	if !strings.Contains(string(bob), "(no picture: too large)") {
		t.Error("bob's page does not say why it has no picture")
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), `<a href="ann/02-alphabeta.html">02-alphabeta</a> (0/25)`) || !strings.Contains(string(index), "../bob") || !strings.Contains(string(index), "seed 77") {
		t.Errorf("the index:\n%s", index)
	}
}
