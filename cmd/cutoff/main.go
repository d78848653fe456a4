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
// # cutoff search
//
// The flags and the JSON shape printed by "cutoff search -json" are a stable
// contract that other tools read (see DESIGN.md, "The command line contract"):
//
//	cutoff search -alg NAME [-depth N] [-tt SIZE] (-tree LITERAL | -tree @FILE |
//	              -random b=3,d=6,seed=1,order=natural | -game tictactoe |
//	              -game connect4 -position 4455 -depth N) [-json]
//
// -game connect4 (Pascal Pons' move strings, columns 1–7 from the empty
// board) needs -depth; a finished -position is refused.
//
// With -json it prints one object:
//
//	{"algorithm": "alphabeta", "value": 3, "move": 0, "pv": [0, 0],
//	 "stats": {"nodes": 11, "leaves": 7, "cutoffs": 2, "researches": 0,
//	           "passes": 0, "tt_probes": 0, "tt_hits": 0, ...},
//	 "leaf_order": [0, 1, 2, 3, 6, 7, 8]}
//
// leaf_order is present for -tree inputs only: the 0-based left-to-right
// index of each leaf evaluated, in evaluation order, repeats included (−1 for
// an interior node evaluated statically at the -depth limit), so
// len(leaf_order) == stats.leaves. The drivers that search the root several
// times (id, aspiration, mtdf, sss, dual, bns) add "iterations", one object
// per search of the root. Run "cutoff search -h" for every flag.
//
// # cutoff bench
//
// Prints, for random uniform trees of each branching factor, depth and
// ordering, the leaves every algorithm evaluates, the ratio to alpha-beta's
// and to the Knuth–Moore minimal tree, and ns per node; as a table, -json or
// -csv. Run "cutoff bench -h" for its flags.
//
// # cutoff solve
//
//	cutoff solve [-weak] [-part N] [-table-bits B] [-summary] [FILE]
//
// Solves Connect Four positions as Pascal Pons' solver does
// (blog.gamesolver.org), one per line of FILE or stdin: the moves from the
// empty board in his format (columns 1–7, e.g. "4455"), optionally followed
// by a space and the expected score. It prints "moves score nodes
// microseconds" per line, flushed at once, with the table cleared before each
// line and only the search timed. A bad line (or a finished game) and an
// expected score that differs (-weak: by sign) are reported on stderr as
// "cutoff: solve: line N: ...", and the other lines are still solved; the exit
// status is then 2 (bad input) or 1 (a wrong score). -part N solves with the
// options of step N of Pons' tutorial (connect4.Part), -table-bits B sizes
// the table, -summary ends with the mean nodes and microseconds on stderr.
//
// # cutoff site
//
//	cutoff site [-o DIR] [-notebooks DIR] [-only LIST] [-timeout D]
//
// Executes every notebook of the course (notebooks/NN-*.ipynb) headless with
// Jupyter's nbconvert on the GoNB kernel, from the venv in $CUTOFF_VENV or
// the repository's .venv, and writes a static site to DIR (default site):
// index.html (the course map, made from notebooks/README.md's table, each
// notebook's first markdown cell and notebooks/SOURCES.md), one page per
// notebook with its outputs, sources.html, players.html (step-through
// players of the textbook trees) and every picture as figures/NN-topic/*.svg.
// The pages are made here in Go; Python only executes the notebooks. The
// site is built next to DIR and renamed into place only on success; an
// existing DIR is replaced only if it has the .cutoff-site marker. Run
// "cutoff site -h" for the details.
package main

import (
	"os"

	"github.com/cutoff-go/cutoff/internal/sandbox"
)

func main() {
	sandbox.Main() // the sandbox's init, when cutoff grade started it as one
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
