package render

import (
	"slices"
	"unicode"
)

// Text mixing right-to-left scripts (Persian, Arabic, Hebrew) with
// left-to-right ones and numbers is put in the order it is seen by a
// subset of the Unicode Bidirectional Algorithm (UAX #9) that suffices for
// one line of a label or title: no explicit embeddings or isolates, one
// level of right-to-left text with numbers and left-to-right words in it,
// brackets paired (rule N0, simplified) and mirrored.

// bidiClass is a character's bidirectional type, as far as the subset needs.
type bidiClass uint8

const (
	bidiON  bidiClass = iota // other neutral: punctuation, symbols
	bidiL                    // left to right letters
	bidiR                    // right to left letters (Hebrew)
	bidiAL                   // Arabic letters
	bidiEN                   // European digits
	bidiAN                   // Arabic-Indic digits
	bidiES                   // + -
	bidiET                   // # $ % ° …
	bidiCS                   // , . : /
	bidiNSM                  // combining marks
	bidiWS                   // spaces
	bidiBN                   // invisible format characters
)

func bidiClassOf(r rune) bidiClass {
	switch {
	case r >= '0' && r <= '9', r >= 0x06F0 && r <= 0x06F9:
		return bidiEN
	case r >= 0x0660 && r <= 0x0669, r == 0x066B, r == 0x066C:
		return bidiAN
	case r == '+' || r == '-' || r == '−':
		return bidiES
	case r == '#' || r == '$' || r == '%' || r == '°' || r == '€' || r == '£' || r == 0x066A:
		return bidiET
	case r == ',' || r == '.' || r == ':' || r == '/' || r == 0x060C || r == 0x00A0:
		return bidiCS
	case r == 0x200E: // LRM
		return bidiL
	case r == 0x200F: // RLM
		return bidiR
	case r == 0x061C: // ALM
		return bidiAL
	case r >= 0x200B && r <= 0x200D, r == 0xFEFF, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return bidiBN
	case arabicTransparent(r), unicode.Is(unicode.Mn, r):
		return bidiNSM
	case r >= 0x0590 && r <= 0x05FF, r >= 0x07C0 && r <= 0x085F, r >= 0xFB1D && r <= 0xFB4F:
		return bidiR
	case r >= 0x0600 && r <= 0x07BF, r >= 0x0860 && r <= 0x08FF, r >= 0xFB50 && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF:
		return bidiAL
	case unicode.IsSpace(r):
		return bidiWS
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mc, r):
		return bidiL
	}
	return bidiON
}

// bidiRun is a piece of text in logical order that is drawn in one
// direction.
type bidiRun struct {
	text string
	rtl  bool
}

