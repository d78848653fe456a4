package render

import (
	"bytes"
	"image/color"
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
	"gonum.org/v1/plot/vg/vgtex"
)

// Format is a picture's file format.
type Format string

// The formats every tree and chart is written in.
const (
	SVG Format = "svg" // for the web, PowerPoint and Keynote
	PNG Format = "png" // for Google Slides: pixels at DPI (default 192)
	PDF Format = "pdf" // for LaTeX and handouts: vector, fonts embedded
	TeX Format = "tex" // TikZ: a standalone LaTeX document with one tikzpicture
)

// Formats lists the formats, in the order the documentation gives them.
var Formats = []Format{SVG, PNG, PDF, TeX}

// ParseFormat reads a format's name: svg, png, pdf, tex (or tikz).
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimPrefix(s, "."))); f {
	case SVG, PNG, PDF, TeX:
		return f, nil
	case "tikz":
		return TeX, nil
	}
	return "", fmt.Errorf("unknown format %q: want svg, png, pdf or tex (TikZ)", s)
}

// FormatOf returns the format a file name's extension asks for.
func FormatOf(path string) (Format, error) {
	ext := filepath.Ext(path)
	if ext == "" {
		return "", fmt.Errorf("%s has no extension: name it .svg, .png, .pdf or .tex, or give -format", path)
	}
	f, err := ParseFormat(ext)
	if err != nil {
		return "", fmt.Errorf("%s: unknown extension %s: want .svg, .png, .pdf or .tex", path, ext)
	}
	return f, nil
}

// DefaultDPI is the PNG density: twice a 96-dpi screen, sharp on a
// projector and on a high-density display.
const DefaultDPI = 192

// Option says how to write a picture.
type Option func(*options)

type options struct {
	format Format
	dpi    int
}

// As writes the picture in format f (default SVG).
func As(f Format) Option { return func(o *options) { o.format = f } }

// DPI sets a PNG's density in dots per inch (default DefaultDPI); other
// formats are vector and ignore it.
func DPI(dpi int) Option { return func(o *options) { o.dpi = dpi } }

func makeOptions(opts []Option) (options, error) {
	o := options{format: SVG, dpi: DefaultDPI}
	for _, f := range opts {
		f(&o)
	}
	if _, err := ParseFormat(string(o.format)); err != nil {
		return o, fmt.Errorf("render: %v", err)
	}
	if o.dpi < 24 || o.dpi > 1200 {
		return o, fmt.Errorf("render: a density of %d dpi: want 24 to 1200", o.dpi)
	}
	return o, nil
}

// canvas is a vg canvas that writes one format.
type canvas interface {
	vg.CanvasWriterTo
}

// newCanvas returns a w × h canvas for o's format.
func newCanvas(o options, w, h vg.Length) canvas {
	switch o.format {
	case PNG:
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(o.dpi))}
	case PDF:
		c := vgpdf.New(w, h)
		c.EmbedFonts(true)
		return &pdfCanvas{c}
	case TeX:
		return &texCanvas{vgtex.NewDocument(w, h)}
	}
	return vgsvg.New(w, h)
}

// fillBackground paints the whole w × h canvas white.
func fillBackground(c vg.Canvas, w, h vg.Length) {
	var bg vg.Path
	bg.Move(vg.Point{})
	bg.Line(vg.Point{X: w})
	bg.Line(vg.Point{X: w, Y: h})
	bg.Line(vg.Point{Y: h})
	bg.Close()
	c.SetColor(color.White)
	c.Fill(bg)
}

// finish writes the canvas out.
func finish(c canvas, o options) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("render: writing %s: %w", o.format, err)
	}
	if o.format == TeX {
		return tikz(buf.Bytes()), nil
	}
	return buf.Bytes(), nil
}

// tikz turns vgtex's standalone pgfpicture into a tikzpicture (the same
// PGF commands, which TikZ runs) that loads TikZ, so that a lecturer can
// paste it into a Beamer frame and add TikZ of their own.
func tikz(b []byte) []byte {
	s := string(b)
	s = strings.Replace(s, `\usepackage{pgf}`, `\usepackage{tikz}`, 1)
	s = strings.ReplaceAll(s, `\begin{pgfpicture}`, `\begin{tikzpicture}`)
	s = strings.ReplaceAll(s, `\end{pgfpicture}`, `\end{tikzpicture}`)
	return []byte(s)
}

// texCanvas writes text that pdflatex reads: the symbols the course's
// pictures use (α, β, ∞, −, ≤, ≥, ×, …) as LaTeX, the specials escaped.
type texCanvas struct{ *vgtex.Canvas }

func (c *texCanvas) FillString(f font.Face, pt vg.Point, text string) {
	tex := texText(text)
	// vgtex centres the text by the width of what it is given: correct
	// for the LaTeX source being wider than the text it draws.
	pt.X += (f.Width(text) - f.Width(tex)) / 2
	c.Canvas.FillString(f, pt, tex)
}

var texReplacer = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`,
	`%`, `\%`, `_`, `\_`, `^`, `\^{}`, `~`, `\~{}`,
	"α", `$\alpha$`, "β", `$\beta$`, "γ", `$\gamma$`, "δ", `$\delta$`, "π", `$\pi$`,
	"∞", `$\infty$`, "−", `$-$`, "≤", `$\le$`, "≥", `$\ge$`, "≠", `$\ne$`,
	"×", `$\times$`, "✂", `$\times$`, "…", `\ldots{}`, "→", `$\to$`, "←", `$\leftarrow$`, "·", `$\cdot$`,
	"±", `$\pm$`, "√", `$\surd$`, "—", `---`, "–", `--`, "✗", `$\times$`, "✓", `$\surd$`,
	"Γ", `$\Gamma$`, "Δ", `$\Delta$`, "Σ", `$\Sigma$`, "φ", `$\varphi$`, "θ", `$\theta$`,
)

// texText is s as pdflatex reads it: the symbols above as LaTeX, Latin
// letters as they are (LaTeX reads UTF-8), anything else (a script LaTeX
// needs packages for) as "?".
func texText(s string) string {
	s = texReplacer.Replace(s)
	return strings.Map(func(r rune) rune {
		if r < 0x250 {
			return r
		}
		return '?'
	}, s)
}
