package render

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/png" // the figures' PNG files
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// FigureIndex is the file WriteFigure keeps in a figures folder: one line
// per picture, in the order they were drawn, its file name (without
// extension) and its title separated by a tab. ReadFigures reads it.
const FigureIndex = "figures.txt"

// A DeckFigure is one page of a FigureDeck: a picture written by
// WriteFigure as PNG, with its title and a caption.
type DeckFigure struct {
	Title   string
	Caption string
	PNG     string // the picture's PNG file, drawn at DefaultDPI
	// Titled says the picture draws its title itself: the page and the
	// Beamer frame then leave theirs out, so that the title shows once.
	Titled bool
}

// A FigureDeck is a set of figures for presenting: WritePDF writes them as
// a PDF with one page per figure, every page a SlideWidth × SlideHeight
// slide with the title at the top (unless the picture draws it, Titled),
// the picture scaled to fit below it (its aspect kept, never more than
// twice its own size) and the caption in the lower margin, as a Deck's;
// WriteBeamer writes a Beamer source with one frame per figure. The pictures are the figures' PNG files (DefaultDPI),
// decoded one page at a time.
type FigureDeck struct {
	Figures []DeckFigure
}

// A figure deck's page: the title's band at the top.
const (
	figTitleBand = 44
	figTitleSize = 22
	figTitleBase = 16 // the title's baseline below the band's top edge
)

// ReadFigures returns the figures WriteFigure wrote into dir, in the order
// they were drawn (its FigureIndex), each captioned caption(title) when
// caption is not nil. Each picture is its PNG file drawn without its title
// (UntitledDir), or the titled one (Titled) when there is none. A figure
// without a PNG file is an error.
func ReadFigures(dir string, caption func(title string) string) ([]DeckFigure, error) {
	f, err := os.Open(filepath.Join(dir, FigureIndex))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // no figures
	}
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	defer f.Close()
	var out []DeckFigure
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, title, ok := strings.Cut(sc.Text(), "\t")
		if !ok || name == "" {
			return nil, fmt.Errorf("render: %s: a line without a name and a title: %q", filepath.Join(dir, FigureIndex), sc.Text())
		}
		png := filepath.Join(dir, name+".png")
		if _, err := os.Stat(png); err != nil {
			return nil, fmt.Errorf("render: figure %q has no PNG file: %w", title, err)
		}
		fig := DeckFigure{Title: title, PNG: png, Titled: true}
		if u := filepath.Join(dir, UntitledDir, name+".png"); fileExists(u) {
			fig.PNG, fig.Titled = u, false
		}
		if caption != nil {
			fig.Caption = caption(title)
		}
		out = append(out, fig)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return out, nil
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func (d *FigureDeck) check() error {
	if len(d.Figures) == 0 {
		return errors.New("render: a figure deck without figures")
	}
	if len(d.Figures) > MaxDeckFrames {
		return fmt.Errorf("render: %d figures: a figure deck holds at most %d", len(d.Figures), MaxDeckFrames)
	}
	return nil
}

// picture decodes figure i's PNG.
func (d *FigureDeck) picture(i int) (image.Image, error) {
	f, err := os.Open(d.Figures[i].PNG)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("render: %s: %w", d.Figures[i].PNG, err)
	}
	return img, nil
}

// drawPage draws figure i on c, a PDF canvas: a white slide, the title
// (unless the picture draws it), the picture fitted between, and the
// caption, the texts when texts is set.
func (d *FigureDeck) drawPage(c vg.Canvas, i int, texts bool) error {
	img, err := d.picture(i)
	if err != nil {
		return err
	}
	w, h := vg.Length(SlideWidth), vg.Length(SlideHeight)
	fillBackground(c, w, h)
	// The room between the title's band and the caption's, inset.
	box := vg.Rectangle{
		Min: vg.Point{X: captionInset, Y: captionBand},
		Max: vg.Point{X: w - captionInset, Y: h - figTitleBand},
	}
	if d.Figures[i].Titled {
		box.Max.Y = h - captionInset
	}
	b := img.Bounds()
	iw := vg.Length(float64(b.Dx()) * 72 / DefaultDPI)
	ih := vg.Length(float64(b.Dy()) * 72 / DefaultDPI)
	scale := min(box.Size().X/iw, box.Size().Y/ih, 2)
	pw, ph := iw*scale, ih*scale
	x := box.Min.X + (box.Size().X-pw)/2
	y := box.Min.Y + (box.Size().Y-ph)/2
	// vgpdf places an image in its rectangle upside down (fpdf's y axis
	// points down, vgpdf's up): drawn in a flipped frame, it is upright.
	c.Push()
	c.Translate(vg.Point{X: x, Y: y + ph})
	c.Scale(1, -1)
	c.DrawImage(vg.Rectangle{Max: vg.Point{X: pw, Y: ph}}, img)
	c.Pop()
	if texts {
		sc := withScripts(c) // text in every script (fonts.go)
		sc.SetColor(color.Black)
		if !d.Figures[i].Titled {
			tf := titleFace()
			sc.FillString(tf, vg.Point{X: captionInset, Y: h - figTitleBase - vg.Length(figTitleSize)}, fitText(tf, d.Figures[i].Title, w-2*captionInset))
		}
		cf := captionFace()
		sc.FillString(cf, vg.Point{X: captionInset, Y: captionBase}, fitText(cf, d.Figures[i].Caption, w-2*captionInset))
		return sc.Err()
	}
	return nil
}

