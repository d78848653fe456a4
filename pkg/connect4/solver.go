package connect4

import (
	"errors"
	"fmt"
	"math/bits"
)

// TableKind says what the transposition table remembers of a position.
type TableKind int

const (
	// NoTable: no transposition table (Pons' parts 4–6).
	NoTable TableKind = iota
	// UpperTable: an upper bound per position, stored when every move failed
	// low (his parts 7–11).
	UpperTable
	// BoundTable: an upper bound, or a lower bound when a move cut off, the
	// later replacing the earlier (his part 12).
	BoundTable
	// FullTable: both bounds (equal when the score is exact) and the best
	// move, merged with what the entry held; the best move is tried first.
	FullTable
)

func (k TableKind) String() string {
	switch k {
	case NoTable:
		return "none"
	case UpperTable:
		return "upper"
	case BoundTable:
		return "bound"
	case FullTable:
		return "full"
	}
	return fmt.Sprintf("TableKind(%d)", int(k))
}

// Options switches the solver's steps on and off, one field per idea, so
// that a notebook can measure each. The zero Options is Pons' part 4: plain
// alpha-beta, columns left to right.
type Options struct {
	// CentreFirst tries the columns from the centre outwards (4, 3, 5, 2,
	// 6, 1, 7) instead of left to right (part 5).
	CentreFirst bool
	// Table is what the transposition table remembers (parts 7 and 12).
	Table TableKind
	// Deepening finds the score by null-window searches, bisecting the
	// range of possible scores (part 8): each search only asks "is the
	// score above m?", and the table carries what it learnt to the next.
	Deepening bool
	// NonLosing never plays a move that lets the opponent win at once, and
	// scores a position with two threats to parry as lost (part 9).
	NonLosing bool
	// Threats tries first the moves that create the most threats, cells
	// that would complete four (part 10); ties centre first.
	Threats bool
	// Mirror stores a position and its mirror image in one entry: they have
	// the same score (needs a table).
	Mirror bool
	// ETC, enhanced transposition cutoffs: before searching any move, look
	// up every child in the table; one whose bound already refutes the
	// window ends the search without a call (needs a table).
	ETC bool
	// Lookahead scores from the parent, without a call, a move after which
	// the opponent has no move that does not lose at once (two threats to
	// parry, or the parry under another threat): it wins with the stone
	// after next, the best score left (needs NonLosing).
	Lookahead bool
	// Weak solves win/draw/loss only: the search's window is (−1, 1).
	Weak bool
	// TableBits is the table's size: the first prime at or above
	// 2^TableBits entries of 8 bytes (16–30; 0 means 23: 8,388,617 entries,
	// 64 MiB, Pons' size).
	TableBits int

	primeBelow bool // parts 7–10: the last prime below 2^TableBits
}

// DefaultTableBits is the table size Options.TableBits = 0 means.
const DefaultTableBits = 23

// Default returns this package's best options: every step of Pons' tutorial
// and the steps beyond it. Solve with a nil *Options uses them.
func Default() Options {
	return Options{CentreFirst: true, Table: FullTable, Deepening: true, NonLosing: true,
		Threats: true, Lookahead: true, Mirror: true, ETC: true}
}

// Parts are the numbers of Pons' tutorial steps that [Part] knows.
const (
	FirstPart = 4
	LastPart  = 12
)

// Part returns the options of Pons' tutorial part n, 4–12: 4 alpha-beta,
// 5 centre first, 6 bitboards (the same search as 5), 7 a table of upper
// bounds, 8 iterative deepening, 9 no losing moves, 10 threats first, 11 a
// smaller table entry (the same search as 10, with the next prime's size),
// 12 lower bounds too.
func Part(n int) (Options, error) {
	var o Options
	if n < FirstPart || n > LastPart {
		return o, fmt.Errorf("connect4: no part %d of Pons' tutorial here (know %d–%d)", n, FirstPart, LastPart)
	}
	o.CentreFirst = n >= 5
	if n >= 7 {
		o.Table, o.primeBelow = UpperTable, n <= 10
	}
	o.Deepening = n >= 8
	o.NonLosing = n >= 9
	o.Threats = n >= 10
	if n >= 12 {
		o.Table = BoundTable
	}
	return o, nil
}

