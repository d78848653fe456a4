// A correct alpha-beta whose init writes and deletes outside its copy: it
// plants a file in a folder of the instructor's, overwrites another
// student's submission, deletes the instructor's SSH key, and writes over
// the sandbox's root and its own test binary. Any that works turns its
// answers wrong; the test also checks that every file outside is as it was.
//
// want: 100
// unsandboxed: 0
// unsandboxed as root: 100
// note: blocked: it tried to write @OUTSIDE@/planted.txt; write @CLASS@/victim/02-alphabeta/alphabeta.go; write /planted.txt; write /exercise.test; delete @HOME@/.ssh/id_ed25519
// note: delete @CLASS@/victim
package alphabeta

import (
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	ok := false
	for _, f := range []string{"@OUTSIDE@/planted.txt", "@CLASS@/victim/02-alphabeta/alphabeta.go", "/planted.txt", "/exercise.test"} {
		ok = os.WriteFile(f, []byte("package alphabeta // overwritten\n"), 0o644) == nil || ok
	}
	ok = os.Remove("@HOME@/.ssh/id_ed25519") == nil || ok
	ok = os.RemoveAll("@CLASS@/victim") == nil && ok
	return ok
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
