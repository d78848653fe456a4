// Package connect4 solves Connect Four positions ([gametree.ConnectFour]),
// built one idea of the course at a time, after Pascal Pons' tutorial
// (blog.gamesolver.org), so that its node counts compare with his: a node is
// one call of the negamax function.
//
// This first step is his early parts: negamax with alpha-beta, a win in one
// move scored at once, the score bounds of the position (no score can beat
// winning with the next stone), and the centre-first move order. Scores are
// Pons': from the side to move, 22 − the winner's stones for a win, 0 for a
// draw, negative for a loss. The weak mode only tells win (1), draw (0) or
// loss (−1).
package connect4

import (
	"errors"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Options switches the solver's steps on and off, one field per idea, so
// that a notebook can measure each.
type Options struct {
	// CentreFirst tries the columns from the centre outwards (4, 3, 5, 2,
	// 6, 1, 7) instead of left to right.
	CentreFirst bool
	// Weak solves win/draw/loss only: the search runs with the window
	// (−1, 1).
	Weak bool
}

// Result is a solved position.
type Result struct {
	// Score is Pons' score from the side to move (in weak mode −1, 0 or 1).
	Score int
	// Nodes counts the calls of the negamax function, as Pons counts them.
	Nodes uint64
}

// ErrOver is returned for a position whose game is already finished: it has
// no side to move that could score.
var ErrOver = errors.New("connect4: the game is already over")

// Solve returns the exact score of p (or its win/draw/loss with opt.Weak).
// A nil opt means Options{CentreFirst: true}. It never allocates per node.
func Solve(p gametree.ConnectFour, opt *Options) (Result, error) {
	if p.Over() {
		return Result{}, ErrOver
	}
	o := Options{CentreFirst: true}
	if opt != nil {
		o = *opt
	}
	s := solver{order: columnOrder(o.CentreFirst)}
	alpha, beta := -cells/2, cells/2
	if o.Weak {
		alpha, beta = -1, 1
	}
	score := s.negamax(p, alpha, beta)
	if o.Weak {
		score = sign(score)
	}
	return Result{Score: score, Nodes: s.nodes}, nil
}

const cells = gametree.C4Width * gametree.C4Height // 42

// columnOrder returns the columns (0-6) in the order the search tries them.
func columnOrder(centreFirst bool) [gametree.C4Width]int {
	if centreFirst {
		return [gametree.C4Width]int{3, 2, 4, 1, 5, 0, 6}
	}
	return [gametree.C4Width]int{0, 1, 2, 3, 4, 5, 6}
}

type solver struct {
	order [gametree.C4Width]int
	nodes uint64
}

// negamax returns p's score if it is inside (alpha, beta); otherwise a
// bound on the same side of the window (fail-soft at the bounds of the
// position, as in Pons' tutorial).
func (s *solver) negamax(p gametree.ConnectFour, alpha, beta int) int {
	s.nodes++
	moves := p.Moves()
	if moves == cells {
		return 0
	}
	// A win with the next stone: the best score there is.
	for col := 0; col < gametree.C4Width; col++ {
		if p.CanPlay(col) && p.Play(col).Won() {
			return (cells + 1 - moves) / 2
		}
	}
	// Otherwise the side to move wins at best with its stone after next.
	if most := (cells - 1 - moves) / 2; beta > most {
		beta = most
		if alpha >= beta {
			return beta
		}
	}
	for _, col := range s.order {
		if !p.CanPlay(col) {
			continue
		}
		score := -s.negamax(p.Play(col), -beta, -alpha)
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
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
