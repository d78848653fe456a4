package render

// Persian and Arabic text is drawn by fonts through their presentation
// forms: a letter takes its isolated, final, initial or medial form by
// whether it joins the letters beside it, and lam followed by alef becomes
// one ligature. shapeArabic does that on text in logical order (before
// bidiRuns puts it right to left); the fonts' cmap tables map the forms
// (Arabic Presentation Forms-A and -B) to their glyphs.

// arabicForms holds, for each letter that joins, its presentation forms in
// Unicode's order: isolated, final, initial, medial. A letter with two
// forms joins only the letter before it (to its right).
var arabicForms = map[rune][]rune{}

func init() {
	// Arabic Presentation Forms-B lists the basic letters' forms one after
	// the other from U+FE80, each letter with as many forms as it has.
	next := rune(0xFE80)
	for _, l := range []struct {
		r rune
		n int
	}{
		{0x0621, 1}, {0x0622, 2}, {0x0623, 2}, {0x0624, 2}, {0x0625, 2}, {0x0626, 4},
		{0x0627, 2}, {0x0628, 4}, {0x0629, 2}, {0x062A, 4}, {0x062B, 4}, {0x062C, 4},
		{0x062D, 4}, {0x062E, 4}, {0x062F, 2}, {0x0630, 2}, {0x0631, 2}, {0x0632, 2},
		{0x0633, 4}, {0x0634, 4}, {0x0635, 4}, {0x0636, 4}, {0x0637, 4}, {0x0638, 4},
		{0x0639, 4}, {0x063A, 4}, {0x0641, 4}, {0x0642, 4}, {0x0643, 4}, {0x0644, 4},
		{0x0645, 4}, {0x0646, 4}, {0x0647, 4}, {0x0648, 2}, {0x0649, 2}, {0x064A, 4},
	} {
		forms := make([]rune, l.n)
		for i := range forms {
			forms[i] = next
			next++
		}
		if l.n > 1 {
			arabicForms[l.r] = forms
		}
	}
	// Persian letters, from Arabic Presentation Forms-A.
	for r, first := range map[rune]rune{
		0x067E: 0xFB56, // پ pe
		0x0686: 0xFB7A, // چ che
		0x06A9: 0xFB8E, // ک keheh
		0x06AF: 0xFB92, // گ gaf
		0x06CC: 0xFBFC, // ی Farsi yeh
	} {
		arabicForms[r] = []rune{first, first + 1, first + 2, first + 3}
	}
	arabicForms[0x0698] = []rune{0xFB8A, 0xFB8B} // ژ zhe
}

// lamAlef are the lam-alef ligatures (isolated, final) by the alef.
var lamAlef = map[rune][2]rune{
	0x0622: {0xFEF5, 0xFEF6}, // لآ
	0x0623: {0xFEF7, 0xFEF8}, // لأ
	0x0625: {0xFEF9, 0xFEFA}, // لإ
	0x0627: {0xFEFB, 0xFEFC}, // لا
}

const (
	arabicLam    = 0x0644
	arabicTatwil = 0x0640 // ـ, which joins on both sides
)

// arabicTransparent reports whether r (a vowel sign or other mark) is
// skipped when deciding how the letters around it join.
func arabicTransparent(r rune) bool {
	return r >= 0x064B && r <= 0x065F || r == 0x0670 || r >= 0x06D6 && r <= 0x06ED
}

// joinsBefore reports whether r joins the letter before it (every joining
// letter does); joinsAfter whether it joins the one after it (the letters
// with four forms, and the tatwil).
func joinsBefore(r rune) bool { return len(arabicForms[r]) >= 2 || r == arabicTatwil }
func joinsAfter(r rune) bool  { return len(arabicForms[r]) == 4 || r == arabicTatwil }

// shapeArabic returns s in logical order with every joining Arabic or
// Persian letter replaced by its presentation form and lam-alef by its
// ligature. Text without such letters comes back as it is. A zero-width
// non-joiner (U+200C, common in Persian) breaks the joining; it stays in
// the text (drawing drops it).
func shapeArabic(s string) string {
	rs := []rune(s)
	shaped := false
	for _, r := range rs {
		if joinsBefore(r) {
			shaped = true
			break
		}
	}
	if !shaped {
		return s
	}
	// neighbour returns the index of the letter before (step -1) or after
	// (step 1) i, skipping marks; -1 if there is none.
	neighbour := func(i, step int) int {
		for j := i + step; j >= 0 && j < len(rs); j += step {
			if !arabicTransparent(rs[j]) {
				return j
			}
		}
		return -1
	}
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		forms := arabicForms[r]
		if forms == nil {
			out = append(out, r)
			continue
		}
		p := neighbour(i, -1)
		before := p >= 0 && joinsAfter(rs[p])
		if r == arabicLam {
			if n := neighbour(i, 1); n >= 0 {
				if lig, ok := lamAlef[rs[n]]; ok {
					// The marks between lam and alef go after the ligature.
					if before {
						out = append(out, lig[1])
					} else {
						out = append(out, lig[0])
					}
					out = append(out, rs[i+1:n]...)
					i = n
					continue
				}
			}
		}
		n := neighbour(i, 1)
		after := len(forms) == 4 && n >= 0 && joinsBefore(rs[n])
		switch {
		case before && after:
			out = append(out, forms[3])
		case before:
			out = append(out, forms[1])
		case after:
			out = append(out, forms[2])
		default:
			out = append(out, forms[0])
		}
	}
	return string(out)
}
