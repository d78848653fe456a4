package algos

// Stats counts what a search did. Every field is counted on every search,
// traced or not; a field an algorithm has no use for stays zero.
type Stats struct {
	// Nodes is the number of positions the search entered, the root and the
	// leaves included. A position searched twice counts twice.
	Nodes int64 `json:"nodes"`
	// Leaves is the number of static evaluations (calls of Value), repeats
	// included: terminal positions and positions at the depth limit.
	Leaves int64 `json:"leaves"`
	// Cutoffs is the number of times a child's value reached the far bound
	// (α ≥ β) and the node stopped searching: the Persian Wikipedia negamax
	// article's "break (* cut-off *)". It counts even when that child was the
	// last one and nothing is left to skip; Pruned counts what was skipped.
	// Cutoffs = ShallowCutoffs + DeepCutoffs.
	Cutoffs int64 `json:"cutoffs"`
	// ShallowCutoffs counts cutoffs caused by a bound set at the cutting node's
	// parent (the grandparent of the child that caused it), or by the root's own
	// window at the root and its children (the textbook's Fig. 6.8).
	ShallowCutoffs int64 `json:"shallow_cutoffs"`
	// DeepCutoffs counts cutoffs caused by a bound set three or more plies above
	// the cutting node (the textbook's Fig. 6.9): these need α and β to be
	// passed down the whole path, not just compared with the parent.
	DeepCutoffs int64 `json:"deep_cutoffs"`
	// Pruned is the number of children skipped by cutoffs (each skipped child
	// counts once, whatever the size of its subtree).
	Pruned int64 `json:"pruned"`
	// NullWindow is the number of null-window searches (β − α = 1) started.
	NullWindow int64 `json:"null_window"`
	// ReSearches is the number of children searched a second time after a
	// null-window or aspiration search failed.
	ReSearches int64 `json:"researches"`
	// Passes is the number of complete root searches made by a driver such as
	// MTD(f), Best Node Search or iterative deepening.
	Passes int64 `json:"passes"`
	// TTProbes, TTHits and TTStores count transposition-table look-ups, the
	// look-ups that found the position (at any depth), and the entries the
	// table accepted.
	TTProbes int64 `json:"tt_probes"`
	TTHits   int64 `json:"tt_hits"`
	TTStores int64 `json:"tt_stores"`
	// TTOverwrites counts stores that pushed out another position's entry.
	TTOverwrites int64 `json:"tt_overwrites"`
	// TTCutExact, TTCutLower and TTCutUpper count the hits that ended a
	// node's search without searching it, by the entry's flag: an exact
	// value, a lower bound at or above β, an upper bound at or below α.
	TTCutExact int64 `json:"tt_cut_exact"`
	TTCutLower int64 `json:"tt_cut_lower"`
	TTCutUpper int64 `json:"tt_cut_upper"`
	// MaxPly is the deepest ply entered (the root is ply 0).
	MaxPly int `json:"max_ply"`
}

// Interior returns the number of interior nodes entered: Nodes − Leaves.
func (s Stats) Interior() int64 { return s.Nodes - s.Leaves }

// Add returns the sum of s and t (MaxPly is the larger of the two).
func (s Stats) Add(t Stats) Stats {
	s.Nodes += t.Nodes
	s.Leaves += t.Leaves
	s.Cutoffs += t.Cutoffs
	s.ShallowCutoffs += t.ShallowCutoffs
	s.DeepCutoffs += t.DeepCutoffs
	s.Pruned += t.Pruned
	s.NullWindow += t.NullWindow
	s.ReSearches += t.ReSearches
	s.Passes += t.Passes
	s.TTProbes += t.TTProbes
	s.TTHits += t.TTHits
	s.TTStores += t.TTStores
	s.TTOverwrites += t.TTOverwrites
	s.TTCutExact += t.TTCutExact
	s.TTCutLower += t.TTCutLower
	s.TTCutUpper += t.TTCutUpper
	s.MaxPly = max(s.MaxPly, t.MaxPly)
	return s
}

// TTHitRatio returns TTHits / TTProbes, or 0 when nothing was probed.
func (s Stats) TTHitRatio() float64 {
	if s.TTProbes == 0 {
		return 0
	}
	return float64(s.TTHits) / float64(s.TTProbes)
}

// MinimalLeaves is Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1: the number of
// leaves alpha-beta evaluates on a uniform tree of branching b and depth d
// with perfect move ordering, and the least any algorithm must evaluate to
// prove the minimax value (the critical leaves). It overflows int64 only for
// trees far beyond any search (b^⌈d/2⌉ ≥ 2^62).
func MinimalLeaves(b, d int) int64 {
	pow := func(e int) int64 {
		p := int64(1)
		for range e {
			p *= int64(b)
		}
		return p
	}
	return pow((d+1)/2) + pow(d/2) - 1
}
