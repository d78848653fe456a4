// Package input reads game trees and games from the short texts a command
// line or a notebook gives: a tree literal, a file or stdin holding one, a
// fixture's name (ReadTree); a random tree's key=value spec (ParseRandom);
// a game and its start position (ParseGame); and lists of integers with
// ranges (Ints, Ranges), of orderings, probabilities and depths
// (Orderings, Probabilities, Schedule). Its errors name what was wrong in the text, not
// the flag it came from: the caller adds that.
package input

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// MaxLiteralBytes bounds a tree literal read from a file or stdin.
const MaxLiteralBytes = 64 << 20

// ErrRootOfFixture is ReadTree's error for a root player given with a
// fixture: fixtures fix their own.
var ErrRootOfFixture = errors.New("fixtures fix their own root player")

// ParsePlayer reads a tree's root player: "max" or "min".
func ParsePlayer(s string) (gametree.Player, error) {
	switch s {
	case "max":
		return gametree.Max, nil
	case "min":
		return gametree.Min, nil
	}
	return gametree.Max, fmt.Errorf("must be max or min, got %q", s)
}

// ReadTree reads a tree: a literal (see gametree.Parse), @FILE, @- (stdin)
// or fixture:NAME. root is the literal's root player; rootSet says it was
// chosen, which a fixture refuses (ErrRootOfFixture). Errors about the
// literal start with where it came from ("literal", the file's name, "@-
// (stdin)").
func ReadTree(arg string, root gametree.Player, rootSet bool, stdin io.Reader) (*gametree.Tree, error) {
	if name, ok := strings.CutPrefix(arg, "fixture:"); ok {
		f, ok := gametree.FixtureByName(name)
		if !ok {
			return nil, fmt.Errorf("unknown fixture %q (known: %s)", name, strings.Join(FixtureNames(), ", "))
		}
		if rootSet {
			return nil, ErrRootOfFixture
		}
		return f.Tree(), nil
	}
	src, where, err := ReadLiteral(arg, stdin)
	if err != nil {
		return nil, err
	}
	t, err := gametree.Parse(src, gametree.RootPlayer(root))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return t, nil
}

// ReadLiteral returns the tree literal arg names (itself, @FILE or @- for
// stdin, at most MaxLiteralBytes) and how an error message refers to it.
func ReadLiteral(arg string, stdin io.Reader) (src, where string, err error) {
	name, ok := strings.CutPrefix(arg, "@")
	if !ok {
		return arg, "literal", nil
	}
	var r io.Reader
	switch name {
	case "":
		return "", "", errors.New("@: missing file name (use @FILE, or @- for stdin)")
	case "-":
		if stdin == nil {
			return "", "", errors.New("@-: no standard input")
		}
		r, where = stdin, "@- (stdin)"
	default:
		f, err := os.Open(name)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err // os.Open's message repeats the path
			}
			return "", "", fmt.Errorf("cannot read %s: %w", name, err)
		}
		defer f.Close()
		r, where = f, name
	}
	b, err := io.ReadAll(io.LimitReader(r, MaxLiteralBytes+1))
	if err != nil {
		return "", "", fmt.Errorf("cannot read %s: %w", where, err)
	}
	if len(b) > MaxLiteralBytes {
		return "", "", fmt.Errorf("%s is larger than %d MiB", where, MaxLiteralBytes>>20)
	}
	return string(b), where, nil
}

// FixtureNames lists gametree's fixtures by name.
func FixtureNames() []string {
	var names []string
	for _, f := range gametree.Fixtures() {
		names = append(names, f.Name)
	}
	return names
}

// DefaultStrongP is ParseRandom's default p for order=strong: in Marsland
// and Campbell's "strongly ordered" trees the first move is best 70% of the
// time.
const DefaultStrongP = 0.7

// RandomKeys are the keys of ParseRandom's spec.
const RandomKeys = "b, d, seed, order, range, p"

// Random is a random tree as ParseRandom read it: exactly one of Uniform
// (order natural, best or worst) and Strong (order=strong) is set.
type Random struct {
	Uniform *random.Uniform
	Strong  *random.StronglyOrdered
}

