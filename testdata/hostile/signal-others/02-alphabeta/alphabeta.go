// A correct alpha-beta whose init tries to kill a process of the
// instructor's (the test starts one and gives its number). If the kill
// works its answers are wrong: in the sandbox it sees no process but its
// own.
//
// want: 100
// unsandboxed: 0
// unsandboxed as root: 100
// note: blocked: it tried to signal the process @PID@ (
package alphabeta

import (
	"os"
	"strconv"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	pid, err := strconv.Atoi("@PID@")
	if err != nil {
		return false
	}
	p, err := os.FindProcess(pid)
	return err == nil && p.Kill() == nil
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
