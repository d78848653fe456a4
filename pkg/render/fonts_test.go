package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// The scripts the course's sources are written in, as a title: Persian
// (the Persian Wikipedia article "نگامکس", Negamax, with a number and a
// Latin word in it), Chinese, Russian, and the cut mark.
const (
	persianTitle = "نگامکس: جستجوی Negamax 2"
	chineseTitle = "极小化极大算法"
	russianTitle = "Минимакс"
	mixedTitle   = persianTitle + " · " + chineseTitle + " · " + russianTitle + " ✂"
)

// runes writes s as code points, U+FEE7 U+FB95 …
func runes(s string) string { return fmt.Sprintf("%U", []rune(s)) }

func TestShapeArabic(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// ن initial, گ medial, ا final, م initial (alef does not join
		// forward), ک medial, س final.
		{"نگامکس", "\uFEE7\uFB95\uFE8E\uFEE3\uFB91\uFEB2"},
		// Lam-alef is one ligature (final after sin); mim after alef
		// stands alone.
		{"سلام", "\uFEB3\uFEFC\uFEE1"},
		{"لا", "\uFEFB"},
		// The zero-width non-joiner of می‌شود breaks the word: yeh final,
		// shin initial; dal after waw alone.
		{"می\u200cشود", "\uFEE3\uFBFD\u200c\uFEB7\uFEEE\uFEA9"},
		// Persian letters pe, che, zhe, gaf: پچ joined, ژ final, گ alone.
		{"پچژ گ", "\uFB58\uFB7D\uFB8B \uFB92"},
		// Marks do not break the joining: ب with a fatha, then ت.
		{"بَت", "\uFE91\u064E\uFE96"},
		{"Latin 123", "Latin 123"},
	} {
		if got := shapeArabic(tc.in); got != tc.want {
			t.Errorf("shapeArabic(%q) = %s, want %s", tc.in, runes(got), runes(tc.want))
		}
	}
}

func TestVisualLine(t *testing.T) {
	rev := func(s string) string {
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs)
	}
	for _, tc := range []struct{ in, want string }{
		{"Latin only (1, 2)", "Latin only (1, 2)"},
		// A Persian word in Latin text: the word reversed in place.
		{"abc جستجو def", "abc " + rev("جستجو") + " def"},
		// A Persian line with a number and a Latin word: right to left,
		// the number and the word each left to right.
		{"نگامکس 123 Latin", "Latin 123 " + rev("نگامکس")},
		// Brackets around Persian in a Persian line are mirrored.
		{"الف (ب)", "(ب) " + rev("الف")},
		// A Latin bracket pair in a Persian line keeps its Latin inside.
		{"الف (x y)", "(x y) " + rev("الف")},
		// The title: Persian first, so the line reads right to left.
		{persianTitle, "Negamax 2 " + rev("نگامکس: جستجوی")},
	} {
		if got := visualLine(tc.in); got != tc.want {
			t.Errorf("visualLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// The shaped title, drawn from left to right.
	got := visualLine(shapeArabic("نگامکس"))
	if want := "\uFEB2\uFB91\uFEE3\uFE8E\uFB95\uFEE7"; got != want {
		t.Errorf("the shaped title from left to right: %s, want %s", runes(got), runes(want))
	}
}

// needFallbackFonts skips a test when this system lacks the fallback
// fonts for Persian, Chinese and ✂ — except on CI (CI=true), whose .ci/test
// installs them (fonts-dejavu-core, fonts-droid-fallback).
func needFallbackFonts(t *testing.T) {
	t.Helper()
	for _, r := range []rune{'ن', '极', '✂'} {
		found := false
		for _, ff := range fallbacks().fonts {
			if _, ok := ff.face(liberation(12, false), r); ok {
				found = true
				break
			}
		}
		if !found {
			msg := "no font on this system draws " + string(r) + ": " + fontAdvice(r)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg + " (CI installs it: .ci/test)")
			}
			t.Skip(msg)
		}
	}
}

func liberation(size vg.Length, bold bool) font.Face {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
	if bold {
		f.Weight = 700
	}
	return font.DefaultCache.Lookup(f, size)
}