// ParseRandom reads a random tree's spec: comma-separated key=value pairs
//
//	b      branching factor (required)
//	d      depth (required)
//	seed   the generator's seed (default 0)
//	order  natural (default), best, worst or strong
//	range  leaf values are in [0, range) (default random.DefaultRange)
//	p      order=strong only: the probability that a node's best child
//	       comes first (default DefaultStrongP)
func ParseRandom(spec string) (Random, error) {
	if strings.TrimSpace(spec) == "" {
		return Random{}, errors.New("empty; want for example b=3,d=6,seed=1,order=natural")
	}
	kv := map[string]string{}
	for _, pair := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(pair, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok || k == "":
			return Random{}, fmt.Errorf("%q is not key=value (keys: %s)", pair, RandomKeys)
		case !slices.Contains(strings.Split(RandomKeys, ", "), k):
			return Random{}, fmt.Errorf("unknown key %q (keys: %s)", k, RandomKeys)
		}
		if _, dup := kv[k]; dup {
			return Random{}, fmt.Errorf("key %q given twice", k)
		}
		kv[k] = v
	}
	for _, k := range []string{"b", "d"} {
		if _, ok := kv[k]; !ok {
			return Random{}, fmt.Errorf("missing %s= (want for example b=3,d=6,seed=1,order=natural)", k)
		}
	}
	num := func(k string, def int) (int, error) {
		s, ok := kv[k]
		if !ok {
			return def, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not an integer", k, s)
		}
		return n, nil
	}
	b, err := num("b", 0)
	if err != nil {
		return Random{}, err
	}
	d, err := num("d", 0)
	if err != nil {
		return Random{}, err
	}
	rng, err := num("range", random.DefaultRange)
	if err != nil {
		return Random{}, err
	}
	switch {
	case b < 1:
		return Random{}, fmt.Errorf("b=%d, want ≥ 1", b)
	case d < 0:
		return Random{}, fmt.Errorf("d=%d, want ≥ 0", d)
	case rng < 1:
		return Random{}, fmt.Errorf("range=%d, want ≥ 1", rng)
	}
	var seed uint64
	if s, ok := kv["seed"]; ok {
		seed, err = strconv.ParseUint(s, 0, 64)
		if err != nil {
			return Random{}, fmt.Errorf("seed=%q is not an unsigned 64-bit integer", s)
		}
	}
	order := "natural"
	if s, ok := kv["order"]; ok {
		order = s
	}
	_, pSet := kv["p"]
	if order == "strong" {
		p := DefaultStrongP
		if pSet {
			p, err = strconv.ParseFloat(kv["p"], 64)
			if err != nil || p < 0 || p > 1 {
				return Random{}, fmt.Errorf("p=%q, want a probability in [0, 1]", kv["p"])
			}
		}
		return Random{Strong: &random.StronglyOrdered{B: b, D: d, Seed: seed, P: p, Range: rng}}, nil
	}
	if pSet {
		return Random{}, fmt.Errorf("p applies to order=strong only, not order=%s", order)
	}
	o, err := random.ParseOrdering(order)
	if err != nil {
		return Random{}, fmt.Errorf("unknown order %q (want natural, best, worst or strong)", order)
	}
	return Random{Uniform: &random.Uniform{B: b, D: d, Seed: seed, Order: o, Range: rng}}, nil
}

// Game is a game and its start position as ParseGame read it: exactly one
// field is set.
type Game struct {
	TicTacToe   *games.TicTacToe
	ConnectFour *connect4.Position
	Nim         *games.Nim
}

// ErrPositionOfNim is ParseGame's error for a position given with nim,
// whose piles are its start position.
var ErrPositionOfNim = errors.New("a start position applies to tictactoe and connect4 only; give nim's piles as nim:3,4,5")