// Result is a solved position.
type Result struct {
	// Score is Pons' score from the side to move (in weak mode −1, 0 or 1).
	Score int
	// Nodes counts the calls of the negamax function, as Pons counts them.
	Nodes uint64
	// Searches counts the searches of the root: 1 without Deepening, one
	// per null window with it, 0 when a win in one move settles it.
	Searches int
}

// ErrOver is returned for a position whose game is already finished: it has
// no side to move that could score.
var ErrOver = errors.New("connect4: the game is already over")

// Solver solves positions with one set of options and keeps its table from
// one position to the next until Reset. It is not safe for concurrent use.
type Solver struct {
	opt   Options
	order [Width]int
	tab   *table
	nodes uint64
}

// New returns a solver with opt's steps; it allocates the table now, once.
func New(opt Options) (*Solver, error) {
	if opt.TableBits == 0 {
		opt.TableBits = DefaultTableBits
	}
	if opt.Table < NoTable || opt.Table > FullTable {
		return nil, fmt.Errorf("connect4: unknown table kind %d", int(opt.Table))
	}
	s := &Solver{opt: opt, order: columnOrder(opt.CentreFirst)}
	if opt.Table == NoTable {
		if opt.Mirror || opt.ETC {
			return nil, errors.New("connect4: Mirror and ETC need a table")
		}
		return s, nil
	}
	size, err := tableSize(opt.TableBits, opt.primeBelow)
	if err != nil {
		return nil, err
	}
	s.tab = newTable(size)
	return s, nil
}

// Options returns the solver's options, TableBits filled in.
func (s *Solver) Options() Options { return s.opt }

// TableBytes returns the table's memory in bytes (0 without a table).
func (s *Solver) TableBytes() int {
	if s.tab == nil {
		return 0
	}
	return 8 * len(s.tab.e)
}

// Reset forgets the table, in O(1): Pons' solver clears its table before
// each position of a test set, and so do `cutoff solve` and the benchmarks.
func (s *Solver) Reset() {
	if s.tab != nil {
		s.tab.reset()
	}
}

// Solve is a one-off: it solves p with a new solver of opt's steps (nil:
// [Default]).
func Solve(p Position, opt *Options) (Result, error) {
	o := Default()
	if opt != nil {
		o = *opt
	}
	s, err := New(o)
	if err != nil {
		return Result{}, err
	}
	return s.Solve(p)
}

// Solve returns the exact score of p (or its win/draw/loss with Weak) and
// how the search ran. It never allocates.
func (s *Solver) Solve(p Position) (Result, error) {
	return s.Between(p, -cells, cells)
}

// Between returns p's score if it lies in [lo, hi], else lo − 1 for a score
// below lo and hi + 1 for one above hi: a cheaper question than the exact
// score when only its range matters (the test sets' classes). With Weak, the
// score is −1, 0 or 1 before the clamp.
func (s *Solver) Between(p Position, lo, hi int) (Result, error) {
	if p.Over() {
		return Result{}, ErrOver
	}
	if lo > hi {
		return Result{}, fmt.Errorf("connect4: empty score range [%d, %d]", lo, hi)
	}
	x, mask := p.Bitboards()
	cur, moves := x, p.Moves()
	if moves%2 == 1 {
		cur = x ^ mask
	}
	s.nodes = 0
	o := &s.opt
	// The range the score can be in: below, the loss with the opponent's
	// next stone; above, the win with this one.
	floor, ceil := -(cells-moves)/2, (cells+1-moves)/2
	if o.Weak {
		floor, ceil = -1, 1
	}
	floor, ceil = clamp(floor, lo-1, hi+1), clamp(ceil, lo-1, hi+1)
	var r Result
	switch {
	case o.NonLosing && threats(cur, mask)&playableCells(mask) != 0:
		// A win with the next stone: the negamax function assumes there
		// is none (part 9 on).
		r.Score = (cells + 1 - moves) / 2
	case floor == ceil:
		r.Score = floor
	case o.Deepening:
		for floor < ceil {
			// Bisect, but try 0 and halfway to it first: most positions
			// are decided by a few stones (Pons).
			m := floor + (ceil-floor)/2
			if m <= 0 && floor/2 < m {
				m = floor / 2
			} else if m >= 0 && ceil/2 > m {
				m = ceil / 2
			}
			v := s.negamax(cur, mask, moves, m, m+1)
			r.Searches++
			if v <= m {
				ceil = v
			} else {
				floor = v
			}
		}
		r.Score = floor
	default:
		// One search with Pons' window (±21, or ±1 when weak), narrowed
		// to the range asked for.
		alpha, beta := -cells/2, cells/2
		if o.Weak {
			alpha, beta = -1, 1
		}
		r.Score = s.negamax(cur, mask, moves, max(alpha, lo-1), min(beta, hi+1))
		r.Searches = 1
	}
	if o.Weak {
		r.Score = sign(r.Score)
	}
	r.Score = clamp(r.Score, lo-1, hi+1)
	r.Nodes = s.nodes
	return r, nil
}

