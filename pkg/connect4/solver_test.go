package connect4_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// TestSolveAtOnce: a win with the next stone is found at the root: in one
// node by Pons' early parts (it is the negamax function's first check),
// before any node from part 9 on (the function assumes there is none); a
// finished game is an error.
func TestSolveAtOnce(t *testing.T) {
	q := mustParse(t, "121212")
	for _, c := range []struct {
		part  int
		nodes uint64
	}{{4, 1}, {8, 1}, {9, 0}, {12, 0}} {
		o, _ := connect4.Part(c.part)
		if r, err := connect4.Solve(q, &o); err != nil || r.Score != 18 || r.Nodes != c.nodes {
			t.Errorf("part %d: Solve(121212) = %+v, %v; want score 18 (X's 4th stone wins at once) in %d nodes", c.part, r, err, c.nodes)
		}
	}
	if r, _ := connect4.Solve(q, nil); r.Score != 18 || r.Nodes != 0 || r.Searches != 0 {
		t.Errorf("default: Solve(121212) = %+v, want score 18 in 0 nodes and 0 searches", r)
	}
	if _, err := connect4.Solve(mustParse(t, "1212121"), nil); !errors.Is(err, connect4.ErrOver) {
		t.Errorf("Solve of a finished game: %v, want ErrOver", err)
	}
}

// variants are the option sets the endgame test checks: each of Pons' parts
// and the default with each of its own steps left out.
func variants(t *testing.T) (names []string, opts []connect4.Options) {
	for n := connect4.FirstPart; n <= connect4.LastPart; n++ {
		o, err := connect4.Part(n)
		if err != nil {
			t.Fatal(err)
		}
		names, opts = append(names, fmt.Sprintf("part %d", n)), append(opts, o)
	}
	d := connect4.Default()
	noMirror, noETC, bound, noLook := d, d, d, d
	noMirror.Mirror, noETC.ETC, bound.Table, noLook.Lookahead = false, false, connect4.BoundTable, false
	names = append(names, "default", "default without Mirror", "default without ETC", "default with part 12's table", "default without Lookahead")
	opts = append(opts, d, noMirror, noETC, bound, noLook)
	return names, opts
}

// TestSolveEndgames compares every variant of the solver with an exhaustive
// negamax (no pruning) over connect4.Position on random positions with
// at most eight empty cells, strong and weak, one solver per variant reused
// (and Reset) from position to position; then checks that each step changed
// how the search ran.
func TestSolveEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200
	if testing.Short() {
		n = 40
	}
	names, opts := variants(t)
	solvers := make([][2]*connect4.Solver, len(opts)) // strong, weak
	for i, o := range opts {
		for w := range 2 {
			o.Weak = w == 1
			o.TableBits = 16
			s, err := connect4.New(o)
			if err != nil {
				t.Fatal(err)
			}
			solvers[i][w] = s
		}
	}
	nodes := make([]uint64, len(opts)) // strong
	for found := 0; found < n; {
		p, ok := randomPosition(rng, 34+rng.IntN(5))
		if !ok {
			continue
		}
		found++
		want := exhaustive(p)
		for i := range opts {
			for w, s := range solvers[i] {
				s.Reset()
				r, err := s.Solve(p)
				wv := want
				if w == 1 {
					wv = connect4.WeakScore(want)
				}
				if err != nil || r.Score != wv {
					t.Fatalf("%s (weak %v): Solve of\n%s\n= %+v, %v; the exhaustive search says %d", names[i], w == 1, p, r, err, wv)
				}
				if w == 0 {
					nodes[i] += r.Nodes
				}
			}
		}
	}
	for i := range opts {
		t.Logf("%-30s %7d nodes on %d endgames", names[i], nodes[i], n)
	}
	// How the searches ran: centre first beats left to right (part 5 < 4);
	// the bitboards of part 6 and the entry of part 11 change nothing; the
	// table and non-losing moves save nodes (7 < 6, 9 < 8); lower bounds
	// save nodes (12 < 11); this package's default beats part 12.
	at := func(part int) uint64 { return nodes[part-connect4.FirstPart] }
	def := nodes[connect4.LastPart-connect4.FirstPart+1]
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"centre first (5) < left to right (4)", at(5) < at(4)},
		{"bitboards (6) = 5", at(6) == at(5)},
		{"a table (7) < 6", at(7) < at(6)},
		{"no losing moves (9) < 8", at(9) < at(8)},
		{"smaller entries (11) = 10", at(11) == at(10)},
		{"lower bounds (12) <= 11", at(12) <= at(11)},
		{"default < part 12", def < at(12)},
		{"default < default without Lookahead", def < nodes[len(nodes)-1]},
	} {
		if !c.ok {
			t.Errorf("%s does not hold: nodes per part 4–12 %v, default %d", c.what, nodes[:9], def)
		}
	}
}

