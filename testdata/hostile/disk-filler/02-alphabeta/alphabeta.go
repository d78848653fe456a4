// A correct alpha-beta whose init writes 2 GiB to a file in its folder
// and another in TMPDIR, a megabyte at a time, until a write fails. If
// they all succeed its answers are wrong: the sandbox bounds the bytes it
// may write.
//
// want: 100
// note: its writes reached the 64 MiB it may write
package alphabeta

import (
	"os"
	"path/filepath"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	chunk := make([]byte, 1<<20)
	all := true
	for _, name := range []string{"big.bin", filepath.Join(os.TempDir(), "big.bin")} {
		f, err := os.Create(name)
		if err != nil {
			all = false
			continue
		}
		for range 2048 {
			if _, err := f.Write(chunk); err != nil {
				all = false
				break
			}
		}
		f.Close()
	}
	return all
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
