package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// A Deck is a search step by step for presenting: every frame laid out by
// Graphviz once, all of them sharing the layout of the whole search, ready
// to be written as a PDF with one page per step (WritePDF), an animated GIF
// (WriteGIF), numbered PNG files (WritePNGs) or a Beamer frame with one
// overlay per step (WriteBeamer). Every page is the same size, the tree
// does not move from one page to the next, and each page carries its
// caption in the lower margin: "Step 7 of 35: leaf c1 = 2".
type Deck struct {
	// Frames are the steps drawn, with their events; their SVG is nil.
	Frames []Frame
	// Events is the number of events of the whole search.
	Events int

	pages []*gvGraph
	gw    vg.Length // the largest frame's box
	gh    vg.Length
	w, h  vg.Length // a page
}

// MaxDeckFrames bounds a deck's pages and frames: a lecture shows tens of
// steps, and more than this is no longer something to step through.
const MaxDeckFrames = 500

// A deck's pages are judged readable on a 16:9 slide of SlideWidth ×
// SlideHeight points (PowerPoint's and Keynote's default, 13.33 × 7.5
// inches): scaled to fit it, the smallest text of the tree must be at least
// MinTextHeight points.
const (
	SlideWidth    = 960
	SlideHeight   = 540
	MinTextHeight = 6
)

// Page geometry: Graphviz's 4-point padding around the tree, and a band
// below it for the caption.
const (
	deckPad      = 4
	captionBand  = 30
	captionSize  = 14
	captionBase  = 10 // the caption's baseline above the page's bottom
	captionInset = 12 // the caption's left margin
)

// UnreadableError is a tree too large for a slide: scaled to fit one, its
// smallest text would be Text points high, less than MinTextHeight.
type UnreadableError struct {
	Width, Height vg.Length // the page
	Text          float64
}

func (e *UnreadableError) Error() string {
	return fmt.Sprintf("render: the tree's pages are %.0f × %.0f pt: on a %d × %d pt slide its smallest text would be %.1f pt high, less than %d pt: draw fewer nodes (a node Budget, a smaller depth or tree)",
		e.Width.Points(), e.Height.Points(), SlideWidth, SlideHeight, e.Text, MinTextHeight)
}

