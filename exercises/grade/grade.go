// Package grade is the exercises' student API: the types a solution is
// handed and the constant it may use, and nothing else. An exercise may
// import the standard library and this package only; the checks, the
// reference searches and the game trees live elsewhere (exercises/checks,
// pkg/algos, pkg/gametree, pkg/games), where a solution cannot call them — `cutoff
// grade` checks every submission's imports before it runs it. The checks
// (exercises/checks) call a solution with this package's types; the engine
// (internal/autograde) runs them on submissions.
//
// The grader hands a search a Node and watches how the search uses it:
// every call of Children on a position with children is one visit, every
// call of Value one evaluation, and the checks compare them, in order, with
// what the reference search does on the same tree.
package grade

import (
	"fmt"
	"strconv"
)

// Inf is the window bound the exercises use for infinity: larger than any
// value of the trees and games they are graded on. It is the library's
// infinity (algos.Inf, 2³⁰), and the grader's messages print it as ∞.
const Inf = 1 << 30

// Node is a position of a game tree as the exercises see it. The grader
// hands your search a Node and watches how you use it: every call of
// Children on a position that has children is one visit of that position
// (an expansion), every call of Value is one evaluation. So call Children
// once per visit of a node, and Value only where your search evaluates.
// A Node belongs to one search: one kept from an earlier call (in a package
// variable) is another tree's, and the grader counts and names every call
// on it ("expand A of another tree").
type Node interface {
	// Children returns the positions after each move, in move order; none
	// for a leaf (a terminal position). Each call counts as a visit.
	Children() []Node
	// Value is the position's static value from Max's point of view: a
	// leaf's value, or an internal node's heuristic value, used when a
	// depth-limited search stops there. Each call counts as an evaluation.
	Value() int
	// Max reports whether Max is to move (else Min).
	Max() bool
	// Key identifies the position for a transposition table: equal
	// positions, equal keys.
	Key() uint64
	// String names the position: its label in a tree literal, else the
	// path of move indices from the root ("0.2.1"; "root" for the root).
	String() string
}

// OrderFunc ranks a child of parent for move ordering (exercise 04):
// children with a higher rank are searched first, ties in Children order.
type OrderFunc func(parent, child Node) int

// Flag says what a transposition-table entry's value is (the Persian
// Wikipedia negamax article's flag). The zero Flag is no flag: a forgotten
// one shows as "Flag(0)".
type Flag int8

const (
	// Exact: the value is the node's value (it fell inside the window).
	Exact Flag = iota + 1
	// Lower: the node is worth at least the value (it failed high, ≥ β).
	Lower
	// Upper: the node is worth at most the value (it failed low, ≤ α).
	Upper
)

// String returns "EXACT", "LOWERBOUND" or "UPPERBOUND", the article's names.
func (f Flag) String() string {
	switch f {
	case Exact:
		return "EXACT"
	case Lower:
		return "LOWERBOUND"
	case Upper:
		return "UPPERBOUND"
	}
	return "Flag(" + strconv.Itoa(int(f)) + ")"
}

// Entry is a transposition-table entry as the Persian Wikipedia negamax
// article has it (exercise 05): the position's key, its value from the point
// of view of the side to move there (the negamax value), the depth it was
// searched to, and the flag.
type Entry struct {
	Key   uint64
	Value int
	Depth int
	Flag  Flag
}

// String formats the entry for the grader's explanations.
func (e Entry) String() string {
	return fmt.Sprintf("{value %d, depth %d, %v}", e.Value, e.Depth, e.Flag)
}

// Table is the transposition table exercise 05 is handed: Lookup returns the
// entry stored for key, if any; Store keeps e for e.Key, replacing what was
// there. The grader's table never loses an entry, and records every call.
type Table interface {
	Lookup(key uint64) (Entry, bool)
	Store(e Entry)
}
