package games_test

import (
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
)

// winnerOf reads a board from its String form and returns 'x', 'o' or 0,
// independently of the package's bitmasks.
func winnerOf(board string) byte {
	b := strings.ReplaceAll(board, "\n", "")
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	for _, l := range lines {
		if b[l[0]] != '.' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			return b[l[0]]
		}
	}
	return 0
}

// TestTicTacToePerft counts the complete game tree, perft-style. The numbers
// are the well-known counts of tic-tac-toe: 255,168 possible games, of
// which 131,184 are won by X, 77,904 by O and 46,080 drawn; 549,946 nodes
// including the root; 5,478 distinct legal positions.
func TestTicTacToePerft(t *testing.T) {
	var nodes, played, xWins, oWins, draws int
	distinct := map[uint64]bool{}
	walk(games.NewTicTacToe(), func(p games.TicTacToe, path []int) {
		nodes++
		distinct[p.Key()] = true
		if len(p.Children(nil)) > 0 {
			return
		}
		played++
		empty := strings.Count(p.String(), ".")
		switch w := winnerOf(p.String()); {
		case w == 'x':
			xWins++
			if p.Value() != 10+empty {
				t.Errorf("%v: X won with %d empty squares: Value %d, want %d", path, empty, p.Value(), 10+empty)
			}
		case w == 'o':
			oWins++
			if p.Value() != -(10 + empty) {
				t.Errorf("%v: O won with %d empty squares: Value %d, want %d", path, empty, p.Value(), -(10 + empty))
			}
		case empty == 0:
			draws++
			if p.Value() != 0 {
				t.Errorf("%v: drawn: Value %d, want 0", path, p.Value())
			}
		default:
			t.Errorf("%v: terminal without a winner or a full board:\n%v", path, p)
		}
	})
	counts := []struct {
		name      string
		got, want int
	}{
		{"nodes", nodes, 549946},
		{"complete games", played, 255168},
		{"X wins", xWins, 131184},
		{"O wins", oWins, 77904},
		{"draws", draws, 46080},
		{"distinct positions", len(distinct), 5478},
	}
	for _, c := range counts {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.name, c.got, c.want)
		}
	}
}

// TestTicTacToeMinimax checks game values with a small independent minimax.
func TestTicTacToeMinimax(t *testing.T) {
	tests := []struct {
		name, board string
		want        int
	}{
		{"empty board is a draw", ".........", 0},
		{"X wins at once with 4 empty squares left", "xx.oo....", 14},
		{"O to move blocks, then draws", "x...o...x", 0},
		{"O to move wins at once", "xx.oo.x..", -13},
		{"X corner, O adjacent edge: X forces a win on the 7th ply", "xo.......", 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := games.ParseTicTacToe(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			if got := plainMinimax(p); got != tt.want {
				t.Errorf("minimax of\n%v\n= %d, want %d", p, got, tt.want)
			}
		})
	}
}

func TestTicTacToeValue(t *testing.T) {
	tests := []struct {
		name, board string
		want        int
	}{
		{"empty: 8 open lines each", ".........", 0},
		{"X centre: O keeps 4 of 8 lines", "....x....", 8 - 4},
		{"X corner: O keeps 5", "x........", 8 - 5},
		{"X edge: O keeps 6", ".x.......", 8 - 6},
		{"X corner, O centre: 4 for X, 5 for O", "x...o....", 4 - 5},
		{"X won a row with 4 empty", "xxx.oo...", 14},
		{"O won a column with 1 empty", "oxxoxxo.o", -11},
		{"X won on the last move", "xoxoxoxox", 10},
		{"full board drawn", "xoxxoxoxo", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := games.ParseTicTacToe(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Value(); got != tt.want {
				t.Errorf("Value of\n%v\n= %d, want %d", p, got, tt.want)
			}
		})
	}
	// The heuristic of every unfinished position is strictly inside ±10.
	walk(games.NewTicTacToe(), func(p games.TicTacToe, path []int) {
		if v := p.Value(); len(p.Children(nil)) > 0 && (v <= -10 || v >= 10) {
			t.Fatalf("%v: unfinished position has Value %d", path, v)
		}
	})
}