// NewDeck lays out the frames fo chooses of the search rec recorded, drawn
// with opt (opt.Step is ignored), with r (nil: NewDeck starts its own
// Graphviz and closes it). Before drawing anything it returns a
// *FrameCountError when there are more than MaxDeckFrames frames; after
// laying them out, an *UnreadableError when the tree is too large for a
// slide. Its cost is one Graphviz layout per frame, plus one.
func NewDeck[P gametree.Position[P]](ctx context.Context, r *Renderer, rec *algos.Recorder[P], opt TreeOptions, fo FrameOptions) (*Deck, error) {
	d := &Deck{}
	err := eachFrame(ctx, r, rec, opt, fo, MaxDeckFrames, func(r *Renderer, step int, event, dot string) error {
		js, err := r.layout(ctx, dot)
		if err != nil {
			return err
		}
		g, w, h, err := parseLayout(js)
		if err != nil {
			return err
		}
		d.pages = append(d.pages, g)
		d.gw, d.gh = max(d.gw, w), max(d.gh, h)
		d.Frames = append(d.Frames, Frame{Step: step, Event: event})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(d.Frames) == 0 {
		return nil, errors.New("render: the search has no frames to draw")
	}
	d.Events = rec.Len()
	d.w, d.h = d.gw+2*deckPad, d.gh+2*deckPad+captionBand
	face := captionFace()
	for i := range d.Frames {
		if err := checkLayoutGlyphs(d.pages[i], d.Caption(i)); err != nil {
			return nil, err
		}
		d.w = max(d.w, textWidth(face, d.Caption(i))+2*captionInset)
	}
	scale := min(SlideWidth/d.w.Points(), SlideHeight/d.h.Points(), 1)
	if text := scale * smallestText(d.pages[0]); text < MinTextHeight {
		return nil, &UnreadableError{Width: d.w, Height: d.h, Text: text}
	}
	return d, nil
}

// Size returns a page's size.
func (d *Deck) Size() (w, h vg.Length) { return d.w, d.h }

// Caption is frame i's caption: "Step 7 of 35: leaf c1 = 2".
func (d *Deck) Caption(i int) string {
	f := d.Frames[i]
	return fmt.Sprintf("Step %d of %d: %s", f.Step, d.Events, f.Event)
}

func captionFace() font.Face {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: captionSize}
	return font.DefaultCache.Lookup(f, f.Size)
}

// smallestText returns the smallest font size g draws text in.
func smallestText(g *gvGraph) float64 {
	small := 0.0
	scan := func(ops []xdotOp) {
		size := 14.0 // Graphviz's default, until an F operation
		for _, op := range ops {
			switch op.Op {
			case "F":
				size = op.Size
			case "T":
				if small == 0 || size < small {
					small = size
				}
			}
		}
	}
	scan(g.Draw)
	scan(g.LDraw)
	for _, objs := range [][]gvObject{g.Objects, g.Edges} {
		for _, o := range objs {
			for _, ops := range [][]xdotOp{o.Draw, o.LDraw, o.HDraw, o.TDraw, o.HLDraw, o.TLDraw} {
				scan(ops)
			}
		}
	}
	if small == 0 {
		return 14
	}
	return small
}

// drawPage draws frame i on c: a white page, the tree at the top, centred,
// and the caption in the lower band when captions is set.
func (d *Deck) drawPage(c vg.Canvas, i int, captions bool) {
	c = withScripts(c) // text in every script (fonts.go)
	fillBackground(c, d.w, d.h)
	g := d.pages[i]
	_, gw, gh, _ := gvSize(g)
	c.Push()
	c.Translate(vg.Point{X: (d.w - gw) / 2, Y: d.h - deckPad - gh})
	drawLayout(c, g)
	c.Pop()
	if captions {
		c.SetColor(color.Black)
		c.FillString(captionFace(), vg.Point{X: captionInset, Y: captionBase}, d.Caption(i))
	}
}

// gvSize returns g's size from its bounding box.
func gvSize(g *gvGraph) (*gvGraph, vg.Length, vg.Length, error) {
	var x0, y0, x1, y1 float64
	if _, err := fmt.Sscanf(g.BB, "%g,%g,%g,%g", &x0, &y0, &x1, &y1); err != nil {
		return g, 0, 0, err
	}
	return g, vg.Points(x1 - x0), vg.Points(y1 - y0), nil
}

// WritePDF writes the deck as a PDF with one page per frame, each with its
// caption below the tree (text that pdftotext finds; symbols such as − and
// ∞ drawn as outlines).
func (d *Deck) WritePDF(w io.Writer) error { return d.writePDF(w, true) }

// WritePictures writes the deck as WritePDF does, without the captions
// and with the text drawn as outlines (no fonts): the pages WriteBeamer's
// frame includes.
func (d *Deck) WritePictures(w io.Writer) error { return d.writePDF(w, false) }

func (d *Deck) writePDF(w io.Writer, captions bool) error {
	c := newPDFCanvas(d.w, d.h) // fonts embedded, each its own (see pdfCanvas)
	var pc vg.Canvas = c
	if !captions {
		// Pictures for Beamer: text as outlines, no fonts. pdflatex copies
		// an included page's fonts into every page that includes it, which
		// made a 31-step frame 7 MB.
		pc = outlineCanvas{c.Canvas}
	}
	for i := range d.pages {
		if i > 0 {
			c.NextPage()
		}
		d.drawPage(pc, i, captions)
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("render: writing the PDF deck: %w", err)
	}
	return nil
}

// image draws frame i at dpi.
func (d *Deck) image(i, dpi int) *image.RGBA {
	c := vgimg.NewWith(vgimg.UseWH(d.w, d.h), vgimg.UseDPI(dpi))
	d.drawPage(c, i, true)
	img := c.Image()
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// GIFOptions says how to animate a deck.
type GIFOptions struct {
	// Delay is each frame's time on screen (default DefaultDelay); GIF
	// counts it in hundredths of a second.
	Delay time.Duration
	// Pause is the last frame's time on screen, when longer than Delay.
	Pause time.Duration
	// DPI is the pictures' density (default DefaultDeckDPI).
	DPI int
}

// DefaultDelay is an animation's time per frame: long enough to read a
// caption.
const DefaultDelay = 1500 * time.Millisecond

// DefaultDeckDPI is an animated GIF's and a PNG sequence's density: one and
// a half times a 96-dpi screen, sharp on a slide and small enough for a
// few hundred frames.
const DefaultDeckDPI = 144

func deckDPI(dpi int) (int, error) {
	if dpi == 0 {
		return DefaultDeckDPI, nil
	}
	if dpi < 24 || dpi > 600 {
		return 0, fmt.Errorf("render: a deck's density of %d dpi: want 24 to 600", dpi)
	}
	return dpi, nil
}

// WriteGIF writes the deck as an animated GIF that loops: one frame per
// step with its caption, each shown o.Delay, the last o.Pause when longer.
// The palette is built from the frames themselves: the colours the
// pictures draw with (the course's palette, black, white, greys) are kept
// exactly, then the anti-aliasing shades the first, middle and last frames
// use most; a shade beyond those maps to its nearest, and nothing is
// dithered. Each frame after the first stores only the rectangle that
// changed, its unchanged pixels transparent.
func (d *Deck) WriteGIF(w io.Writer, o GIFOptions) error {
	dpi, err := deckDPI(o.DPI)
	if err != nil {
		return err
	}
	if o.Delay == 0 {
		o.Delay = DefaultDelay
	}
	if o.Delay < 10*time.Millisecond || o.Delay > 10*time.Minute || o.Pause < 0 || o.Pause > 10*time.Minute {
		return fmt.Errorf("render: GIF delay %v and pause %v: want 10ms to 10m (pause 0 for none)", o.Delay, o.Pause)
	}
	// The palette: the colours the pictures draw with, then the shades
	// anti-aliasing makes most often in the first, middle and last frames
	// (the same pairs of colours meet in every frame), and a transparent
	// entry for the pixels a frame leaves as they were.
	counts := map[color.RGBA]int{}
	n := len(d.pages)
	images := map[int]*image.RGBA{}
	for _, i := range []int{0, n / 2, n - 1} {
		if images[i] != nil {
			continue
		}
		img := d.image(i, dpi)
		images[i] = img
		for p := 0; p+3 < len(img.Pix); p += 4 {
			counts[color.RGBA{img.Pix[p], img.Pix[p+1], img.Pix[p+2], 255}]++
		}
	}
	pal := append(framePalette(counts, d.colours(), 255), color.RGBA{})
	clear := uint8(len(pal) - 1)
	index := map[color.RGBA]uint8{}
	for i, c := range pal[:clear] {
		index[c.(color.RGBA)] = uint8(i)
	}
	lookup := func(c color.RGBA) uint8 {
		if k, ok := index[c]; ok {
			return k
		}
		k := uint8(pal[:clear].Index(c))
		index[c] = k
		return k
	}
	// Each frame: the rectangle that changed, its unchanged pixels
	// transparent.
	anim := &gif.GIF{LoopCount: 0}
	var prev *image.RGBA
	cs := func(t time.Duration) int { return int((t + 5*time.Millisecond) / (10 * time.Millisecond)) }
	for i := range d.pages {
		img := images[i]
		if img == nil {
			img = d.image(i, dpi)
		}
		delete(images, i)
		r := img.Bounds()
		if prev != nil {
			r = changed(prev, img)
		}
		pm := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				p := img.PixOffset(x, y)
				c := color.RGBA{img.Pix[p], img.Pix[p+1], img.Pix[p+2], 255}
				k := clear
				if prev == nil || prev.Pix[p] != c.R || prev.Pix[p+1] != c.G || prev.Pix[p+2] != c.B {
					k = lookup(c)
				}
				pm.Pix[pm.PixOffset(x, y)] = k
			}
		}
		delay := cs(o.Delay)
		if i == len(d.pages)-1 && o.Pause > o.Delay {
			delay = cs(o.Pause)
		}
		anim.Image = append(anim.Image, pm)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev = img
	}
	if err := gif.EncodeAll(w, anim); err != nil {
		return fmt.Errorf("render: writing the GIF: %w", err)
	}
	return nil
}

