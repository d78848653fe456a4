package connect4_test

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
)

// TestConnectFourPositions counts the distinct positions after n plies,
// breadth first, and compares them with OEIS A212693 (finished games are
// counted but not continued). Positions are told apart by their boards, not
// by Key, and every board must have a key of its own.
func TestConnectFourPositions(t *testing.T) {
	want := []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}
	if testing.Short() {
		want = want[:7]
	}
	level := map[string]connect4.Position{connect4.NewPosition().String(): connect4.NewPosition()}
	var buf []connect4.Position
	for ply, n := range want {
		if len(level) != n {
			t.Fatalf("after %d plies: %d distinct positions, want %d (OEIS A212693)", ply, len(level), n)
		}
		keys := make(map[uint64]string, len(level))
		next := make(map[string]connect4.Position, 5*len(level))
		for s, p := range level {
			if other, dup := keys[p.Key()]; dup {
				t.Fatalf("after %d plies: two boards share the key %#x:\n%s\n\n%s", ply, p.Key(), s, other)
			}
			keys[p.Key()] = s
			if p.Moves() != ply {
				t.Fatalf("a position after %d plies says Moves() = %d", ply, p.Moves())
			}
			buf = p.Children(buf[:0])
			for _, c := range buf {
				next[c.String()] = c
			}
		}
		level = next
	}
}

func TestConnectFourConformance(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	gametreetest.Run(t, connect4.NewPosition(), n)
	mid, err := connect4.ParsePosition("4455663")
	if err != nil {
		t.Fatal(err)
	}
	gametreetest.Run(t, mid, n)
}

func TestConnectFourParse(t *testing.T) {
	for _, tt := range []struct{ moves, err string }{
		{"", ""},
		{"4455", ""},
		{"1212121", ""}, // X's fourth stone in column 1 wins: finished, not an error
		{"48", "offset 1: '8' is not a column digit 1-7"},
		{"40", "offset 1: '0' is not a column digit 1-7"},
		{"4 4", "offset 1: ' ' is not a column digit 1-7"},
		{"1111111", "offset 6: column 1 is full"},
		{"12121212", "offset 7: the game is already won"},
	} {
		p, err := connect4.ParsePosition(tt.moves)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("ParsePosition(%q): %v", tt.moves, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParsePosition(%q) = %v, want an error with %q", tt.moves, err, tt.err)
		case tt.err == "" && p.Moves() != len(tt.moves):
			t.Errorf("ParsePosition(%q) has %d stones", tt.moves, p.Moves())
		}
	}
	p, _ := connect4.ParsePosition("44556")
	want := ".......\n.......\n.......\n.......\n...OO..\n...XXX."
	if p.String() != want {
		t.Errorf("44556 draws\n%s\nwant\n%s", p, want)
	}
	if p.At(5, 0) != 'X' || p.At(3, 1) != 'O' || p.At(0, 0) != '.' || p.At(7, 0) != 0 {
		t.Errorf("At disagrees with the board\n%s", p)
	}
	if p.ToMove() != gametree.Min {
		t.Errorf("after 5 moves O is to move, got %v", p.ToMove())
	}
	for i, name := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		if p.MoveName(i) != name || p.MoveKey(i) != i {
			t.Errorf("move %d: name %q key %d, want %q %d", i, p.MoveName(i), p.MoveKey(i), name, i)
		}
	}
}

