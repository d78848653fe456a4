// Package c4play is the logic of the site's Connect Four page
// (play/connect4.html): a game against pkg/connect4's perfect solver or
// one of pkg/algos' searches at a depth, as the page's WebAssembly worker
// (internal/wasm/connect4) runs it. It is a plain package so that its tests
// run natively; the worker only passes JSON strings to [Player.Handle] and
// back.
//
// # Scores
//
// The scores of the side to move's moves are Pons' (pkg/connect4): from the
// mover's side, 22 − the winner's stones for a win, 0 for a draw, negative
// for a loss. [MoveScore.Text] puts them as his blog's page does in words:
// "win in n" (n of the mover's own moves, this one included), "draw", or
// "lose in n" (the opponent wins with its n-th move from here).
//
// # Cost
//
// A [Player] keeps one solver and its table ([TableBits], 32 MiB, a size a
// browser tab affords) for the whole game: the table stays valid from one
// position to the next, so later moves reuse what earlier ones learnt.
// Solving a position with few stones is expensive (seconds to minutes with
// under ten stones); the page runs the solver in a Web Worker and offers a
// stop button. The course's searches run with a node budget ([MaxNodes]).
package c4play

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// TableBits is the size of the solver's table: about 2^22 entries of 8
// bytes, 32 MiB (pkg/connect4's default, 2^23, is 64 MiB).
const TableBits = 22

// Searches' limits: the depth a course search may be asked for, its node
// budget, and the size of its transposition table (24 bytes an entry).
const (
	MaxDepth  = 12
	MaxNodes  = 20_000_000
	TableSize = 1 << 18
)

// Solver is the opponent name of the perfect solver; any other is an
// algorithm of pkg/algos' registry.
const Solver = "solver"

// Request is what the page asks: Op "info" (the opponents), "status" (whether
// the game after Moves is over, and who won), "scores" (every
// legal move's score for the side to move after Moves, from the opening
// book where it has them), "solve" (the position's score, the table cleared
// first, as cutoff solve: a measure of speed) or "move" (the
// opponent's move after Moves: Opponent, and Depth for a search; the
// solver's from the book when the book holds the position).
type Request struct {
	Op       string `json:"op"`
	Moves    string `json:"moves"`
	Opponent string `json:"opponent,omitempty"`
	Depth    int    `json:"depth,omitempty"`
}

// MoveScore is one legal move's score.
type MoveScore struct {
	Column int    `json:"column"`         // 1–7
	Score  int    `json:"score"`          // Pons' score, from the mover's side
	Text   string `json:"text"`           // "win in 2", "draw", "lose in 5"
	Book   bool   `json:"book,omitempty"` // from the opening book
}

// Reply answers a Request. Error is set, and nothing else, for bad input.
type Reply struct {
	Error string `json:"error,omitempty"`
	// Info: the opponents the page offers (Solver first, then the
	// registry's names), the limits and the table's bytes.
	Opponents  []string `json:"opponents,omitempty"`
	MaxDepth   int      `json:"maxDepth,omitempty"`
	TableBytes int      `json:"tableBytes,omitempty"`
	// Info: the opening book's positions and their most stones.
	BookPositions int `json:"bookPositions,omitempty"`
	BookPlies     int `json:"bookPlies,omitempty"`
	// Status: the game after the moves is over; Winner is "X" or "O" for a
	// win, "" for a draw; ToMove is "X" or "O" while the game goes on.
	// Four is the winning four's cells, "column-row" (1-based, row 1 at
	// the bottom), as the page names them.
	Over   bool     `json:"over,omitempty"`
	Winner string   `json:"winner,omitempty"`
	Four   []string `json:"four,omitempty"`
	ToMove string   `json:"toMove,omitempty"`
	// Scores: every legal move's score, columns left to right.
	Scores []MoveScore `json:"scores,omitempty"`
	// Move: the opponent's column (1–7) and, for the solver, its score of
	// the position (Pons'); for a search, the heuristic value from X's side
	// (connect4.Position.Value's scale).
	Column int  `json:"column,omitempty"`
	Score  *int `json:"score,omitempty"`
	Value  *int `json:"value,omitempty"`
	// Scores and the solver's move: how many of the answers came from the
	// opening book (a move's or each move's score), not from a search.
	Book int `json:"book,omitempty"`
	// What the last request cost: the solver's negamax calls or the
	// search's nodes, and the time in microseconds.
	Nodes  int64 `json:"nodes"`
	Micros int64 `json:"micros"`
}

// Player answers the page's requests with one solver kept across them and
// the opening book.
type Player struct {
	solver *connect4.Solver
	book   *Book
}

