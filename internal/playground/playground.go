// Package playground is the logic of the site's tree playground (tree.html):
// a tree (a literal as cutoff search -tree takes it, fixture:NAME, or a
// random tree's spec as -random takes it), an algorithm of the registry and
// its options in; cutoff search's JSON report (the same Report, so the same
// keys and values), the pruned tree's DOT in the course's visual language
// (package dot), and a step-through out: each event in words, α and β, the
// call stack, the pseudocode lines it runs, and each step's DOT on the whole
// search's layout.
//
// It builds for js/wasm: internal/wasm/playground runs a Session in the
// browser, where Graphviz compiled to WebAssembly lays out the DOT. A
// Session keeps the last search, so that a frame's DOT is made when the
// page shows it. Handle speaks JSON, one request in, one reply out.
package playground

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/internal/searchrun/report"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
	"github.com/cutoff-go/cutoff/pkg/render/dot"
)

// Limits of a search in the browser.
const (
	// MaxNodes is the node budget of a search: past it the search stops
	// and the page says so (about a second in the browser).
	MaxNodes = 2_000_000
	// MaxRecorded is the most nodes a search may visit to be recorded,
	// drawn and stepped through; a larger one is searched and counted only.
	MaxRecorded = 120_000
	// DrawBudget is the most nodes the picture draws (dot.TreeOptions.Budget):
	// the rest collapse into "+N" stubs.
	DrawBudget = 100
	// MaxSteps is the most events the step-through shows.
	MaxSteps = 3000
	// MaxLiteral bounds a typed tree literal, in bytes.
	MaxLiteral = 1 << 20
)

// Request is one search: exactly one of Tree and Random, the algorithm and
// its options, named as cutoff search's flags.
type Request struct {
	Op       string `json:"op"`               // "search" (default), "frame" or "fit"
	Tree     string `json:"tree,omitempty"`   // a literal or fixture:NAME
	Root     string `json:"root,omitempty"`   // a literal's root player: max (default) or min
	Random   string `json:"random,omitempty"` // b=3,d=4,seed=1,order=natural …
	Alg      string `json:"alg,omitempty"`
	Depth    int    `json:"depth,omitempty"` // 0: the whole tree
	TT       int    `json:"tt,omitempty"`
	Replace  string `json:"replace,omitempty"`
	Guess    *int   `json:"guess,omitempty"`
	Delta    int    `json:"delta,omitempty"`
	Schedule string `json:"schedule,omitempty"`
	Killers  bool   `json:"killers,omitempty"`
	History  bool   `json:"history,omitempty"`
	// Step is the frame a "frame" request asks for, from 1.
	Step int `json:"step,omitempty"`
	// Layout is Graphviz's json layout of the whole search's DOT, which a
	// "fit" request gives so that every frame keeps its nodes' sizes.
	Layout string `json:"layout,omitempty"`
}

// Result is the reply to a search: Error alone (one line, as the command
// line words it) when the input or the options are wrong.
type Result struct {
	Error string `json:"error,omitempty"`
	// Stopped is set with Error when the search ran out of MaxNodes: the
	// input was good, the search too large to finish here.
	Stopped bool `json:"stopped,omitempty"`
	// Search is cutoff search -json's report of the same search.
	Search *report.Report `json:"search,omitempty"`
	Doc    string         `json:"doc,omitempty"` // the algorithm's description
	// DOT is the whole search, drawn with DrawBudget; "" when the search
	// was too large to record.
	DOT   string   `json:"dot,omitempty"`
	Notes []string `json:"notes,omitempty"`
	// Code is the algorithm's pseudocode, one line each.
	Code []string `json:"code,omitempty"`
	// Steps are the events of the search, at most MaxSteps; Events counts
	// them all.
	Steps  []Step `json:"steps,omitempty"`
	Events int    `json:"events"`
}

// Step is one event of the step-through.
type Step struct {
	Event string   `json:"event"` // in words (dot.EventLines)
	Kind  string   `json:"kind"`  // enter, leaf, cutoff, exit, research, tt-hit, pass
	Alpha string   `json:"alpha"` // α and β at the node on top of the stack, now
	Beta  string   `json:"beta"`
	Stack []string `json:"stack"` // the nodes being searched, the root first, with their windows
	Lines []int    `json:"lines"` // the lines of Code it runs, from 0
}

