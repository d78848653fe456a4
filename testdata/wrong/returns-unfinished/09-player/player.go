// Package player: a deliberately wrong exercise 09 for the grader's own
// test. When the budget runs out in the middle of an iteration it returns
// the best move of that unfinished iteration instead of the last finished
// one's — move −1, not a move, when the budget runs out before its first
// root move is searched. It must lose "legal move", "anytime" and
// "budget", and plays perfectly with a big budget:
//
// lose: legal move
// lose: anytime
// lose: budget
package player

import "github.com/cutoff-go/cutoff/exercises/grade"

func BestMove(n grade.Node, budget int) int {
	s := &searcher{budget: budget, table: map[uint64]entry{}}
	kids := s.children(n)
	if len(kids) <= 1 {
		return 0 // the budget ran out at once, or there is no choice
	}
	color := sign(n)
	// order lists the root's moves in the order to search them: the
	// previous iteration's values, best first.
	order := make([]int, len(kids))
	for i := range order {
		order[i] = i
	}
	values := make([]int, len(kids))
	best := 0
	for depth := 1; ; depth++ {
		s.horizon = false
		alpha, bestHere := -inf, -1
		for _, m := range order {
			v := -s.negamax(kids[m], depth-1, -inf, -alpha, -color)
			if s.stopped {
				return bestHere // Wrong: the unfinished iteration's move.
			}
			values[m] = v
			if v > alpha {
				alpha, bestHere = v, m
			}
		}
		best = bestHere
		if !s.horizon {
			return best // the whole game tree is searched: deeper finds nothing new
		}
		// Reorder the root for the next iteration: by value, best first; a
		// stable sort keeps ties in the order just searched.
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && values[order[j]] > values[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
	}
}

// inf is larger than any value of tic-tac-toe.
const inf = 1 << 20

// bound says what an entry's value is: the exact value, or a bound on it.
type bound int8

const (
	exact bound = iota
	lower       // the value is at least this (the search failed high)
	upper       // the value is at most this (the search failed low)
)

// entry is what the table keeps about a position. The value is from the
// point of view of the side to move there.
type entry struct {
	value, depth, move int
	bound              bound
}

// searcher is the state of one BestMove call.
type searcher struct {
	budget, visits int
	stopped        bool // the budget ran out: unwind, the values are void
	horizon        bool // this iteration evaluated a position at its depth limit
	table          map[uint64]entry
}

// children expands n, counting the visit; nil once the budget is spent.
func (s *searcher) children(n grade.Node) []grade.Node {
	if s.visits >= s.budget {
		s.stopped = true
		return nil
	}
	kids := n.Children()
	if len(kids) > 0 { // a finished position is no visit
		s.visits++
	}
	return kids
}

// value evaluates n, counting the visit; 0 once the budget is spent.
func (s *searcher) value(n grade.Node) int {
	if s.visits >= s.budget {
		s.stopped = true
		return 0
	}
	s.visits++
	return n.Value()
}

// negamax is alpha-beta with a transposition table, fail-soft (the Persian
// Wikipedia negamax article): the value of n for the side to move there
// (color: +1 for Max, −1 for Min), searched depth plies deep in the window
// (alpha, beta).
func (s *searcher) negamax(n grade.Node, depth, alpha, beta, color int) int {
	alpha0 := alpha
	e, found := s.table[n.Key()]
	if found && e.depth >= depth {
		switch e.bound {
		case exact:
			return e.value
		case lower:
			alpha = max(alpha, e.value)
		case upper:
			beta = min(beta, e.value)
		}
		if alpha >= beta {
			return e.value
		}
	}
	if depth == 0 {
		s.horizon = true
		return color * s.value(n)
	}
	kids := s.children(n)
	if s.stopped {
		return 0
	}
	if len(kids) == 0 { // the game is over
		return color * s.value(n)
	}
	first := 0
	if found {
		first = e.move // the table's best move first
	}
	value, best := -inf, first
	for i := range kids {
		m := i // search first, then the others in order
		switch {
		case i == 0:
			m = first
		case i <= first:
			m = i - 1
		}
		v := -s.negamax(kids[m], depth-1, -beta, -alpha, -color)
		if s.stopped {
			return 0
		}
		if v > value {
			value, best = v, m
		}
		alpha = max(alpha, value)
		if alpha >= beta {
			break
		}
	}
	b := exact
	if value <= alpha0 {
		b = upper
	} else if value >= beta {
		b = lower
	}
	s.table[n.Key()] = entry{value: value, depth: depth, move: best, bound: b}
	return value
}

// sign is +1 when Max is to move at n, −1 when Min is.
func sign(n grade.Node) int {
	if n.Max() {
		return 1
	}
	return -1
}
