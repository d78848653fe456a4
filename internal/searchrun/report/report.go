// Package report runs one configured search of one position and reports
// it as cutoff search does: Report is the command's JSON (its keys are the
// command line's stable contract, DESIGN.md "The command line contract")
// and its text (WriteText). It needs neither Graphviz nor fonts, so it
// builds for js/wasm: the site's playground runs the same Search in the
// browser. Package searchrun wraps it for every input the command reads.
package report

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Config is one search: the algorithm, the depth and the options.
type Config struct {
	Alg      string
	Depth    int  // algos.FullDepth for the whole tree
	DepthSet bool // whether the depth was asked for (the report names it then)
	// MaxNodes is the node budget (0: none).
	MaxNodes int64
	// TT, when positive, is the size of a lossy table (algos.NewTable) with
	// the replacement scheme Replace; 0: the algorithm's default (none, or an
	// unbounded table of its own).
	TT      int
	Replace algos.Replace
	// The options of the drivers and of move ordering (algos.Options).
	Guess            *int
	Delta            int
	Schedule         []int
	Killers, History bool
}

// Validate checks c's options with algos.Validate (a *algos.OptionError
// names the option that breaks a rule).
func (c *Config) Validate() error {
	opt := &algos.Options[gametree.Node]{Guess: c.Guess, Delta: c.Delta, Schedule: c.Schedule,
		Killers: c.Killers, History: c.History}
	if c.TT > 0 {
		opt.TT = algos.NewMapTT() // only its presence matters here
	}
	return algos.Validate(c.Alg, opt)
}

// Options builds the algos.Options of c for positions of type P.
func Options[P gametree.Position[P]](c *Config) (*algos.Options[P], error) {
	opt := &algos.Options[P]{MaxNodes: c.MaxNodes, Guess: c.Guess, Delta: c.Delta, Schedule: c.Schedule,
		Killers: c.Killers, History: c.History}
	if c.TT > 0 {
		t, err := algos.NewTable(c.TT, c.Replace)
		if err != nil {
			return nil, &TableError{Err: err}
		}
		opt.TT = t
	}
	return opt, nil
}

// BudgetError is a search that ran out of its node budget; it wraps
// algos.ErrBudget.
type BudgetError struct{ MaxNodes int64 }

func (e *BudgetError) Error() string {
	return fmt.Sprintf("%v after %d nodes", algos.ErrBudget, e.MaxNodes)
}

func (e *BudgetError) Unwrap() error { return algos.ErrBudget }

// TableError is a table that Config.TT and Config.Replace cannot make.
type TableError struct{ Err error }

func (e *TableError) Error() string { return e.Err.Error() }

func (e *TableError) Unwrap() error { return e.Err }

// Report is the result of one search. Its JSON form is the contract of
// DESIGN.md ("The command line contract"): keep the keys stable.
type Report struct {
	Algorithm string      `json:"algorithm"`
	Value     int         `json:"value"`
	Move      int         `json:"move"`                // −1: the root is terminal
	MoveName  string      `json:"move_name,omitempty"` // for positions that name their moves
	PV        []int       `json:"pv"`
	PVNames   []string    `json:"pv_names,omitempty"`
	Depth     *int        `json:"depth,omitempty"` // only when Config.DepthSet
	Stats     algos.Stats `json:"stats"`
	// LeafOrder is set for inputs with leaf indices only (explicit trees).
	LeafOrder []int `json:"leaf_order,omitempty"`
	// Iterations has one entry per iteration or pass of the drivers (id,
	// aspiration, mtdf, sss, dual, bns).
	Iterations []algos.Iteration `json:"iterations,omitempty"`
}

// Search runs c's algorithm on root. leafIndex, when not nil, numbers the
// statically evaluated positions for the report's LeafOrder; the search is
// traced only then. A search that runs out of its budget returns a
// *BudgetError.
func Search[P gametree.Position[P]](root P, c *Config, leafIndex func(P) int) (*Report, error) {
	f, err := algos.ByName[P](c.Alg)
	if err != nil {
		return nil, err
	}
	opt, err := Options[P](c)
	if err != nil {
		return nil, err
	}
	var leaves []int
	if leafIndex != nil {
		leaves = []int{}
		opt.Trace = algos.TracerFunc[P](func(e algos.Event[P]) {
			if e.Kind == algos.Leaf {
				leaves = append(leaves, leafIndex(e.Pos))
			}
		})
	}
	res, err := f(root, c.Depth, opt)
	if errors.Is(err, algos.ErrBudget) {
		return nil, &BudgetError{MaxNodes: c.MaxNodes}
	}
	if err != nil {
		return nil, err
	}
	r := &Report{
		Algorithm:  c.Alg,
		Value:      res.Value,
		Move:       res.Move,
		PV:         res.PV,
		Stats:      res.Stats,
		LeafOrder:  leaves,
		Iterations: res.Iterations,
	}
	if r.PV == nil {
		r.PV = []int{}
	}
	if c.DepthSet {
		d := c.Depth
		r.Depth = &d
	}
	if names := MoveNames(root, r.PV); names != nil {
		r.PVNames, r.MoveName = names, names[0]
	}
	return r, nil
}

// MoveNames names the moves of pv, played from root, for positions that
// name their moves. It returns nil when there is nothing to add to the
// indices: an empty pv, positions without names, or names that are just the
// indices (an unlabelled tree).
func MoveNames[P gametree.Position[P]](root P, pv []int) []string {
	names := make([]string, len(pv))
	informative := false
	pos := root
	for i, m := range pv {
		n, ok := any(pos).(gametree.MoveNamer)
		kids := pos.Children(nil)
		if !ok || m < 0 || m >= len(kids) {
			return nil
		}
		names[i] = n.MoveName(m)
		informative = informative || names[i] != strconv.Itoa(m)
		pos = kids[m]
	}
	if !informative {
		return nil
	}
	return names
}

// StatsLine lists every counter of s as json_name=value, in field order, so
// that a summary shows new counters as soon as algos.Stats has them.
func StatsLine(s algos.Stats) string {
	v := reflect.ValueOf(s)
	t := v.Type()
	var parts []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%v", name, v.Field(i).Interface()))
	}
	return strings.Join(parts, " ")
}
