package render

import (
	"encoding/json"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Trees in PNG, PDF and TikZ are drawn from Graphviz's own layout: its
// "json" output holds, for the graph, every cluster, node and edge, the
// drawing operations of xdot (polygons, ellipses, Bézier splines, text,
// colours, line styles) in points, y upwards. Replaying them on a gonum
// vg.Canvas draws the same picture as Graphviz's SVG — the same shapes,
// dashes, colours, line widths and clusters — in every format vg writes.

// gvGraph is the part of Graphviz's json output that draws.
type gvGraph struct {
	BB          string     `json:"bb"`
	Draw        []xdotOp   `json:"_draw_"`
	LDraw       []xdotOp   `json:"_ldraw_"`
	SubgraphCnt int        `json:"_subgraph_cnt"`
	Objects     []gvObject `json:"objects"`
	Edges       []gvObject `json:"edges"`
}

// gvObject is a cluster, a node or an edge.
type gvObject struct {
	Name   string   `json:"name"`
	Width  string   `json:"width"`  // a node's, in inches
	Height string   `json:"height"` // a node's, in inches
	Draw   []xdotOp `json:"_draw_"`
	LDraw  []xdotOp `json:"_ldraw_"`
	HDraw  []xdotOp `json:"_hdraw_"`
	TDraw  []xdotOp `json:"_tdraw_"`
	HLDraw []xdotOp `json:"_hldraw_"`
	TLDraw []xdotOp `json:"_tldraw_"`
}

// xdotOp is one drawing operation.
type xdotOp struct {
	Op       string       `json:"op"`
	Color    string       `json:"color"`
	Points   [][2]float64 `json:"points"`
	Rect     [4]float64   `json:"rect"`
	Pt       [2]float64   `json:"pt"`
	Align    string       `json:"align"`
	Width    float64      `json:"width"`
	Text     string       `json:"text"`
	Size     float64      `json:"size"`
	Face     string       `json:"face"`
	Style    string       `json:"style"`
	Fontchar int          `json:"fontchar"`
}

// parseLayout reads Graphviz's json output and returns the graph and its
// size in points.
func parseLayout(b []byte) (*gvGraph, vg.Length, vg.Length, error) {
	var g gvGraph
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, 0, 0, fmt.Errorf("render: reading Graphviz's layout: %w", err)
	}
	f := strings.Split(g.BB, ",")
	if len(f) != 4 {
		return nil, 0, 0, fmt.Errorf("render: Graphviz's layout has no bounding box (%q)", g.BB)
	}
	var bb [4]float64
	for i, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("render: bounding box %q: %v", g.BB, err)
		}
		bb[i] = v
	}
	return &g, vg.Points(bb[2] - bb[0]), vg.Points(bb[3] - bb[1]), nil
}

// drawLayout replays the graph's operations on c: the graph's background,
// then clusters, edges and nodes, each with its labels.
func drawLayout(c vg.Canvas, g *gvGraph) {
	// Text in every script (fonts.go); a character no font has is left
	// out here: checkLayoutGlyphs reports it before drawing.
	d := &xdotDrawer{c: withScripts(c)}
	d.run(g.Draw)
	d.run(g.LDraw)
	n := min(g.SubgraphCnt, len(g.Objects))
	for _, o := range g.Objects[:n] {
		d.run(o.Draw)
		d.run(o.LDraw)
	}
	for _, e := range g.Edges {
		d.run(e.Draw)
		d.run(e.TDraw)
		d.run(e.HDraw)
		d.run(e.LDraw)
		d.run(e.TLDraw)
		d.run(e.HLDraw)
	}
	for _, o := range g.Objects[n:] {
		d.run(o.Draw)
		d.run(o.LDraw)
	}
}

// xdotDrawer holds the drawing state of one list of operations.
type xdotDrawer struct {
	c          vg.Canvas
	pen, fill  color.Color
	width      vg.Length
	dashes     []vg.Length
	face       string
	size       float64
	bold, ital bool
}

func (d *xdotDrawer) reset() {
	// No fill until a list sets one: Graphviz writes a rounded cluster's
	// outline as a "filled" spline with no fill colour.
	d.pen, d.fill = color.Black, color.Transparent
	d.width, d.dashes = 1, nil
	d.face, d.size, d.bold, d.ital = "Times-Roman", 14, false, false
}

func (d *xdotDrawer) run(ops []xdotOp) {
	d.reset()
	for _, op := range ops {
		switch op.Op {
		case "c":
			d.pen = parseColor(op.Color)
		case "C":
			d.fill = parseColor(op.Color)
		case "S":
			d.style(op.Style)
		case "F":
			d.face, d.size = op.Face, op.Size
		case "t":
			d.bold, d.ital = op.Fontchar&1 != 0, op.Fontchar&2 != 0
		case "P", "p", "L":
			var p vg.Path
			for i, pt := range op.Points {
				if i == 0 {
					p.Move(vpt(pt))
				} else {
					p.Line(vpt(pt))
				}
			}
			if op.Op != "L" {
				p.Close()
			}
			d.shape(p, op.Op == "P")
		case "B", "b":
			d.shape(bezierPath(op.Points, op.Op == "b"), op.Op == "b")
		case "E", "e":
			d.shape(ellipsePath(op.Rect), op.Op == "E")
		case "T":
			d.text(op)
		}
	}
}