// TestOptions: bad options are errors, each part's options are what its
// number says, and the table's memory follows TableBits.
func TestOptions(t *testing.T) {
	for _, n := range []int{3, 13, -1} {
		if _, err := connect4.Part(n); err == nil {
			t.Errorf("Part(%d): no error", n)
		}
	}
	for _, o := range []connect4.Options{
		{TableBits: 15, Table: connect4.UpperTable},
		{TableBits: 31, Table: connect4.UpperTable},
		{Mirror: true},
		{ETC: true},
		{Table: connect4.FullTable + 1},
	} {
		if _, err := connect4.New(o); err == nil {
			t.Errorf("New(%+v): no error", o)
		}
	}
	s, err := connect4.New(connect4.Default())
	if err != nil {
		t.Fatal(err)
	}
	if got := s.TableBytes(); got != 8*8388617 {
		t.Errorf("default table: %d bytes, want 8 × 8,388,617 (the first prime above 2^23)", got)
	}
	s, _ = connect4.New(connect4.Options{Table: connect4.UpperTable, TableBits: 16})
	if got := s.TableBytes(); got != 8*65537 {
		t.Errorf("TableBits 16: %d bytes, want 8 × 65,537", got)
	}
	p7, _ := connect4.Part(7)
	s, _ = connect4.New(p7)
	if got := s.TableBytes(); got != 8*8388593 {
		t.Errorf("part 7's table: %d bytes, want 8 × 8,388,593 (his prime below 2^23)", got)
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
func randomPosition(rng *rand.Rand, moves int) (connect4.Position, bool) {
	p := connect4.NewPosition()
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
func exhaustive(p connect4.Position) int {
	children := p.Children(nil)
	if len(children) == 0 {
		return int(p.ToMove()) * p.Value() / connect4.ValueScale
	}
	best := -1 << 30
	for _, c := range children {
		best = max(best, -exhaustive(c))
	}
	return best
}

func mustParse(t *testing.T, s string) connect4.Position {
	t.Helper()
	p, err := connect4.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBetween: Between returns the score clamped to one past the range
// asked, for the one-search parts and the bisecting ones alike; Above(v)
// tells whether the score is above v in at most one search.
func TestBetween(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var solvers []*connect4.Solver
	for _, n := range []int{4, 7, 12} {
		o, _ := connect4.Part(n)
		o.TableBits = 16
		s, _ := connect4.New(o)
		solvers = append(solvers, s)
	}
	d := connect4.Default()
	d.TableBits = 16
	s, _ := connect4.New(d)
	solvers = append(solvers, s)
	if _, err := s.Between(connect4.NewPosition(), 3, 2); err == nil {
		t.Error("Between with an empty range: no error")
	}
	for found := 0; found < 100; {
		p, ok := randomPosition(rng, 33+rng.IntN(5))
		if !ok {
			continue
		}
		found++
		want := exhaustive(p)
		lo := -8 + rng.IntN(12)
		hi := lo + rng.IntN(6)
		for i, s := range solvers {
			s.Reset()
			r, err := s.Between(p, lo, hi)
			if w := min(max(want, lo-1), hi+1); err != nil || r.Score != w {
				t.Fatalf("solver %d: Between(%d, %d) of\n%s\n= %+v, %v; want %d (score %d)", i, lo, hi, p, r, err, w, want)
			}
			s.Reset()
			if above, r, err := s.Above(p, lo); err != nil || above != (want > lo) || r.Searches > 1 {
				t.Fatalf("solver %d: Above(%d) of\n%s\n= %v (%+v), %v; the score is %d", i, lo, p, above, r, err, want)
			}
		}
	}
}