// TestConnectFourValue checks finished games' scores (Pons' convention) and
// the open-threats heuristic.
func TestConnectFourValue(t *testing.T) {
	for _, tt := range []struct {
		moves       string
		score       int // from the side to move; 99: not finished
		value       int
		description string
	}{
		{"1212121", -18, 18 * connect4.ValueScale, "X wins with its 4th stone"},
		{"3213241211", -17, -17 * connect4.ValueScale, "O wins with its 5th stone, a diagonal"},
		{"", 99, 0, "empty board"},
		{"4455", 99, 0, "two stones each: no threats"},
		{"44556", 99, 2, "X's three on the bottom: two open ends"},
		{"445566", 99, 0, "three each: two threats each"},
		{"17274", 99, 1, "X's broken three (columns 1, 2 and 4): the gap is its threat"},
		{"71614", 99, 1, "X's broken three (columns 7, 6 and 4): the gap is its threat"},
	} {
		p, err := connect4.ParsePosition(tt.moves)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := p.Score()
		if tt.score == 99 {
			if ok {
				t.Errorf("%s (%q): Score() = %d, ok, but the game is not over", tt.description, tt.moves, s)
			}
		} else if !ok || s != tt.score {
			t.Errorf("%s (%q): Score() = %d, %v, want %d", tt.description, tt.moves, s, ok, tt.score)
		}
		if p.Value() != tt.value {
			t.Errorf("%s (%q): Value() = %d, want %d\n%s", tt.description, tt.moves, p.Value(), tt.value, p)
		}
		if (tt.score != 99) != (len(p.Children(nil)) == 0) {
			t.Errorf("%s (%q): %d children", tt.description, tt.moves, len(p.Children(nil)))
		}
	}
}

// TestConnectFourScore4455 searches "4455" (Pons' example, score 18: the
// side to move, X, wins with its 4th stone) with a plain negamax written
// here: three plies find the win (X makes an open three, O blocks one end, X
// plays the other), and a win found within the horizon is exact; two plies
// find none.
func TestConnectFourScore4455(t *testing.T) {
	p, err := connect4.ParsePosition("4455")
	if err != nil {
		t.Fatal(err)
	}
	for depth := 3; depth <= 5; depth++ {
		if got := c4Negamax(p, depth, -1<<20, 1<<20); got != 18*connect4.ValueScale {
			t.Errorf("depth-%d negamax of 4455 = %d, want 18 × %d", depth, got, connect4.ValueScale)
		}
	}
	if got := c4Negamax(p, 2, -1<<20, 1<<20); got >= connect4.ValueScale || got <= -connect4.ValueScale {
		t.Errorf("depth-2 negamax of 4455 = %d: a result where none can be", got)
	}
}

// c4Negamax is a plain fail-hard negamax with alpha-beta, from the side to
// move's point of view.
func c4Negamax(p connect4.Position, depth, alpha, beta int) int {
	children := p.Children(nil)
	if depth == 0 || len(children) == 0 {
		return int(p.ToMove()) * p.Value()
	}
	for _, c := range children {
		v := -c4Negamax(c, depth-1, -beta, -alpha)
		if v >= beta {
			return beta
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// TestBoard: the picture of 4455 has X in columns 4 and 5 of the bottom
// row and O above them.
func TestBoard(t *testing.T) {
	c4, err := connect4.ParsePosition("4455")
	if err != nil {
		t.Fatal(err)
	}
	b := c4.Board()
	if b.Kind != gametree.Discs || len(b.Cells) != connect4.Height || len(b.Cells[0]) != connect4.Width {
		t.Fatalf("Connect Four board %d × %d", len(b.Cells), len(b.Cells[0]))
	}
	// Bottom row (last): X in column 4 (index 3), X in column 5; second
	// row from the bottom: O in both.
	bottom, above := b.Cells[connect4.Height-1], b.Cells[connect4.Height-2]
	if bottom[3] != gametree.MaxPiece || bottom[4] != gametree.MaxPiece || above[3] != gametree.MinPiece || above[4] != gametree.MinPiece || bottom[0] != gametree.Empty {
		t.Errorf("Connect Four 4455: bottom %v, above %v", bottom, above)
	}
	stones := 0
	for _, row := range b.Cells {
		for _, c := range row {
			if c != gametree.Empty {
				stones++
			}
		}
	}
	if stones != 4 {
		t.Errorf("%d stones, want 4", stones)
	}
}
