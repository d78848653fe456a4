package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/internal/cliword"
	"github.com/cutoff-go/cutoff/internal/searchrun"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/input"
)

// defaultMaxNodes is the default -max-nodes: enough for every tree of the
// course (the whole tic-tac-toe tree has 549,946 nodes), small enough that a
// mistyped -random never runs for more than a few seconds.
const defaultMaxNodes = 100_000_000

// namesUsing lists the algorithms that read option o, for the help.
func namesUsing(o algos.Option) string { return strings.Join(algos.NamesUsing(o), ", ") }

// searchFlags are the flags of cutoff search.
type searchFlags struct {
	inputFlags
	alg                                  string
	tt                                   int
	replace, schedule                    string
	guess, delta                         int
	json, listFixtures, killers, history bool
}

// newSearchFlags defines the flags of cutoff search on a silent flag set:
// errors are reported in one line by run, help by searchUsage.
func newSearchFlags() (*flag.FlagSet, *searchFlags) {
	f := &searchFlags{replace: "two-tier"}
	fs := cliflag.NewSet("search")
	f.define(fs, "", defaultMaxNodes)
	cliflag.Bind(fs, map[string]any{"alg": &f.alg, "tt": &f.tt, "replace": &f.replace, "guess": &f.guess, "delta": &f.delta,
		"schedule": &f.schedule, "killers": &f.killers, "history": &f.history, "json": &f.json, "list-fixtures": &f.listFixtures})
	return fs, f
}

func runSearch(args []string, s streams) error {
	fs, f := newSearchFlags()
	set, err := cliflag.Parse(fs, args)
	if err != nil {
		return err
	}

	if f.listFixtures {
		return printFixtures(s.stdout)
	}

	c, err := searchConfig(f, set)
	if err != nil {
		return err
	}
	if err := checkSources(set, false); err != nil {
		return err
	}

	in, _, err := f.input(set, s.stdin)
	if err != nil {
		return err
	}
	r, err := in.Search(c)
	if err != nil {
		return searchError(err)
	}
	if f.json {
		enc := json.NewEncoder(s.stdout)
		return enc.Encode(r)
	}
	return r.WriteText(s.stdout)
}

// searchConfig checks the search flags of cutoff search and render, -alg,
// -depth, -max-nodes and the drivers' and ordering's flags (-tt, -replace,
// -guess, -delta, -schedule, -killers and -history), into the search's
// configuration. The options' rules, and which algorithm reads which, are
// algos.Validate's (validate); the flags' own (a number, -replace with
// -tt) are here.
func searchConfig(f *searchFlags, set map[string]bool) (*searchrun.Config, error) {
	var r cliflag.Reader
	r.Keep("", cliword.CheckAlgorithm(f.alg))
	c, err := f.config(f.alg, set)
	r.Keep("", err)
	r.Keep("", cliword.CheckTT(f.alg, f.tt))
	r.Rule(set["replace"] && f.tt == 0, "-replace needs -tt SIZE")
	if f.tt > 0 {
		c.TT = f.tt
		c.Replace, err = algos.ParseReplace(f.replace)
		r.Keep("-replace", err)
	}
	if set["guess"] {
		c.Guess = &f.guess
	}
	if set["delta"] {
		c.Delta = f.delta
	}
	if set["schedule"] {
		c.Schedule, err = input.Schedule(f.schedule)
		r.Keep("-schedule", err)
	}
	c.Killers, c.History = f.killers, f.history
	if r.Err != nil {
		return nil, r.Err
	}
	return c, validate(c)
}

// validate checks c's options (searchrun.Config.Validate) and reports a
// broken rule in the words of the flag that set it (cliword.Option).
func validate(c *searchrun.Config) error { return cliword.Option(c.Validate()) }

// searchError words the errors of a search (searchrun.Search) in the
// command's flags.
func searchError(err error) error {
	if te, ok := errors.AsType[*searchrun.TableError](err); ok {
		return fmt.Errorf("-tt: %w", te.Err)
	}
	if _, ok := errors.AsType[*searchrun.BudgetError](err); ok {
		// "node budget exhausted after N nodes (…)"; status 1.
		return fmt.Errorf("%w (raise -max-nodes, 0 for no limit, or lower -depth)", err)
	}
	return err
}

// printFixtures lists the named trees that -tree fixture:NAME accepts.
func printFixtures(w io.Writer) error {
	for _, f := range gametree.Fixtures() {
		fmt.Fprintf(w, "%-24s value %-5d %s\n", f.Name, f.Value, f.Title)
	}
	return nil
}

// searchUsage prints the help of cutoff search; a test checks that it
// mentions every flag.
func searchUsage(w io.Writer) {
	help(w, "search", map[string]any{"Algorithms": algos.Algorithms(), "C4Score": connect4.ValueScale, "TT": namesUsing(algos.OptTT), "Schedule": namesUsing(algos.OptSchedule), "Delta": namesUsing(algos.OptDelta), "DefaultDelta": algos.DefaultDelta, "Guess": namesUsing(algos.OptGuess), "MaxNodes": defaultMaxNodes})
}

// checkSources checks the input flags set on the command line (set[name] for
// -name): one of -tree, -random and -game (at most one when optional, for a
// command with a default input), and -root and -position only with the
// input they apply to.
func checkSources(set map[string]bool, optional bool) error {
	var sources []string
	for _, name := range []string{"tree", "random", "game"} {
		if set[name] {
			sources = append(sources, "-"+name)
		}
	}
	return cliflag.FirstBroken(cliflag.Rule(len(sources) == 0 && !optional, "no input: give one of -tree, -random or -game"),
		cliflag.Rule(len(sources) > 1, "give only one of -tree, -random or -game, not %s", strings.Join(sources, " and ")),
		cliflag.Rule(set["root"] && !set["tree"], "-root applies to -tree only"),
		cliflag.Rule(set["position"] && !set["game"], "-position applies to -game only"))
}
