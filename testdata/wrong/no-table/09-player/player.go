// Package player: a deliberately wrong exercise 09 for the grader's own
// test. It deepens one ply at a time, searches the previous iteration's best
// root move first and keeps to its budget, but has no transposition table:
// every iteration searches the whole tree again with plain alpha-beta, and
// positions reached by different move orders are searched again each time.
// It plays perfectly with a big budget but must lose the "table pays" check:
//
// lose: table pays
package player

import "github.com/cutoff-go/cutoff/exercises/grade"

func BestMove(n grade.Node, budget int) int {
	s := &searcher{budget: budget}
	kids := s.children(n)
	if len(kids) <= 1 {
		return 0
	}
	color := 1
	if !n.Max() {
		color = -1
	}
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
				return best
			}
			values[m] = v
			if v > alpha {
				alpha, bestHere = v, m
			}
		}
		best = bestHere
		if !s.horizon {
			return best
		}
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && values[order[j]] > values[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
	}
}

const inf = 1 << 20

type searcher struct {
	budget, visits   int
	stopped, horizon bool
}

func (s *searcher) children(n grade.Node) []grade.Node {
	if s.visits >= s.budget {
		s.stopped = true
		return nil
	}
	kids := n.Children()
	if len(kids) > 0 {
		s.visits++
	}
	return kids
}

func (s *searcher) value(n grade.Node) int {
	if s.visits >= s.budget {
		s.stopped = true
		return 0
	}
	s.visits++
	return n.Value()
}

// negamax is plain fail-soft alpha-beta: no table to ask, none to fill.
func (s *searcher) negamax(n grade.Node, depth, alpha, beta, color int) int {
	if depth == 0 {
		s.horizon = true
		return color * s.value(n)
	}
	kids := s.children(n)
	if s.stopped {
		return 0
	}
	if len(kids) == 0 {
		return color * s.value(n)
	}
	value := -inf
	for _, c := range kids {
		v := -s.negamax(c, depth-1, -beta, -alpha, -color)
		if s.stopped {
			return 0
		}
		value = max(value, v)
		alpha = max(alpha, value)
		if alpha >= beta {
			break
		}
	}
	return value
}