// Above reports whether p's score is above v, by one null-window search
// (notebook 07's test; weak solvers ask it at 0): cheaper than the exact
// score when the score is far from v.
func (s *Solver) Above(p Position, v int) (bool, Result, error) {
	if p.Over() {
		return false, Result{}, ErrOver
	}
	x, mask := p.Bitboards()
	cur, moves := x, p.Moves()
	if moves%2 == 1 {
		cur = x ^ mask
	}
	s.nodes = 0
	var r Result
	switch floor, ceil := -(cells-moves)/2, (cells+1-moves)/2; {
	case s.opt.NonLosing && threats(cur, mask)&playableCells(mask) != 0:
		r.Score = ceil // a win with the next stone
	case v < floor:
		r.Score = floor
	case v >= ceil:
		r.Score = ceil
	default:
		r.Score = s.negamax(cur, mask, moves, v, v+1)
		r.Searches = 1
	}
	r.Nodes = s.nodes
	return r.Score > v, r, nil
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// columnOrder returns the columns (0-6) in the order the search tries them.
func columnOrder(centreFirst bool) [Width]int {
	if centreFirst {
		return [Width]int{3, 2, 4, 1, 5, 0, 6}
	}
	return [Width]int{0, 1, 2, 3, 4, 5, 6}
}

// nonLosing returns the cells of the moves that do not let the opponent win
// at once (0 if every move does): if the opponent threatens a playable cell,
// the move must block it (two such cells cannot both be blocked), and no
// move may fill the cell below an opponent's threat.
func nonLosing(cur, mask uint64) uint64 {
	playable := playableCells(mask)
	opp := threats(cur^mask, mask)
	if forced := playable & opp; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0
		}
		playable = forced
	}
	return playable &^ (opp >> 1)
}

// parryless reports whether the opponent, to move on mask with our threats
// th, has no move that does not lose at once: the negamax function's first
// check, made by the parent.
func parryless(th, mask uint64) bool {
	playable := playableCells(mask)
	if forced := playable & th; forced != 0 {
		if forced&(forced-1) != 0 {
			return true
		}
		playable = forced
	}
	return playable&^(th>>1) == 0
}

// sorter orders up to 7 moves by score, highest first; among equal scores
// the one added last comes first (moves are added in reverse column order,
// so ties go centre first, as in Pons' MoveSorter).
type sorter struct {
	n     int
	move  [Width]uint64
	score [Width]int
}

func (m *sorter) add(move uint64, score int) {
	i := m.n
	m.n++
	for ; i > 0 && m.score[i-1] > score; i-- {
		m.move[i], m.score[i] = m.move[i-1], m.score[i-1]
	}
	m.move[i], m.score[i] = move, score
}

