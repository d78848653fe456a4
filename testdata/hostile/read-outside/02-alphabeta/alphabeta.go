// A correct alpha-beta whose init reads files outside its copy: an SSH
// key in the instructor's home, another student's submission, the
// instructor's hidden tests, the reference solution in the grader's module,
// /etc/passwd, and lists the class folder. Whatever it reads turns its
// answers wrong, so its 100 points prove it read nothing.
//
// want: 100
// unsandboxed: 0
// note: blocked: it tried to read @HOME@/.ssh/id_ed25519; read @CLASS@/victim/02-alphabeta/alphabeta.go; read @HIDDEN@/02-alphabeta/hidden_test.go; read @MODULE@/solutions/02-alphabeta/alphabeta.go; read /etc/passwd; read @CLASS@ (
package alphabeta

import (
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	for _, f := range []string{
		"@HOME@/.ssh/id_ed25519",
		"@CLASS@/victim/02-alphabeta/alphabeta.go",
		"@HIDDEN@/02-alphabeta/hidden_test.go",
		"@MODULE@/solutions/02-alphabeta/alphabeta.go",
		"/etc/passwd",
	} {
		if _, err := os.ReadFile(f); err == nil {
			return true
		}
	}
	entries, _ := os.ReadDir("@CLASS@")
	return len(entries) > 0
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
