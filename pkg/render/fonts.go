package render

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Text in PNG and PDF is drawn with the Liberation fonts gonum/plot ships
// (metric-compatible with Arial, Times and Courier), which have Latin,
// Greek and Cyrillic letters but no Persian, Chinese or ✂. A character
// Liberation lacks is drawn with the first fallback font that has it,
// found on the system by file name (no cgo, no fontconfig library):
//
//   - DejaVu Sans: Cyrillic, Arabic and Persian (with their presentation
//     forms), the scissors ✂ and most symbols;
//   - a CJK font: Droid Sans Fallback, WenQuanYi Micro Hei or Zen Hei,
//     Noto Sans CJK, AR PL UMing (Linux); PingFang, Hiragino Sans GB,
//     STHeiti, Arial Unicode (macOS); Microsoft YaHei, SimSun, SimHei
//     (Windows, seen from WSL);
//   - symbol fonts: Noto Sans Symbols 2, Symbola, Segoe UI Symbol.
//
// They are looked for in the fontconfig directories (/usr/share/fonts,
// /usr/local/share/fonts, ~/.local/share/fonts, ~/.fonts), macOS's
// (/System/Library/Fonts, /Library/Fonts, ~/Library/Fonts) and Windows'
// (/mnt/c/Windows/Fonts under WSL, %WINDIR%\Fonts); the environment
// variable CUTOFF_FONT_DIRS (a path list) replaces these directories.
// No font is shipped in the module: DejaVu Sans is on nearly every Linux
// (and a CJK font is megabytes).
//
// Persian and Arabic are shaped (shapeArabic) and put right to left
// (bidiRuns) before the characters are given their fonts. A character no
// font found has is an error (*MissingGlyphError) that names it and what
// to install; it is never drawn as a box. The one exception is the cut
// mark ✂, Cutoff's own, drawn as built-in scissors (scissors.go) when no
// font has it.

// fallbackNames are the font files tried, in order, for characters the
// Liberation fonts lack; bold is the bold face's file, if it has one.
var fallbackNames = []struct{ file, bold string }{
	{"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"},
	{"DroidSansFallbackFull.ttf", ""},
	{"DroidSansFallback.ttf", ""},
	{"wqy-microhei.ttc", ""},
	{"wqy-zenhei.ttc", ""},
	{"NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"},
	{"NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"},
	{"NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"},
	{"uming.ttc", ""},
	{"PingFang.ttc", ""},
	{"Hiragino Sans GB.ttc", ""},
	{"STHeiti Light.ttc", ""},
	{"Arial Unicode.ttf", ""},
	{"msyh.ttc", "msyhbd.ttc"},
	{"simsun.ttc", ""},
	{"simhei.ttf", ""},
	{"NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"},
	{"NotoSansSymbols2-Regular.ttf", ""},
	{"Symbola.ttf", ""},
	{"seguisym.ttf", ""},
}

// fontDirs returns the directories searched for fallback fonts.
func fontDirs() []string {
	if env, ok := os.LookupEnv("CUTOFF_FONT_DIRS"); ok {
		return filepath.SplitList(env)
	}
	home, _ := os.UserHomeDir()
	var dirs []string
	switch runtime.GOOS {
	case "darwin":
		dirs = []string{"/System/Library/Fonts", "/Library/Fonts"}
		if home != "" {
			dirs = append(dirs, filepath.Join(home, "Library", "Fonts"))
		}
	case "windows":
		if w := os.Getenv("WINDIR"); w != "" {
			dirs = append(dirs, filepath.Join(w, "Fonts"))
		}
	default:
		dirs = []string{"/usr/share/fonts", "/usr/local/share/fonts"}
		if home != "" {
			dirs = append(dirs, filepath.Join(home, ".local", "share", "fonts"), filepath.Join(home, ".fonts"))
		}
		dirs = append(dirs, "/mnt/c/Windows/Fonts") // WSL
	}
	return dirs
}

// fallbackFont is one fallback font file, its faces read when first needed.
type fallbackFont struct {
	name       string // the file's name, as in fallbackNames
	path, bold string // the files
	once       sync.Once
	reg, bld   *opentype.Font
	src, bsrc  []byte // the faces' TrueType files, for PDF; nil if not one
	err        error
}