// colours returns the opaque colours the deck's pages draw with: white,
// black and every colour of Graphviz's drawing operations.
func (d *Deck) colours() map[color.RGBA]bool {
	out := map[color.RGBA]bool{{255, 255, 255, 255}: true, {0, 0, 0, 255}: true}
	add := func(ops []xdotOp) {
		for _, op := range ops {
			if op.Op == "c" || op.Op == "C" {
				r, g, b, a := parseColor(op.Color).RGBA()
				if a == 0xffff {
					out[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}] = true
				}
			}
		}
	}
	for _, g := range d.pages {
		add(g.Draw)
		add(g.LDraw)
		for _, objs := range [][]gvObject{g.Objects, g.Edges} {
			for _, o := range objs {
				for _, ops := range [][]xdotOp{o.Draw, o.LDraw, o.HDraw, o.TDraw, o.HLDraw, o.TLDraw} {
					add(ops)
				}
			}
		}
	}
	return out
}

// framePalette is the colours the pictures draw with (exact), then the
// most used others (anti-aliasing shades), most at most.
func framePalette(counts map[color.RGBA]int, exact map[color.RGBA]bool, most int) color.Palette {
	cols := make([]color.RGBA, 0, len(counts))
	for c := range counts {
		cols = append(cols, c)
	}
	for c := range exact {
		if _, ok := counts[c]; !ok {
			cols = append(cols, c)
		}
	}
	sort.Slice(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if exact[a] != exact[b] {
			return exact[a]
		}
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return rgbKey(a) > rgbKey(b) // deterministic
	})
	if len(cols) > most {
		cols = cols[:most]
	}
	pal := make(color.Palette, len(cols))
	for i, c := range cols {
		pal[i] = c
	}
	return pal
}