// New returns a Player with a solver of connect4.Default's steps, a table
// of [TableBits] and the embedded opening book ([Embedded]).
func New() (*Player, error) {
	b, err := Embedded()
	if err != nil {
		return nil, err
	}
	return NewWithBook(b)
}

// NewWithBook returns a Player like New's with book (nil: none).
func NewWithBook(book *Book) (*Player, error) {
	o := connect4.Default()
	o.TableBits = TableBits
	s, err := connect4.New(o)
	if err != nil {
		return nil, err
	}
	return &Player{solver: s, book: book}, nil
}

// Handle answers a request given as JSON with a Reply as JSON.
func (p *Player) Handle(req string) string {
	var r Request
	var rep Reply
	var err error
	if err = json.Unmarshal([]byte(req), &r); err == nil {
		rep, err = p.Do(r)
	}
	if err != nil {
		rep = Reply{Error: err.Error()}
	}
	b, _ := json.Marshal(rep)
	return string(b)
}

// Do answers a request.
func (p *Player) Do(r Request) (Reply, error) {
	if r.Op == "info" {
		rep := Reply{Opponents: append([]string{Solver}, algos.Names()...), MaxDepth: MaxDepth, TableBytes: p.solver.TableBytes()}
		if p.book != nil {
			rep.BookPositions, rep.BookPlies = p.book.Len(), p.book.Plies()
		}
		return rep, nil
	}
	pos, err := connect4.ParsePosition(r.Moves)
	if err != nil {
		return Reply{}, err
	}
	if r.Op == "status" {
		switch {
		case pos.Won() && pos.Moves()%2 == 1:
			return Reply{Over: true, Winner: "X", Four: Four(pos, 'X')}, nil
		case pos.Won():
			return Reply{Over: true, Winner: "O", Four: Four(pos, 'O')}, nil
		case pos.Over():
			return Reply{Over: true}, nil
		case pos.Moves()%2 == 0:
			return Reply{ToMove: "X"}, nil
		}
		return Reply{ToMove: "O"}, nil
	}
	if pos.Over() {
		return Reply{}, connect4.ErrOver
	}
	begin := time.Now()
	var rep Reply
	switch r.Op {
	case "scores":
		rep.Scores, rep.Nodes, err = p.Scores(pos)
		for _, s := range rep.Scores {
			if s.Book {
				rep.Book++
			}
		}
	case "solve":
		// The position's score with the table cleared first, as cutoff
		// solve does: a measure of the solver's speed.
		var res connect4.Result
		p.solver.Reset()
		res, err = p.solver.Solve(pos)
		rep.Score, rep.Nodes = &res.Score, int64(res.Nodes)
	case "move":
		if r.Opponent == Solver {
			var score int
			if c, s, ok := p.book.Lookup(pos); ok {
				rep.Column, score, rep.Book = c+1, s, 1
			} else {
				rep.Column, score, rep.Nodes, err = p.SolverMove(pos)
			}
			rep.Score = &score
		} else {
			var value int
			rep.Column, value, rep.Nodes, err = SearchMove(pos, r.Opponent, r.Depth)
			rep.Value = &value
		}
	default:
		return Reply{}, fmt.Errorf("unknown op %q (known: info, status, scores, solve, move)", r.Op)
	}
	if err != nil {
		return Reply{}, err
	}
	rep.Micros = time.Since(begin).Microseconds()
	return rep, nil
}

// Four returns the cells of a four in a row of who's stones ('X' or 'O'),
// "column-row" (1-based, row 1 at the bottom), or nil: the first found
// scanning from the bottom left, horizontally, vertically, then diagonally.
func Four(pos connect4.Position, who byte) []string {
	for row := range connect4.Height {
		for col := range connect4.Width {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				var cells []string
				for k := range 4 {
					c, r := col+k*d[0], row+k*d[1]
					if pos.At(c, r) != who {
						break
					}
					cells = append(cells, fmt.Sprintf("%d-%d", c+1, r+1))
				}
				if len(cells) == 4 {
					return cells
				}
			}
		}
	}
	return nil
}

// winNow is the score of a move that wins at once in pos: the mover's next
// stone is its winning one.
func winNow(pos connect4.Position) int { return 22 - (pos.Moves()/2 + 1) }

// Scores returns the score of every legal move of pos's side to move, in
// columns left to right, and the solver's negamax calls.
func (p *Player) Scores(pos connect4.Position) ([]MoveScore, int64, error) {
	var out []MoveScore
	var nodes int64
	for col := range connect4.Width {
		if !pos.CanPlay(col) {
			continue
		}
		if _, s, ok := p.book.Lookup(pos.Play(col)); ok {
			out = append(out, MoveScore{Column: col + 1, Score: -s, Text: Text(pos, -s), Book: true})
			continue
		}
		s, n, err := p.moveScore(pos, col)
		if err != nil {
			return nil, 0, err
		}
		nodes += n
		out = append(out, MoveScore{Column: col + 1, Score: s, Text: Text(pos, s)})
	}
	return out, nodes, nil
}

