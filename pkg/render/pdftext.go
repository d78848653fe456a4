package render

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"sync"
	"unicode"
	"unsafe"

	"codeberg.org/go-pdf/fpdf"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgpdf"
)

// pdfCanvas is gonum's PDF canvas, which embeds its fonts in code page
// 1252: text in that code page is written as PDF text (selectable, found
// by pdftotext). Other text with letters (α, Cyrillic, and the fallback
// fonts' Persian, Chinese …) is written as PDF text too, in the font as a
// Unicode (Type 0) font that go-pdf subsets, embeds and maps back to
// Unicode, so that pdftotext finds it; symbols alone (−∞, ≤, ✂) and a
// font that is not TrueType (CFF outlines, a collection) are drawn as the
// glyphs' outlines.
//
// vgpdf embeds every font under one file name, and go-pdf keeps one font
// program per file name: every font descriptor of its PDF points at the
// same program (the last font registered), so text in one font is drawn
// with another's glyphs at its own widths. WriteTo mends the PDF with an
// incremental update that gives each descriptor its own font's program.
type pdfCanvas struct {
	*vgpdf.Canvas
	faces map[string]font.Face  // the fonts written as text, by PostScript name
	utf8  map[*sfnt.Font]string // the Unicode fonts registered, by family
}

func init() {
	// go-pdf writes its fonts and images in map order unless told to sort
	// them: sorted, the same picture gives the same PDF (but its dates).
	fpdf.SetDefaultCatalogSort(true)
}

func newPDFCanvas(w, h vg.Length) *pdfCanvas {
	c := vgpdf.New(w, h)
	c.EmbedFonts(true)
	return &pdfCanvas{Canvas: c, faces: map[string]font.Face{}, utf8: map[*sfnt.Font]string{}}
}

// WriteTo writes the PDF, each font descriptor pointing at its own font.
func (c *pdfCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return 0, err
	}
	b, err := ownFontPrograms(buf.Bytes(), c.faces)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

func (c *pdfCanvas) FillString(f font.Face, pt vg.Point, text string) {
	if f.Font.Typeface != "Liberation" {
		// A fallback font's text (scriptCanvas gives each font its run).
		c.fillUnicode(f, pt, text, fontSource(f))
		return
	}
	// Runs of code page 1252 as text, the rest as Unicode text, one after
	// the other along the baseline.
	var run []rune
	inCP := true
	flush := func() {
		if len(run) == 0 {
			return
		}
		s := string(run)
		if inCP {
			b, _ := cp1252(s)
			c.remember(f)
			// vgpdf measures the string it is given to place it: hand
			// it the code page bytes at the text's own position.
			c.Canvas.FillString(pdfFace(f), pt, b)
		} else {
			var src bytes.Buffer
			if _, err := f.Face.WriteSourceTo(nil, &src); err == nil {
				c.fillUnicode(f, pt, s, src.Bytes())
			} else {
				fillOutlines(c, f, pt, s)
			}
		}
		pt.X += f.Width(s)
		run = run[:0]
	}
	for _, r := range text {
		_, ok := cp1252(string(r))
		if ok != inCP {
			flush()
			inCP = ok
		}
		run = append(run, r)
	}
	flush()
}

// fillUnicode writes text with its baseline at pt in the face f as PDF
// text, its font (the TrueType file src) registered with go-pdf as a
// Unicode font; with src nil, as outlines.
func (c *pdfCanvas) fillUnicode(f font.Face, pt vg.Point, text string, src []byte) {
	doc := pdfDoc(c.Canvas)
	if src == nil || doc == nil || !hasLetter(text) {
		// Symbols alone (−∞, ≤, ✂) as outlines, as before: a Unicode font
		// costs go-pdf a parse of the whole font file per PDF.
		fillOutlines(c, f, pt, text)
		return
	}
	sf := (*sfnt.Font)(f.Face)
	family, ok := c.utf8[sf]
	if !ok {
		// Named after the font (go-pdf adds "utf8"), apart from its code
		// page 1252 self.
		family = fmt.Sprintf("%s-%d", psName(sf), len(c.utf8))
		doc.AddUTF8FontFromBytes(family, "", src)
		if doc.Err() {
			// go-pdf could not read the font: it stays out of the PDF.
			doc.ClearError()
			c.utf8[sf] = ""
			fillOutlines(c, f, pt, text)
			return
		}
		c.utf8[sf] = family
	} else if family == "" {
		fillOutlines(c, f, pt, text)
		return
	}
	doc.SetFont(family, "", f.Font.Size.Points())
	// As vgpdf does for its text: at pt, in go-pdf's y-down frame, where
	// go-pdf's Text puts the baseline at y = 0.
	c.Push()
	c.Translate(pt)
	c.Scale(1, -1)
	doc.Text(0, 0, text)
	c.Pop()
}