func rgbKey(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// changed returns the smallest rectangle where a and b differ (a 1×1 one
// at the origin when they do not: a GIF frame cannot be empty).
func changed(a, b *image.RGBA) image.Rectangle {
	r := image.Rectangle{}
	bd := b.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(bd.Min.X, y):a.PixOffset(bd.Max.X, y)]
		rb := b.Pix[b.PixOffset(bd.Min.X, y):b.PixOffset(bd.Max.X, y)]
		if bytes.Equal(ra, rb) {
			continue
		}
		x0, x1 := 0, len(ra)/4
		for x0 < x1 && bytes.Equal(ra[4*x0:4*x0+4], rb[4*x0:4*x0+4]) {
			x0++
		}
		for x1 > x0 && bytes.Equal(ra[4*x1-4:4*x1], rb[4*x1-4:4*x1]) {
			x1--
		}
		r = r.Union(image.Rect(bd.Min.X+x0, y, bd.Min.X+x1, y+1))
	}
	if r.Empty() {
		return image.Rect(bd.Min.X, bd.Min.Y, bd.Min.X+1, bd.Min.Y+1)
	}
	return r
}

// WritePNGs writes the deck to dir (created if missing) as numbered PNG
// files, step-001.png, step-002.png, …, each with its caption, at dpi (0:
// DefaultDeckDPI), and an index.txt with one line per file: its name, the
// step and the caption, separated by tabs. Every file is written to a
// temporary folder beside dir first and moved in at the end.
func (d *Deck) WritePNGs(dir string, dpi int) error {
	dpi, err := deckDPI(dpi)
	if err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	tmp, err := os.MkdirTemp(parent, ".cutoff-deck-")
	if err != nil {
		return fmt.Errorf("render: WritePNGs: %w", err)
	}
	defer os.RemoveAll(tmp)
	var index strings.Builder
	var names []string
	for i := range d.pages {
		name := fmt.Sprintf("step-%03d.png", i+1)
		var b bytes.Buffer
		// Fast compression: a few percent larger, about twice as fast.
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&b, d.image(i, dpi)); err != nil {
			return fmt.Errorf("render: WritePNGs: %w", err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name), b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("render: WritePNGs: %w", err)
		}
		fmt.Fprintf(&index, "%s\t%d\t%s\n", name, d.Frames[i].Step, oneLine(d.Caption(i)))
		names = append(names, name)
	}
	if err := os.WriteFile(filepath.Join(tmp, "index.txt"), []byte(index.String()), 0o644); err != nil {
		return fmt.Errorf("render: WritePNGs: %w", err)
	}
	names = append(names, "index.txt")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("render: WritePNGs: %w", err)
	}
	for _, n := range names {
		if err := os.Rename(filepath.Join(tmp, n), filepath.Join(dir, n)); err != nil {
			return fmt.Errorf("render: WritePNGs: %w", err)
		}
	}
	return nil
}

