package playground

import (
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// The pseudocode the playground shows next to a step-through: one listing
// per family of algorithms, each line tagged with the events it runs. A tag
// is an event kind (algos.EventKind's String: enter, leaf, cutoff, exit,
// research, tt-hit, pass), optionally with ":max" or ":min" when the line
// belongs to one side only. A step highlights the lines tagged with its
// event's kind (and the side to move at the node it happened at). Three
// more tags are lines the parent runs around a child's search: "take" (the
// parent takes the child's value, at the child's exit), "raise" (the parent
// narrows its window with it, when it does not cut) and "probe" (a parent
// searched with a wider window calls the child with a null window, at the
// child's entry); their side is the parent's. "test" lines stand for
// "enter" at a node entered with a null window (SCOUT's TEST).

// line is one line of a listing: the text, then " ⟦tags⟧" when tagged.
type listing []string

// minimaxCode is §6.4's minimax in Max/Min form.
var minimaxCode = listing{
	"function minimax(node, depth) ⟦enter⟧",
	"  if depth = 0 or node is terminal: return value(node) ⟦leaf⟧",
	"  if node is Max:",
	"    v ← −∞",
	"    for each child c: v ← max(v, minimax(c, depth − 1)) ⟦take:max⟧",
	"    return v ⟦exit:max⟧",
	"  v ← +∞",
	"  for each child c: v ← min(v, minimax(c, depth − 1)) ⟦take:min⟧",
	"  return v ⟦exit:min⟧",
}

// negamaxCode is negamax with the colour parameter.
var negamaxCode = listing{
	"function negamax(node, depth, color) ⟦enter⟧",
	"  if depth = 0 or node is terminal: return color × value(node) ⟦leaf⟧",
	"  v ← −∞",
	"  for each child c: v ← max(v, −negamax(c, depth − 1, −color)) ⟦take⟧",
	"  return v ⟦exit⟧",
}

// alphaBetaCode is §6.4's alpha-beta in Max/Min form.
var alphaBetaCode = listing{
	"function alphabeta(node, depth, α, β) ⟦enter⟧",
	"  if depth = 0 or node is terminal: return value(node) ⟦leaf⟧",
	"  if node is Max:",
	"    v ← −∞",
	"    for each child c:",
	"      v ← max(v, alphabeta(c, depth − 1, α, β)) ⟦take:max⟧",
	"      if v ≥ β: break          ✂ β-cutoff ⟦cutoff:max⟧",
	"      α ← max(α, v) ⟦raise:max⟧",
	"    return v ⟦exit:max⟧",
	"  v ← +∞",
	"  for each child c:",
	"    v ← min(v, alphabeta(c, depth − 1, α, β)) ⟦take:min⟧",
	"    if v ≤ α: break            ✂ α-cutoff ⟦cutoff:min⟧",
	"    β ← min(β, v) ⟦raise:min⟧",
	"  return v ⟦exit:min⟧",
}

// negamaxABCode is alpha-beta in negamax form, with a table.
var negamaxABCode = listing{
	"function negamax(node, depth, α, β, color) ⟦enter⟧",
	"  if the table has node at ≥ depth: use its bound; return if it settles ⟦tt-hit⟧",
	"  if depth = 0 or node is terminal: return color × value(node) ⟦leaf⟧",
	"  v ← −∞",
	"  for each child c:",
	"    v ← max(v, −negamax(c, depth − 1, −β, −α, −color)) ⟦take⟧",
	"    α ← max(α, v) ⟦raise⟧",
	"    if α ≥ β: break            ✂ cutoff ⟦cutoff⟧",
	"  store v (exact, lower or upper bound) in the table",
	"  return v ⟦exit⟧",
}

// pvsCode is principal variation search and NegaScout.
var pvsCode = listing{
	"function pvs(node, depth, α, β, color) ⟦enter⟧",
	"  if the table has node at ≥ depth: use its bound ⟦tt-hit⟧",
	"  if depth = 0 or node is terminal: return color × value(node) ⟦leaf⟧",
	"  for each child c:",
	"    if c is the first child:",
	"      score ← −pvs(c, depth − 1, −β, −α, −color)",
	"    else:",
	"      score ← −pvs(c, depth − 1, −α − 1, −α, −color)   null window ⟦probe⟧",
	"      if α < score < β:",
	"        score ← −pvs(c, depth − 1, −β, −score, −color)   re-search ⟦research⟧",
	"    α ← max(α, score) ⟦take⟧",
	"    if α ≥ β: break            ✂ cutoff ⟦cutoff⟧",
	"  return α ⟦exit⟧",
}

// scoutCode is Pearl's SCOUT: EVAL, with TEST proving a move no better.
var scoutCode = listing{
	"function eval(node) ⟦enter⟧",
	"  if node is terminal: return value(node) ⟦leaf⟧",
	"  v ← eval(first child)",
	"  for each other child c:",
	"    if test(c, v) says c can do better: v ← eval(c)   re-search ⟦research⟧",
	"  return v ⟦exit⟧",
	"function test(node, v): does node beat v?  (a null window at v) ⟦test⟧",
	"  stop at the first child that answers it   ✂ ⟦cutoff⟧",
}

// deepeningCode is iterative deepening and aspiration windows over
// alpha-beta in negamax form.
var deepeningCode = listing{
	"for depth d in the schedule (1, 2, …): ⟦pass⟧",
	"  window ← (−∞, +∞), or [guess − δ, guess + δ] with aspiration",
	"  v ← negamax(root, d, window), best move first",
	"  if v falls outside the window: search again with it opened",
	"function negamax(node, depth, α, β, color) ⟦enter⟧",
	"  if the table has node at ≥ depth: use its bound ⟦tt-hit⟧",
	"  if depth = 0 or node is terminal: return color × value(node) ⟦leaf⟧",
	"  for each child c, best first:",
	"    α ← max(α, −negamax(c, depth − 1, −β, −α, −color)) ⟦take⟧",
	"    if α ≥ β: break            ✂ cutoff ⟦cutoff⟧",
	"  return the best value ⟦exit⟧",
}

// mtdCode is the MTD drivers: MTD(f), MT-SSS* (f = +∞), MT-DUAL* (f = −∞).
var mtdCode = listing{
	"g ← the guess f; lower ← −∞; upper ← +∞",
	"while lower < upper:",
	"  β ← max(g, lower + 1) ⟦pass⟧",
	"  g ← alphabetaWithMemory(root, β − 1, β)",
	"  if g < β: upper ← g   else: lower ← g",
	"return g",
	"function alphabetaWithMemory(node, α, β) ⟦enter⟧",
	"  if the table has bounds for node: return if they settle it ⟦tt-hit⟧",
	"  if node is terminal: return value(node) ⟦leaf⟧",
	"  for each child c: g ← best of alphabetaWithMemory(c, α, β) ⟦take⟧",
	"    if g ≥ β (Max) or g ≤ α (Min): break   ✂ cutoff ⟦cutoff⟧",
	"  store g as a lower or upper bound; return g ⟦exit⟧",
}

// bnsCode is Best Node Search.
var bnsCode = listing{
	"repeat:",
	"  test ← a value between α and β ⟦pass⟧",
	"  better ← the children c with −alphabeta(c, −test, −(test − 1)) ≥ test",
	"  if better is not empty: α ← test   else: β ← test",
	"until β − α < 2 or only one child is better",
	"function alphabeta(node, depth, α, β) ⟦enter⟧",
	"  if the table has node: use its bound ⟦tt-hit⟧",
	"  if depth = 0 or node is terminal: return value(node) ⟦leaf⟧",
	"  for each child c: α ← max(α, −alphabeta(c, depth − 1, −β, −α)) ⟦take⟧",
	"    if α ≥ β: break            ✂ cutoff ⟦cutoff⟧",
	"  return α ⟦exit⟧",
}

// codeOf returns the listing of the named algorithm.
func codeOf(alg string) listing {
	switch alg {
	case "minimax":
		return minimaxCode
	case "negamax":
		return negamaxCode
	case "alphabeta", "alphabeta-soft":
		return alphaBetaCode
	case "negamax-ab", "negamax-ab-hard":
		return negamaxABCode
	case "pvs", "pvs-soft", "negascout":
		return pvsCode
	case "scout":
		return scoutCode
	case "id", "aspiration":
		return deepeningCode
	case "mtdf", "sss", "dual":
		return mtdCode
	case "bns":
		return bnsCode
	}
	return nil
}

// text returns the listing's lines without their tags.
func (l listing) text() []string {
	out := make([]string, len(l))
	for i, s := range l {
		t, _, _ := strings.Cut(s, " ⟦")
		out[i] = t
	}
	return out
}

// lines returns the indices of the lines an event of kind k runs at a node
// where side is to move.
func (l listing) lines(k algos.EventKind, side gametree.Player) []int {
	return l.tagged(k.String(), side)
}

// tagged returns the indices of the lines tagged tag (for side).
func (l listing) tagged(tag string, side gametree.Player) []int {
	var out []int
	for i, s := range l {
		_, tags, ok := strings.Cut(s, " ⟦")
		if !ok {
			continue
		}
		for _, t := range strings.Split(strings.TrimSuffix(tags, "⟧"), ",") {
			kind, who, _ := strings.Cut(t, ":")
			if kind != tag {
				continue
			}
			if who == "" || who == "max" && side == gametree.Max || who == "min" && side == gametree.Min {
				out = append(out, i)
			}
		}
	}
	return out
}