// bidiRuns splits the line s into runs of one direction and returns them
// in the order they are seen from left to right. A right-to-left run's
// text is still in logical order (reverse it, mirrored, to draw it).
// Text with no right-to-left character is one left-to-right run.
func bidiRuns(s string) []bidiRun {
	rs := []rune(s)
	cls := make([]bidiClass, len(rs))
	anyRTL := false
	for i, r := range rs {
		cls[i] = bidiClassOf(r)
		anyRTL = anyRTL || cls[i] == bidiR || cls[i] == bidiAL || cls[i] == bidiAN
	}
	if !anyRTL {
		return []bidiRun{{text: s}}
	}
	// The paragraph's direction is its first strong letter's (P2, P3).
	para := bidiL
	for _, c := range cls {
		if c == bidiL || c == bidiR || c == bidiAL {
			para = c
			break
		}
	}
	if para == bidiAL {
		para = bidiR
	}
	// W1: marks take the type of what they follow; format characters are
	// taken as neutrals.
	prev := para
	for i, c := range cls {
		switch c {
		case bidiNSM:
			cls[i] = prev
		case bidiBN:
			cls[i] = bidiON
		}
		prev = cls[i]
	}
	// W2, W3: European digits after Arabic letters are Arabic numbers;
	// Arabic letters are right to left.
	strong := para
	for i, c := range cls {
		switch c {
		case bidiL, bidiR, bidiAL:
			strong = c
		case bidiEN:
			if strong == bidiAL {
				cls[i] = bidiAN
			}
		}
	}
	for i, c := range cls {
		if c == bidiAL {
			cls[i] = bidiR
		}
	}
	// W4: one separator between two numbers of a kind joins them.
	for i := 1; i+1 < len(cls); i++ {
		a, b := cls[i-1], cls[i+1]
		if a == b && (cls[i] == bidiES && a == bidiEN || cls[i] == bidiCS && (a == bidiEN || a == bidiAN)) {
			cls[i] = a
		}
	}
	// W5: terminators next to European digits are digits.
	for i := range cls {
		if cls[i] != bidiET {
			continue
		}
		j := i
		for j < len(cls) && cls[j] == bidiET {
			j++
		}
		if i > 0 && cls[i-1] == bidiEN || j < len(cls) && cls[j] == bidiEN {
			for k := i; k < j; k++ {
				cls[k] = bidiEN
			}
		}
	}
	// W6: other separators and terminators are neutral.
	for i, c := range cls {
		if c == bidiES || c == bidiET || c == bidiCS {
			cls[i] = bidiON
		}
	}
	// W7: European digits after left-to-right letters are left to right.
	strong = para
	for i, c := range cls {
		switch c {
		case bidiL, bidiR:
			strong = c
		case bidiEN:
			if strong == bidiL {
				cls[i] = bidiL
			}
		}
	}
	// dir is the direction a resolved type counts as for neutrals.
	dir := func(c bidiClass) bidiClass {
		switch c {
		case bidiL:
			return bidiL
		case bidiR, bidiEN, bidiAN:
			return bidiR
		}
		return bidiON
	}
	// N0: a pair of brackets takes the paragraph's direction if it holds
	// a letter of it, else the other direction if it holds that and the
	// text before the opening bracket has it too.
	for _, p := range bracketPairs(rs) {
		var inPara, inOther bool
		for k := p[0] + 1; k < p[1]; k++ {
			switch dir(cls[k]) {
			case para:
				inPara = true
			case bidiON:
			default:
				inOther = true
			}
		}
		var d bidiClass
		switch {
		case inPara:
			d = para
		case inOther:
			before := para
			for k := p[0] - 1; k >= 0; k-- {
				if x := dir(cls[k]); x != bidiON {
					before = x
					break
				}
			}
			d = para
			if before != para {
				d = before
			}
		default:
			continue
		}
		cls[p[0]], cls[p[1]] = d, d
	}
	// N1, N2: neutrals between two letters of one direction take it; the
	// others take the paragraph's.
	for i := 0; i < len(cls); {
		if dir(cls[i]) != bidiON {
			i++
			continue
		}
		j := i
		for j < len(cls) && dir(cls[j]) == bidiON {
			j++
		}
		before, after := para, para
		if i > 0 {
			before = dir(cls[i-1])
		}
		if j < len(cls) {
			after = dir(cls[j])
		}
		d := para
		if before == after {
			d = before
		}
		for k := i; k < j; k++ {
			cls[k] = d
		}
		i = j
	}
	// I1, I2: embedding levels.
	base := 0
	if para == bidiR {
		base = 1
	}
	levels := make([]int, len(cls))
	for i, c := range cls {
		switch {
		case base == 0 && c == bidiR:
			levels[i] = 1
		case base == 0 && (c == bidiEN || c == bidiAN):
			levels[i] = 2
		case base == 1 && (c == bidiL || c == bidiEN || c == bidiAN):
			levels[i] = 2
		default:
			levels[i] = base
		}
	}
	// L1: trailing spaces are at the paragraph's level.
	for i := len(rs) - 1; i >= 0 && unicode.IsSpace(rs[i]); i-- {
		levels[i] = base
	}
	// Runs of one level, in logical order, then L2: reverse every
	// sequence at or above each odd level, from the highest level down.
	type run struct {
		start, end, level int
	}
	var runs []run
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && levels[j] == levels[i] {
			j++
		}
		runs = append(runs, run{i, j, levels[i]})
		i = j
	}
	top, lowOdd := 0, 99
	for _, r := range runs {
		top = max(top, r.level)
		if r.level%2 == 1 {
			lowOdd = min(lowOdd, r.level)
		}
	}
	for lv := top; lv >= lowOdd; lv-- {
		for i := 0; i < len(runs); {
			if runs[i].level < lv {
				i++
				continue
			}
			j := i
			for j < len(runs) && runs[j].level >= lv {
				j++
			}
			slices.Reverse(runs[i:j])
			i = j
		}
	}
	out := make([]bidiRun, len(runs))
	for i, r := range runs {
		out[i] = bidiRun{text: string(rs[r.start:r.end]), rtl: r.level%2 == 1}
	}
	return out
}

// bracketPairs returns the index pairs of matching ( ), [ ], { } in rs.
func bracketPairs(rs []rune) [][2]int {
	var stack []int
	var pairs [][2]int
	for i, r := range rs {
		switch r {
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			open := map[rune]rune{')': '(', ']': '[', '}': '{'}[r]
			for k := len(stack) - 1; k >= 0; k-- {
				if rs[stack[k]] == open {
					pairs = append(pairs, [2]int{stack[k], i})
					stack = stack[:k]
					break
				}
			}
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return a[0] - b[0] })
	return pairs
}

// mirrored are the characters a right-to-left run draws as their mirror.
var mirrored = map[rune]rune{
	'(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<',
	'«': '»', '»': '«', '‹': '›', '›': '‹', '≤': '≥', '≥': '≤',
}

// visualLine returns the line s as drawn from left to right: its runs in
// visual order, a right-to-left run's characters reversed and mirrored.
func visualLine(s string) string {
	runs := bidiRuns(s)
	if len(runs) == 1 && !runs[0].rtl {
		return s
	}
	var out []rune
	for _, r := range runs {
		rs := []rune(r.text)
		if r.rtl {
			slices.Reverse(rs)
			for i, c := range rs {
				if m, ok := mirrored[c]; ok {
					rs[i] = m
				}
			}
		}
		out = append(out, rs...)
	}
	return string(out)
}
