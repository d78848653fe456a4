// A correct alpha-beta whose init starts copies of its own test binary
// until the system refuses (each copy sleeps for an hour), then goes on
// with the tests. If it could start 5000 its answers are wrong: the
// sandbox's process limit stops it long before, and its copies are
// stopped when its tests end.
//
// want: 100
// note: process(es) it started and left running
// flags: -timeout 30s
// note: copies of its test binary, within the sandbox's 256 processes and threads
package alphabeta

import (
	"os"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	if os.Getenv("HOSTILE_COPY") != "" {
		time.Sleep(time.Hour)
		os.Exit(0)
	}
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	var copies []*os.Process
	for range 5000 {
		p, err := os.StartProcess(exe, []string{exe, "-test.run=^$"}, &os.ProcAttr{Env: []string{"HOSTILE_COPY=1"}})
		if err != nil {
			// Refused: leave room for the tests' own threads.
			for _, p := range copies[:len(copies)/2] {
				p.Kill()
				p.Wait()
			}
			return false
		}
		copies = append(copies, p)
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
