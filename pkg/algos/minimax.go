package algos

import "github.com/cutoff-go/cutoff/pkg/gametree"

// Minimax searches every node to the given depth in the Max/Min form of the
// course's seed 004: Max nodes take the largest child value, Min nodes the
// smallest. It visits the whole tree: Stats.Cutoffs is always 0.
//
// Value and every traced value are from Max's point of view. The window in
// opt is ignored (minimax has none). Cost: every node to the depth limit.
func Minimax[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	return run(root, depth, opt, FailHard, false, func(s *searcher[P], _ bounds) int {
		return s.minimax(root, depth, 0)
	})
}

func (s *searcher[P]) minimax(pos P, depth, ply int) int {
	f := s.visit(ply)
	if f == nil {
		return 0
	}
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, -Inf, Inf)
	}
	var kids []P
	if depth > 0 {
		kids = s.expand(pos, ply, f)
	}
	if len(kids) == 0 { // depth limit or terminal: static value
		s.stats.Leaves++
		v := pos.Value()
		if s.trace != nil {
			s.traceLeaf(pos, ply, v)
		}
		return v
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
			s.best(f, ply)
		}
	}
	if s.trace != nil {
		s.traceExit(ply, value, -Inf, Inf)
	}
	return value
}

// Negamax searches every node to the given depth in negamax form, exactly as
// the course's seed 002 writes it:
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
// like the seed, it assumes the players alternate. The Result's Value is
// converted back to Max's point of view (color × score), so it equals
// Minimax's.
func Negamax[P gametree.Position[P]](root P, depth int, opt *Options[P]) (Result, error) {
	color := int(root.ToMove())
	return run(root, depth, opt, FailHard, false, func(s *searcher[P], _ bounds) int {
		return color * s.negamax(root, depth, 0, color)
	})
}

func (s *searcher[P]) negamax(pos P, depth, ply, color int) int {
	f := s.visit(ply)
	if f == nil {
		return 0
	}
	if s.trace != nil {
		s.traceEnter(pos, ply, depth, -Inf, Inf)
	}
	var kids []P
	if depth > 0 {
		kids = s.expand(pos, ply, f)
	}
	if len(kids) == 0 { // depth limit or terminal: color × static value
		s.stats.Leaves++
		v := pos.Value()
		if s.trace != nil {
			s.traceLeaf(pos, ply, v)
		}
		return color * v
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
			s.best(f, ply)
		}
	}
	if s.trace != nil {
		s.traceExit(ply, color*value, -Inf, Inf)
	}
	return value
}
