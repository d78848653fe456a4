package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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