// Session runs searches and draws the frames of the last one.
type Session struct {
	frame func(step int, sizes dot.Sizes) (string, error)
	steps int
	sizes dot.Sizes
}

// Handle answers one request, JSON in and JSON out: a search (Result), a
// frame ({"dot": …}) or a fit ({}); a malformed request gets {"error": …}.
func (s *Session) Handle(req string) string {
	var r Request
	if err := json.Unmarshal([]byte(req), &r); err != nil {
		return errorJSON(fmt.Errorf("playground: bad request: %v", err))
	}
	switch r.Op {
	case "", "search":
		res := s.Search(r)
		res.Error = cliword.OneLine(res.Error)
		return marshal(res)
	case "fit":
		sizes, err := dot.LayoutSizes([]byte(r.Layout))
		if err != nil {
			return errorJSON(err)
		}
		s.sizes = sizes
		return "{}"
	case "frame":
		d, err := s.Frame(r.Step)
		if err != nil {
			return errorJSON(err)
		}
		return marshal(map[string]string{"dot": d})
	}
	return errorJSON(fmt.Errorf("playground: unknown op %q", r.Op))
}

// Frame returns the DOT of the last search as it stood after step events,
// on the layout a "fit" request gave (none: each frame its own layout).
// Step 0 is the tree before the search: nothing searched, nothing pruned,
// the frame a page shows while the reader predicts.
func (s *Session) Frame(step int) (string, error) {
	if s.frame == nil {
		return "", errors.New("playground: no search to draw")
	}
	if step < 0 || step > s.steps {
		return "", fmt.Errorf("playground: step %d out of range 0..%d", step, s.steps)
	}
	return s.frame(step, s.sizes)
}

// Search runs r: it answers with the report, the drawing and the steps, or
// with the one-line error of a bad input.
func (s *Session) Search(r Request) *Result {
	s.frame, s.steps, s.sizes = nil, 0, nil
	c, err := config(r)
	if err != nil {
		return &Result{Error: err.Error()}
	}
	switch {
	case r.Tree != "" && r.Random != "":
		return &Result{Error: "give only one of -tree or -random, not -tree and -random"}
	case r.Random != "":
		spec, err := input.ParseRandom(r.Random)
		if err != nil {
			return &Result{Error: "-random: " + err.Error()}
		}
		if spec.Strong != nil {
			root, err := spec.Strong.Root()
			if err != nil {
				return &Result{Error: "-random: " + err.Error()}
			}
			return run(s, root, nil, c)
		}
		root, err := spec.Uniform.Root()
		if err != nil {
			return &Result{Error: "-random: " + err.Error()}
		}
		return run(s, root, nil, c)
	case strings.TrimSpace(r.Tree) == "":
		return &Result{Error: "no input: give one of -tree or -random"}
	}
	if strings.HasPrefix(r.Tree, "@") {
		return &Result{Error: "-tree: the playground cannot read files: paste the literal"}
	}
	if len(r.Tree) > MaxLiteral {
		return &Result{Error: fmt.Sprintf("-tree: the literal is larger than %d KiB", MaxLiteral>>10)}
	}
	player, err := input.ParsePlayer(cmp.Or(r.Root, "max"))
	if err != nil {
		return &Result{Error: "-root " + err.Error()}
	}
	t, err := input.ReadTree(r.Tree, player, r.Root == "min", nil)
	switch {
	case errors.Is(err, input.ErrRootOfFixture):
		return &Result{Error: "-root does not apply to fixtures: they fix their own root player"}
	case err != nil:
		return &Result{Error: "-tree: " + err.Error()}
	}
	return run(s, t.Root(), gametree.Node.LeafIndex, c)
}