// hasLetter reports whether s has a letter (Cyrillic, Persian, Chinese …).
func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// psName is the font's PostScript name, "font" if it has none.
func psName(f *sfnt.Font) string {
	n, err := f.Name(nil, sfnt.NameIDPostScript)
	if err != nil || n == "" {
		return "font"
	}
	return n
}

// pdfDoc is the go-pdf document vgpdf draws on, which it keeps in an
// unexported field: Unicode text needs go-pdf's own calls. nil if the
// field is not there (another version of vgpdf).
func pdfDoc(c *vgpdf.Canvas) *fpdf.Fpdf {
	v := reflect.ValueOf(c).Elem().FieldByName("doc")
	if !v.IsValid() || v.Type() != reflect.TypeFor[*fpdf.Fpdf]() {
		return nil
	}
	return *(**fpdf.Fpdf)(unsafe.Pointer(v.UnsafeAddr()))
}

// cp1252 encodes s in code page 1252, if it can.
func cp1252(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r < 0x80 || r >= 0xA0 && r <= 0xFF:
			b = append(b, byte(r))
		default:
			x, ok := cp1252High[r]
			if !ok {
				return "", false
			}
			b = append(b, x)
		}
	}
	return string(b), true
}

// cp1252High are the characters of 0x80–0x9F in code page 1252.
var cp1252High = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87,
	'ˆ': 0x88, '‰': 0x89, 'Š': 0x8A, '‹': 0x8B, 'Œ': 0x8C, 'Ž': 0x8E, '‘': 0x91,
	'’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98,
	'™': 0x99, 'š': 0x9A, '›': 0x9B, 'œ': 0x9C, 'ž': 0x9E, 'Ÿ': 0x9F,
}

// fillOutlines draws text as glyph outlines with its baseline at pt. A
// character the font lacks is drawn as a box.
func fillOutlines(c vg.Canvas, f font.Face, pt vg.Point, text string) {
	sf := (*sfnt.Font)(f.Face)
	if sf == nil {
		return
	}
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(f.Font.Size.Points() * 64)
	scale := func(v fixed.Int26_6) vg.Length { return vg.Points(float64(v) / 64) }
	x := pt.X
	var p vg.Path
	for _, r := range text {
		idx, err := sf.GlyphIndex(&buf, r)
		if err != nil || idx == 0 {
			// Not in the font: a box as wide as a digit.
			w := f.Width("0")
			h := f.Extents().Ascent * 0.7
			p.Move(vg.Point{X: x + w*0.15, Y: pt.Y})
			p.Line(vg.Point{X: x + w*0.85, Y: pt.Y})
			p.Line(vg.Point{X: x + w*0.85, Y: pt.Y + h})
			p.Line(vg.Point{X: x + w*0.15, Y: pt.Y + h})
			p.Close()
			x += w
			continue
		}
		segs, err := sf.LoadGlyph(&buf, idx, ppem, nil)
		if err == nil {
			at := func(q fixed.Point26_6) vg.Point { return vg.Point{X: x + scale(q.X), Y: pt.Y - scale(q.Y)} }
			for _, s := range segs {
				switch s.Op {
				case sfnt.SegmentOpMoveTo:
					p.Move(at(s.Args[0]))
				case sfnt.SegmentOpLineTo:
					p.Line(at(s.Args[0]))
				case sfnt.SegmentOpQuadTo:
					p.QuadTo(at(s.Args[0]), at(s.Args[1]))
				case sfnt.SegmentOpCubeTo:
					p.CubeTo(at(s.Args[0]), at(s.Args[1]), at(s.Args[2]))
				}
			}
		}
		adv, err := sf.GlyphAdvance(&buf, idx, ppem, 0)
		if err == nil {
			x += scale(adv)
		}
	}
	c.Fill(p)
}

// pdfFace is f as vgpdf can write it. vgpdf registers every font with
// go-pdf in the regular style but selects a bold or italic one with the
// style "B" or "I", which go-pdf then cannot find: a bold or italic face
// goes to vgpdf with a weight and style of its own, which name the font
// apart (its glyphs and widths are the face's, which stay as they are).
func pdfFace(f font.Face) font.Face {
	if f.Font.Weight == xfont.WeightBold {
		f.Font.Weight = xfont.WeightBold + 100
	}
	if f.Font.Style == xfont.StyleItalic {
		f.Font.Style = xfont.StyleItalic + 100
	}
	return f
}

// remember notes the font f as one written as text.
func (c *pdfCanvas) remember(f font.Face) {
	sf := (*sfnt.Font)(f.Face)
	if sf == nil {
		return
	}
	name, err := sf.Name(nil, sfnt.NameIDPostScript)
	if err != nil || name == "" {
		return
	}
	if _, ok := c.faces[name]; !ok {
		c.faces[name] = f
	}
}