// TestFallbackFaces checks that every character of the titles is given a
// face that has its glyph: Liberation for Latin and Cyrillic, a fallback
// font for Persian, Chinese and ✂.
func TestFallbackFaces(t *testing.T) {
	needFallbackFonts(t)
	for _, bold := range []bool{false, true} {
		f := liberation(14, bold)
		runs, err := layoutText(f, mixedTitle)
		if err != nil {
			t.Fatal(err)
		}
		var faces []string
		for _, r := range runs {
			for _, c := range r.text {
				if !hasGlyph(r.face.Face, c) {
					t.Errorf("%q is given %s, which lacks it", c, r.face.Name())
				}
				lib := r.face.Face == f.Face
				switch {
				case c >= 'A' && c <= 'z' || c >= 0x0400 && c <= 0x04FF:
					if !lib {
						t.Errorf("%q is drawn in %s, not Liberation", c, r.face.Name())
					}
				case c >= 0x0600 || c == '✂':
					if lib {
						t.Errorf("%q is drawn in Liberation, which lacks it", c)
					}
				}
			}
			faces = append(faces, r.face.Name())
		}
		t.Logf("bold %v: faces %v", bold, faces)
		// The drawn width is the runs' widths, more than Liberation's
		// missing-glyph boxes would make it.
		if w := textWidth(f, mixedTitle); w <= 0 || w == f.Width(mixedTitle) {
			t.Errorf("textWidth %v, Liberation's own %v", w, f.Width(mixedTitle))
		}
	}
}

// drawPNG draws text at a fixed place on a small PNG canvas c and returns
// the image.
func drawPNG(t *testing.T, c vg.CanvasWriterTo, f font.Face, text string) image.Image {
	t.Helper()
	fillBackground(c, 300, 40)
	c.SetColor(image.Black.C)
	c.FillString(f, vg.Point{X: 5, Y: 12}, text)
	if sc, ok := c.(*scriptCanvas); ok && sc.Err() != nil {
		t.Fatal(sc.Err())
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func pngCanvas() vg.CanvasWriterTo {
	return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(300, 40), vgimg.UseDPI(96))}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// TestScriptGlyphsPNG draws Chinese, Persian and ✂ through the PNG canvas
// and compares the pixels with the same text drawn directly in the face
// that has it (shaped and reversed for Persian), and with Liberation's own
// drawing (its missing-glyph boxes), which they must not be.
func TestScriptGlyphsPNG(t *testing.T) {
	needFallbackFonts(t)
	lib := liberation(14, false)
	for _, text := range []string{chineseTitle, "نگامکس", "✂"} {
		runs, err := layoutText(lib, text)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) != 1 {
			t.Fatalf("%q: %d runs, want one face", text, len(runs))
		}
		got := drawPNG(t, withScripts(pngCanvas()), lib, text)
		want := drawPNG(t, pngCanvas(), runs[0].face, visualLine(shapeArabic(text)))
		tofu := drawPNG(t, pngCanvas(), lib, text)
		if !samePixels(got, want) {
			t.Errorf("%q is not drawn as %s draws it", text, runs[0].face.Name())
		}
		if samePixels(got, tofu) {
			t.Errorf("%q is drawn as Liberation's missing glyphs", text)
		}
		if inked(got, got.Bounds()) < 20 {
			t.Errorf("%q: almost no ink", text)
		}
	}
	// ✂ is no longer ×.
	x := drawPNG(t, pngCanvas(), lib, "×")
	if samePixels(drawPNG(t, withScripts(pngCanvas()), lib, "✂"), x) {
		t.Error("✂ is drawn as ×")
	}
}

// inked counts the pixels of r darker than mid-grey.
func inked(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g < 0x8000 {
				n++
			}
		}
	}
	return n
}

// inkSpan returns the leftmost and rightmost inked columns of rows y0–y1.
func inkSpan(img image.Image, y0, y1 int) (int, int) {
	l, r := -1, -1
	b := img.Bounds()
	for x := b.Min.X; x < b.Max.X; x++ {
		for y := y0; y < y1; y++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g < 0x8000 {
				if l < 0 {
					l = x
				}
				r = x
				break
			}
		}
	}
	return l, r
}

// scriptTreeDOT is alpha-beta on AIMA's Fig. 5.2 (a shallow cut, ✂)
// titled in every script.
func scriptTreeDOT(t *testing.T, title string) string {
	t.Helper()
	dot, err := TreeDOT(traced(t, "fixture:aima-fig5.2", "alphabeta"), TreeOptions{Step: -1, Title: title})
	if err != nil {
		t.Fatal(err)
	}
	return dot
}

