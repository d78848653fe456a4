package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// maxLiteralBytes bounds a tree literal read from a file or stdin.
const maxLiteralBytes = 64 << 20

// treeInput reads -tree: a literal, @FILE, @- (stdin) or fixture:NAME.
func treeInput(arg, root string, rootSet bool, stdin io.Reader) (searchFunc, error) {
	var player gametree.Player
	switch root {
	case "max":
		player = gametree.Max
	case "min":
		player = gametree.Min
	default:
		return nil, fmt.Errorf("-root must be max or min, got %q", root)
	}
	var t *gametree.Tree
	if name, ok := strings.CutPrefix(arg, "fixture:"); ok {
		f, ok := gametree.FixtureByName(name)
		if !ok {
			return nil, fmt.Errorf("-tree: unknown fixture %q (known: %s)", name, strings.Join(fixtureNames(), ", "))
		}
		if rootSet {
			return nil, errors.New("-root does not apply to fixtures: they fix their own root player")
		}
		t = f.Tree()
	} else {
		src, where, err := readLiteral(arg, stdin)
		if err != nil {
			return nil, err
		}
		t, err = gametree.Parse(src, gametree.RootPlayer(player))
		if err != nil {
			return nil, fmt.Errorf("-tree %s: %w", where, err)
		}
	}
	return func(c *searchConfig) (*report, error) {
		return search(t.Root(), c, gametree.Node.LeafIndex)
	}, nil
}

// readLiteral returns the literal -tree names and how to refer to it in an
// error message.
func readLiteral(arg string, stdin io.Reader) (src, where string, err error) {
	name, ok := strings.CutPrefix(arg, "@")
	if !ok {
		return arg, "literal", nil
	}
	var r io.Reader
	switch name {
	case "":
		return "", "", errors.New("-tree @: missing file name (use @FILE, or @- for stdin)")
	case "-":
		if stdin == nil {
			return "", "", errors.New("-tree @-: no standard input")
		}
		r, where = stdin, "@- (stdin)"
	default:
		f, err := os.Open(name)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err // os.Open's message repeats the path
			}
			return "", "", fmt.Errorf("-tree: cannot read %s: %w", name, err)
		}
		defer f.Close()
		r, where = f, name
	}
	b, err := io.ReadAll(io.LimitReader(r, maxLiteralBytes+1))
	if err != nil {
		return "", "", fmt.Errorf("-tree: cannot read %s: %w", where, err)
	}
	if len(b) > maxLiteralBytes {
		return "", "", fmt.Errorf("-tree: %s is larger than %d MiB", where, maxLiteralBytes>>20)
	}
	return string(b), where, nil
}

func fixtureNames() []string {
	var names []string
	for _, f := range gametree.Fixtures() {
		names = append(names, f.Name)
	}
	return names
}

// defaultStrongP is -random's default p for order=strong: in Marsland and
// Campbell's "strongly ordered" trees the first move is best 70% of the time.
const defaultStrongP = 0.7

// randomKeys are the keys of -random.
const randomKeys = "b, d, seed, order, range, p"

// randomInput reads -random: comma-separated key=value pairs
//
//	b      branching factor (required)
//	d      depth (required)
//	seed   the generator's seed (default 0)
//	order  natural (default), best, worst or strong
//	range  leaf values are in [0, range) (default 1000)
//	p      order=strong only: the probability that a node's best child
//	       comes first (default 0.7)
func randomInput(spec string) (searchFunc, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, errors.New("-random is empty; want for example b=3,d=6,seed=1,order=natural")
	}
	kv := map[string]string{}
	for _, pair := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(pair, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok || k == "":
			return nil, fmt.Errorf("-random: %q is not key=value (keys: %s)", pair, randomKeys)
		case !slices.Contains(strings.Split(randomKeys, ", "), k):
			return nil, fmt.Errorf("-random: unknown key %q (keys: %s)", k, randomKeys)
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("-random: key %q given twice", k)
		}
		kv[k] = v
	}
	for _, k := range []string{"b", "d"} {
		if _, ok := kv[k]; !ok {
			return nil, fmt.Errorf("-random: missing %s= (want for example b=3,d=6,seed=1,order=natural)", k)
		}
	}
	num := func(k string, def int) (int, error) {
		s, ok := kv[k]
		if !ok {
			return def, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("-random: %s=%q is not an integer", k, s)
		}
		return n, nil
	}
	b, err := num("b", 0)
	if err != nil {
		return nil, err
	}
	d, err := num("d", 0)
	if err != nil {
		return nil, err
	}
	rng, err := num("range", gametree.DefaultRange)
	if err != nil {
		return nil, err
	}
	switch {
	case b < 1:
		return nil, fmt.Errorf("-random: b=%d, want ≥ 1", b)
	case d < 0:
		return nil, fmt.Errorf("-random: d=%d, want ≥ 0", d)
	case rng < 1:
		return nil, fmt.Errorf("-random: range=%d, want ≥ 1", rng)
	}
	var seed uint64
	if s, ok := kv["seed"]; ok {
		seed, err = strconv.ParseUint(s, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("-random: seed=%q is not an unsigned 64-bit integer", s)
		}
	}
	order := "natural"
	if s, ok := kv["order"]; ok {
		order = s
	}
	_, pSet := kv["p"]
	if order == "strong" {
		p := defaultStrongP
		if pSet {
			p, err = strconv.ParseFloat(kv["p"], 64)
			if err != nil || p < 0 || p > 1 {
				return nil, fmt.Errorf("-random: p=%q, want a probability in [0, 1]", kv["p"])
			}
		}
		root, err := gametree.StronglyOrdered{B: b, D: d, Seed: seed, P: p, Range: rng}.Root()
		if err != nil {
			return nil, fmt.Errorf("-random: %w", err)
		}
		return func(c *searchConfig) (*report, error) { return search(root, c, nil) }, nil
	}
	if pSet {
		return nil, fmt.Errorf("-random: p applies to order=strong only, not order=%s", order)
	}
	o, err := gametree.ParseOrdering(order)
	if err != nil {
		return nil, fmt.Errorf("-random: unknown order %q (want natural, best, worst or strong)", order)
	}
	root, err := gametree.Uniform{B: b, D: d, Seed: seed, Order: o, Range: rng}.Root()
	if err != nil {
		return nil, fmt.Errorf("-random: %w", err)
	}
	return func(c *searchConfig) (*report, error) { return search(root, c, nil) }, nil
}