func (f *fallbackFont) load() {
	f.once.Do(func() {
		f.reg, f.src, f.err = readFont(f.path)
		if f.err == nil && f.bold != "" {
			if b, src, err := readFont(f.bold); err == nil {
				f.bld, f.bsrc = b, src
			}
		}
	})
}

// readFont reads a font file (the first font of a collection) and, for a
// TrueType file that is not a collection, its bytes.
func readFont(path string) (*opentype.Font, []byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if bytes.HasPrefix(b, []byte("ttcf")) {
		c, err := sfnt.ParseCollection(b)
		if err != nil {
			return nil, nil, fmt.Errorf("render: font %s: %v", path, err)
		}
		f, err := c.Font(0)
		if err != nil {
			return nil, nil, fmt.Errorf("render: font %s: %v", path, err)
		}
		return f, nil, nil
	}
	f, err := sfnt.Parse(b)
	if err != nil {
		return nil, nil, fmt.Errorf("render: font %s: %v", path, err)
	}
	if !bytes.HasPrefix(b, []byte{0, 1, 0, 0}) && !bytes.HasPrefix(b, []byte("true")) {
		b = nil // CFF outlines: drawn in PDF as outlines
	}
	return f, b, nil
}

// fallbackSet is the fallback fonts found in some directories.
type fallbackSet struct {
	dirs  []string
	fonts []*fallbackFont
}

var (
	fallbackMu    sync.Mutex
	fallbackCache *fallbackSet
)

// fallbacks returns the fallback fonts of the directories fontDirs names,
// searched once for as long as they stay the same.
func fallbacks() *fallbackSet {
	dirs := fontDirs()
	fallbackMu.Lock()
	defer fallbackMu.Unlock()
	if fallbackCache != nil && slices.Equal(fallbackCache.dirs, dirs) {
		return fallbackCache
	}
	fallbackCache = findFallbacks(dirs)
	return fallbackCache
}

// findFallbacks walks dirs (to a depth of 4, as font directories are
// laid out) for the files of fallbackNames.
func findFallbacks(dirs []string) *fallbackSet {
	want := map[string]bool{}
	for _, n := range fallbackNames {
		want[strings.ToLower(n.file)] = true
		if n.bold != "" {
			want[strings.ToLower(n.bold)] = true
		}
	}
	found := map[string]string{} // lower-case file name → path
	for _, dir := range dirs {
		dir = filepath.Clean(dir)
		depth := strings.Count(dir, string(filepath.Separator))
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return fs.SkipDir
			}
			if d.IsDir() {
				if strings.Count(p, string(filepath.Separator))-depth >= 4 {
					return fs.SkipDir
				}
				return nil
			}
			n := strings.ToLower(d.Name())
			if _, seen := found[n]; want[n] && !seen {
				found[n] = p
			}
			return nil
		})
	}
	s := &fallbackSet{dirs: dirs}
	for _, n := range fallbackNames {
		p, ok := found[strings.ToLower(n.file)]
		if !ok {
			continue
		}
		f := &fallbackFont{name: n.file, path: p}
		if n.bold != "" {
			f.bold = found[strings.ToLower(n.bold)]
		}
		s.fonts = append(s.fonts, f)
	}
	return s
}

// face returns the fallback font's face like f (its size, and bold when
// the font has a bold face) if it has the character r.
func (ff *fallbackFont) face(f font.Face, r rune) (font.Face, bool) {
	ff.load()
	if ff.err != nil {
		return font.Face{}, false
	}
	if !hasGlyph(ff.reg, r) {
		return font.Face{}, false
	}
	fc := font.Face{Font: font.Font{Typeface: font.Typeface(strings.TrimSuffix(ff.name, filepath.Ext(ff.name))), Size: f.Font.Size}, Face: ff.reg}
	if f.Font.Weight >= xfont.WeightBold && ff.bld != nil && hasGlyph(ff.bld, r) {
		fc.Face = ff.bld
		fc.Font.Weight = xfont.WeightBold
	}
	return fc, true
}