// TestScriptTree draws a tree titled in Persian, Chinese and Russian with
// a ✂ cut as PNG and PDF: the PNG's title is inked as wide as it is
// measured; the PDF embeds the fallback fonts, each with its own font
// program, and pdftotext finds the Russian and Chinese words and ✂.
func TestScriptTree(t *testing.T) {
	needFallbackFonts(t)
	dot := scriptTreeDOT(t, mixedTitle)
	ctx := context.Background()
	b, err := renderer(t).Draw(ctx, dot, As(PNG), DPI(96))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// The title is the top 30 px (20pt bold at 96 dpi, under 4pt of pad).
	l, r := inkSpan(img, 0, 30)
	want := float64(textWidth(liberation(20, true), mixedTitle).Points()) * 96 / 72
	if got := float64(r - l + 1); got < want*0.9 || got > want*1.05 {
		t.Errorf("the title is inked over %v px, measured %.0f px", got, want)
	}

	pdf, err := renderer(t).Draw(ctx, dot, As(PDF))
	if err != nil {
		t.Fatal(err)
	}
	checkFontPrograms(t, pdf)
	dir := t.TempDir()
	path := filepath.Join(dir, "tree.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	checkPDFText(t, path, []string{russianTitle, chineseTitle, "shallow", "b1"})
	out, err := exec.Command(needTool(t, "pdffonts"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")[2:]
	var names []string
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 5 || f[len(f)-5] != "yes" {
			t.Errorf("a font is not embedded: %s", l)
		}
		names = append(names, strings.ToLower(f[0]))
	}
	all := strings.Join(names, " ")
	for _, ff := range fallbacks().fonts[:1] {
		if n := strings.ToLower(psName(ff.reg)); !strings.Contains(all, n) {
			t.Errorf("the PDF's fonts %v lack %s", names, n)
		}
	}
}

// TestMissingGlyph points the font search at an empty directory: Chinese
// has no font, which is an error naming the character and what to install
// in every format; Russian (Liberation has it) is drawn, and ✂ as the
// built-in scissors.
func TestMissingGlyph(t *testing.T) {
	t.Setenv("CUTOFF_FONT_DIRS", t.TempDir())
	ctx := context.Background()
	dot := scriptTreeDOT(t, chineseTitle)
	for _, f := range []Format{PNG, PDF, TeX} {
		_, err := renderer(t).Draw(ctx, dot, As(f))
		var me *MissingGlyphError
		if !errors.As(err, &me) || me.Rune != '极' {
			t.Fatalf("%s: %v, want a MissingGlyphError for 极", f, err)
		}
		for _, want := range []string{"U+6781", "fonts-noto-cjk", "极小化极大算法"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %q lacks %q", f, err, want)
			}
		}
	}
	// The tree has a cut: ✂ has no font either, and is drawn as the
	// built-in scissors, as wide as measured, not as ×.
	for _, f := range []Format{PNG, PDF} {
		if _, err := renderer(t).Draw(ctx, scriptTreeDOT(t, russianTitle), As(f)); err != nil {
			t.Fatalf("%s: ✂ with no fonts: %v", f, err)
		}
	}
	lib := liberation(14, false)
	runs, err := layoutText(lib, "✂ shallow")
	if err != nil || len(runs) != 2 || !runs[0].scissors || runs[1].text != " shallow" {
		t.Fatalf("✂ with no fonts: runs %+v, %v", runs, err)
	}
	if w := textWidth(lib, "✂"); w != vg.Length(scissorsAdvance)*14 {
		t.Errorf("the scissors' width %v", w)
	}
	got := drawPNG(t, withScripts(pngCanvas()), lib, "✂")
	if samePixels(got, drawPNG(t, pngCanvas(), lib, "×")) || inked(got, got.Bounds()) < 20 {
		t.Error("the built-in scissors are not drawn")
	}
	// Russian alone is Liberation's.
	if _, err := layoutText(liberation(12, false), russianTitle); err != nil {
		t.Errorf("Russian with no fallback fonts: %v", err)
	}
}

// TestScriptChart titles a chart in Persian and Chinese: drawn without
// error, and centred by its drawn width.
func TestScriptChart(t *testing.T) {
	needFallbackFonts(t)
	title := persianTitle + " " + chineseTitle
	b, err := AlgorithmsChart([]string{"alphabeta", "pvs"}, []Series{
		{Name: "leaves", X: []float64{0, 1}, Y: []float64{40, 36}},
	}, title, As(PNG), DPI(96))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	l, r := inkSpan(img, 0, 28)
	mid := float64(l+r) / 2
	if w := float64(img.Bounds().Dx()); mid < w/2-6 || mid > w/2+6 {
		t.Errorf("the title's ink spans %d–%d px: centred at %.0f, not %.0f", l, r, mid, w/2)
	}
}

// TestScriptTeX: a tree titled in every script as TikZ switches to
// LuaLaTeX and compiles with lualatex, whose PDF has the words; a Latin
// tree stays pdflatex's, its cut mark pifont's scissors.
func TestScriptTeX(t *testing.T) {
	needFallbackFonts(t)
	ctx := context.Background()
	latin, err := renderer(t).Draw(ctx, scriptTreeDOT(t, "Alpha-beta"), As(TeX))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(latin, []byte("fontspec")) || !bytes.Contains(latin, []byte(`\ding{34}`)) {
		t.Errorf("a Latin tree's TikZ loads fontspec or lacks \\ding{34}")
	}
	tex, err := renderer(t).Draw(ctx, scriptTreeDOT(t, mixedTitle), As(TeX))
	if err != nil {
		t.Fatal(err)
	}
	s := string(tex)
	for _, want := range []string{"compile it with lualatex", `\usepackage{fontspec}`, `\cutoffrtltext{نگامکس: جستجوی }`, chineseTitle, russianTitle} {
		if !strings.Contains(s, want) {
			t.Errorf("the TikZ lacks %q", want)
		}
	}
	if os.Getenv("CUTOFF_TEX_TESTS") != "1" {
		t.Skip("CUTOFF_TEX_TESTS=1 compiles it with lualatex")
	}
	tool := needTool(t, "lualatex")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tree.tex"), tex, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-interaction=nonstopmode", "-halt-on-error", "tree.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("lualatex: %v\n%s", err, tail(string(out), 1500))
	}
	log, _ := os.ReadFile(filepath.Join(dir, "tree.log"))
	if bytes.Contains(log, []byte("Missing character")) {
		t.Errorf("lualatex lacks a character:\n%s", tail(string(log), 1500))
	}
	checkPDFText(t, filepath.Join(dir, "tree.pdf"), []string{russianTitle, chineseTitle, "shallow"})
}