func TestTicTacToeParse(t *testing.T) {
	good := []struct {
		in, want string
		toMove   gametree.Player
	}{
		{".........", "...\n...\n...", gametree.Max},
		{"x.. .o. ..x", "x..\n.o.\n..x", gametree.Min},
		{"X..\n.O.\n...\n", "x..\n.o.\n...", gametree.Max},
	}
	for _, tt := range good {
		p, err := games.ParseTicTacToe(tt.in)
		if err != nil {
			t.Errorf("ParseTicTacToe(%q): %v", tt.in, err)
			continue
		}
		if p.String() != tt.want || p.ToMove() != tt.toMove {
			t.Errorf("ParseTicTacToe(%q) = %q, %v to move; want %q, %v", tt.in, p.String(), p.ToMove(), tt.want, tt.toMove)
		}
		if q, err := games.ParseTicTacToe(p.String()); err != nil || q != p {
			t.Errorf("String does not read back: %q: %v, %v", p.String(), q, err)
		}
	}
	bad := []struct{ name, in string }{
		{"too short", "x.o"},
		{"too long", ".........."},
		{"bad character", "....#...."},
		{"O moved first", "o........"},
		{"X moved twice", "xx......."},
		{"both won", "xxxooo..."},
		{"O moved after X won", "xxxoo.o.."},
		{"X moved after O won", "ooox.xx.x"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if p, err := games.ParseTicTacToe(tt.in); err == nil {
				t.Errorf("ParseTicTacToe(%q) = %q, want an error", tt.in, p)
			}
		})
	}
}

func TestTicTacToeMoves(t *testing.T) {
	p := games.NewTicTacToe()
	kids := p.Children(nil)
	if len(kids) != 9 {
		t.Fatalf("empty board: %d moves, want 9", len(kids))
	}
	for i, c := range kids {
		want := strings.Repeat(".", i) + "x" + strings.Repeat(".", 8-i)
		if got := strings.ReplaceAll(c.String(), "\n", ""); got != want {
			t.Errorf("move %d gives %q, want %q", i, got, want)
		}
	}
	names := []struct {
		board string
		i     int
		want  string
	}{
		{".........", 0, "a1"},
		{".........", 2, "c1"},
		{".........", 3, "a2"},
		{".........", 8, "c3"},
		{"....x....", 4, "c2"}, // the empty squares are 0 1 2 3 5 6 7 8
		{"x.o.x....", 0, "b1"},
		{".........", 9, "9"},
		{"xxx.oo...", 0, "0"}, // finished: no moves
	}
	for _, tt := range names {
		p, err := games.ParseTicTacToe(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.MoveName(tt.i); got != tt.want {
			t.Errorf("%q: MoveName(%d) = %q, want %q", tt.board, tt.i, got, tt.want)
		}
	}
	if a := testing.AllocsPerRun(100, func() { kids = p.Children(kids[:0]) }); a != 0 {
		t.Errorf("Children into a pre-sized buffer: %v allocations, want 0", a)
	}
}

func TestTicTacToeConformance(t *testing.T) {
	n := 100000 // the whole tree (549,946 nodes) takes several seconds
	if testing.Short() {
		n = 20000
	}
	gametreetest.Run(t, games.NewTicTacToe(), n)
}

// walk calls f on every node below root in depth-first move order, with the
// path of moves that reached it.
func walk[P gametree.Position[P]](root P, f func(p P, path []int)) {
	var rec func(p P, path []int)
	rec = func(p P, path []int) {
		f(p, path)
		for j, c := range p.Children(nil) {
			rec(c, append(path, j))
		}
	}
	rec(root, nil)
}
