// A correct alpha-beta that also snoops: it looks for the seed and the
// grader's session in its environment and on descriptor 3, and writes
// files where it runs. It returns a wrong value whenever it found
// anything, so its 100 points prove it found nothing; the test also checks
// that the submission's folder is unchanged.
//
// want: 100
package alphabeta

import (
	"os"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = snoop()

func snoop() bool {
	os.WriteFile("planted.txt", []byte("x"), 0o644)
	os.WriteFile(os.Getenv("HOME")+"/planted.txt", []byte("x"), 0o644)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CUTOFF_") {
			return true
		}
	}
	buf := make([]byte, 64)
	if f := os.NewFile(3, "session"); f != nil {
		if n, _ := f.Read(buf); n > 0 {
			return true
		}
	}
	return false
}

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if found {
		return alpha - 1
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
