// A correct alpha-beta whose init starts a shell with os.StartProcess (os/exec
// and syscall are refused by the import rule; package os is not) to write
// a file outside its copy. If the shell starts, its answers are wrong.
//
// want: 100
// unsandboxed: 0
// note: blocked: it tried to start /bin/sh; start /usr/bin/sh; start /bin/bash (
package alphabeta

import (
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	for _, sh := range []string{"/bin/sh", "/usr/bin/sh", "/bin/bash"} {
		p, err := os.StartProcess(sh, []string{"sh", "-c", "echo pwned > @OUTSIDE@/shell.txt"}, &os.ProcAttr{})
		if err == nil {
			p.Wait()
			return true
		}
	}
	return false
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