// style reads one xdot style: solid, dashed, dotted, bold, setlinewidth(n).
func (d *xdotDrawer) style(s string) {
	switch {
	case s == "solid":
		d.dashes = nil
	case s == "dashed":
		d.dashes = []vg.Length{vg.Points(5), vg.Points(2)}
	case s == "dotted":
		d.dashes = []vg.Length{vg.Points(1), vg.Points(5)}
	case s == "bold":
		d.width = 2
	case strings.HasPrefix(s, "setlinewidth(") && strings.HasSuffix(s, ")"):
		if w, err := strconv.ParseFloat(s[len("setlinewidth("):len(s)-1], 64); err == nil {
			d.width = vg.Points(w)
		}
	}
}

// shape fills p (when filled) and strokes it with the pen.
func (d *xdotDrawer) shape(p vg.Path, filled bool) {
	if filled && visible(d.fill) {
		d.c.SetColor(d.fill)
		d.c.Fill(p)
	}
	if visible(d.pen) && d.width > 0 {
		d.c.SetColor(d.pen)
		d.c.SetLineWidth(d.width)
		d.c.SetLineDash(d.dashes, 0)
		d.c.Stroke(p)
	}
}

// text draws a label at its baseline point, aligned as Graphviz laid it
// out (left, centred or right of the point).
func (d *xdotDrawer) text(op xdotOp) {
	if !visible(d.pen) || op.Text == "" {
		return
	}
	// The canvas draws what Liberation lacks (✂, Persian, Chinese) with a
	// fallback font (scriptCanvas): measured the same way here.
	text := op.Text
	f := labelFont(d.face, d.bold, d.ital)
	f.Size = vg.Points(d.size)
	face := font.DefaultCache.Lookup(f, f.Size)
	w := textWidth(face, text)
	x := vg.Points(op.Pt[0])
	switch op.Align {
	case "c":
		x -= w / 2
	case "r":
		x -= w
	}
	d.c.SetColor(d.pen)
	d.c.FillString(face, vg.Point{X: x, Y: vg.Points(op.Pt[1])}, text)
}

// labelFont maps Graphviz's font names onto the Liberation fonts gonum/plot
// embeds (metric-compatible with Arial/Helvetica, Times and Courier; DejaVu
// Sans, the course's font, is drawn as Liberation Sans).
func labelFont(face string, bold, italic bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	l := strings.ToLower(face)
	switch {
	case strings.Contains(l, "times") || strings.Contains(l, "serif") && !strings.Contains(l, "sans"):
		f.Variant = "Serif"
	case strings.Contains(l, "courier") || strings.Contains(l, "mono"):
		f.Variant = "Mono"
	}
	if bold || strings.Contains(l, "bold") {
		f.Weight = xfont.WeightBold
	}
	if italic || strings.Contains(l, "italic") || strings.Contains(l, "oblique") {
		f.Style = 1
	}
	return f
}

func vpt(p [2]float64) vg.Point { return vg.Point{X: vg.Points(p[0]), Y: vg.Points(p[1])} }

// bezierPath is a piecewise cubic Bézier: a start point, then three points
// per piece.
func bezierPath(pts [][2]float64, closed bool) vg.Path {
	var p vg.Path
	if len(pts) == 0 {
		return p
	}
	p.Move(vpt(pts[0]))
	for i := 1; i+2 < len(pts); i += 3 {
		p.CubeTo(vpt(pts[i]), vpt(pts[i+1]), vpt(pts[i+2]))
	}
	if closed {
		p.Close()
	}
	return p
}

// ellipsePath is the ellipse with centre (r[0], r[1]) and semi-axes r[2],
// r[3], as four cubic Béziers.
func ellipsePath(r [4]float64) vg.Path {
	cx, cy, rx, ry := r[0], r[1], r[2], r[3]
	const k = 0.5522847498 // 4/3·(√2 − 1)
	pt := func(x, y float64) vg.Point { return vg.Point{X: vg.Points(x), Y: vg.Points(y)} }
	var p vg.Path
	p.Move(pt(cx+rx, cy))
	p.CubeTo(pt(cx+rx, cy+k*ry), pt(cx+k*rx, cy+ry), pt(cx, cy+ry))
	p.CubeTo(pt(cx-k*rx, cy+ry), pt(cx-rx, cy+k*ry), pt(cx-rx, cy))
	p.CubeTo(pt(cx-rx, cy-k*ry), pt(cx-k*rx, cy-ry), pt(cx, cy-ry))
	p.CubeTo(pt(cx+k*rx, cy-ry), pt(cx+rx, cy-k*ry), pt(cx+rx, cy))
	p.Close()
	return p
}

func visible(c color.Color) bool {
	if c == nil {
		return false
	}
	_, _, _, a := c.RGBA()
	return a > 0
}

// parseColor reads "#rrggbb", "#rrggbbaa" or one of the few names Graphviz
// may write; anything else is black.
func parseColor(s string) color.Color {
	if strings.HasPrefix(s, "#") && (len(s) == 7 || len(s) == 9) {
		v, err := strconv.ParseUint(s[1:], 16, 64)
		if err == nil {
			if len(s) == 7 {
				return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
			}
			return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
		}
	}
	switch strings.ToLower(s) {
	case "white":
		return color.White
	case "transparent", "none", "invis":
		return color.Transparent
	case "red":
		return color.NRGBA{0xff, 0, 0, 0xff}
	case "gray", "grey":
		return color.NRGBA{0xc0, 0xc0, 0xc0, 0xff}
	}
	return color.Black
}
