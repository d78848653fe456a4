package algos

import "strconv"

// nearInf is how close to ±Inf a value prints relative to infinity: SSS*
// and DUAL* search windows such as [+∞−1, +∞], and a null window at a test
// just below ∞ is [+∞−2, +∞−1].
const nearInf = 1000

// FormatValue writes a search value as every text of the course writes it
// (pictures, quizzes, the grader's messages, the command line's summary,
// the notebooks): a true minus sign (−3), +∞ and −∞ for ±Inf and beyond,
// and "+∞−k" or "−∞+k" within 1000 of them (a bound a null window or a
// pass puts there). So nothing shows a learner 2³⁰. TeX output translates
// its characters (render does).
func FormatValue(v int) string {
	switch {
	case v >= Inf:
		return "+∞"
	case v <= -Inf:
		return "−∞"
	case v > Inf-nearInf:
		return "+∞−" + strconv.Itoa(Inf-v)
	case v < -Inf+nearInf:
		return "−∞+" + strconv.Itoa(v+Inf)
	case v < 0:
		return "−" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// FormatBound writes a returned value with its bound: "≥5" (a lower bound:
// the search failed high), "≤3" (an upper bound: it failed low) or "4"
// (exact).
func FormatBound(v int, b Bound) string {
	switch b {
	case Lower:
		return "≥" + FormatValue(v)
	case Upper:
		return "≤" + FormatValue(v)
	}
	return FormatValue(v)
}

// FormatWindow writes the window [α, β]: "[5, +∞]".
func FormatWindow(alpha, beta int) string {
	return "[" + FormatValue(alpha) + ", " + FormatValue(beta) + "]"
}
