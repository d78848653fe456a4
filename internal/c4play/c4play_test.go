package c4play

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// knownPositions are the first lines of testdata/connect4/begin-easy.txt:
// moves and Pons' score.
func knownPositions(t *testing.T, n int) map[string]int {
	t.Helper()
	f, err := os.Open("../../testdata/connect4/begin-easy.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		moves, score, ok := strings.Cut(sc.Text(), " ")
		s, err := strconv.Atoi(score)
		if !ok || err != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		out[moves] = s
	}
	return out
}

func newPlayer(t *testing.T) *Player {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestScoresEqualTheSolver: every move's score is pkg/connect4's score of
// the position after it, negated, by a solver reset before each; the best of them is
// the test set's score of the position; the chosen move reaches it.
func TestScoresEqualTheSolver(t *testing.T) {
	p := newPlayer(t)
	ref, err := connect4.New(connect4.Default())
	if err != nil {
		t.Fatal(err)
	}
	for moves, want := range knownPositions(t, 4) {
		pos, err := connect4.ParsePosition(moves)
		if err != nil {
			t.Fatal(err)
		}
		scores, nodes, err := p.Scores(pos)
		if err != nil {
			t.Fatal(err)
		}
		if nodes <= 0 {
			t.Errorf("%s: %d nodes", moves, nodes)
		}
		best := -100
		for _, s := range scores {
			c := pos.Play(s.Column - 1)
			var fresh int
			if fs, over := c.Score(); over {
				fresh = -fs
			} else {
				ref.Reset()
				r, err := ref.Solve(c)
				if err != nil {
					t.Fatal(err)
				}
				fresh = -r.Score
			}
			if s.Score != fresh {
				t.Errorf("%s, column %d: score %d, the solver says %d", moves, s.Column, s.Score, fresh)
			}
			if s.Text != Text(pos, s.Score) {
				t.Errorf("%s, column %d: text %q", moves, s.Column, s.Text)
			}
			best = max(best, s.Score)
		}
		if best != want {
			t.Errorf("%s: best move scores %d, the test set says %d", moves, best, want)
		}
		col, score, _, err := p.SolverMove(pos)
		if err != nil {
			t.Fatal(err)
		}
		if score != want {
			t.Errorf("%s: solver move's score %d, want %d", moves, score, want)
		}
		for _, s := range scores {
			if s.Column == col && s.Score != want {
				t.Errorf("%s: the solver plays %d, which scores %d, not %d", moves, col, s.Score, want)
			}
		}
	}
}

// TestText: the words of a score count moves as the doc says.
func TestText(t *testing.T) {
	p := newPlayer(t)
	// After 4455, X's 3rd stone in 3 or 6 makes an open three: X wins
	// with its 4th stone, the move after this one (Pons: 18).
	pos, _ := connect4.ParsePosition("4455")
	if s := Text(pos, 18); s != "win in 2" {
		t.Errorf("4455: 18 reads %q", s)
	}
	pos, _ = connect4.ParsePosition("445566")
	if s := Text(pos, winNow(pos)); s != "win in 1" {
		t.Errorf("445566: an immediate win reads %q", s)
	}
	// O to move after 44556: X threatens 3 and 7 at once; O loses to X's
	// next move whatever it plays but 3 or 7, after which X still wins.
	pos, _ = connect4.ParsePosition("44556")
	scores, _, _ := p.Scores(pos)
	for _, s := range scores {
		if s.Column != 3 && s.Column != 7 && (s.Score != -18 || s.Text != "lose in 1") {
			t.Errorf("44556, column %d: %d %q, want -18 lose in 1", s.Column, s.Score, s.Text)
		}
	}
}

// TestSearchMove: every registry search takes the immediate win of
// 445566 (columns 3 and 7) at depths 1 and 3, counting nodes.
func TestSearchMove(t *testing.T) {
	pos, _ := connect4.ParsePosition("445566")
	for _, name := range algos.Names() {
		for _, depth := range []int{1, 3} {
			col, value, nodes, err := SearchMove(pos, name, depth)
			if err != nil {
				t.Errorf("%s depth %d: %v", name, depth, err)
				continue
			}
			if col != 3 && col != 7 {
				t.Errorf("%s depth %d: column %d, want 3 or 7", name, depth, col)
			}
			if value != connect4.ValueScale*18 {
				t.Errorf("%s depth %d: value %d, want %d", name, depth, value, connect4.ValueScale*18)
			}
			if nodes < 2 {
				t.Errorf("%s depth %d: %d nodes", name, depth, nodes)
			}
		}
	}
	// Centre first: among equal values the most central move.
	if col, _, _, err := SearchMove(connect4.NewPosition(), "alphabeta", 2); err != nil || col != 4 {
		t.Errorf("alphabeta at depth 2 opens in column %d (%v), want 4", col, err)
	}
	if _, _, _, err := SearchMove(pos, "alphabeta", 0); err == nil {
		t.Error("depth 0: no error")
	}
	if _, _, _, err := SearchMove(pos, "nosuch", 2); err == nil || !strings.Contains(err.Error(), "unknown algorithm") {
		t.Errorf("unknown algorithm: %v", err)
	}
}

// TestFour: the winning four, in every direction.
func TestFour(t *testing.T) {
	for moves, want := range map[string]string{
		"1122334":     "1-1 2-1 3-1 4-1", // X along the bottom
		"121233":      "",                // nobody has won
		"12234334544": "1-1 2-2 3-3 4-4", // X up the diagonal
		"76654554344": "4-4 5-3 6-2 7-1", // its mirror image
	} {
		pos, err := connect4.ParsePosition(moves)
		if err != nil {
			t.Fatalf("%s: %v", moves, err)
		}
		if got := strings.Join(Four(pos, 'X'), " "); got != want {
			t.Errorf("%s: four %q, want %q (won: %v)\n%s", moves, got, want, pos.Won(), pos)
		}
	}
}

// TestHandle: the JSON the worker passes, bad input included.
func TestHandle(t *testing.T) {
	p := newPlayer(t)
	var info Reply
	if err := json.Unmarshal([]byte(p.Handle(`{"op":"info"}`)), &info); err != nil {
		t.Fatal(err)
	}
	if len(info.Opponents) != len(algos.Names())+1 || info.Opponents[0] != Solver || info.TableBytes < 30<<20 || info.TableBytes > 34<<20 {
		t.Errorf("info: %+v", info)
	}
	var mv Reply
	json.Unmarshal([]byte(p.Handle(`{"op":"move","moves":"445566","opponent":"solver"}`)), &mv)
	if mv.Error != "" || mv.Column != 3 || mv.Score == nil || *mv.Score != 18 {
		t.Errorf("solver move: %+v", mv)
	}
	mv = Reply{}
	json.Unmarshal([]byte(p.Handle(`{"op":"move","moves":"4455","opponent":"pvs","depth":4}`)), &mv)
	if mv.Error != "" || mv.Column < 1 || mv.Column > 7 || mv.Value == nil || mv.Nodes < 5 {
		t.Errorf("pvs move: %+v", mv)
	}
	for moves, want := range map[string]string{"": `{"nodes":0,"micros":0,"toMove":"X"}`, "4": `{"toMove":"O","nodes":0,"micros":0}`,
		"1212121": `{"over":true,"winner":"X","four":["1-1","1-2","1-3","1-4"],"nodes":0,"micros":0}`, "12121232": `{"over":true,"winner":"O","four":["2-1","2-2","2-3","2-4"],"nodes":0,"micros":0}`} {
		var got, w Reply
		json.Unmarshal([]byte(p.Handle(`{"op":"status","moves":"`+moves+`"}`)), &got)
		json.Unmarshal([]byte(want), &w)
		if got.Over != w.Over || got.Winner != w.Winner || got.ToMove != w.ToMove || got.Error != "" || len(got.Four) != len(w.Four) {
			t.Errorf("status of %q: %+v, want %s", moves, got, want)
		}
	}
	for req, want := range map[string]string{
		`{"op":"scores","moves":"48"}`:                       `offset 1`,
		`{"op":"scores","moves":"4444444"}`:                  `column 4 is full`,
		`{"op":"move","moves":"1212121"}`:                    `already over`,
		`{"op":"fly","moves":"4"}`:                           `unknown op`,
		`{"op":"move","moves":"4","opponent":"x","depth":2}`: `unknown algorithm`,
		`not json`: `invalid character`,
	} {
		var r Reply
		out := p.Handle(req)
		if err := json.Unmarshal([]byte(out), &r); err != nil || !strings.Contains(r.Error, want) || r.Column != 0 || r.Scores != nil {
			t.Errorf("%s: %s, want an error with %q", req, out, want)
		}
	}
}
