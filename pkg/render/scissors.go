package render

import "gonum.org/v1/plot/vg"

// The cut mark ✂ is Cutoff's own symbol, in every tree with a cutoff: when
// no font on the system has U+2702, PNG and PDF draw these scissors
// instead (two rings and two crossed blades, filled with the text's
// colour), so a tree draws on a machine with no fonts installed. Any
// other character no font has is an error (MissingGlyphError).

// scissorsAdvance is the drawn scissors' width, in ems.
const scissorsAdvance = 0.95

// scissorsPath is the scissors on the baseline at pt, for text of the
// given size: the handles' rings on the left, the blades pointing right.
func scissorsPath(pt vg.Point, size vg.Length) vg.Path {
	at := func(x, y float64) vg.Point {
		return vg.Point{X: pt.X + vg.Length(x)*size, Y: pt.Y + vg.Length(y)*size}
	}
	var p vg.Path
	// circle adds a circle of radius r about (cx, cy), anticlockwise or
	// clockwise: a clockwise one inside an anticlockwise one is a hole.
	circle := func(cx, cy, r float64, anticlockwise bool) {
		const k = 0.5522847498 // 4/3·(√2 − 1)
		s := 1.0
		if !anticlockwise {
			s = -1
		}
		p.Move(at(cx+r, cy))
		p.CubeTo(at(cx+r, cy+s*k*r), at(cx+k*r, cy+s*r), at(cx, cy+s*r))
		p.CubeTo(at(cx-k*r, cy+s*r), at(cx-r, cy+s*k*r), at(cx-r, cy))
		p.CubeTo(at(cx-r, cy-s*k*r), at(cx-k*r, cy-s*r), at(cx, cy-s*r))
		p.CubeTo(at(cx+k*r, cy-s*r), at(cx+r, cy-s*k*r), at(cx+r, cy))
		p.Close()
	}
	// The rings.
	for _, cy := range []float64{0.58, 0.10} {
		circle(0.17, cy, 0.15, true)
		circle(0.17, cy, 0.085, false)
	}
	// blade adds a blade from its heel (x0, y0), half width w, to its
	// point (x1, y1), drawn anticlockwise.
	blade := func(x0, y0, x1, y1, w float64) {
		p.Move(at(x0, y0-w))
		p.Line(at(x1, y1))
		p.Line(at(x0, y0+w))
		p.Close()
	}
	// Each ring's blade crosses to the other side at the pivot.
	blade(0.28, 0.50, 0.95, 0.16, 0.07)
	blade(0.28, 0.18, 0.95, 0.52, 0.07)
	// The pivot.
	circle(0.55, 0.34, 0.05, true)
	return p
}