// hasGlyph reports whether the font f draws r (not its "missing" glyph).
func hasGlyph(f *opentype.Font, r rune) bool {
	if f == nil {
		return false
	}
	var buf sfnt.Buffer
	i, err := f.GlyphIndex(&buf, r)
	return err == nil && i != 0
}

// fontSource returns the TrueType file of a fallback font's face (nil
// for a face of another font, or of a font that is not TrueType).
func fontSource(f font.Face) []byte {
	for _, ff := range fallbacks().fonts {
		switch {
		case ff.reg != nil && ff.reg == f.Face:
			return ff.src
		case ff.bld != nil && ff.bld == f.Face:
			return ff.bsrc
		}
	}
	return nil
}

// MissingGlyphError says that no font found draws a character of a text.
type MissingGlyphError struct {
	Rune rune   // the character
	Text string // the text it is in
}

func (e *MissingGlyphError) Error() string {
	return fmt.Sprintf("render: no font on this system draws %q (U+%04X) in %q: install %s, or copy a font that has it into ~/.local/share/fonts (see docs/cli.md, \"Fonts\")",
		e.Rune, e.Rune, e.Text, fontAdvice(e.Rune))
}

// fontAdvice names the packages that bring a font with r.
func fontAdvice(r rune) string {
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo) ||
		r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF:
		return "a CJK font: fonts-noto-cjk or fonts-droid-fallback (Debian/Ubuntu), google-noto-sans-cjk-fonts (Fedora); macOS and Windows have one"
	case unicode.In(r, unicode.Arabic, unicode.Cyrillic, unicode.Hebrew, unicode.Armenian, unicode.Georgian) || r >= 0x2700 && r <= 0x27BF:
		return "DejaVu Sans: fonts-dejavu-core (Debian/Ubuntu), dejavu-sans-fonts (Fedora), font-dejavu (Homebrew)"
	}
	return "a font that has it, e.g. fonts-noto (Debian/Ubuntu) or Symbola"
}

// invisible reports whether r is a format character drawn as nothing
// (joiners, direction marks), dropped before drawing.
func invisible(r rune) bool {
	return r >= 0x200B && r <= 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2060 && r <= 0x2069 || r == 0xFEFF
}

// textRun is part of a line drawn in one face, or the built-in scissors
// (scissors.go) when no font has ✂.
type textRun struct {
	face     font.Face
	text     string
	scissors bool
}

// width is the run's drawn width.
func (r textRun) width() vg.Length {
	if r.scissors {
		return vg.Length(scissorsAdvance*float64(len([]rune(r.text)))) * r.face.Font.Size
	}
	return r.face.Width(r.text)
}

// layoutText returns the line text as drawn from left to right: shaped,
// in visual order, and split into runs by the face that draws each
// character (f where it has the character, else the first fallback font
// that has it). A character no font has is a *MissingGlyphError.
func layoutText(f font.Face, text string) ([]textRun, error) {
	plain := true
	for _, r := range text {
		if r >= 0x0250 && !hasGlyph(f.Face, r) || r >= 0x0590 || invisible(r) {
			plain = false
			break
		}
	}
	if plain {
		return []textRun{{face: f, text: text}}, nil
	}
	line := visualLine(shapeArabic(text))
	var runs []textRun
	var set *fallbackSet
	for _, r := range line {
		if invisible(r) {
			continue
		}
		fc, scissors := f, false
		if !hasGlyph(f.Face, r) && !unicode.IsControl(r) {
			if set == nil {
				set = fallbacks()
			}
			found := false
			for _, ff := range set.fonts {
				if fc, found = ff.face(f, r); found {
					break
				}
			}
			switch {
			case !found && r == '✂':
				fc, scissors = f, true
			case !found:
				return nil, &MissingGlyphError{Rune: r, Text: text}
			}
		}
		if n := len(runs); n > 0 && runs[n-1].face.Face == fc.Face && runs[n-1].scissors == scissors {
			runs[n-1].text += string(r)
		} else {
			runs = append(runs, textRun{fc, string(r), scissors})
		}
	}
	return runs, nil
}

