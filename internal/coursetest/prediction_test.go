package coursetest

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// foldedRE matches a folded explanation: a markdown cell that starts with
// a <details> element (its summary says what is inside); text after the
// element (a "Try this") is not part of the explanation.
var foldedRE = regexp.MustCompile(`(?s)^\s*<details>\s*<summary>.*?</details>`)

// promptRE finds a markdown cell that asks the learner to predict.
var promptRE = regexp.MustCompile(`\*\*Predict\b|Predict first`)

// isQuiz reports whether a code cell asks a quiz.
func isQuiz(src string) bool { return strings.Contains(src, "Ask(") }

// folding returns where a notebook, as committed, shows an explanation
// before the learner has answered: the markdown cells right after a quiz
// (up to the next code cell) must be folded; the code cell right after a
// "Predict" prompt must be a quiz or marked cutoff.reveal (the site folds
// its output), and a "What it shows" after it must be folded.
func folding(nb *ipynb.Notebook) []string {
	var problems []string
	cells := nb.Cells
	nextCode := func(i int) int {
		for j := i + 1; j < len(cells); j++ {
			if cells[j].CellType == "code" {
				return j
			}
		}
		return len(cells)
	}
	// checkAfter checks the markdown cells after cell j up to the next code
	// cell: a "What it shows" must be folded, and with first, so must the
	// cell right after j unless it asks the next question.
	checkAfter := func(j int, why string, first bool) {
		for k := j + 1; k < nextCode(j); k++ {
			src := string(cells[k].Source)
			if cells[k].CellType != "markdown" {
				continue
			}
			open := detailsRE.ReplaceAllString(src, "")
			if first && k == j+1 && !promptRE.MatchString(src) && !foldedRE.MatchString(src) || strings.Contains(open, "What it shows") {
				problems = append(problems, fmt.Sprintf("cell %d (%s): the explanation after %s is not folded: write it as <details><summary>…</summary> … </details>", k, firstLine(src), why))
			}
		}
	}
	for i, c := range cells {
		src := string(c.Source)
		switch {
		case c.CellType == "code" && isQuiz(src):
			checkAfter(i, fmt.Sprintf("the quiz of cell %d", i), true)
		case c.CellType == "markdown" && promptRE.MatchString(src) && !foldedRE.MatchString(src):
			// The cell that answers is the next one that runs something (a
			// %% cell): declarations in between print nothing.
			j := nextCode(i)
			for j < len(cells) && !strings.HasPrefix(strings.TrimSpace(string(cells[j].Source)), "%%") {
				j = nextCode(j)
			}
			if j == len(cells) {
				problems = append(problems, fmt.Sprintf("cell %d (%s): a prompt with no cell after it", i, firstLine(src)))
				continue
			}
			if isQuiz(string(cells[j].Source)) {
				continue // the quiz's own rule checks what follows it
			}
			if !cells[j].Metadata.Cutoff.Reveal {
				problems = append(problems, fmt.Sprintf("cell %d (%s): answers the prompt of cell %d but is not marked cutoff.reveal (the site would show its output under the prompt)", j, firstLine(string(cells[j].Source)), i))
			}
			checkAfter(j, fmt.Sprintf("the prediction of cell %d", i), false)
		}
	}
	return problems
}

// TestPredictionFolded checks every notebook as committed with folding.
func TestPredictionFolded(t *testing.T) {
	for _, path := range notebooks(t) {
		t.Run(path, func(t *testing.T) {
			nb, err := ipynb.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range folding(nb) {
				t.Error(p)
			}
		})
	}
}

