package render

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"gonum.org/v1/plot/font"
)

// A LaTeX document Cutoff writes (a TikZ tree or chart, a Beamer deck)
// compiles with pdflatex while its text is Latin. Text in other scripts
// (Cyrillic, Persian, Chinese …) needs fonts pdflatex cannot load: such a
// document gets a LuaLaTeX preamble (texScripts) — fontspec keeps Latin
// Modern for Latin and falls back, character by character, to the fonts
// Cutoff found on this system (fonts.go), shaped by HarfBuzz; Persian and
// Arabic runs (\cutoffrtltext, from texText) are set right to left. A
// comment at its top says to compile it with lualatex.

// texNeedsLua reports whether the LaTeX source s has characters that
// pdflatex (with its default UTF-8 input) cannot set.
func texNeedsLua(s string) bool {
	for _, r := range s {
		if r >= 0x0250 {
			return true
		}
	}
	return strings.Contains(s, `\cutoffrtltext`)
}

// texScripts returns the LaTeX document doc ready for its scripts: as it
// is when pdflatex sets all its text, else with the LuaLaTeX preamble
// after its \documentclass line and a first line saying to use lualatex.
// A character that no font on this system has is a *MissingGlyphError,
// as in PNG and PDF.
func texScripts(doc string) (string, error) {
	if !texNeedsLua(doc) {
		return doc, nil
	}
	if err := checkGlyphs(doc); err != nil {
		return "", err
	}
	i := strings.Index(doc, `\documentclass`)
	if i < 0 {
		return doc, nil
	}
	j := strings.IndexByte(doc[i:], '\n')
	if j < 0 {
		return doc, nil
	}
	j += i + 1
	return "% This document has text in scripts beyond Latin: compile it with lualatex\n" +
		"% (TeX Live's texlive-luatex), not pdflatex.\n" +
		doc[:j] + luaPreamble() + doc[j:], nil
}

// checkGlyphs returns a *MissingGlyphError for the first character of s
// beyond Latin that neither Liberation Sans nor a fallback font has.
func checkGlyphs(s string) error {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: 10}
	face := font.DefaultCache.Lookup(f, f.Size)
	for _, line := range strings.Split(s, "\n") {
		if !texNeedsLua(line) || strings.HasPrefix(strings.TrimSpace(line), "%") {
			continue
		}
		plain := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return -1
			}
			return r
		}, line)
		if _, err := layoutText(face, plain); err != nil {
			if e, ok := err.(*MissingGlyphError); ok {
				e.Text = strings.TrimSpace(plain)
			}
			return err
		}
	}
	return nil
}

// luaPreamble loads fontspec with the fallback fonts found here: every one
// as a fallback of Latin Modern (Roman and Sans), and the first with Arabic
// letters as the right-to-left family. With none found it names DejaVu
// Sans and Noto Sans CJK, the usual Linux ones.
func luaPreamble() string {
	var files []string
	rtl, rtlBold := "", ""
	for _, ff := range fallbacks().fonts {
		files = append(files, filepath.Base(ff.path))
		ff.load()
		if rtl == "" && ff.err == nil && hasGlyph(ff.reg, 'ن') {
			rtl = filepath.Base(ff.path)
			if ff.bold != "" {
				rtlBold = filepath.Base(ff.bold)
			}
		}
	}
	if len(files) == 0 {
		files = []string{"DejaVuSans.ttf", "NotoSansCJK-Regular.ttc"}
	}
	if rtl == "" {
		rtl, rtlBold = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"
	}
	var b strings.Builder
	b.WriteString("% Text beyond Latin: Latin Modern, then the first of these fonts (found by\n")
	b.WriteString("% Cutoff on the system it ran on; edit the list for another) that has a\n")
	b.WriteString("% character; Persian and Arabic right to left in the last family.\n")
	b.WriteString("\\usepackage{fontspec}\n")
	b.WriteString("\\directlua{luaotfload.add_fallback(\"cutofffallback\", {")
	for i, f := range files {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"%s:mode=harf;\"", f)
	}
	b.WriteString("})}\n")
	b.WriteString("\\setmainfont{Latin Modern Roman}[RawFeature={fallback=cutofffallback}]\n")
	b.WriteString("\\setsansfont{Latin Modern Sans}[RawFeature={fallback=cutofffallback}]\n")
	fmt.Fprintf(&b, "\\newfontfamily\\cutoffrtl{%s}[Renderer=HarfBuzz, Script=Arabic", rtl)
	if rtlBold != "" {
		fmt.Fprintf(&b, ", BoldFont=%s", rtlBold)
	}
	b.WriteString("]\n")
	b.WriteString("\\providecommand{\\cutoffrtltext}[1]{{\\cutoffrtl\\textdir TRT #1}}\n")
	return b.String()
}