// ParseGame reads a game, tictactoe, connect4, or nim:PILES such as
// nim:3,4,5, and its start position: the game's start, or when positionSet
// the one position describes (games.ParseTicTacToe, connect4.ParsePosition).
// An error about the position is a *PositionError.
func ParseGame(spec, position string, positionSet bool) (Game, error) {
	name, args, hasArgs := strings.Cut(spec, ":")
	switch name {
	case "tictactoe", "connect4":
		if hasArgs {
			return Game{}, fmt.Errorf("%s takes no arguments (give a start position apart)", name)
		}
		if name == "tictactoe" {
			g, err := startPosition(position, positionSet, games.NewTicTacToe(), games.ParseTicTacToe)
			if err != nil {
				return Game{}, err
			}
			return Game{TicTacToe: &g}, nil
		}
		g, err := startPosition(position, positionSet, connect4.NewPosition(), connect4.ParsePosition)
		if err != nil {
			return Game{}, err
		}
		return Game{ConnectFour: &g}, nil
	case "nim":
		if positionSet {
			return Game{}, ErrPositionOfNim
		}
		if !hasArgs || args == "" {
			return Game{}, errors.New("nim needs its piles, for example nim:3,4,5")
		}
		var piles []int
		for _, s := range strings.Split(args, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return Game{}, fmt.Errorf("%s: pile %q is not an integer", spec, s)
			}
			piles = append(piles, n)
		}
		g, err := games.NewNim(piles...)
		if err != nil {
			return Game{}, fmt.Errorf("%s: %w", spec, err)
		}
		return Game{Nim: &g}, nil
	}
	return Game{}, &UnknownGameError{Spec: spec}
}

// KnownGames lists the games ParseGame knows, for messages.
const KnownGames = "tictactoe, connect4, nim:PILES such as nim:3,4,5"

// UnknownGameError is a game specification ParseGame does not know.
type UnknownGameError struct{ Spec string }

func (e *UnknownGameError) Error() string {
	return fmt.Sprintf("unknown game %q (known: %s)", e.Spec, KnownGames)
}

func startPosition[P any](position string, positionSet bool, start P, parse func(string) (P, error)) (P, error) {
	if !positionSet {
		return start, nil
	}
	p, err := parse(position)
	if err != nil {
		return p, &PositionError{Err: err}
	}
	return p, nil
}

// PositionError is ParseGame's error for a start position it cannot read.
type PositionError struct{ Err error }

func (e *PositionError) Error() string { return "position: " + e.Err.Error() }
func (e *PositionError) Unwrap() error { return e.Err }

// Ints reads a comma-separated list of integers of at least lo.
func Ints(s string, lo int) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer (want a list such as 2,3,4)", part)
		}
		if n < lo {
			return nil, fmt.Errorf("%d, want ≥ %d", n, lo)
		}
		out = append(out, n)
	}
	return out, nil
}

// Ranges reads a list of integers of at least lo that may hold ranges:
// "2..8", "2-8", "2,3,5..7" (a range of at most 1001 integers).
func Ranges(s string, lo int) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		a, z, ok := strings.Cut(part, "..")
		if !ok {
			a, z, ok = strings.Cut(part, "-")
		}
		if !ok {
			n, err := Ints(part, lo)
			if err != nil {
				return nil, err
			}
			out = append(out, n...)
			continue
		}
		from, err1 := strconv.Atoi(strings.TrimSpace(a))
		to, err2 := strconv.Atoi(strings.TrimSpace(z))
		switch {
		case err1 != nil || err2 != nil:
			return nil, fmt.Errorf("%q is not a range (want for example 2..8)", part)
		case from < lo:
			return nil, fmt.Errorf("%d, want ≥ %d", from, lo)
		case to < from:
			return nil, fmt.Errorf("empty range %q", part)
		case to-from > 1000:
			return nil, fmt.Errorf("range %q is too long", part)
		}
		for n := from; n <= to; n++ {
			out = append(out, n)
		}
	}
	return out, nil
}

// Orderings reads a comma-separated list of the orderings of random
// uniform trees (random.ParseOrdering).
func Orderings(s string) ([]random.Ordering, error) {
	var out []random.Ordering
	for _, name := range strings.Split(s, ",") {
		o, err := random.ParseOrdering(name)
		if err != nil {
			return nil, fmt.Errorf("unknown ordering %q (want natural, best or worst)", name)
		}
		out = append(out, o)
	}
	return out, nil
}

// Probabilities reads a comma-separated list of probabilities in [0, 1].
func Probabilities(s string) ([]float64, error) {
	var out []float64
	for _, part := range strings.Split(s, ",") {
		p, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || !(p >= 0 && p <= 1) {
			return nil, fmt.Errorf("%q is not a probability in [0, 1] (want a list such as 0,0.5,1)", part)
		}
		out = append(out, p)
	}
	return out, nil
}

// Schedule reads the comma-separated depths of an iterative deepening
// schedule; whether they suit a search (increasing, within its depth) is
// for algos.Validate to say.
func Schedule(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("%q is not a depth (want increasing depths such as 2,3,6)", part)
		}
		out = append(out, d)
	}
	return out, nil
}
