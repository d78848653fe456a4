package connect4_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestSolveAtOnce: a win with the next stone is found at the root, in one
// node; a finished game is an error.
func TestSolveAtOnce(t *testing.T) {
	// A win with the next stone is found at the root: one node.
	q, _ := gametree.ParseConnectFour("121212")
	if r, _ := connect4.Solve(q, nil); r.Score != 18 || r.Nodes != 1 {
		t.Errorf("Solve(121212) = %+v, want score 18 (X's 4th stone wins at once) in 1 node", r)
	}
	if _, err := connect4.Solve(mustParse(t, "1212121"), nil); !errors.Is(err, connect4.ErrOver) {
		t.Errorf("Solve of a finished game: %v, want ErrOver", err)
	}
}

// TestSolveEndgames compares the solver with an exhaustive negamax (no
// pruning) over gametree's Connect Four on random positions with at most
// eight empty cells: strong and weak, both move orders.
func TestSolveEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200
	if testing.Short() {
		n = 40
	}
	var nodes [2]uint64 // natural order, centre first (strong)
	for found := 0; found < n; {
		p, ok := randomPosition(rng, 34+rng.IntN(5))
		if !ok {
			continue
		}
		found++
		want := exhaustive(p)
		for _, opt := range []connect4.Options{{CentreFirst: true}, {}, {Weak: true}, {CentreFirst: true, Weak: true}} {
			r, err := connect4.Solve(p, &opt)
			w := want
			if opt.Weak {
				w = sign(want)
			}
			if err != nil || r.Score != w {
				t.Fatalf("Solve(%+v) of\n%s\n= %+v, %v; the exhaustive search says %d", opt, p, r, err, w)
			}
			if !opt.Weak {
				nodes[b2i(opt.CentreFirst)] += r.Nodes
			}
		}
	}
	t.Logf("nodes on %d endgames: left to right %d, centre first %d", n, nodes[0], nodes[1])
	// The ordering changes how the search ran, not what it returns.
	if nodes[0] == nodes[1] {
		t.Errorf("both move orders visited %d nodes: the order is not used", nodes[0])
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// randomPosition plays moves random moves from the empty board; ok is false
// when the game ended on the way.
func randomPosition(rng *rand.Rand, moves int) (gametree.ConnectFour, bool) {
	p := gametree.NewConnectFour()
	for range moves {
		children := p.Children(nil)
		if len(children) == 0 {
			return p, false
		}
		p = children[rng.IntN(len(children))]
	}
	return p, !p.Over()
}

// exhaustive is negamax over the whole tree below p, from the side to move:
// a finished game is worth its Value divided by the scale, times the color.
func exhaustive(p gametree.ConnectFour) int {
	children := p.Children(nil)
	if len(children) == 0 {
		return int(p.ToMove()) * p.Value() / gametree.C4Score
	}
	best := -1 << 30
	for _, c := range children {
		best = max(best, -exhaustive(c))
	}
	return best
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func mustParse(t *testing.T, s string) gametree.ConnectFour {
	t.Helper()
	p, err := gametree.ParseConnectFour(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