// config checks r's algorithm and options into a search configuration, with
// cutoff search's rules and words.
func config(r Request) (*report.Config, error) {
	if err := cliword.CheckAlgorithm(r.Alg); err != nil {
		return nil, err
	}
	c := &report.Config{Alg: r.Alg, Depth: algos.FullDepth, MaxNodes: MaxNodes, Guess: r.Guess, Delta: r.Delta,
		Killers: r.Killers, History: r.History}
	if r.Depth < 0 {
		return nil, fmt.Errorf("-depth must be ≥ 1, got %d", r.Depth)
	}
	if r.Depth > 0 {
		c.Depth, c.DepthSet = r.Depth, true
	}
	if err := cliword.CheckTT(r.Alg, r.TT); err != nil {
		return nil, err
	}
	if r.TT > 0 {
		c.TT = r.TT
		rep := r.Replace
		if rep == "" {
			rep = "two-tier"
		}
		var err error
		if c.Replace, err = algos.ParseReplace(rep); err != nil {
			return nil, fmt.Errorf("-replace: %w", err)
		}
	}
	if r.Schedule != "" {
		var err error
		if c.Schedule, err = input.Schedule(r.Schedule); err != nil {
			return nil, fmt.Errorf("-schedule: %w", err)
		}
	}
	if err := cliword.Option(c.Validate()); err != nil {
		return nil, err
	}
	return c, nil
}

// run searches root as cutoff search does, then records the search again
// for its picture and its steps when it is small enough.
func run[P gametree.Position[P]](s *Session, root P, leafIndex func(P) int, c *report.Config) *Result {
	rep, err := report.Search(root, c, leafIndex)
	if err != nil {
		if _, ok := errors.AsType[*report.BudgetError](err); ok {
			return &Result{Stopped: true, Error: fmt.Sprintf("%v: the playground stops a search there (give a depth, or a smaller tree)", err)}
		}
		if te, ok := errors.AsType[*report.TableError](err); ok {
			return &Result{Error: "-tt: " + te.Err.Error()}
		}
		return &Result{Error: err.Error()}
	}
	res := &Result{Search: rep, Doc: algos.Describe(c.Alg), Code: codeOf(c.Alg).text()}
	if rep.Stats.Nodes > MaxRecorded {
		res.Notes = append(res.Notes, fmt.Sprintf("The search visited %d nodes: the playground draws and steps through searches of at most %d. Give a depth or a smaller tree to see it.", rep.Stats.Nodes, MaxRecorded))
		return res
	}
	f, err := algos.ByName[P](c.Alg)
	if err != nil {
		return &Result{Error: err.Error()}
	}
	opt, err := report.Options[P](c)
	if err != nil {
		return &Result{Error: err.Error()}
	}
	rec := algos.NewRecorder[P]()
	opt.Trace = rec
	if _, err := f(root, c.Depth, opt); err != nil {
		return &Result{Error: err.Error()}
	}
	// The frames show every leaf's value from the start (grey until it is
	// evaluated): the reader predicts on the tree as given.
	topt := dot.TreeOptions{Windows: true, Step: -1, LeafValues: true}
	if rep.Stats.Nodes > DrawBudget {
		topt.Budget = DrawBudget
		res.Notes = append(res.Notes, fmt.Sprintf("The tree is drawn with its first %d nodes (breadth first, searched ones first); each \"+N\" stands for N more.", DrawBudget))
	}
	if res.DOT, err = dot.TreeDOT(rec, topt); err != nil {
		return &Result{Error: err.Error()}
	}
	res.Steps, res.Events = steps(rec, codeOf(c.Alg))
	if res.Events > len(res.Steps) {
		res.Notes = append(res.Notes, fmt.Sprintf("The step-through shows the first %d of the search's %d events.", len(res.Steps), res.Events))
	}
	passOf := passes(rec)
	s.steps = len(res.Steps)
	s.frame = func(step int, sizes dot.Sizes) (string, error) {
		o := topt
		o.Step = step
		if passOf != nil {
			// A driver's frame shows the pass its event belongs to, as the
			// site's players do.
			o.Pass = passOf[step-1]
		}
		if sizes == nil {
			return dot.TreeDOT(rec, o)
		}
		return dot.FrameDOT(rec, o, sizes)
	}
	return res
}