// TestFolding feeds folding a notebook with each mistake.
func TestFolding(t *testing.T) {
	const committed = `{"cells": [
	  {"cell_type": "markdown", "source": "**Predict first:** which leaves?"},
	  {"cell_type": "code", "source": "%%\ncourse.Ask(quiz.NeverEvaluated(\"t\"))"},
	  {"cell_type": "markdown", "source": "### What it shows\nc2 and c3."},
	  {"cell_type": "markdown", "source": "**Predict:** the value?"},
	  {"cell_type": "code", "source": "%%\nfmt.Println(s.Value)"},
	  {"cell_type": "markdown", "source": "<details><summary>What it shows</summary>\n\n3.\n\n</details>"},
	  {"cell_type": "markdown", "source": "**Predict:** the leaves?"},
	  {"cell_type": "code", "source": "%%\nfmt.Println(s.Leaves)", "metadata": {"cutoff": {"reveal": true}}},
	  {"cell_type": "markdown", "source": "### What it shows\n7 leaves."}
	]}`
	var nb ipynb.Notebook
	if err := json.Unmarshal([]byte(committed), &nb); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(folding(&nb), "\n")
	for _, want := range []string{
		"cell 2 (### What it shows): the explanation after the quiz of cell 1 is not folded",
		"cell 4 (fmt.Println(s.Value)): answers the prompt of cell 3 but is not marked cutoff.reveal",
		"cell 8 (### What it shows): the explanation after the prediction of cell 6 is not folded",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("folding lacks %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "cell 5 ") || strings.Contains(got, "cell 3 (") || strings.Count(got, "cell 2 ") != 1 {
		t.Errorf("folding complains about a folded explanation:\n%s", got)
	}
}

// quizDataRE finds the data of a static quiz (pkg/quiz's HTML) in an output.
var quizDataRE = regexp.MustCompile(`\}\)\("cutoff-quiz-[0-9a-f]+", (\{.*?\})\);\s*//\]\]>`)

// specific reports whether a quiz option's label is specific enough to be
// looked for in the text before the quiz: a window, a bound or a value with
// some context ("[5, 6]", "≥ 9"), not a bare word or a leaf's name.
func specific(label string) bool {
	return len([]rune(label)) >= 3 && strings.ContainsAny(label, "0123456789") && strings.ContainsAny(label, "[]()≤≥<>,")
}

// tagRE2 strips tags from SVG and HTML to leave the text a reader sees.
var tagRE2 = regexp.MustCompile(`(?s)<[^>]*>`)
var detailsRE = regexp.MustCompile(`(?s)<details>.*?</details>`)

// visible is the text of cell c a reader sees once the cells before have
// run: its markdown outside folded <details>, its code, its text outputs
// and the text of its pictures, white space removed (pictures split a
// window's text into pieces).
func visible(c ipynb.Cell) string {
	var b strings.Builder
	if c.CellType == "markdown" {
		b.WriteString(detailsRE.ReplaceAllString(string(c.Source), ""))
	} else {
		b.WriteString(string(c.Source))
	}
	for _, o := range c.Outputs {
		b.WriteString(string(o.Text))
		for mime, d := range o.Data {
			switch mime {
			case "text/plain":
				b.WriteString(string(d))
			case "image/svg+xml", "text/html":
				s := regexp.MustCompile(`(?s)<(script|style)\b.*?</(script|style)>`).ReplaceAllString(string(d), "")
				b.WriteString(html.UnescapeString(tagRE2.ReplaceAllString(s, " ")))
			}
		}
	}
	return strings.Join(strings.Fields(b.String()), "")
}

// leaks returns the quizzes of an executed notebook whose answer is shown
// before them: a correct option with a specific label (specific), or the
// quiz's one-line truth, found in what a reader sees in an earlier cell.
func leaks(nb *ipynb.Notebook) []string {
	var problems []string
	var before []string
	for i, c := range nb.Cells {
		for _, o := range c.Outputs {
			h, ok := o.Data["text/html"]
			if !ok {
				continue
			}
			for _, m := range quizDataRE.FindAllStringSubmatch(string(h), -1) {
				var data struct {
					Options []struct {
						Label   string `json:"label"`
						Correct *bool  `json:"correct"`
					} `json:"options"`
					Truth string `json:"truth"`
				}
				if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
					problems = append(problems, fmt.Sprintf("cell %d: a quiz's data does not parse: %v", i, err))
					continue
				}
				var look []string
				for _, o := range data.Options {
					if o.Correct != nil && *o.Correct && specific(o.Label) {
						look = append(look, o.Label)
					}
				}
				if data.Truth != "" {
					look = append(look, data.Truth)
				}
				for _, l := range look {
					needle := strings.Join(strings.Fields(l), "")
					for k, text := range before {
						if strings.Contains(text, needle) {
							problems = append(problems, fmt.Sprintf("cell %d (%s): the quiz's answer %q is shown before it, in cell %d", i, firstLine(string(c.Source)), l, k))
							break
						}
					}
				}
			}
		}
		before = append(before, visible(c))
	}
	return problems
}

// TestLeaks checks leaks on a notebook whose picture gives away a window.
func TestLeaks(t *testing.T) {
	quiz := `<div class="cutoff-quiz"><script>//<![CDATA[
(function (id, data) {})("cutoff-quiz-0a1b", {"kind":"one choice","options":[{"label":"[5, +∞]","correct":false},{"label":"[5, 6]","correct":true}],"truth":"W is entered with [5, 6]."});
//]]></script></div>`
	nb := ipynb.Notebook{Cells: []ipynb.Cell{
		{CellType: "code", Source: "draw()", Outputs: []ipynb.Output{{OutputType: "display_data", Data: map[string]ipynb.Multiline{
			"image/svg+xml": `<svg><text>W</text><text>[5,</text><text> 6]</text></svg>`}}}},
		{CellType: "code", Source: "course.Ask(q)", Outputs: []ipynb.Output{{OutputType: "display_data", Data: map[string]ipynb.Multiline{"text/html": ipynb.Multiline(quiz)}}}},
	}}
	got := strings.Join(leaks(&nb), "\n")
	if !strings.Contains(got, `cell 1 (course.Ask(q)): the quiz's answer "[5, 6]" is shown before it, in cell 0`) {
		t.Errorf("leaks missed the window drawn before the quiz; got:\n%s", got)
	}
	nb.Cells[0].Outputs = nil
	if got := leaks(&nb); len(got) > 0 {
		t.Errorf("leaks complains about a quiz whose answer is not shown: %v", got)
	}
}

// genericFuncRE and plumbingRE find, in a cell before a notebook's first
// experiment, a generic function and error plumbing.
var (
	genericFuncRE = regexp.MustCompile(`(?m)^func\s+\w+\s*\[`)
	plumbingRE    = regexp.MustCompile(`err\s*!=\s*nil|panic\(|recover\(\)`)
)

// TestIdeaFirst: before a notebook's first experiment (its first %% cell)
// there is the setup cell and what the lesson is about, no generic helper
// and no error plumbing; it logs how many lines of code come first.
func TestIdeaFirst(t *testing.T) {
	for _, path := range notebooks(t) {
		t.Run(path, func(t *testing.T) {
			nb, err := ipynb.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			lines, cells := 0, 0
			for i, c := range nb.Cells {
				if c.CellType != "code" {
					continue
				}
				src := string(c.Source)
				if strings.HasPrefix(strings.TrimSpace(src), "%%") {
					break
				}
				cells++
				lines += len(textLines(src))
				if genericFuncRE.MatchString(src) {
					t.Errorf("cell %d (%s) defines a generic function before the first experiment: the lesson's idea comes first (pkg/course has the helpers)", i, firstLine(src))
				}
				if plumbingRE.MatchString(src) {
					t.Errorf("cell %d (%s) handles errors before the first experiment: pkg/course's functions stop the cell with the error", i, firstLine(src))
				}
			}
			t.Logf("before the first experiment: %d code cells, %d lines (the setup cell included)", cells, lines)
		})
	}
}

// otherIntervalRE finds a window written otherwise than [α, β]: (α, β),
// (α, α+1), ]α, β[.
var otherIntervalRE = regexp.MustCompile(`\(\s*[α-]?α\s*,\s*(β|α\s*\+\s*1)\s*\)|\]\s*α\s*,\s*β\s*\[`)

// TestOneIntervalNotation: the course writes a window one way, [α, β] (a
// null window [α, α+1]), in every notebook's text and in its README.
func TestOneIntervalNotation(t *testing.T) {
	for _, path := range append(notebooks(t), "README.md") {
		var texts []string
		if strings.HasSuffix(path, ".md") {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			texts = []string{string(b)}
		} else {
			nb, err := ipynb.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range nb.Cells {
				if c.CellType == "markdown" {
					texts = append(texts, string(c.Source))
				}
			}
		}
		for _, s := range texts {
			if m := otherIntervalRE.FindString(s); m != "" {
				t.Errorf("%s writes a window as %q: write it [α, β] (a null window [α, α+1])", path, m)
			}
		}
	}
	if !otherIntervalRE.MatchString("the window (α, β) at") || !otherIntervalRE.MatchString("(α, α+1)") || otherIntervalRE.MatchString("[α, β]") {
		t.Errorf("otherIntervalRE does not tell the notations apart")
	}
}

// maxCodeColumns is the widest line a code cell may have (a tab counts
// four): the site's code column and JupyterLab's on a laptop show about 95
// characters; a longer line scrolls, and what scrolls out of view is often
// what the experiment changes.
const maxCodeColumns = 92

// TestCodeWidth checks that no code line of a notebook is wider.
func TestCodeWidth(t *testing.T) {
	for _, path := range append(notebooks(t), interactive) {
		nb, err := ipynb.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range nb.Cells {
			if c.CellType != "code" || strings.TrimSpace(string(c.Source)) == setupCell {
				continue // (the setup cell is fixed, and a learner runs it without reading it)
			}
			for _, line := range strings.Split(string(c.Source), "\n") {
				if n := len([]rune(strings.ReplaceAll(line, "\t", "    "))); n > maxCodeColumns {
					t.Errorf("%s cell %d: a line of %d columns (at most %d): %s", path, i, n, maxCodeColumns, line)
				}
			}
		}
	}
}
