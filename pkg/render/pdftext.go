package render

import (
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgpdf"
)

// pdfCanvas is gonum's PDF canvas, which embeds its fonts in code page
// 1252: text in that code page is written as PDF text (selectable, found
// by pdftotext), and text with other characters (−, ∞, ≤, α, ✂ …) is drawn
// as the glyphs' outlines from the same font, so that it shows right in
// every viewer.
type pdfCanvas struct{ *vgpdf.Canvas }

func (c *pdfCanvas) FillString(f font.Face, pt vg.Point, text string) {
	// Runs of code page 1252 as text, the rest as outlines, one after
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
			// vgpdf measures the string it is given to place it: hand
			// it the code page bytes at the text's own position.
			c.Canvas.FillString(f, pt, b)
		} else {
			fillOutlines(c, f, pt, s)
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
