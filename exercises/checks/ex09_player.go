package checks

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// PlayerFunc is exercise 09's function: the move to play (an index into
// n.Children()) in the tic-tac-toe position n, found by iterative deepening
// with a transposition table in at most budget visits. The student counts
// the visits: every call of Children that returns moves and every call of
// Value, exactly what the grader's Trace records.
type PlayerFunc func(n Node, budget int) int

// playerBudget is the "big budget" of the checks that want a whole solve:
// about 16 times what the reference needs from the empty board (8,332), so
// that iterative deepening without a table (75,098 there) still solves.
const playerBudget = 1 << 17

// playerLimit stops a search that ignores its budget and never ends.
const playerLimit = 4 * playerBudget

// playerSlack is the factor by which a full solve may visit more than the
// reference iterative deepening with a table (algos "id" with a MapTT).
const playerSlack = 2

// The anytime check's budgets, for a position with k moves (see
// playerBudgetFor).
const (
	playerDepth1 = -1 // pays for depth 1
	playerDepth2 = -2 // pays for depths 1 and 2
)

// Player grades exercise 09 (100 points).
func Player(t *testing.T, f PlayerFunc) {
	t.Helper()
	Run(t, playerChecks(f))
}

// playerChecks are exercise 09's checks, grading f.
func playerChecks(f PlayerFunc) []Check {
	return []Check{
		{Name: "legal move", Points: 10, Run: func(c *C) {
			playerLegal(c, f)
		}},
		{Name: "immediate win", Points: 10, Run: func(c *C) {
			c.playerOn("when a move wins at once, play it (three in a row now is worth more than any later win)",
				f, playerBudget, playerWins(c.Rand(91), 5, 3, 8, false), playerWinning)
		}},
		{Name: "blocks", Points: 10, Run: func(c *C) {
			c.playerOn("when the opponent threatens three in a row and you cannot win at once, block: after your move the opponent must have no winning move",
				f, playerBudget, playerBlocks(c.Rand(92), 5, 3, 7, false), playerBlocking)
		}},
		{Name: "anytime", Points: 15, Run: func(c *C) {
			r := c.Rand(93)
			// Depth 1 costs one expansion and k evaluations; depth 2 at most
			// one expansion more per child and k(k−1) evaluations. The
			// budgets below pay for those iterations (and a spare root
			// expansion), far from a whole solve.
			c.playerOn("deepen one ply at a time and keep the best move of the last finished iteration: a budget that pays for depth 1 must already find an immediate win",
				f, playerDepth1, playerWins(r, 5, 5, 7, true), playerWinning)
			c.playerOn("deepen one ply at a time and keep the best move of the last finished iteration: a budget that pays for depths 1 and 2 must already find the block",
				f, playerDepth2, playerBlocks(r, 5, 6, 7, true), playerBlocking)
		}},
		{Name: "budget", Points: 15, Run: func(c *C) {
			playerBudgets(c, f)
		}},
		{Name: "root reordered", Points: 10, Run: func(c *C) {
			playerReorders(c, f)
		}},
		{Name: "perfect play", Points: 15, Run: func(c *C) {
			playerGames(c, f)
		}},
		{Name: "table pays", Points: 15, Run: func(c *C) {
			playerTablePays(c, f)
		}},
	}
}

// playerPos is a position of a check, with why it was chosen.
type playerPos struct {
	p    games.TicTacToe
	what string // "fixed" or "random"
}

// playerBoard writes p on one line, rows separated by spaces, as
// games.ParseTicTacToe reads it back: "xx. oo. ...".
func playerBoard(p games.TicTacToe) string {
	return strings.ReplaceAll(p.String(), "\n", " ")
}

// playerSide names the side to move at p.
func playerSide(p games.TicTacToe) string {
	if p.ToMove() == gametree.Max {
		return "X"
	}
	return "O"
}

// playerDescribe names a position for a failure report.
func playerDescribe(pp playerPos) string {
	return fmt.Sprintf("position %s (%s, %s to move)", playerBoard(pp.p), pp.what, playerSide(pp.p))
}

// playerMoves names the moves ms of p: "c1, b2".
func playerMoves(p games.TicTacToe, ms []int) string {
	var s []string
	for _, m := range ms {
		s = append(s, p.MoveName(m))
	}
	return strings.Join(s, ", ")
}

// playerFixed parses the fixed positions of a check.
func playerFixed(boards ...string) []playerPos {
	var ps []playerPos
	for _, b := range boards {
		p, err := games.ParseTicTacToe(b)
		if err != nil {
			panic("grade: " + err.Error())
		}
		ps = append(ps, playerPos{p, "fixed"})
	}
	return ps
}