// game is a -game input: its start position, built once by gameInput and
// hidden, with its type, behind what the commands do with it.
type game struct {
	search searchFunc                 // cutoff search and plot
	render func(job *renderJob) error // cutoff render
}

// newGame wraps the start position root.
func newGame[P gametree.Position[P]](root P) game {
	return game{
		search: func(c *searchConfig) (*report, error) { return search(root, c, nil) },
		render: func(job *renderJob) error { return renderSearch(job, root) },
	}
}

// gameInput reads -game (tictactoe, connect4, or nim:PILES such as
// nim:3,4,5) and -position, and builds the start position: the one place
// that knows the games, for cutoff search, render and plot. depthSet says
// whether -depth was given: Connect Four's full tree is too deep to search,
// so it needs one (-depth 42 searches to the end of any game).
func gameInput(spec, position string, positionSet, depthSet bool) (game, error) {
	name, args, hasArgs := strings.Cut(spec, ":")
	switch name {
	case "tictactoe", "connect4":
		if hasArgs {
			return game{}, fmt.Errorf("-game %s takes no arguments (use -position for a start position)", name)
		}
		if name == "tictactoe" {
			g, err := startPosition(position, positionSet, gametree.NewTicTacToe(), gametree.ParseTicTacToe)
			if err != nil {
				return game{}, err
			}
			return newGame(g), nil
		}
		g, err := startPosition(position, positionSet, gametree.NewConnectFour(), gametree.ParseConnectFour)
		if err != nil {
			return game{}, err
		}
		if err := connectFourSearchable(g, position, depthSet); err != nil {
			return game{}, err
		}
		return newGame(g), nil
	case "nim":
		if positionSet {
			return game{}, errors.New("-position applies to -game tictactoe and connect4 only; give nim's piles as nim:3,4,5")
		}
		if !hasArgs || args == "" {
			return game{}, errors.New("-game nim needs its piles, for example nim:3,4,5")
		}
		var piles []int
		for _, s := range strings.Split(args, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return game{}, fmt.Errorf("-game %s: pile %q is not an integer", spec, s)
			}
			piles = append(piles, n)
		}
		g, err := gametree.NewNim(piles...)
		if err != nil {
			return game{}, fmt.Errorf("-game %s: %w", spec, err)
		}
		return newGame(g), nil
	}
	return game{}, fmt.Errorf("unknown -game %q (known: tictactoe, connect4, nim:PILES such as nim:3,4,5)", spec)
}

// startPosition returns start, or the position -position describes when it
// was given.
func startPosition[P any](position string, positionSet bool, start P, parse func(string) (P, error)) (P, error) {
	if !positionSet {
		return start, nil
	}
	p, err := parse(position)
	if err != nil {
		return p, fmt.Errorf("-position: %w", err)
	}
	return p, nil
}

// connectFourSearchable refuses a Connect Four position that is not worth
// a search: a finished game (it has no moves to search), or any position
// without -depth (the game has some 4.5 × 10¹² positions, its tree far more
// nodes; -depth N evaluates the positions N plies down with Value's
// open-threats heuristic, and searches to the end when N ≥ the empty cells).
func connectFourSearchable(g gametree.ConnectFour, position string, depthSet bool) error {
	if g.Over() {
		how := "the board is full: a draw"
		if g.Won() {
			how = "X has won"
			if g.ToMove() == gametree.Max {
				how = "O has won"
			}
		}
		return fmt.Errorf("-position %s: the game is finished (%s); give a position with moves left", position, how)
	}
	if !depthSet {
		return fmt.Errorf("-game connect4 needs -depth N (its full tree is too deep to search; -depth %d searches to the end)", gametree.C4Width*gametree.C4Height-g.Moves())
	}
	return nil
}