// negamax returns p's score if it is inside (alpha, beta); otherwise a
// bound on the same side of the window: at most alpha if the score is, at
// least beta if the score is (Pons' contract).
func (s *Solver) negamax(cur, mask uint64, moves, alpha, beta int) int {
	s.nodes++
	o := &s.opt
	var next uint64
	if o.NonLosing {
		next = nonLosing(cur, mask)
		if next == 0 {
			return -(cells - moves) / 2 // the opponent wins with its next stone
		}
		if moves >= cells-2 {
			return 0 // two cells left and no win in one for either side
		}
		if lo := -(cells - 2 - moves) / 2; alpha < lo {
			alpha = lo // the opponent cannot win with its next stone
			if alpha >= beta {
				return alpha
			}
		}
	} else {
		if moves == cells {
			return 0
		}
		next = playableCells(mask)
		if threats(cur, mask)&next != 0 {
			return (cells + 1 - moves) / 2 // a win with the next stone
		}
	}
	// The side to move wins at best with its stone after next.
	if hi := (cells - 1 - moves) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}

	var key, idx uint64
	mirrored := false
	lower, upper, ttMove := -bias, noUpper-bias, -1
	if o.Table != NoTable {
		key = cur + mask
		if o.Mirror {
			if m := mirror(key); m < key {
				key, mirrored = m, true
			}
		}
		idx = s.tab.index(key)
		lower, upper, ttMove = s.tab.probe(idx, key)
		if mirrored && ttMove >= 0 {
			ttMove = Width - 1 - ttMove
		}
		if alpha < lower {
			alpha = lower
			if alpha >= beta {
				return alpha
			}
		}
		if beta > upper {
			beta = upper
			if alpha >= beta {
				return beta
			}
		}
	}

	// The moves in order.
	var ms sorter
	for i := Width - 1; i >= 0; i-- {
		col := s.order[i]
		if m := next & columnMask(col); m != 0 {
			score := 0
			if o.Threats || o.Lookahead {
				th := threats(cur|m, mask)
				if o.Lookahead && o.NonLosing && parryless(th, mask|m) {
					hi := (cells - 1 - moves) / 2
					if o.Table == FullTable {
						s.save(idx, key, hi, hi, col, mirrored)
					}
					return hi
				}
				if o.Threats {
					score = bits.OnesCount64(th) << 8
				}
			}
			if col == ttMove {
				score = 1 << 30
			}
			ms.add(m, score)
		}
	}

	if o.ETC {
		// A child whose stored upper bound u (its own view) already gives
		// −u ≥ beta refutes the window.
		for i := ms.n - 1; i >= 0; i-- {
			m := ms.move[i]
			ccur, cmask := cur^mask, mask|m
			ck := ccur + cmask
			if o.Mirror {
				ck = min(ck, mirror(ck))
			}
			if _, cu, _ := s.tab.probe(s.tab.index(ck), ck); -cu >= beta {
				s.save(idx, key, -cu, upper, colOf(m), mirrored)
				return -cu
			}
		}
	}

	alpha0, best := alpha, -1
	for i := ms.n - 1; i >= 0; i-- {
		m := ms.move[i]
		score := -s.negamax(cur^mask, mask|m, moves+1, -beta, -alpha)
		if score >= beta {
			switch o.Table {
			case BoundTable:
				s.tab.store(idx, key, score, noUpper-bias, -1)
			case FullTable:
				s.save(idx, key, score, upper, colOf(m), mirrored)
			}
			return score
		}
		if score > alpha {
			alpha, best = score, colOf(m)
		}
	}
	switch o.Table {
	case UpperTable, BoundTable:
		s.tab.store(idx, key, -bias, alpha, -1)
	case FullTable:
		if alpha > alpha0 {
			s.save(idx, key, alpha, alpha, best, mirrored) // exact
		} else {
			s.save(idx, key, lower, alpha, ttMove, mirrored)
		}
	}
	return alpha
}

// save stores bounds and a best move (−1: none) in the FullTable,
// turning the move into the entry's orientation.
func (s *Solver) save(idx, key uint64, lower, upper, move int, mirrored bool) {
	if mirrored && move >= 0 {
		move = Width - 1 - move
	}
	s.tab.store(idx, key, lower, upper, move)
}

// colOf returns the column of a move's cell.
func colOf(m uint64) int { return bits.TrailingZeros64(m) / colBits }

// WeakScore returns what the weak solver answers for a position of score
// score: 1 for a win, 0 for a draw, −1 for a loss.
func WeakScore(score int) int { return sign(score) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
