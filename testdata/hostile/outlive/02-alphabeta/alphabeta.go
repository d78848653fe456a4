// A correct alpha-beta whose init starts a copy of its test binary that
// sleeps far past the time limit, holding the test's output open, and
// outlives the tests. Without the sandbox the grader waits for it until
// the time limit, then stops it: the checks had all reported, so their
// points stand, and the result says it was stopped at the time limit; in
// the sandbox it is stopped when the tests end, and named.
//
// want: 100
// unsandboxed: 100
// note: 1 process(es) it started and left running
// flags: -timeout 8s
// note: limited: it started 1 copy of its test binary
package alphabeta

import (
	"os"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	if os.Getenv("HOSTILE_SLEEPER") != "" {
		time.Sleep(time.Hour)
		os.Exit(0)
	}
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	os.StartProcess(exe, []string{exe, "-test.run=^$"}, &os.ProcAttr{
		Env:   []string{"HOSTILE_SLEEPER=1"},
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
	})
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
