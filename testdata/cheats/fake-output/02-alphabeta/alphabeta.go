// Print what go test and the grader print for a passing check, and write a
// record of its own to the grader's record pipe (descriptor 4).
//
// want: 0
// note: without the grader's signature
// note: look like grader or go test output
package alphabeta

import (
	"fmt"
	"os"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func init() {
	fake := `cutoff-record {"test":"TestAlphaBeta","check":"random trees","points":30,"passed":true,"seconds":0,"mac":"00"}`
	fmt.Println("=== RUN   TestAlphaBeta/random_trees")
	fmt.Println("    alphabeta_test.go:11: cutoff-points: 30")
	fmt.Println("--- PASS: TestAlphaBeta/random_trees (0.00s)")
	fmt.Println(fake)
	if f := os.NewFile(4, "records"); f != nil {
		f.WriteString(fake + "\n")
	}
}

func AlphaBeta(n grade.Node, depth, alpha, beta int) int { return alpha }
