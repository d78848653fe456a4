// Memory without bound.
//
// want: 0
// why: more than 256 MiB of memory
// flags: -memory 256MiB -timeout 30s
package alphabeta

import "github.com/cutoff-go/cutoff/exercises/grade"

var keep [][]byte

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	for {
		b := make([]byte, 16<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
	}
}