// playerRandom plays random moves from the empty board until the position
// has between minEmpty and maxEmpty empty squares and keep accepts it.
func playerRandom(r *rand.Rand, minEmpty, maxEmpty int, keep func(games.TicTacToe) bool) games.TicTacToe {
	for {
		p := games.NewTicTacToe()
		empty := minEmpty + r.IntN(maxEmpty-minEmpty+1)
		for ply := 0; ply < 9-empty; ply++ {
			cs := p.Children(nil)
			if len(cs) == 0 {
				break
			}
			p = cs[r.IntN(len(cs))]
		}
		if cs := p.Children(nil); len(cs) == empty && keep(p) {
			return p
		}
	}
}

// playerWon reports whether c is a game that side has won.
func playerWon(c games.TicTacToe, side gametree.Player) bool {
	if len(c.Children(nil)) > 0 {
		return false
	}
	v := c.Value()
	return side == gametree.Max && v >= 10 || side == gametree.Min && v <= -10
}

// playerWinning returns p's moves that win at once.
func playerWinning(p games.TicTacToe) []int {
	var ms []int
	for i, c := range p.Children(nil) {
		if playerWon(c, p.ToMove()) {
			ms = append(ms, i)
		}
	}
	return ms
}

// playerBlocking returns p's moves after which the opponent cannot win at
// once, when p has no winning move, and there is a threat to block (some
// move leaves the opponent a win); else nil.
func playerBlocking(p games.TicTacToe) []int {
	if len(playerWinning(p)) > 0 {
		return nil
	}
	var ms []int
	threat := false
	for i, c := range p.Children(nil) {
		if len(playerWinning(c)) > 0 {
			threat = true
		} else {
			ms = append(ms, i)
		}
	}
	if !threat {
		return nil
	}
	return ms
}

// playerWins returns fixed and n random positions with an immediate win,
// minEmpty to maxEmpty empty squares; hard ones (for the anytime check) have
// no winning first move, so that move 0 is never right.
func playerWins(r *rand.Rand, n, minEmpty, maxEmpty int, hard bool) []playerPos {
	// X wins at c2 (O would win at c1: win, don't block); O wins at a3;
	// X wins at c3 on the diagonal (where O would win too).
	fixed := []string{"oo. xx. ...", "xxo .o. .x.", "x.o .xo ..."}
	if hard {
		fixed = []string{"oo. xx. ...", "x.o .xo ..."}
	}
	return playerWith(r, n, minEmpty, maxEmpty, hard, fixed, playerWinning)
}

// playerBlocks is playerWins for positions with a threat to block.
func playerBlocks(r *rand.Rand, n, minEmpty, maxEmpty int, hard bool) []playerPos {
	// O blocks at c2; X blocks at c2; X blocks at c1 (move 0).
	fixed := []string{"o.. xx. ...", "x.. oo. ..x", "oo. x.. ..x"}
	if hard {
		fixed = []string{"o.. xx. ...", "x.. oo. ..x"}
	}
	return playerWith(r, n, minEmpty, maxEmpty, hard, fixed, playerBlocking)
}

// playerWith returns the fixed positions and n random ones where moves finds
// a right move (not move 0 when hard).
func playerWith(r *rand.Rand, n, minEmpty, maxEmpty int, hard bool, fixed []string, moves func(games.TicTacToe) []int) []playerPos {
	ps := playerFixed(fixed...)
	for range n {
		p := playerRandom(r, minEmpty, maxEmpty, func(p games.TicTacToe) bool {
			ms := moves(p)
			return len(ms) > 0 && (!hard || ms[0] != 0)
		})
		ps = append(ps, playerPos{p, "random"})
	}
	return ps
}

// playerBudgetFor is the budget of the anytime check for a position with k
// moves: playerDepth1 pays for depth 1, playerDepth2 for depths 1 and 2,
// with a spare root expansion; a positive budget is itself.
func playerBudgetFor(budget, k int) int {
	switch budget {
	case playerDepth1: // depth 1: 1 + k
		return (1 + k) + 1
	case playerDepth2: // depth 2: at most 1 + k + k(k−1)
		return (1 + k) + (1 + k*k) + 1
	}
	return budget
}

