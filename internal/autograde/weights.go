package autograde

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// Weights are an instructor's points for the registered checks, read from
// a small JSON file (cutoff grade -weights FILE) that names only what
// differs from the registry (exercises/checks: 100 points an exercise):
//
//	{
//	  "02-alphabeta": {"checks": {"depth limit": 0, "random trees": 40}},
//	  "07-mtdf": {"points": 50},
//	  "09-player": {"points": 0}
//	}
//
// "checks" sets a check's points (0: it is still run and reported, but
// counts for nothing); "points" scales the exercise's checks (after
// "checks") to that total, each in proportion, rounded so that they add
// up to it exactly (0: the exercise counts for nothing). Exercises and
// checks not named keep their registered points; an instructor's hidden
// checks (Options.With) keep the points their tests give them. A nil
// *Weights is the registry's.
type Weights struct {
	points map[string]map[string]int // exercise → check → points, every check of a named exercise
}

// weightsSpec is one exercise's entry in a weights file.
type weightsSpec struct {
	Points *int           `json:"points"`
	Checks map[string]int `json:"checks"`
}

// LoadWeights reads and validates a weights file (see Weights); its
// errors are one line (cutoff grade's flag names the file).
func LoadWeights(path string) (*Weights, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read it (%s)", oneLineErr(err))
	}
	return ParseWeights(b)
}

// ParseWeights parses and validates a weights file's JSON: an unknown
// exercise, check or field, a negative number or a total that cannot be
// reached is an error, one line.
func ParseWeights(data []byte) (*Weights, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var spec map[string]weightsSpec
	if err := dec.Decode(&spec); err != nil {
		return nil, fmt.Errorf("not a weights file (JSON: {\"02-alphabeta\": {\"points\": 50, \"checks\": {\"depth limit\": 0}}}): %s", oneLineErr(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not a weights file: more after its JSON object")
	}
	w := &Weights{points: map[string]map[string]int{}}
	var dirs []string
	for _, e := range checks.Exercises() {
		dirs = append(dirs, e.Dir)
	}
	names := make([]string, 0, len(spec))
	for name := range spec {
		names = append(names, name)
	}
	slices.Sort(names) // the first problem, the same each time
	for _, name := range names {
		s := spec[name]
		i := slices.Index(dirs, name)
		if i < 0 {
			return nil, fmt.Errorf("no exercise %q (the exercises: %s)", name, strings.Join(dirs, ", "))
		}
		ex := checks.Exercises()[i]
		pts := map[string]int{}
		var order []string
		for _, c := range ex.Checks {
			pts[c.Name] = c.Points
			order = append(order, c.Name)
		}
		cnames := make([]string, 0, len(s.Checks))
		for c := range s.Checks {
			cnames = append(cnames, c)
		}
		slices.Sort(cnames)
		for _, c := range cnames {
			p := s.Checks[c]
			if _, ok := pts[c]; !ok {
				return nil, fmt.Errorf("%s has no check %q (its checks: %s)", name, c, strings.Join(order, ", "))
			}
			if p < 0 {
				return nil, fmt.Errorf("%s: check %q: negative points (%d)", name, c, p)
			}
			pts[c] = p
		}
		if s.Points != nil {
			if *s.Points < 0 {
				return nil, fmt.Errorf("%s: negative points (%d)", name, *s.Points)
			}
			if err := scale(pts, order, *s.Points); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
		}
		w.points[name] = pts
	}
	return w, nil
}

// scale makes the points of the checks (in order) add up to total, each in
// proportion, the rounding's remainder going to the largest fractions
// (ties: the earlier check).
func scale(pts map[string]int, order []string, total int) error {
	sum := 0
	for _, c := range order {
		sum += pts[c]
	}
	if sum == 0 {
		if total == 0 {
			return nil
		}
		return fmt.Errorf("points %d: its checks are all at 0, nothing to scale", total)
	}
	left := total
	rem := make([]int, len(order))
	for i, c := range order {
		p := pts[c] * total
		pts[c], rem[i] = p/sum, p%sum
		left -= pts[c]
	}
	idx := make([]int, len(order))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return rem[b] - rem[a] })
	for _, i := range idx[:left] {
		pts[order[i]]++
	}
	return nil
}

// Points returns a check's points under w: the registered points when w
// does not name its exercise.
func (w *Weights) Points(exercise, check string, registered int) int {
	if w == nil {
		return registered
	}
	if p, ok := w.points[exercise][check]; ok {
		return p
	}
	return registered
}

// Exercise returns e with its checks' points under w.
func (w *Weights) Exercise(e checks.Exercise) checks.Exercise {
	if w == nil || w.points[e.Dir] == nil {
		return e
	}
	out := e
	out.Checks = make([]checks.CheckInfo, len(e.Checks))
	for i, c := range e.Checks {
		out.Checks[i] = checks.CheckInfo{Name: c.Name, Points: w.Points(e.Dir, c.Name, c.Points)}
	}
	return out
}

// oneLineErr is err's text on one line.
func oneLineErr(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}
