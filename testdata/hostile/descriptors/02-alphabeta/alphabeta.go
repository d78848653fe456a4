// A correct alpha-beta whose init opens /dev/null 10,000 times and holds
// the files. If it gets them all its answers are wrong: the sandbox
// bounds a process's open files. (It lets them go once refused, so that the
// tests can still run.)
//
// want: 100
// unsandboxed: 0
// note: limited: it held 256 files open
package alphabeta

import (
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

var held []*os.File

func attempt() bool {
	for range 10000 {
		f, err := os.Open(os.DevNull)
		if err != nil {
			for _, f := range held {
				f.Close()
			}
			held = nil
			return false
		}
		held = append(held, f)
	}
	return true
}

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if found {
		return alpha - 1 // what it found would show: a wrong value
	}
	if depth == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	children := n.Children()
	if len(children) == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	if n.Max() {
		for _, c := range children {
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, beta))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, alpha, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}
