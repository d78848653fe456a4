package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
)

// cutoff grade -feedback DIR writes a page per exercise with the failing
// checks' text and pictures, drawn from what the checks sent on the
// grader's pipe: the deep-cutoff mistake's picture rings the nodes its text
// names. PrairieLearn's results carry the same picture as an image.
func TestGradeFeedback(t *testing.T) {
	fb := filepath.Join(t.TempDir(), "feedback")
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-format", "prairielearn", "-feedback", fb, "-seed", "11",
		"-with", filepath.Join(wrongDir, "no-deep-cutoff"), filepath.Join(exercisesDir, "02-alphabeta")}, nil, &stdout, &stderr)
	if code != exitBudget {
		t.Fatalf("exit %d; want 1: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "1 feedback page(s) in "+fb) {
		t.Errorf("stderr does not say where the page is: %q", stderr.String())
	}
	page, err := os.ReadFile(filepath.Join(fb, "02-alphabeta.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"02-alphabeta: 35/100 points", "<h2>deep cutoff (0/15)</h2>",
		"visit 10: expected to expand Z, your search did evaluate y2", `src="data:image/svg+xml;base64,`,
		`href="02-alphabeta/deep_cutoff.html"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	step, err := os.ReadFile(filepath.Join(fb, "02-alphabeta", "deep_cutoff.html"))
	if err != nil {
		t.Fatal(err)
	}
	ring := regexp.MustCompile(`<g class="(first-got|first-want)" data-path="[0-9.]*" data-at="10"><title>([^<]*)</title>`)
	rings := map[string]string{}
	for _, m := range ring.FindAllStringSubmatch(string(step), -1) {
		rings[m[1]] = m[2]
	}
	if rings["first-got"] != "y2" || rings["first-want"] != "Z" {
		t.Errorf("the step-through rings %v; want y2 (yours) and Z (expected) at visit 10", rings)
	}
	var pl gradereport.PrairieLearnResult
	if err := json.Unmarshal(stdout.Bytes(), &pl); err != nil {
		t.Fatal(err)
	}
	images := 0
	for _, tc := range pl.Tests {
		if tc.Name == "02-alphabeta: deep cutoff" && (len(tc.Images) != 1 || !strings.HasPrefix(tc.Images[0].URL, "data:image/svg+xml;base64,")) {
			t.Errorf("deep cutoff's test has images %.100v; want its SVG", tc.Images)
		}
		if tc.MaxPoints == tc.Points && len(tc.Images) > 0 {
			t.Errorf("a passing check %q has a picture", tc.Name)
		}
		images += len(tc.Images)
	}
	if images == 0 {
		t.Error("no picture in PrairieLearn's results")
	}

	// Without -feedback: no picture anywhere.
	stdout.Reset()
	run([]string{"grade", "-format", "prairielearn", "-seed", "11", "-with", filepath.Join(wrongDir, "no-deep-cutoff"),
		filepath.Join(exercisesDir, "02-alphabeta")}, nil, &stdout, &stderr)
	if strings.Contains(stdout.String(), `"images"`) {
		t.Error("pictures without -feedback")
	}
}

// -feedback naming a file is refused before any grading.
func TestGradeFeedbackBadInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o644)
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-feedback", file, filepath.Join(exercisesDir, "02-alphabeta")}, nil, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "-feedback "+file+": not a folder") || stdout.Len() != 0 {
		t.Errorf("exit %d, stderr %q, stdout %q; want exit 2 and one line", code, stderr.String(), stdout.String())
	}
}

// An instructor's hidden checks get pictures too: the worked hidden test of
// docs/instructors.md (SameAs and VisitDiff), graded with -feedback on the
// deep-cutoff mistake, fails both hidden checks, and each has its picture
// on the page.
func TestGradeFeedbackHidden(t *testing.T) {
	doc, err := os.ReadFile("../../docs/instructors.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n(package alphabeta\n.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/instructors.md has no worked hidden test of exercise 02")
	}
	hidden := filepath.Join(t.TempDir(), "hidden")
	if err := os.MkdirAll(filepath.Join(hidden, "02-alphabeta"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hidden, "02-alphabeta", "hidden_test.go"), m[1], 0o644); err != nil {
		t.Fatal(err)
	}
	fb := filepath.Join(t.TempDir(), "feedback")
	var stdout, stderr bytes.Buffer
	code := run([]string{"grade", "-feedback", fb, "-seed", "11", "-with", filepath.Join(wrongDir, "no-deep-cutoff"),
		"-with", hidden, filepath.Join(exercisesDir, "02-alphabeta")}, nil, &stdout, &stderr)
	if code != exitBudget {
		t.Fatalf("exit %d; want 1: %s", code, stderr.String())
	}
	page, err := os.ReadFile(filepath.Join(fb, "02-alphabeta.html"))
	if err != nil {
		t.Fatal(err)
	}
	hiddenChecks := 0
	for _, s := range strings.Split(string(page), "<h2>")[1:] {
		if name, _, _ := strings.Cut(s, "</h2>"); strings.HasPrefix(name, "hidden: ") {
			hiddenChecks++
			if !strings.Contains(s, `src="data:image/svg+xml;base64,`) {
				t.Errorf("hidden check %q has no picture", name)
			}
		}
	}
	if hiddenChecks != 2 {
		t.Errorf("the page has %d hidden checks' sections; want 2 (both fail on the deep-cutoff mistake)", hiddenChecks)
	}
}