// moveScore is the score of col in pos for the side to move.
func (p *Player) moveScore(pos connect4.Position, col int) (int, int64, error) {
	c := pos.Play(col)
	if s, ok := c.Score(); ok {
		return -s, 0, nil
	}
	r, err := p.solver.Solve(c)
	return -r.Score, int64(r.Nodes), err
}

// Text puts score, of a move of pos's side to move, in words: "win in n"
// counts the mover's moves, this one included; "lose in n" the opponent's
// moves from here, its winning one included.
func Text(pos connect4.Position, score int) string {
	mine := pos.Moves() / 2
	theirs := pos.Moves() - mine
	switch {
	case score > 0:
		return fmt.Sprintf("win in %d", 22-score-mine)
	case score < 0:
		return fmt.Sprintf("lose in %d", 22+score-theirs)
	}
	return "draw"
}

// centreFirst is the order the solver's move is chosen in among equals.
var centreFirst = [connect4.Width]int{3, 2, 4, 1, 5, 0, 6}

// SolverMove returns a best move of pos (a column 1–7, the first in centre-
// first order among the best), pos's score, and the negamax calls: one
// exact solve of pos, then a null-window test per move until one reaches
// the score.
func (p *Player) SolverMove(pos connect4.Position) (col, score int, nodes int64, err error) {
	for _, c := range centreFirst {
		if pos.CanPlay(c) && pos.Play(c).Won() {
			return c + 1, winNow(pos), 0, nil
		}
	}
	r, err := p.solver.Solve(pos)
	if err != nil {
		return 0, 0, 0, err
	}
	nodes = int64(r.Nodes)
	for _, c := range centreFirst {
		if !pos.CanPlay(c) {
			continue
		}
		child := pos.Play(c)
		if _, over := child.Score(); over {
			// A full board: the only move, a draw.
			return c + 1, r.Score, nodes, nil
		}
		// The child's score is at least −score; the move is best when it
		// is not above it.
		above, cr, err := p.solver.Above(child, -r.Score)
		nodes += int64(cr.Nodes)
		if err != nil {
			return 0, 0, 0, err
		}
		if !above {
			return c + 1, r.Score, nodes, nil
		}
	}
	return 0, 0, 0, errors.New("c4play: no move reaches the solved score")
}

// centreOrder is the searches' move order: centre first, as the solver's,
// so that among moves of equal value the search plays the most central.
func centreOrder(parent, _ connect4.Position, move int) int {
	col := parent.MoveKey(move)
	return -max(col-3, 3-col)
}

// SearchMove returns the move (a column 1–7) that the named search of
// pkg/algos chooses at depth with connect4.Position.Value as the heuristic,
// the value it found (X's side) and its nodes, trying moves centre first.
// Searches that read a
// transposition table get a fresh one of [TableSize] entries; a search past
// [MaxNodes] nodes is an error.
func SearchMove(pos connect4.Position, name string, depth int) (col, value int, nodes int64, err error) {
	if depth < 1 || depth > MaxDepth {
		return 0, 0, 0, fmt.Errorf("depth %d, want 1 to %d", depth, MaxDepth)
	}
	search, err := algos.ByName[connect4.Position](name)
	if err != nil {
		return 0, 0, 0, err
	}
	a, _ := algos.Lookup(name)
	opt := &algos.Options[connect4.Position]{MaxNodes: MaxNodes, Order: centreOrder}
	if a.UsesOption(algos.OptTT) {
		t, err := algos.NewTable(TableSize, algos.ReplaceTwoTier)
		if err != nil {
			return 0, 0, 0, err
		}
		opt.TT = t
	}
	r, err := search(pos, depth, opt)
	if errors.Is(err, algos.ErrBudget) {
		return 0, 0, 0, fmt.Errorf("%s at depth %d stopped after %d nodes; choose a smaller depth", name, depth, MaxNodes)
	}
	if err != nil {
		return 0, 0, 0, err
	}
	if r.Move < 0 {
		return 0, 0, 0, fmt.Errorf("%s at depth %d found no move", name, depth)
	}
	// Result.Move indexes Children: the playable columns, left to right.
	i := 0
	for c := range connect4.Width {
		if !pos.CanPlay(c) {
			continue
		}
		if i == r.Move {
			return c + 1, r.Value, r.Stats.Nodes, nil
		}
		i++
	}
	return 0, 0, 0, fmt.Errorf("%s returned move %d of %d", name, r.Move, i)
}