var (
	pdfDescriptor = regexp.MustCompile(`(?m)^(\d+) 0 obj\n(<</Type /FontDescriptor /FontName /([^ /]+) [^\n]*?/FontFile2 )(\d+)( 0 R>>)\nendobj\n`)
	pdfStartXref  = regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n?$`)
	pdfTrailer    = regexp.MustCompile(`(?s)trailer\n<<\n/Size (\d+)\n/Root (\d+ 0 R)\n/Info (\d+ 0 R)\n>>\n`)
)

// ownFontPrograms gives each font descriptor of go-pdf's PDF b that shares
// its font program with another the program of its own font (faces, by
// PostScript name), in an incremental update: the program as a new object
// and the descriptor rewritten to point at it. The first descriptor keeps
// the shared program when it is its font's. A PDF without shared programs
// is returned as it is.
func ownFontPrograms(b []byte, faces map[string]font.Face) ([]byte, error) {
	descs := pdfDescriptor.FindAllSubmatch(b, -1)
	shared := map[string]int{}
	for _, d := range descs {
		shared[string(d[4])]++
	}
	xr := pdfStartXref.FindSubmatch(b)
	tr := pdfTrailer.FindAllSubmatch(b, -1)
	if len(xr) == 0 || len(tr) == 0 {
		return b, nil
	}
	size, err := strconv.Atoi(string(tr[len(tr)-1][1]))
	if err != nil {
		return nil, fmt.Errorf("render: PDF trailer: %v", err)
	}
	out := bytes.NewBuffer(b)
	type entry struct{ obj, off int }
	var xref []entry
	kept := map[string]bool{} // shared programs left to one descriptor
	for _, d := range descs {
		prog := string(d[4])
		if shared[prog] < 2 {
			continue
		}
		f, ok := faces[string(d[3])]
		if !ok {
			continue
		}
		prg, err := fontProgram(string(d[3]), f)
		if err != nil {
			return nil, err
		}
		if !kept[prog] && sameProgram(b, prog, prg.src) {
			kept[prog] = true
			continue
		}
		n := size
		size++
		xref = append(xref, entry{n, out.Len()})
		fmt.Fprintf(out, "%d 0 obj\n<</Length %d\n/Filter /FlateDecode\n/Length1 %d\n>>\nstream\n", n, len(prg.z), len(prg.src))
		out.Write(prg.z)
		out.WriteString("\nendstream\nendobj\n")
		obj, _ := strconv.Atoi(string(d[1]))
		xref = append(xref, entry{obj, out.Len()})
		fmt.Fprintf(out, "%d 0 obj\n%s%d%s\nendobj\n", obj, d[2], n, d[5])
	}
	if len(xref) == 0 {
		return b, nil
	}
	start := out.Len()
	out.WriteString("xref\n")
	for _, e := range xref {
		fmt.Fprintf(out, "%d 1\n%010d 00000 n \n", e.obj, e.off)
	}
	t := tr[len(tr)-1]
	fmt.Fprintf(out, "trailer\n<<\n/Size %d\n/Root %s\n/Info %s\n/Prev %s\n>>\nstartxref\n%d\n%%%%EOF\n", size, t[2], t[3], xr[1], start)
	return out.Bytes(), nil
}

// A font file and its compressed form, made once per font.
type compressedFont struct{ src, z []byte }

var fontPrograms sync.Map // PostScript name → *compressedFont

func fontProgram(name string, f font.Face) (*compressedFont, error) {
	if v, ok := fontPrograms.Load(name); ok {
		return v.(*compressedFont), nil
	}
	var src, z bytes.Buffer
	if _, err := f.Face.WriteSourceTo(nil, &src); err != nil {
		return nil, fmt.Errorf("render: font %s: %v", name, err)
	}
	zw := zlib.NewWriter(&z)
	zw.Write(src.Bytes())
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("render: font %s: %v", name, err)
	}
	v, _ := fontPrograms.LoadOrStore(name, &compressedFont{src.Bytes(), z.Bytes()})
	return v.(*compressedFont), nil
}

// sameProgram reports whether the font program object prog of the PDF b
// holds the font file src.
func sameProgram(b []byte, prog string, src []byte) bool {
	i := bytes.Index(b, []byte("\n"+prog+" 0 obj\n"))
	if i < 0 {
		return false
	}
	j := bytes.Index(b[i:], []byte("stream\n"))
	if j < 0 {
		return false
	}
	r, err := zlib.NewReader(bytes.NewReader(b[i+j+len("stream\n"):]))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(src))+1))
	return err == nil && bytes.Equal(got, src)
}