// playerRun runs f on p with budget, its visits limited to limit, and
// returns the move and the trace; why is non-empty when f panicked or
// visited more than limit. A stub's TODO panic goes on to Run.
func playerRun(f PlayerFunc, p games.TicTacToe, budget, limit int) (move int, tr *Trace, why string) {
	n, tr := Watch(p, limit)
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(string); ok && strings.HasPrefix(s, "TODO") {
				panic(r)
			}
			if _, ok := r.(ErrTooManyVisits); ok {
				why = fmt.Sprintf("with budget %d your search made more than %d visits (expansions + evaluations)", budget, limit)
				return
			}
			why = fmt.Sprintf("with budget %d %s", budget, panicMessage(r))
		}
	}()
	move = f(n, budget)
	if k := len(p.Children(nil)); move < 0 || move >= k {
		why = fmt.Sprintf("with budget %d your code returned move %d: not a move (there are %d, 0..%d)", budget, move, k, k-1)
	}
	return move, tr, why
}

// playerOn checks that f plays one of good(p) in every position.
func (c *C) playerOn(rule string, f PlayerFunc, budget int, ps []playerPos, good func(games.TicTacToe) []int) {
	c.T.Helper()
	for _, pp := range ps {
		b := playerBudgetFor(budget, len(pp.p.Children(nil)))
		m, tr, why := playerRun(f, pp.p, b, playerLimit)
		if why != "" {
			c.Fail(rule, playerDescribe(pp), why)
		}
		ok := good(pp.p)
		if !playerIn(m, ok) {
			c.Fail(rule, playerDescribe(pp),
				fmt.Sprintf("with budget %d (%d visits) you played %s; expected one of: %s", b, len(tr.Visits), pp.p.MoveName(m), playerMoves(pp.p, ok)))
		}
	}
}

func playerIn(m int, ms []int) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// playerLegal: a legal move with any budget, from big to the smallest.
func playerLegal(c *C, f PlayerFunc) {
	r := c.Rand(90)
	ps := playerFixed("... ... ...", "x.. ... ...", "xo. .x. ...", "xox oxo ...", "xox oox x..", "xox xoo ox.")
	for range 6 {
		ps = append(ps, playerPos{playerRandom(r, 1, 8, func(games.TicTacToe) bool { return true }), "random"})
	}
	for _, pp := range ps {
		for _, b := range []int{playerBudget, 1000, 30, 5, 2, 1} {
			if _, _, why := playerRun(f, pp.p, b, playerLimit); why != "" {
				c.Fail("return a move: an index into n.Children(), whatever the budget (with too small a budget for a search, still one of the moves)",
					playerDescribe(pp), why)
			}
		}
	}
}

// playerSolver knows the exact value of every position: the library's
// NegamaxAB with a transposition table, to the end of the game.
type playerSolver struct {
	tt     algos.TT
	values map[games.TicTacToe]int
}

func newPlayerSolver() *playerSolver {
	return &playerSolver{tt: algos.NewMapTT(), values: map[games.TicTacToe]int{}}
}

// value is p's exact value from Max's point of view.
func (s *playerSolver) value(p games.TicTacToe) int {
	if v, ok := s.values[p]; ok {
		return v
	}
	res, err := algos.NegamaxAB(p, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: s.tt})
	if err != nil {
		panic("grade: " + err.Error())
	}
	s.values[p] = res.Value
	return res.Value
}

// best returns p's optimal moves.
func (s *playerSolver) best(p games.TicTacToe) []int {
	var ms []int
	v := s.value(p)
	for i, c := range p.Children(nil) {
		if s.value(c) == v {
			ms = append(ms, i)
		}
	}
	return ms
}

// playerOutcome names a value's result for side: "a win", "a draw", "a loss".
func playerOutcome(v int, side gametree.Player) string {
	v *= int(side)
	switch {
	case v > 0:
		return "a win"
	case v < 0:
		return "a loss"
	}
	return "a draw"
}