func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// checkPicturesName refuses a pictures file name that \includegraphics
// cannot take: a Beamer source of a Deck or a FigureDeck names it.
func checkPicturesName(pictures string) error {
	if pictures == "" || strings.ContainsAny(pictures, "{}%#\\ ") {
		return fmt.Errorf("render: WriteBeamer: the pictures' file name %q cannot go in \\includegraphics (no spaces or TeX specials)", pictures)
	}
	return nil
}

// WriteBeamer writes a Beamer document holding one frame that steps
// through the deck: overlay k shows page k of pictures (a PDF of the
// deck's pages without captions, as WritePictures writes it, named as
// \includegraphics finds it, beside the .tex file) and its caption as
// LaTeX text. The frame sits between the lines "% --- frame: paste from
// here" and "% --- to here" and pastes into a lecture whose preamble loads
// nothing more than Beamer does (graphicx comes with Beamer; in another
// class, \usepackage{graphicx}). It compiles with pdflatex as it is.
func (d *Deck) WriteBeamer(w io.Writer, pictures, title string) error {
	if err := checkPicturesName(pictures); err != nil {
		return err
	}
	if title == "" {
		title = "A search step by step"
	}
	var b strings.Builder
	b.WriteString("% Drawn by Cutoff: a search step by step, one overlay per step.\n")
	fmt.Fprintf(&b, "%% Needs %s (the pages, written beside this file). Compile with pdflatex;\n", pictures)
	b.WriteString("% to use the frame in a lecture, paste it (the lines between the marks)\n")
	b.WriteString("% into a Beamer document: Beamer loads graphicx, nothing else is needed.\n")
	b.WriteString("\\documentclass[aspectratio=169]{beamer}\n")
	b.WriteString("\\begin{document}\n")
	b.WriteString("% --- frame: paste from here\n")
	fmt.Fprintf(&b, "\\begin{frame}{%s}\n  \\centering\n", texText(title))
	for i := range d.pages {
		fmt.Fprintf(&b, "  \\only<%d>{\\includegraphics[page=%d,width=\\linewidth,height=0.72\\textheight,keepaspectratio]{%s}\\par\\medskip\\small %s}%%\n",
			i+1, i+1, pictures, texText(d.Caption(i)))
	}
	b.WriteString("\\end{frame}\n")
	b.WriteString("% --- to here\n")
	b.WriteString("\\end{document}\n")
	tex, err := texScripts(b.String()) // text beyond Latin: lualatex
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, tex)
	return err
}

// DeckFormats are the file extensions WriteDeck knows: .pdf (WritePDF),
// .gif (WriteGIF) and .tex (WriteBeamer, with its pages beside it).
var DeckFormats = []string{".pdf", ".gif", ".tex"}

// BeamerPictures is the name of the PDF of pages WriteDeck writes beside a
// Beamer file: "steps.tex" includes "steps-pages.pdf".
func BeamerPictures(tex string) string {
	return strings.TrimSuffix(tex, filepath.Ext(tex)) + "-pages.pdf"
}

// WriteDeck writes the deck to path in the format its extension names
// (DeckFormats): a PDF deck, an animated GIF with o, or a Beamer source
// with its pages (BeamerPictures(path)) beside it, titled title. Each
// file is written to a temporary file beside it and renamed when
// complete, so a failure leaves nothing half-written.
func (d *Deck) WriteDeck(path string, title string, o GIFOptions) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".pdf":
		return writeAtomic(path, d.WritePDF)
	case ".gif":
		return writeAtomic(path, func(w io.Writer) error { return d.WriteGIF(w, o) })
	case ".tex":
		pages := BeamerPictures(path)
		if err := writeAtomic(pages, d.WritePictures); err != nil {
			return err
		}
		return writeAtomic(path, func(w io.Writer) error { return d.WriteBeamer(w, filepath.Base(pages), title) })
	}
	return fmt.Errorf("render: %s: a deck is written as .pdf, .gif or .tex (Beamer), or as PNG files (WritePNGs)", path)
}

// writeAtomic writes path through a temporary file renamed at the end.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".cutoff-"+filepath.Base(path)+"-")
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	tmp := f.Name()
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("render: %w", err)
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("render: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("render: %w", err)
	}
	return nil
}

// outlineCanvas draws every text as glyph outlines.
type outlineCanvas struct{ *vgpdf.Canvas }

func (c outlineCanvas) FillString(f font.Face, pt vg.Point, text string) {
	fillOutlines(c, f, pt, text)
}