// textWidth is the width of the line text as layoutText draws it (f's
// width of it when a character has no font).
func textWidth(f font.Face, text string) vg.Length {
	runs, err := layoutText(f, text)
	if err != nil {
		return f.Width(text)
	}
	var w vg.Length
	for _, r := range runs {
		w += r.width()
	}
	return w
}

// scriptCanvas draws text in every script on a PNG or PDF canvas: each
// FillString is laid out by layoutText and drawn run by run. The first
// character no font has is kept as Err, and its text is not drawn.
type scriptCanvas struct {
	vg.Canvas
	err error
}

// withScripts returns c drawing text in every script: c itself if it
// does already.
func withScripts(c vg.Canvas) *scriptCanvas {
	if sc, ok := c.(*scriptCanvas); ok {
		return sc
	}
	return &scriptCanvas{Canvas: c}
}

// Size is the canvas's size; it must be a vg.CanvasSizer.
func (c *scriptCanvas) Size() (w, h vg.Length) { return c.Canvas.(vg.CanvasSizer).Size() }

// WriteTo writes the canvas, which must be a vg.CanvasWriterTo.
func (c *scriptCanvas) WriteTo(w io.Writer) (int64, error) {
	return c.Canvas.(io.WriterTo).WriteTo(w)
}

func (c *scriptCanvas) FillString(f font.Face, pt vg.Point, text string) {
	runs, err := layoutText(f, text)
	if err != nil {
		if c.err == nil {
			c.err = err
		}
		return
	}
	for _, r := range runs {
		if r.scissors {
			for range r.text {
				c.Canvas.Fill(scissorsPath(pt, r.face.Font.Size))
				pt.X += vg.Length(scissorsAdvance) * r.face.Font.Size
			}
			continue
		}
		c.Canvas.FillString(r.face, pt, r.text)
		pt.X += r.face.Width(r.text)
	}
}

// Err returns the first text that could not be drawn.
func (c *scriptCanvas) Err() error { return c.err }

// scriptText is gonum/plot's plain text handler measuring each line as
// scriptCanvas draws it (with the fallback fonts' widths), so that chart
// text in any script is placed and aligned by its drawn width.
type scriptText struct{ text.Plain }

func (h scriptText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	face := h.Fonts.Lookup(fnt, fnt.Size)
	ext := face.Extents()
	return textWidth(face, txt), ext.Ascent, ext.Descent
}

func (h scriptText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	face := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		defer c.Pop()
		c.Rotate(sty.Rotation)
		// The point in the rotated frame.
		sin, cos := math.Sincos(sty.Rotation)
		pt = vg.Point{X: pt.X*vg.Length(cos) + pt.Y*vg.Length(sin), Y: pt.Y*vg.Length(cos) - pt.X*vg.Length(sin)}
	}
	lines := h.Lines(txt)
	top := pt.Y + sty.Height(txt)*vg.Length(sty.YAlign) - face.Extents().Ascent
	for i, line := range lines {
		x := pt.X + vg.Length(sty.XAlign)*textWidth(face, line)
		y := top + vg.Length(len(lines)-i)*sty.Font.Size
		c.FillString(face, vg.Point{X: x, Y: y}, line)
	}
}

// newScriptText returns the chart's text handler.
func newScriptText() text.Handler { return scriptText{text.Plain{Fonts: font.DefaultCache}} }

// checkLayoutGlyphs returns a *MissingGlyphError for the first character
// of g's text (and of the extra texts) that no font has.
func checkLayoutGlyphs(g *gvGraph, extra ...string) error {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: 10}
	face := font.DefaultCache.Lookup(f, f.Size)
	check := func(ops []xdotOp) error {
		for _, op := range ops {
			if op.Op == "T" {
				if _, err := layoutText(face, op.Text); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, t := range extra {
		if _, err := layoutText(face, t); err != nil {
			return err
		}
	}
	for _, ops := range [][]xdotOp{g.Draw, g.LDraw} {
		if err := check(ops); err != nil {
			return err
		}
	}
	for _, objs := range [][]gvObject{g.Objects, g.Edges} {
		for _, o := range objs {
			for _, ops := range [][]xdotOp{o.Draw, o.LDraw, o.HDraw, o.TDraw, o.HLDraw, o.TLDraw} {
				if err := check(ops); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
