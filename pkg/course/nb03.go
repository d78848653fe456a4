package course

// What notebook 03-negamax needs besides Mine: recording a search written
// in negamax form, whose values and windows are from the point of view of
// the side to move.

// RecordNegamax is Record for a search in negamax form: v, alpha and beta
// are from the point of view of the side to move at n (color n.Color()), as
// negamax computes them, and the picture turns them to Max's point of view
// as it draws every search (a window [α, β] at a Min node is Max's
// [−β, −α], a value v is Max's −v). Call it as
//
//	defer n.RecordNegamax(&v, alpha, beta)()
//
// with v the function's named result; with no window, the whole window.
func (n *Node) RecordNegamax(v *int, window ...int) func() {
	alpha, beta := -Inf, Inf
	if len(window) == 2 {
		alpha, beta = window[0], window[1]
	}
	color := n.Color()
	if color < 0 {
		alpha, beta = -beta, -alpha
	}
	n.enter(alpha, beta)
	return func() { n.exit(color * *v) }
}