// passes returns the pass of each event, from 1, for a search with several
// root searches, each announced by a Pass event; nil otherwise.
func passes[P gametree.Position[P]](rec *algos.Recorder[P]) []int {
	var passOf []int
	k := 0
	for e := range rec.All() {
		if e.Kind == algos.Pass {
			k++
		}
		passOf = append(passOf, max(k, 1))
	}
	if len(rec.Roots) < 2 || k != len(rec.Roots) {
		return nil
	}
	return passOf
}

// steps describes the first MaxSteps events of rec and counts them all.
func steps[P gametree.Position[P]](rec *algos.Recorder[P], code listing) ([]Step, int) {
	type frame struct {
		name        string
		pos         P
		alpha, beta int
		side        gametree.Player
		leaf        bool // evaluated: its exit returns the leaf's value
		null        bool // entered with a null window
	}
	lines := dot.EventLines(rec)
	var (
		out   []Step
		stack []frame
		k     int
	)
	for e := range rec.All() {
		k++
		if k > MaxSteps {
			continue
		}
		side := gametree.Max
		switch e.Kind {
		case algos.Enter:
			f := frame{pos: e.Pos, alpha: e.Alpha, beta: e.Beta, side: e.Pos.ToMove(), null: e.Beta-e.Alpha == 1}
			if len(stack) == 0 {
				f.name = dot.NodeName(e.Pos, nil, "", e.Move)
			} else {
				p := stack[len(stack)-1]
				f.name = dot.NodeName(e.Pos, &p.pos, p.name, e.Move)
			}
			stack = append(stack, f)
		case algos.Pass:
			stack = stack[:0]
		case algos.Leaf:
			if len(stack) > 0 {
				stack[len(stack)-1].leaf = true
			}
		}
		kind := e.Kind
		if len(stack) > 0 {
			side = stack[len(stack)-1].side
			if kind == algos.Exit && stack[len(stack)-1].leaf {
				kind = algos.Leaf // a leaf returns from the leaf's line
			}
		}
		st := Step{Event: lines[k-1], Kind: e.Kind.String(), Lines: code.lines(kind, side), Alpha: "", Beta: ""}
		if e.Kind == algos.Enter && len(stack) > 0 && stack[len(stack)-1].null {
			if t := code.tagged("test", side); t != nil {
				st.Lines = t // a null window's search: SCOUT's TEST
			}
			if len(stack) > 1 && !stack[len(stack)-2].null {
				st.Lines = append(st.Lines, code.tagged("probe", stack[len(stack)-2].side)...)
			}
		}
		if e.Kind == algos.Exit && len(stack) > 1 {
			// The parent takes the child's value, and narrows its window
			// with it unless it cuts (as the stack below does).
			p := stack[len(stack)-2]
			st.Lines = append(st.Lines, code.tagged("take", p.side)...)
			if e.Bound == algos.Exact && (p.side == gametree.Max && e.Value < p.beta || p.side == gametree.Min && e.Value > p.alpha) {
				st.Lines = append(st.Lines, code.tagged("raise", p.side)...)
			}
		}
		slices.Sort(st.Lines)
		st.Lines = slices.Compact(st.Lines)
		if st.Lines == nil {
			st.Lines = []int{}
		}
		if e.Kind == algos.Exit && len(stack) > 0 {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && e.Bound == algos.Exact {
				// The parent takes the child's value into its window, unless
				// the value cuts: the listings break before they update.
				p := &stack[len(stack)-1]
				if p.side == gametree.Max && e.Value < p.beta {
					p.alpha = max(p.alpha, e.Value)
				} else if p.side == gametree.Min && e.Value > p.alpha {
					p.beta = min(p.beta, e.Value)
				}
			}
		}
		for _, f := range stack {
			st.Stack = append(st.Stack, f.name+" "+algos.FormatWindow(f.alpha, f.beta))
		}
		if st.Stack == nil {
			st.Stack = []string{}
		}
		if len(stack) > 0 {
			t := stack[len(stack)-1]
			st.Alpha, st.Beta = algos.FormatValue(t.alpha), algos.FormatValue(t.beta)
		}
		out = append(out, st)
	}
	return out, k
}

// marshal writes v as JSON.
func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

// errorJSON is the reply {"error": err}.
func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}
