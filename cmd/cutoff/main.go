// Command cutoff runs Cutoff's game-tree searches from the command line, for
// lecturers who want a value, a node count or (later) a picture for a slide
// without writing Go, and for external tools that check the searches.
//
// Usage:
//
//	cutoff <command> [flags]
//
// Commands:
//
//	search   search a game tree with one algorithm and print what it did
//	bench    compare the algorithms' leaf counts on random trees
//	render   draw a traced search as a tree (SVG, PNG, PDF, TikZ), frames or a player
//	plot     draw a chart of node counts (SVG, PNG, PDF, TikZ) and its numbers as CSV
//	grade    grade the course's exercises (one submission or a class): points per
//	         check; a table, a gradebook, or GitHub Classroom, Gradescope and
//	         PrairieLearn results
//	solve    solve Connect Four positions, one per line, as Pascal Pons' solver
//	site     execute the notebooks and write the course as a static web site
//	figures  write every picture of the course as SVG, PNG, PDF or TikZ files
//	help     print this list, or "cutoff help search" for a command's flags
//
// # Exit status
//
//	0  success (also for -h and help)
//	1  the search ran out of its node budget (-max-nodes); grade: a check
//	   failed; solve: a score differed from the expected one; site: a
//	   notebook failed or timed out
//	2  bad input: unknown command or flag, malformed tree, bad option
//	3  internal error (a bug in Cutoff; please report it)
//
// Every failure prints exactly one line on stderr, starting with "cutoff: ",
// and nothing on stdout.
//
// # The command line contract
//
// The flags of cutoff search and the JSON object that "cutoff search -json"
// prints (its keys: algorithm, value, move, move_name, pv, pv_names,
// depth, stats, leaf_order, iterations) are a stable contract that other
// tools read: see DESIGN.md, "The command line contract", and
// docs/cli.md for every command with examples. "cutoff help COMMAND"
// prints a command's flags; its texts are help/*.txt.
//
// The work is done in packages, the command only wires flags and output:
// internal/searchrun (search, render and plot's searches), pkg/experiment
// (bench and plot's measurements), pkg/render (pictures and charts),
// pkg/connect4/testset (solve), internal/autograde and its report package
// (grade), internal/site (site and figures); internal/cliflag is the
// flags' machinery.
package main

import (
	"os"

	"github.com/cutoff-go/cutoff/internal/sandbox"
)

func main() {
	sandbox.Main() // the sandbox's init, when cutoff grade started it as one
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
