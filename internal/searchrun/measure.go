package searchrun

import (
	"errors"
	"fmt"
)

// Deepening is what MeasureDeepening measured: iterative deepening's
// iterations and one direct search to its final depth.
type Deepening struct {
	Depths []int   // per iteration: its depth
	Nodes  []int64 // and its nodes
	// Final is the depth of the last iteration; Ref the direct search to
	// it (its Stats.MaxPly is the depth it reached).
	Final int
	Ref   *Report
}

// RefError is MeasureDeepening's direct search failing.
type RefError struct {
	Alg string
	Err error
}

func (e *RefError) Error() string { return fmt.Sprintf("%s: %v", e.Alg, e.Err) }

func (e *RefError) Unwrap() error { return e.Err }

// MeasureDeepening runs c (iterative deepening, "id", with its schedule)
// on in, then the algorithm ref to the depth of id's last iteration with
// c's budget. A failure of the direct search is a *RefError.
func MeasureDeepening(in Input, c *Config, ref string) (*Deepening, error) {
	r, err := in.Search(c)
	if err != nil {
		return nil, err
	}
	if len(r.Iterations) == 0 {
		return nil, errors.New("iterative deepening made no iterations (is the root terminal?)")
	}
	d := &Deepening{}
	for _, it := range r.Iterations {
		d.Depths = append(d.Depths, it.Depth)
		d.Nodes = append(d.Nodes, it.Stats.Nodes)
	}
	d.Final = r.Iterations[len(r.Iterations)-1].Depth
	rc := &Config{Alg: ref, Depth: d.Final, DepthSet: true, MaxNodes: c.MaxNodes}
	if d.Ref, err = in.Search(rc); err != nil {
		return nil, &RefError{Alg: ref, Err: err}
	}
	return d, nil
}

// MeasureAlgorithms runs each algorithm of names on in with c's depth and
// budget (c.Alg is ignored) and returns their reports in the order of
// names. A failure names its algorithm.
func MeasureAlgorithms(in Input, names []string, c *Config) ([]*Report, error) {
	var out []*Report
	for _, name := range names {
		ac := *c
		ac.Alg = name
		r, err := in.Search(&ac)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, r)
	}
	return out, nil
}
