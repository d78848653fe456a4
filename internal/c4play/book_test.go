package c4play

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

func embeddedBook(t *testing.T) *Book {
	t.Helper()
	b, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEmbeddedBook: the embedded book is BookPliesX and BookPliesO deep,
// every position a
// game against the solver reaches before then is in it, and every entry is
// such a position; its bytes round-trip.
func TestEmbeddedBook(t *testing.T) {
	b := embeddedBook(t)
	if x, o := b.SidePlies(); x != BookPliesX || o != BookPliesO {
		t.Errorf("the book is %d plies deep for X, %d for O, want %d and %d (go generate ./internal/c4play)", x, o, BookPliesX, BookPliesO)
	}
	perPly := map[int]int{}
	n := 0
	missing := b.Walk(func(e BookEntry) {
		n++
		perPly[len(e.Moves)]++
	})
	if len(missing) > 0 {
		t.Errorf("%d positions a game reaches are not in the book, as %v", len(missing), missing[:min(5, len(missing))])
	}
	if n != b.Len() {
		t.Errorf("a game reaches %d of the book's %d positions", n, b.Len())
	}
	t.Logf("%d positions (by stones: %v), %d bytes", b.Len(), perPly, len(b.Bytes()))
	c, err := ParseBook(b.Bytes())
	if err != nil || c.Len() != b.Len() || c.Plies() != b.Plies() {
		t.Errorf("round trip: %v, %d positions", err, c.Len())
	}
}

// TestBookAgainstTheSolver samples the book's deepest positions (the
// cheapest to solve: the shallower ones cost minutes each), every sixth of
// them, and checks each
// against pkg/connect4's solver: the score is exact (above score − 1, not
// above score) and the book's move reaches it.
func TestBookAgainstTheSolver(t *testing.T) {
	b := embeddedBook(t)
	var sample []BookEntry
	n := 0
	deepest := b.Plies()
	b.Walk(func(e BookEntry) {
		if len(e.Moves) == deepest {
			if n%6 == 0 {
				sample = append(sample, e)
			}
			n++
		}
	})
	if testing.Short() {
		sample = sample[:min(1, len(sample))]
	}
	s, err := connect4.New(connect4.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range sample {
		pos, err := connect4.ParsePosition(e.Moves)
		if err != nil {
			t.Fatal(err)
		}
		above, _, err := s.Above(pos, e.Score-1)
		if err != nil {
			t.Fatal(err)
		}
		notAbove, _, err := s.Above(pos, e.Score)
		if err != nil {
			t.Fatal(err)
		}
		if !above || notAbove {
			t.Errorf("%s: the book's score %d is wrong (above %d: %v, above %d: %v)", e.Moves, e.Score, e.Score-1, above, e.Score, notAbove)
		}
		child := pos.Play(e.Column - 1)
		if child.Won() {
			if e.Score != winNow(pos) {
				t.Errorf("%s: column %d wins at once, score %d, not %d", e.Moves, e.Column, winNow(pos), e.Score)
			}
			continue
		}
		// −child's score ≥ the score: the child's is not above −score.
		if childAbove, _, err := s.Above(child, -e.Score); err != nil || childAbove {
			t.Errorf("%s: the book's column %d does not reach its score %d (%v)", e.Moves, e.Column, e.Score, err)
		}
	}
	t.Logf("%d book positions checked against the solver", len(sample))
}

// TestPlayerUsesTheBook: against the solver from the empty board, its
// first move and the reader's scores after it come from the book, in no
// nodes; a mirrored position gets the mirrored move.
func TestPlayerUsesTheBook(t *testing.T) {
	b := embeddedBook(t)
	if b.Plies() < 2 {
		t.Fatalf("the book is %d plies deep: scoring after 4 without it takes minutes", b.Plies())
	}
	p, err := NewWithBook(b)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := p.Do(Request{Op: "move", Moves: "", Opponent: Solver})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Book != 1 || rep.Nodes != 0 || rep.Column != 4 || rep.Score == nil || *rep.Score != 1 {
		t.Errorf("the solver's first move: %+v, want column 4 (score 1) from the book", rep)
	}
	rep, err = p.Do(Request{Op: "scores", Moves: "4"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Book != 7 || rep.Nodes != 0 || len(rep.Scores) != 7 {
		t.Errorf("the reader's scores after 4: %+v, want 7 from the book", rep)
	}
	best := -100
	for _, s := range rep.Scores {
		best = max(best, s.Score)
	}
	if best != -1 {
		t.Errorf("after 4, O's best move scores %d, want −1 (X wins)", best)
	}
	if BookPliesO < 1 {
		return // no O side: the solver's answers to a first move are searched
	}
	// "1" and "7" are mirror images: the solver's answers mirror.
	a, err1 := p.Do(Request{Op: "move", Moves: "1", Opponent: Solver})
	m, err2 := p.Do(Request{Op: "move", Moves: "7", Opponent: Solver})
	if err1 != nil || err2 != nil || a.Book != 1 || m.Book != 1 || a.Column != 8-m.Column || *a.Score != *m.Score {
		t.Errorf("after 1: %+v; after 7: %+v (%v, %v)", a, m, err1, err2)
	}
	if _, _, ok := b.Lookup(mustPosition(t, "11")); ok {
		t.Error(`"11" is in the book, yet the solver as X never lets it happen`)
	}
}

func mustPosition(t *testing.T, moves string) connect4.Position {
	t.Helper()
	p, err := connect4.ParsePosition(moves)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParseBook: bad books are errors.
func TestParseBook(t *testing.T) {
	for _, data := range [][]byte{make([]byte, 7), make([]byte, 16), {7, 0, 0, 0, 0, 0, 0, 0}} {
		if _, err := ParseBook(data); err == nil {
			t.Errorf("ParseBook(%v) is not an error", data)
		}
	}
	if b, err := ParseBook(nil); err != nil || b.Len() != 0 {
		t.Errorf("an empty book: %v", err)
	}
	if stones(key(mustPosition(t, "4455671"))) != 7 || stones(0) != 0 {
		t.Error("stones miscounts")
	}
}
