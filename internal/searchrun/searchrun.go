// Package searchrun runs one configured search of one input and reports
// it: the report of cutoff search (its JSON form is the command line's
// stable contract, DESIGN.md "The command line contract"), the searches behind cutoff
// plot's iterations and algorithms charts, and the recorded search that
// cutoff render draws.
//
// An Input hides its position type: For wraps a root of any
// gametree.Position, so that the command reads -tree, -random or -game
// once and runs any algorithm on it. The package speaks in options, not
// flags: the command words its errors (BudgetError, TableError, PassError).
//
// The search and its report are package report's (it builds for js/wasm,
// for the site's playground); searchrun gives them their names here.
package searchrun

import (
	"github.com/cutoff-go/cutoff/internal/searchrun/report"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Config is one search: the algorithm, the depth and the options
// (report.Config).
type Config = report.Config

// Report is the result of one search (report.Report); its JSON form is the
// contract of DESIGN.md ("The command line contract").
type Report = report.Report

// BudgetError is a search that ran out of its node budget
// (report.BudgetError).
type BudgetError = report.BudgetError

// TableError is a table that Config.TT and Config.Replace cannot make
// (report.TableError).
type TableError = report.TableError

// Search runs c's algorithm on root (report.Search).
func Search[P gametree.Position[P]](root P, c *Config, leafIndex func(P) int) (*Report, error) {
	return report.Search(root, c, leafIndex)
}

// MoveNames names the moves of pv, played from root (report.MoveNames).
func MoveNames[P gametree.Position[P]](root P, pv []int) []string { return report.MoveNames(root, pv) }

// StatsLine lists every counter of s as json_name=value (report.StatsLine).
func StatsLine(s algos.Stats) string { return report.StatsLine(s) }

// options builds the algos.Options of c for positions of type P.
func options[P gametree.Position[P]](c *Config) (*algos.Options[P], error) {
	return report.Options[P](c)
}