// TestScriptFigureDeck: a figure deck whose figure is titled in Persian,
// Chinese and Russian (the course's sources' titles) writes them as text
// pdftotext finds; with no fallback fonts it is refused.
func TestScriptFigureDeck(t *testing.T) {
	needFallbackFonts(t)
	dir := t.TempDir()
	b, err := renderer(t).Draw(context.Background(), scriptTreeDOT(t, "Alpha-beta"), As(PNG))
	if err != nil {
		t.Fatal(err)
	}
	pic := filepath.Join(dir, "fig.png")
	if err := os.WriteFile(pic, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d := &FigureDeck{Figures: []DeckFigure{{Title: mixedTitle, Caption: "Источник: " + chineseTitle, PNG: pic}}}
	path := filepath.Join(dir, "deck.pdf")
	if err := d.WriteDeck(path, ""); err != nil {
		t.Fatal(err)
	}
	checkPDFText(t, path, []string{russianTitle, chineseTitle, "Источник"})
	t.Setenv("CUTOFF_FONT_DIRS", t.TempDir())
	var me *MissingGlyphError
	if err := d.WriteDeck(filepath.Join(dir, "none.pdf"), ""); !errors.As(err, &me) {
		t.Errorf("with no fallback fonts: %v, want a MissingGlyphError", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.pdf")); !os.IsNotExist(err) {
		t.Errorf("the refused deck was written (%v)", err)
	}
}

// TestScriptStepDeck: a step deck of a search titled in every script has
// the title as text in its PDF; with no fallback fonts NewDeck refuses a
// Chinese title, and draws the cut mark as the built-in scissors.
func TestScriptStepDeck(t *testing.T) {
	needFallbackFonts(t)
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	d, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Title: mixedTitle}, FrameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "steps.pdf")
	var buf bytes.Buffer
	if err := d.WritePDF(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	checkPDFText(t, path, []string{russianTitle, chineseTitle, "shallow"})
	t.Setenv("CUTOFF_FONT_DIRS", t.TempDir())
	var me *MissingGlyphError
	if _, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Title: chineseTitle}, FrameOptions{}); !errors.As(err, &me) || me.Rune != '极' {
		t.Errorf("with no fallback fonts: %v, want a MissingGlyphError for 极", err)
	}
	if _, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Title: russianTitle}, FrameOptions{}); err != nil {
		t.Errorf("a Russian title and ✂ with no fallback fonts: %v", err)
	}
}
