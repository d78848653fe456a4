package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// Minimax searches every node to the given depth in the Max/Min form of the
// Russian textbook «Системы искусственного интеллекта» (§6.4): Max nodes take
// the largest child value, Min nodes the smallest. It visits the whole tree:
// Stats.Cutoffs is always 0.
//
// Value and every traced value are from Max's point of view. The window in
// opt is ignored (minimax has none). Cost: every node to the depth limit.
func Minimax[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return run(root, depth, opt, FailHard, false, func(s *searcher[P], _ bounds) int {
		if s.trace == nil {
			return s.minimaxUntraced(root, depth, 0)
		}
		return s.minimax(root, depth, 0)
	})
}

func (s *searcher[P]) minimax(pos P, depth, ply int) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: the static value
		if s.trace != nil {
			return s.leafTraced(pos, ply, -Inf, Inf)
		}
		s.stats.Leaves++
		return pos.Value()
	}
	f := s.open(ply)
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, -Inf, Inf)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: its value
		return s.terminal(pos, ply)
	}
	max := pos.ToMove() == gametree.Max
	value := Inf
	if max {
		value = -Inf
	}
	for i, c := range kids {
		f.i = i
		v := s.minimax(c, depth-1, ply+1)
		if s.stopped {
			return 0
		}
		if (max && v > value) || (!max && v < value) {
			value = v
			s.best(f, ply, depth)
		}
	}
	if s.trace != nil {
		s.traceExit(ply, value, -Inf, Inf)
	}
	return value
}

// Negamax searches every node to the given depth in negamax form, exactly as
// the Persian Wikipedia article on negamax writes it:
//
//	function negamax(node, depth, color) is
//	    if depth = 0 or node is a terminal node then
//	        return color × the heuristic value of node
//	    value := −∞
//	    for each child of node do
//	        value := max(value, −negamax(child, depth − 1, −color))
//	    return value
//
// The root is called with color = +1 when Max is to move and −1 otherwise;
// like the article, it assumes the players alternate. The Result's Value is
// converted back to Max's point of view (color × score), so it equals
// Minimax's.
func Negamax[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	color := int(root.ToMove())
	return run(root, depth, opt, FailHard, false, func(s *searcher[P], _ bounds) int {
		if s.trace == nil {
			return color * s.negamaxUntraced(root, depth, 0, color)
		}
		return color * s.negamax(root, depth, 0, color)
	})
}

func (s *searcher[P]) negamax(pos P, depth, ply, color int) int {
	if !s.count() {
		return 0
	}
	if depth == 0 { // the depth limit: the static value
		if s.trace != nil {
			return color * s.leafTraced(pos, ply, -Inf, Inf)
		}
		s.stats.Leaves++
		return color * pos.Value()
	}
	f := s.open(ply)
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, -Inf, Inf)
	}
	kids := s.expand(pos, ply, f)
	if len(kids) == 0 { // a terminal position: its value
		return color * s.terminal(pos, ply)
	}
	value := -Inf
	for i, c := range kids {
		f.i = i
		v := -s.negamax(c, depth-1, ply+1, -color)
		if s.stopped {
			return 0
		}
		if v > value {
			value = v
			s.best(f, ply, depth)
		}
	}
	if s.trace != nil {
		s.traceExit(ply, color*value, -Inf, Inf)
	}
	return value
}