func playerSign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// playerBudgets: never more visits than the budget; with a big one, an
// optimal move.
func playerBudgets(c *C, f PlayerFunc) {
	r := c.Rand(94)
	s := newPlayerSolver()
	ps := playerFixed("... ... ...", "x.. ... ...")
	for range 4 {
		ps = append(ps, playerPos{playerRandom(r, 4, 7, func(p games.TicTacToe) bool {
			return len(s.best(p)) < len(p.Children(nil)) // some move is a mistake
		}), "random"})
	}
	budgets := []int{1, 2, 3, 5, 10, 20, 50, 100, 300, 1000, 3000}
	for range 3 {
		budgets = append(budgets, 1+r.IntN(2000))
	}
	const rule = "count your visits (each n.Children() that returns moves, each n.Value()) and never make more than budget: when the budget runs out, return the best move of the last finished iteration"
	for _, pp := range ps {
		for _, b := range budgets {
			if _, _, why := playerRun(f, pp.p, b, b); why != "" {
				c.Fail(rule, playerDescribe(pp), why)
			}
		}
		if pp.what == "fixed" {
			continue
		}
		m, tr, why := playerRun(f, pp.p, playerBudget, playerLimit)
		if why == "" && !playerIn(m, s.best(pp.p)) {
			why = fmt.Sprintf("with budget %d (%d visits) you played %s, which leads to %s; the optimal moves (%s) keep %s",
				playerBudget, len(tr.Visits), pp.p.MoveName(m), playerOutcome(s.value(pp.p.Children(nil)[m]), pp.p.ToMove()),
				playerMoves(pp.p, s.best(pp.p)), playerOutcome(s.value(pp.p), pp.p.ToMove()))
		}
		if why != "" {
			c.Fail("with a budget big enough to search the whole game, play an optimal move", playerDescribe(pp), why)
		}
	}
}

// playerGames: whole games against a perfect opponent, which picks at
// random among its optimal moves. The code must keep the value of the
// start: from a drawn position draw or win, from a won position win.
func playerGames(c *C, f PlayerFunc) {
	r := c.Rand(95)
	s := newPlayerSolver()
	type start struct {
		pp   playerPos
		side gametree.Player // the code's side
	}
	var starts []start
	empty := games.NewTicTacToe()
	starts = append(starts, start{playerPos{empty, "fixed"}, gametree.Max}, start{playerPos{empty, "fixed"}, gametree.Min})
	for _, pp := range playerFixed("x.. ... ...", ".x. ... ...", "... .x. ...", "x.. .o. ...", "xo. ... ...", "x.. ... ..o") {
		starts = append(starts, start{pp, pp.p.ToMove()})
	}
	for range 4 {
		side := gametree.Max
		if r.IntN(2) == 1 {
			side = gametree.Min
		}
		p := playerRandom(r, 6, 8, func(p games.TicTacToe) bool { return s.value(p)*int(side) >= 0 })
		starts = append(starts, start{playerPos{p, "random"}, side})
	}
	const rule = "against a perfect opponent never lose from a drawn position and win a won one: with a big budget search to the end of the game"
	for _, st := range starts {
		p, want := st.pp.p, s.value(st.pp.p)
		var game []string
		for len(p.Children(nil)) > 0 {
			kids := p.Children(nil)
			if p.ToMove() != st.side {
				best := s.best(p)
				m := best[r.IntN(len(best))]
				game = append(game, strings.ToLower(playerSide(p))+" "+p.MoveName(m))
				p = kids[m]
				continue
			}
			m, _, why := playerRun(f, p, playerBudget, playerLimit)
			if why != "" {
				c.Fail(rule, fmt.Sprintf("game from %s, you play %s: %s", playerBoard(st.pp.p), playerName(st.side), strings.Join(game, ", ")),
					"at "+playerBoard(p)+": "+why)
			}
			game = append(game, strings.ToLower(playerSide(p))+" "+p.MoveName(m))
			if before, after := s.value(p), s.value(kids[m]); playerSign(after)*int(st.side) < playerSign(before)*int(st.side) {
				c.Fail(rule,
					fmt.Sprintf("game from %s (%s for you), you play %s: %s", playerBoard(st.pp.p), playerOutcome(want, st.side), playerName(st.side), strings.Join(game, ", ")),
					fmt.Sprintf("at %s your move %s turned %s into %s; an optimal move: %s", playerBoard(p), p.MoveName(m),
						playerOutcome(before, st.side), playerOutcome(after, st.side), playerMoves(p, s.best(p))))
			}
			p = kids[m]
		}
	}
}

func playerName(side gametree.Player) string {
	if side == gametree.Max {
		return "X"
	}
	return "O"
}

// playerRef runs the reference, algos "id" with a MapTT to the end of the
// game, on p and returns its visits, counted as the student's are.
func playerRef(p games.TicTacToe) int {
	type ref = Ref[games.TicTacToe]
	search, err := algos.ByName[ref]("id")
	if err != nil {
		panic("grade: " + err.Error())
	}
	root, tr := WatchRef(p)
	if _, err := search(root, algos.FullDepth, &algos.Options[ref]{TT: algos.NewMapTT()}); err != nil {
		panic("grade: reference id: " + err.Error())
	}
	return len(tr.Visits)
}

