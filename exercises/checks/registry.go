package checks

import "sync"

// Exercise is an exercise as the grader registers it: the directory it
// lives in, the test function that grades it and its checks with their
// points. `cutoff grade` counts a check's points only when the check is
// registered here (or is an instructor's hidden check), with the points
// registered here, whatever a test run claims.
type Exercise struct {
	Dir    string      // "02-alphabeta"
	Test   string      // "TestAlphaBeta"
	Checks []CheckInfo // in the order they run
}

// CheckInfo is a registered check: its name and points.
type CheckInfo struct {
	Name   string
	Points int
}

// MaxPoints is what every exercise is worth.
const MaxPoints = 100

// Max returns the exercise's points in all.
func (e Exercise) Max() int {
	sum := 0
	for _, c := range e.Checks {
		sum += c.Points
	}
	return sum
}

// registry lists the exercises; each entry builds the exercise's checks
// over a nil function, which is never called: only their names and points
// are read.
var registry = []struct {
	dir, test string
	checks    func() []Check
}{
	{"01-minimax", "TestMinimax", func() []Check { return minimaxChecks(nil) }},
	{"02-alphabeta", "TestAlphaBeta", func() []Check { return alphaBetaChecks(nil) }},
	{"03-negamax", "TestNegamax", func() []Check { return negamaxChecks(nil) }},
	{"04-ordering", "TestOrdering", func() []Check { return orderingChecks(nil) }},
	{"05-transposition", "TestTransposition", func() []Check { return transpositionChecks(nil) }},
	{"06-pvs", "TestPVS", func() []Check { return pvsChecks(nil) }},
	{"07-mtdf", "TestMTDF", func() []Check { return mtdfChecks(nil) }},
	{"08-bns", "TestBNS", func() []Check { return bnsChecks(nil, nil) }},
	{"09-player", "TestPlayer", func() []Check { return playerChecks(nil) }},
}

// Exercises returns the registered exercises, in order (built once; do
// not modify the result).
func Exercises() []Exercise { return exercises() }

var exercises = sync.OnceValue(func() []Exercise {
	out := make([]Exercise, len(registry))
	for i, r := range registry {
		out[i] = Exercise{Dir: r.dir, Test: r.test}
		for _, c := range r.checks() {
			out[i].Checks = append(out[i].Checks, CheckInfo{c.Name, c.Points})
		}
	}
	return out
})