func titleFace() font.Face {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Weight: 700, Size: figTitleSize}
	return font.DefaultCache.Lookup(f, f.Size)
}

// fitText shortens s, on one line, with an ellipsis until it is at most
// width wide in face.
func fitText(face font.Face, s string, width vg.Length) string {
	s = oneLine(s)
	if textWidth(face, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(face, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " ") + "…"
}

// WritePDF writes the deck as a PDF with one SlideWidth × SlideHeight page
// per figure: its title at the top, the picture, its caption at the bottom
// (text that pdftotext finds).
func (d *FigureDeck) WritePDF(w io.Writer) error { return d.writePDF(w, true) }

// WritePictures writes the deck's pages as WritePDF does without the
// title and caption: the pages WriteBeamer's frames include.
func (d *FigureDeck) WritePictures(w io.Writer) error { return d.writePDF(w, false) }

func (d *FigureDeck) writePDF(w io.Writer, texts bool) error {
	if err := d.check(); err != nil {
		return err
	}
	c := newPDFCanvas(SlideWidth, SlideHeight)
	for i := range d.Figures {
		if i > 0 {
			c.NextPage()
		}
		if err := d.drawPage(c, i, texts); err != nil {
			return err
		}
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("render: writing the figure deck: %w", err)
	}
	return nil
}

// WriteBeamer writes a Beamer document titled title with one frame per
// figure: the figure's title as the frame's title (none when the picture
// draws it, Titled), page k of pictures (a
// PDF of the deck's pages without texts, as WritePictures writes it, named
// as \includegraphics finds it, beside the .tex file) and the caption as
// LaTeX text. It compiles with pdflatex as it is.
func (d *FigureDeck) WriteBeamer(w io.Writer, pictures, title string) error {
	if err := d.check(); err != nil {
		return err
	}
	if err := checkPicturesName(pictures); err != nil {
		return err
	}
	if title == "" {
		title = "Figures"
	}
	var b strings.Builder
	b.WriteString("% Drawn by Cutoff: figures, one frame each.\n")
	fmt.Fprintf(&b, "%% Needs %s (the pictures, written beside this file). Compile with pdflatex;\n", pictures)
	b.WriteString("% the frames paste into any Beamer document (Beamer loads graphicx).\n")
	b.WriteString("\\documentclass[aspectratio=169]{beamer}\n")
	fmt.Fprintf(&b, "\\title{%s}\n", texText(title))
	b.WriteString("\\begin{document}\n")
	for i, f := range d.Figures {
		height := "0.72"
		if f.Titled {
			b.WriteString("\\begin{frame}\n  \\centering\n")
			height = "0.85"
		} else {
			fmt.Fprintf(&b, "\\begin{frame}{%s}\n  \\centering\n", texText(oneLine(f.Title)))
		}
		fmt.Fprintf(&b, "  \\includegraphics[page=%d,width=\\linewidth,height=%s\\textheight,keepaspectratio]{%s}\\par\\medskip\n", i+1, height, pictures)
		if f.Caption != "" {
			fmt.Fprintf(&b, "  {\\small %s}\n", texText(oneLine(f.Caption)))
		}
		b.WriteString("\\end{frame}\n")
	}
	b.WriteString("\\end{document}\n")
	tex, err := texScripts(b.String()) // text beyond Latin: lualatex
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, tex)
	return err
}

// FigureDeckFormats are the file extensions WriteDeck knows: .pdf
// (WritePDF) and .tex (WriteBeamer, with its pictures beside it).
var FigureDeckFormats = []string{".pdf", ".tex"}

// WriteDeck writes the deck to path in the format its extension names
// (FigureDeckFormats): a PDF, or a Beamer source titled title with its
// pictures (BeamerPictures(path)) beside it. Each file is written to a
// temporary file beside it and renamed when complete.
func (d *FigureDeck) WriteDeck(path, title string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".pdf":
		return writeAtomic(path, d.WritePDF)
	case ".tex":
		pages := BeamerPictures(path)
		if err := writeAtomic(pages, d.WritePictures); err != nil {
			return err
		}
		return writeAtomic(path, func(w io.Writer) error { return d.WriteBeamer(w, filepath.Base(pages), title) })
	}
	return fmt.Errorf("render: %s: a figure deck is written as .pdf or .tex (Beamer)", path)
}
