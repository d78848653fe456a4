package site

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A figure's caption is the first sentence of the markdown cell above the
// cell that drew it, as plain text; the notebook's heading when that cell
// cannot be told.
func TestFigureCaptions(t *testing.T) {
	caption := FigureCaptions("testdata/executed/00-first.ipynb")
	if got, want := caption("Fig. 1: a «pruned» tree"), "Question: what does a pruned tree look like?"; got != want {
		t.Errorf("00-first's figure: caption %q, want %q", got, want)
	}
	if got, want := caption("Fig. 1: a «pruned» tree"), "Notebook 00 · First steps"; got != want {
		t.Errorf("a second figure the notebook did not show: caption %q, want the heading %q", got, want)
	}

	// A notebook of the course's shape: figures in two cells, an answer
	// between, a title drawn on two lines, a figure not shown.
	md := func(s string) map[string]any {
		return map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": s}
	}
	code := func(src string, svgs ...string) map[string]any {
		var outs []any
		for _, s := range svgs {
			outs = append(outs, map[string]any{"output_type": "display_data", "metadata": map[string]any{},
				"data": map[string]any{"text/html": "<div><svg><text>" + s + "</text></svg></div>"}})
		}
		return map[string]any{"cell_type": "code", "metadata": map[string]any{}, "source": src, "outputs": outs, "execution_count": 1}
	}
	long := strings.Repeat("word ", 60)
	cells := []any{
		md("# 01 · Minimax\n\nThe intro."),
		md("## On the page\n\n**Experiment:** run your `minimax` on [the tree](x.md), as in Fig. 5.2 of *AIMA*. Then look again."),
		code(`course.Draw(s, "your minimax & mine")`, "your minimax &amp; mine"),
		md("<details><summary>What it shows</summary>\n\nThe answer.\n</details>"),
		code("fmt.Println(1)"),
		code(`course.Show(chart)`, "Leaves by depth,</text><text>b = 3"),
		md("- **Predict first:** does X win?\n  Or O?"),
		code(`course.Draw(s, title)`, "X &lt; O"),
		md(long),
		code(`course.Draw(s, "long")`, "long"),
		md("**Why that formula?** Alpha-beta with b<sup>d</sup> ≤ 2<sup>20</sup> and b<sup>d/2</sup> leaves, as SSS\\* _does_. More."),
		code(`course.Draw(s, "formula")`, "formula"),
		md("**Published claims.**\n- *Stockman (1979), SSS\\**: it never (as e.g. Fig. 3 shows) evaluates more. Then."),
		code(`course.Draw(s, "claims")`, "claims"),
	}
	b, err := json.Marshal(map[string]any{"cells": cells, "metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "01-minimax.ipynb")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	caption = FigureCaptions(path)
	for _, c := range []struct{ title, want string }{
		{"your minimax & mine", "Experiment: run your minimax on the tree, as in Fig. 5.2 of AIMA."},
		{"Leaves by depth, b = 3", "Experiment: run your minimax on the tree, as in Fig. 5.2 of AIMA."},
		{"not shown", "Notebook 01 · Minimax"},
		{"X < O", "Predict first: does X win?"},
	} {
		if got := caption(c.title); got != c.want {
			t.Errorf("%q: caption %q, want %q", c.title, got, c.want)
		}
	}
	got := caption("long")
	if r := []rune(got); len(r) > captionMax || !strings.HasSuffix(got, "word…") || strings.Contains(got, "\n") {
		t.Errorf("a long paragraph's caption: %q (%d characters), want at most %d, cut at a word", got, len(r), captionMax)
	}
	for _, c := range []struct{ title, want string }{
		{"formula", "Why that formula? Alpha-beta with b^d ≤ 2^20 and b^(d/2) leaves, as SSS* does."},
		{"claims", "Published claims. Stockman (1979), SSS*: it never (as e.g. Fig. 3 shows) evaluates more."},
	} {
		if got := caption(c.title); got != c.want {
			t.Errorf("%q: caption %q, want %q", c.title, got, c.want)
		}
	}
	if got := FigureCaptions(filepath.Join(t.TempDir(), "missing.ipynb"))("a"); got != "Notebook missing" {
		t.Errorf("a missing notebook: %q", got)
	}
}

// NewFigures makes the figures' folder, refusing a file, before it checks
// the notebooks as Prepare does.
func TestNewFiguresInputs(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := NewFigures(file, "testdata/notebooks", "", time.Minute)
	if ie, ok := errors.AsType[*InputError](err); !ok || ie.Input != InputFigures || !errors.Is(err, ErrNotFolder) {
		t.Errorf("NewFigures(a file): %v, want an InputError of %s holding ErrNotFolder", err, InputFigures)
	}
	_, err = NewFigures(filepath.Join(file, "figs"), "testdata/notebooks", "", time.Minute)
	if ie, ok := errors.AsType[*InputError](err); !ok || ie.Input != InputFigures || errors.Is(err, ErrNotFolder) {
		t.Errorf("NewFigures(below a file): %v, want an InputError of %s from mkdir", err, InputFigures)
	}
	out := filepath.Join(tmp, "a", "figs")
	_, err = NewFigures(out, tmp, "", time.Minute)
	if ie, ok := errors.AsType[*InputError](err); !ok || ie.Input != InputNotebooks {
		t.Errorf("NewFigures(no notebooks): %v, want an InputError of %s", err, InputNotebooks)
	}
	if st, err := os.Stat(out); err != nil || !st.IsDir() {
		t.Errorf("the figures' folder was not made: %v", err)
	}
}

// DeckFile takes "" (no deck), or a .pdf or .tex file in a folder that
// exists, made absolute; its errors start with the path.
func TestDeckFile(t *testing.T) {
	tmp := t.TempDir()
	if got, err := DeckFile(""); got != "" || err != nil {
		t.Errorf(`DeckFile(""): %q, %v`, got, err)
	}
	for _, name := range []string{"deck.pdf", "deck.TEX"} {
		p := filepath.Join(tmp, name)
		if got, err := DeckFile(p); got != p || err != nil {
			t.Errorf("DeckFile(%s): %q, %v", p, got, err)
		}
	}
	if err := os.Mkdir(filepath.Join(tmp, "dir.pdf"), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(tmp, "deck.gif"):            ": want a .pdf or a .tex (Beamer) file",
		filepath.Join(tmp, "missing", "deck.pdf"): ": its folder does not exist",
		filepath.Join(tmp, "dir.pdf"):             " is a folder",
	} {
		if _, err := DeckFile(path); err == nil || err.Error() != path+want {
			t.Errorf("DeckFile(%s): %v, want %q", path, err, path+want)
		}
	}
	if got, err := DeckFile("deck.pdf"); err != nil || !filepath.IsAbs(got) || !strings.HasSuffix(got, "deck.pdf") {
		t.Errorf("DeckFile(deck.pdf): %q, %v: want it absolute", got, err)
	}
}

func TestFigureRunString(t *testing.T) {
	r := FigureRun{File: "01-minimax.ipynb", Index: 1, Of: 9, Figures: 4, Elapsed: 2460 * time.Millisecond}
	if got := r.String(); got != "01-minimax.ipynb (1/9) in 2.5 s: 4 figure(s)" {
		t.Errorf("String = %q", got)
	}
	r.Err = errors.New("cell 3 failed")
	if got := r.String(); got != "01-minimax.ipynb (1/9) in 2.5 s: 4 figure(s) — cell 3 failed" {
		t.Errorf("String of a failed notebook = %q", got)
	}
}