// playerTablePays: a whole solve with a big budget visits at most
// playerSlack times what the reference does, and plays an optimal move.
func playerTablePays(c *C, f PlayerFunc) {
	r := c.Rand(96)
	s := newPlayerSolver()
	ps := playerFixed("... ... ...")
	for _, e := range []int{8, 8, 7, 7} {
		ps = append(ps, playerPos{playerRandom(r, e, e, func(p games.TicTacToe) bool { return true }), "random"})
	}
	const rule = "iterative deepening pays with a table: ask it at every position, search its best move (the previous iteration's) first, store every result with its depth and bound"
	for _, pp := range ps {
		m, tr, why := playerRun(f, pp.p, playerBudget, playerLimit)
		if why != "" {
			c.Fail(rule, playerDescribe(pp), why)
		}
		if !playerIn(m, s.best(pp.p)) {
			c.Fail(rule, playerDescribe(pp),
				fmt.Sprintf("with budget %d you played %s, which leads to %s; the optimal moves (%s) keep %s", playerBudget, pp.p.MoveName(m),
					playerOutcome(s.value(pp.p.Children(nil)[m]), pp.p.ToMove()), playerMoves(pp.p, s.best(pp.p)), playerOutcome(s.value(pp.p), pp.p.ToMove())))
		}
		if s.value(pp.p) == 0 && !playerReachedEnd(pp.p, tr) {
			c.Fail(rule, playerDescribe(pp),
				fmt.Sprintf("with budget %d your search (%d visits) never evaluated a full board: it cannot have searched to the end of the game", playerBudget, len(tr.Visits)))
		}
		ref := playerRef(pp.p)
		if got := len(tr.Visits); got > playerSlack*ref {
			c.Fail(rule, playerDescribe(pp),
				fmt.Sprintf("a whole solve with budget %d: your search made %d visits; iterative deepening with a table (algos \"id\") makes %d, so at most %d are allowed", playerBudget, got, ref, playerSlack*ref),
				"(alpha-beta without a table makes 20,866 visits from the empty board; iterative deepening without one repeats that work in every iteration)")
		}
	}
}

// playerReachedEnd reports whether the trace of a search from p evaluated a
// full board: a draw (the value of the empty board, and of most openings)
// cannot be proved without one.
func playerReachedEnd(p games.TicTacToe, tr *Trace) bool {
	plies := len(p.Children(nil)) // the empty squares: moves to a full board
	for _, v := range tr.Visits {
		if v.Eval && v.Path != "" && strings.Count(v.Path, ".")+1 == plies {
			return true
		}
	}
	return false
}

// playerReorders: the second iteration searches first the root move the
// first one found best. Positions where that move is not move 0, is the
// only best one at depth 1, and no move ends the game (so that every root
// move of the second iteration is an expansion).
func playerReorders(c *C, f PlayerFunc) {
	const rule = "deepening reorders the root: iteration 2 searches first the move iteration 1 found best (its best value at depth 1), not the moves in Children order"
	r := c.Rand(95)
	var ps []playerPos
	for len(ps) < 8 {
		p := playerRandom(r, 4, 7, func(p games.TicTacToe) bool { _, ok := playerDepth1Best(p); return ok })
		ps = append(ps, playerPos{p, "random"})
	}
	for _, pp := range ps {
		want, _ := playerDepth1Best(pp.p)
		_, tr, why := playerRun(f, pp.p, playerBudget, playerLimit)
		if why != "" {
			c.Fail(rule, playerDescribe(pp), why)
		}
		first := -1
		for _, v := range tr.Visits {
			if !v.Eval && v.Path != "" && !strings.Contains(v.Path, ".") {
				first, _ = strconv.Atoi(v.Path)
				break
			}
		}
		if first != want {
			got := "no root move was expanded"
			if first >= 0 {
				got = "your search expanded " + pp.p.MoveName(first) + " first"
			}
			c.Fail(rule, playerDescribe(pp),
				fmt.Sprintf("at depth 1 the best move is %s (move %d); in iteration 2 %s", pp.p.MoveName(want), want, got))
		}
	}
}

// playerDepth1Best returns p's best move by the static values of its
// children, for the side to move, when it is the only best one, not move 0,
// and no move ends the game.
func playerDepth1Best(p games.TicTacToe) (int, bool) {
	cs := p.Children(nil)
	best, bestV, ties := -1, 0, 0
	for i, ch := range cs {
		if len(ch.Children(nil)) == 0 {
			return 0, false
		}
		v := ch.Value()
		if p.ToMove() == gametree.Min {
			v = -v
		}
		switch {
		case best < 0 || v > bestV:
			best, bestV, ties = i, v, 1
		case v == bestV:
			ties++
		}
	}
	return best, best > 0 && ties == 1
}
