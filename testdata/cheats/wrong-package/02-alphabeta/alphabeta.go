// A file with the wrong package name.
//
// want: 0
// why: says package main: the exercise's package is alphabeta
package main

import "github.com/cutoff-go/cutoff/exercises/grade"

func AlphaBeta(n grade.Node, depth, alpha, beta int) int { return alpha }
