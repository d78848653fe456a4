package coursetest

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// pageWidth is the width, in CSS pixels, a picture gets on the course's
// pages: the static site's column (60rem less its padding, 920 px) and
// JupyterLab's output area on a laptop are about this wide. A wider
// picture is shrunk to it (max-width: 100%).
const pageWidth = 900

// minTextPx is the smallest text height, in CSS pixels at pageWidth, that
// a picture of the course may have: below it a label cannot be read on a
// laptop screen or a projector (04's deepening trees and 07's multi-pass
// figures had text about 6 px high).
const minTextPx = 9.0

var (
	svgElemRE  = regexp.MustCompile(`(?s)<svg\b[^>]*>`)
	attrRE     = regexp.MustCompile(`\b(width|viewBox)="([^"]*)"`)
	fontSizeRE = regexp.MustCompile(`font-size(?:="|:\s*)([0-9.]+)(px|pt)?`)
)

// lengthPx converts an SVG length ("612pt", "300px", "400") to CSS pixels.
func lengthPx(s string) (float64, bool) {
	unit := 1.0
	switch {
	case strings.HasSuffix(s, "pt"):
		unit, s = 4.0/3, strings.TrimSuffix(s, "pt")
	case strings.HasSuffix(s, "px"):
		s = strings.TrimSuffix(s, "px")
	case strings.HasSuffix(s, "in"):
		unit, s = 96, strings.TrimSuffix(s, "in")
	case strings.HasSuffix(s, "cm"):
		unit, s = 96/2.54, strings.TrimSuffix(s, "cm")
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v * unit, err == nil && v > 0
}

// smallestText returns the height in CSS pixels, at pageWidth, of the
// smallest text of one standalone picture (an <svg> element and its
// content): its font sizes are in the viewBox's units, which the picture
// maps onto its width, shrunk to pageWidth when wider. ok is false for a
// picture with no text.
func smallestText(svg string) (px float64, ok bool) {
	head := svgElemRE.FindString(svg)
	width, vbWidth := 0.0, 0.0
	for _, m := range attrRE.FindAllStringSubmatch(head, -1) {
		switch m[1] {
		case "width":
			width, _ = lengthPx(m[2])
		case "viewBox":
			if f := strings.Fields(strings.ReplaceAll(m[2], ",", " ")); len(f) == 4 {
				vbWidth, _ = strconv.ParseFloat(f[2], 64)
			}
		}
	}
	scale := 1.0 // CSS pixels per user unit
	if vbWidth > 0 && width > 0 {
		scale = width / vbWidth
	}
	if width > pageWidth {
		scale *= pageWidth / width
	}
	px = math.Inf(1)
	for _, m := range fontSizeRE.FindAllStringSubmatch(svg, -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= 0 {
			continue
		}
		if m[2] == "pt" {
			v *= 4.0 / 3
		}
		px, ok = min(px, v*scale), true
	}
	return px, ok
}

// pictures returns the top-level <svg> pictures of a cell's outputs (an
// SVG display, or the SVGs in HTML: a quiz's question and answer, a
// player's frames are in scripts and are left out).
func pictures(c ipynb.Cell) []string {
	var out []string
	for _, o := range c.Outputs {
		for mime, d := range o.Data {
			if mime != "image/svg+xml" && mime != "text/html" {
				continue
			}
			s := styleRE.ReplaceAllString(string(d), "") // scripts and styles
			for {
				i := strings.Index(s, "<svg")
				if i < 0 {
					break
				}
				j := strings.Index(s[i:], "</svg>")
				if j < 0 {
					break
				}
				out = append(out, s[i:i+j+len("</svg>")])
				s = s[i+j+len("</svg>"):]
			}
		}
	}
	return out
}

// legibility returns the pictures of an executed notebook whose smallest
// text is below minTextPx at pageWidth, and the smallest text height of
// each picture, for the report.
func legibility(nb *ipynb.Notebook) (problems []string, heights []float64) {
	for i, c := range nb.Cells {
		for k, svg := range pictures(c) {
			px, ok := smallestText(svg)
			if !ok {
				continue
			}
			heights = append(heights, px)
			if px < minTextPx-0.05 { // (to the tenth of a pixel the log shows)
				problems = append(problems, fmt.Sprintf("cell %d (%s): picture %d has text %.1f px high at a page width of %d px (at least %.0f px): draw fewer nodes (course.Budget, one pass with course.Pass) or a smaller tree", i, firstLine(string(c.Source)), k+1, px, pageWidth, minTextPx))
			}
		}
	}
	return problems, heights
}

// TestSmallestText: a picture twice the page's width has its text shrunk
// by half; one narrower than the page keeps it.
func TestSmallestText(t *testing.T) {
	for _, tc := range []struct {
		svg  string
		want float64
	}{
		{`<svg width="1800pt" height="100pt" viewBox="0.00 0.00 1800.00 100.00"><text font-size="14.00">A</text><text font-size="11.00">x</text></svg>`, 11 * 4.0 / 3 * 900 / 2400},
		{`<svg width="300pt" height="100pt" viewBox="0 0 300 100"><text font-size="14.00">A</text></svg>`, 14 * 4.0 / 3},
		{`<svg width="600px" viewBox="0 0 300 100"><text style="font-family:x;font-size:10px">A</text></svg>`, 20},
	} {
		got, ok := smallestText(tc.svg)
		if !ok || math.Abs(got-tc.want) > 0.01 {
			t.Errorf("smallestText(%.40s…) = %.2f, %v; want %.2f", tc.svg, got, ok, tc.want)
		}
	}
	if _, ok := smallestText(`<svg width="10" viewBox="0 0 10 10"><rect/></svg>`); ok {
		t.Errorf("a picture without text has a smallest text")
	}
}
