package algos_test

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

var schemes = []algos.Replace{algos.ReplaceAlways, algos.ReplaceDepth, algos.ReplaceTwoTier}

func mustTable(t testing.TB, size int, r algos.Replace) *algos.Table {
	t.Helper()
	tt, err := algos.NewTable(size, r)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

func TestReplaceNames(t *testing.T) {
	for _, r := range schemes {
		got, err := algos.ParseReplace(r.String())
		if err != nil || got != r {
			t.Errorf("ParseReplace(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	if s := algos.ReplaceTwoTier.String(); s != "two-tier" {
		t.Errorf("ReplaceTwoTier.String() = %q", s)
	}
	for _, s := range []string{"", "Always", "two tier", "deep"} {
		if _, err := algos.ParseReplace(s); err == nil {
			t.Errorf("ParseReplace(%q) succeeded", s)
		}
	}
	if s := algos.Replace(7).String(); s != "Replace(7)" {
		t.Errorf("Replace(7).String() = %q", s)
	}
}

func TestNewTableErrors(t *testing.T) {
	tests := []struct {
		name string
		size int
		r    algos.Replace
	}{
		{"size 0", 0, algos.ReplaceAlways},
		{"negative size", -5, algos.ReplaceDepth},
		{"too large", algos.MaxTableSize + 1, algos.ReplaceTwoTier},
		{"unknown scheme", 16, algos.Replace(3)},
		{"negative scheme", 16, algos.Replace(-1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tab, err := algos.NewTable(tt.size, tt.r); err == nil {
				t.Errorf("NewTable(%d, %v) = %v, want an error", tt.size, tt.r, tab)
			}
		})
	}
	tab := mustTable(t, 1000, algos.ReplaceTwoTier)
	if tab.Cap() != 1000 || tab.Len() != 0 || tab.Scheme() != algos.ReplaceTwoTier || tab.Bytes() != 24*1000 {
		t.Errorf("NewTable(1000, two-tier): Cap %d, Len %d, Scheme %v, Bytes %d; want 1000, 0, two-tier, 24000",
			tab.Cap(), tab.Len(), tab.Scheme(), tab.Bytes())
	}
}

// store is one step of a replacement scenario: the entry offered (key and
// depth; the value is the depth, to tell entries apart) and what Store must
// say.
type store struct {
	key   uint64
	depth int
	want  algos.Stored
}

// contents formats what a table holds in slot order, as key:depth.
func contents(tab *algos.Table) string {
	var s []string
	for e := range tab.All() {
		s = append(s, fmt.Sprintf("%d:%d", e.Key, e.Depth))
	}
	return strings.Join(s, " ")
}

// TestReplaceRules plays each scheme's rules on hand-made entries. Sizes 1
// (one slot) and 2 (two-tier: one bucket of two slots) make every key
// compete for the same bucket. Contents are listed in slot order: for
// two-tier, the depth-preferred slot first.
func TestReplaceRules(t *testing.T) {
	tests := []struct {
		name   string
		r      algos.Replace
		size   int
		stores []store
		want   string // contents after the stores
	}{
		{"always: empty slot", algos.ReplaceAlways, 1, []store{{1, 5, algos.Added}}, "1:5"},
		{"always: same key, shallower", algos.ReplaceAlways, 1, []store{{1, 5, algos.Added}, {1, 2, algos.Updated}}, "1:2"},
		{"always: other key, shallower", algos.ReplaceAlways, 1, []store{{1, 5, algos.Added}, {2, 1, algos.Replaced}}, "2:1"},
		{"always: other key, deeper", algos.ReplaceAlways, 1, []store{{1, 5, algos.Added}, {2, 9, algos.Replaced}}, "2:9"},

		{"depth: empty slot", algos.ReplaceDepth, 1, []store{{1, 5, algos.Added}}, "1:5"},
		{"depth: other key, shallower, is rejected", algos.ReplaceDepth, 1, []store{{1, 5, algos.Added}, {2, 4, algos.Rejected}}, "1:5"},
		{"depth: other key, equal depth, replaces", algos.ReplaceDepth, 1, []store{{1, 5, algos.Added}, {2, 5, algos.Replaced}}, "2:5"},
		{"depth: other key, deeper, replaces", algos.ReplaceDepth, 1, []store{{1, 5, algos.Added}, {2, 6, algos.Replaced}}, "2:6"},
		{"depth: same key, shallower, updates", algos.ReplaceDepth, 1, []store{{1, 5, algos.Added}, {1, 1, algos.Updated}}, "1:1"},
		{"depth: after a shallow update, a shallow key gets in", algos.ReplaceDepth, 1,
			[]store{{1, 5, algos.Added}, {1, 1, algos.Updated}, {2, 3, algos.Replaced}}, "2:3"},

		{"two-tier: first entry takes the depth slot", algos.ReplaceTwoTier, 2, []store{{1, 5, algos.Added}}, "1:5"},
		{"two-tier: shallower goes to the always slot", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}}, "1:5 2:3"},
		{"two-tier: equal depth takes the depth slot, the old entry moves down", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 5, algos.Added}}, "2:5 1:5"},
		{"two-tier: shallower replaces the always slot", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {3, 4, algos.Replaced}}, "1:5 3:4"},
		{"two-tier: deeper takes the depth slot, pushing out the always slot's entry", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {3, 6, algos.Replaced}}, "3:6 1:5"},
		{"two-tier: same key in the always slot, still shallower", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {2, 4, algos.Updated}}, "1:5 2:4"},
		{"two-tier: same key in the always slot, now deeper, is promoted", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {2, 7, algos.Updated}}, "2:7 1:5"},
		{"two-tier: same key in the depth slot, shallower, updates in place", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {1, 1, algos.Updated}}, "1:1 2:3"},
		{"two-tier: a shallow update lets the next entry into the depth slot", algos.ReplaceTwoTier, 2,
			[]store{{1, 5, algos.Added}, {2, 3, algos.Added}, {1, 1, algos.Updated}, {4, 2, algos.Replaced}}, "4:2 1:1"},
		{"two-tier size 1 is always-replace", algos.ReplaceTwoTier, 1,
			[]store{{1, 5, algos.Added}, {2, 9, algos.Replaced}, {3, 1, algos.Replaced}, {3, 0, algos.Updated}}, "3:0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := mustTable(t, tt.size, tt.r)
			keys := map[uint64]bool{}
			for i, s := range tt.stores {
				keys[s.key] = true
				e := algos.Entry{Key: s.key, Value: s.depth, Depth: s.depth, Bound: algos.Exact, Move: -1}
				if got := tab.Store(e); got != s.want {
					t.Errorf("store %d (key %d depth %d): %v, want %v; table now %s", i, s.key, s.depth, got, s.want, contents(tab))
				}
			}
			if got := contents(tab); got != tt.want {
				t.Errorf("contents %q, want %q", got, tt.want)
			}
			// Len counts what All lists, and Probe finds exactly that.
			n := strings.Count(tt.want, ":")
			if tab.Len() != n {
				t.Errorf("Len %d, want %d", tab.Len(), n)
			}
			for k := range keys {
				e, ok := tab.Probe(k)
				if in := strings.Contains(" "+tt.want, fmt.Sprintf(" %d:", k)); ok != in || ok && (e.Key != k || e.Value != e.Depth) {
					t.Errorf("Probe(%d) = %v, %v; contents %q", k, e, ok, tt.want)
				}
			}
		})
	}
}

// bucketOf is the documented index: hi64((key × 0x9E3779B97F4A7C15) × buckets).
func bucketOf(key uint64, buckets int) int {
	hi, _ := bits.Mul64(key*0x9E3779B97F4A7C15, uint64(buckets))
	return int(hi)
}

// keysIn returns n keys that map to bucket b of buckets.
func keysIn(b, buckets, n int) []uint64 {
	var keys []uint64
	for k := uint64(0); len(keys) < n; k++ {
		if bucketOf(k, buckets) == b {
			keys = append(keys, k)
		}
	}
	return keys
}

// TestTwoTierOddSize: a two-tier table of size 3 has a bucket of two slots
// (0 and 1) and a single always-replace slot (2); keys go where the
// documented index sends them.
func TestTwoTierOddSize(t *testing.T) {
	tab := mustTable(t, 3, algos.ReplaceTwoTier)
	pair, single := keysIn(0, 2, 3), keysIn(1, 2, 3)
	steps := []struct {
		key   uint64
		depth int
		want  algos.Stored
	}{
		{pair[0], 5, algos.Added},
		{single[0], 9, algos.Added},
		{pair[1], 3, algos.Added},      // the pair's always slot
		{single[1], 1, algos.Replaced}, // the single slot replaces even a deeper entry
		{pair[2], 1, algos.Replaced},   // the pair's always slot again
		{single[1], 0, algos.Updated},
	}
	for i, s := range steps {
		if got := tab.Store(algos.Entry{Key: s.key, Depth: s.depth}); got != s.want {
			t.Errorf("step %d (key %d, depth %d): %v, want %v", i, s.key, s.depth, got, s.want)
		}
	}
	want := fmt.Sprintf("%d:5 %d:1 %d:0", pair[0], pair[2], single[1])
	if got := contents(tab); got != want || tab.Len() != 3 {
		t.Errorf("contents %q (Len %d), want %q (Len 3)", got, tab.Len(), want)
	}
}

// TestTableEntries: a probe gives back exactly the entry stored, fields
// that do not fit a slot are rejected, and a huge depth is stored as the
// largest one a slot holds.
func TestTableEntries(t *testing.T) {
	tab := mustTable(t, 64, algos.ReplaceAlways)
	for _, e := range []algos.Entry{
		{Key: 0, Value: 0, Depth: 0, Bound: algos.Exact, Move: -1},
		{Key: math.MaxUint64, Value: -algos.Inf, Depth: algos.FullDepth, Bound: algos.Lower, Move: 8},
		{Key: 1 << 63, Value: algos.Inf, Depth: 3, Bound: algos.Upper, Move: 1000},
	} {
		tab.Store(e)
		if got, ok := tab.Probe(e.Key); !ok || got != e {
			t.Errorf("stored %v, probe gave %v, %v", e, got, ok)
		}
	}
	for _, e := range []algos.Entry{
		{Key: 7, Value: 1 << 40},
		{Key: 7, Move: -1 << 40},
		{Key: 7, Depth: -1},
	} {
		if got := tab.Store(e); got != algos.Rejected {
			t.Errorf("Store(%v) = %v, want rejected", e, got)
		}
	}
	if _, ok := tab.Probe(7); ok {
		t.Error("a rejected entry was stored")
	}
	if math.MaxInt > math.MaxInt32 {
		tab.Store(algos.Entry{Key: 9, Depth: math.MaxInt32 + 10})
		if e, _ := tab.Probe(9); e.Depth != math.MaxInt32 {
			t.Errorf("depth 2³¹+9 stored as %d, want 2³¹−1", e.Depth)
		}
	}
}

// TestTableModel stores random entries under a small key space into tables
// of every scheme and several sizes, and checks after every store: a probe
// that finds a key returns the last entry stored for it (full key
// verification: never another key's entry, never a stale one), Len counts
// the entries All lists and never exceeds the size, and Clear empties the
// table.
func TestTableModel(t *testing.T) {
	for _, r := range schemes {
		for _, size := range []int{1, 2, 3, 7, 64, 1000} {
			t.Run(fmt.Sprintf("%v/%d", r, size), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(size), uint64(r)))
				tab := mustTable(t, size, r)
				last := map[uint64]algos.Entry{}
				for i := range 3000 {
					e := algos.Entry{Key: rng.Uint64N(300) * 0x1234567, Value: rng.IntN(200) - 100, Depth: rng.IntN(10),
						Bound: algos.Bound(1 + rng.IntN(3)), Move: rng.IntN(9) - 1}
					before := tab.Len()
					stored := tab.Store(e)
					switch got := stored; got {
					case algos.Added:
						if tab.Len() != before+1 {
							t.Fatalf("store %d: Added, Len %d → %d", i, before, tab.Len())
						}
					case algos.Rejected, algos.Updated, algos.Replaced:
						if tab.Len() != before {
							t.Fatalf("store %d: %v, Len %d → %d", i, got, before, tab.Len())
						}
						if got == algos.Rejected && r != algos.ReplaceDepth {
							t.Fatalf("store %d: rejected by %v", i, r)
						}
					}
					got, ok := tab.Probe(e.Key)
					if ok {
						last[e.Key] = e
						if got != e {
							t.Fatalf("store %d: stored %v, probe gave %v", i, e, got)
						}
					}
					if ok != (stored != algos.Rejected) {
						t.Fatalf("store %d: %v, then Probe found it: %v", i, stored, ok)
					}
					if i%100 == 0 {
						n := 0
						for e := range tab.All() {
							n++
							if got, ok := tab.Probe(e.Key); !ok || got != e || last[e.Key] != e {
								t.Fatalf("store %d: All lists %v; Probe gives %v, %v; last stored %v", i, e, got, ok, last[e.Key])
							}
						}
						if n != tab.Len() || n > size {
							t.Fatalf("store %d: All lists %d entries, Len %d, size %d", i, n, tab.Len(), size)
						}
					}
				}
				tab.Clear()
				for range tab.All() {
					t.Fatal("All lists an entry after Clear")
				}
				for k := range last {
					if _, ok := tab.Probe(k); ok || tab.Len() != 0 {
						t.Fatalf("after Clear: Probe(%d) found, Len %d", k, tab.Len())
					}
				}
			})
		}
	}
}

func TestTableAllocs(t *testing.T) {
	for _, r := range schemes {
		tab := mustTable(t, 1000, r)
		var k uint64
		if a := testing.AllocsPerRun(1000, func() {
			k += 0x9E3779B97F4A7C15
			tab.Store(algos.Entry{Key: k, Depth: int(k % 7)})
		}); a != 0 {
			t.Errorf("%v: Store allocates %v times", r, a)
		}
		if a := testing.AllocsPerRun(1000, func() {
			k += 0x9E3779B97F4A7C15
			tab.Probe(k)
		}); a != 0 {
			t.Errorf("%v: Probe allocates %v times", r, a)
		}
		// As a TT, through the interface, as the searches call it.
		var tt algos.TT = tab
		if a := testing.AllocsPerRun(1000, func() { k++; tt.Probe(k) }); a != 0 {
			t.Errorf("%v: TT.Probe allocates %v times", r, a)
		}
	}
}

// tableSizes are the sizes of the tic-tac-toe tests: every size from 1 to
// 64, then sizes around and above the game's 5,478 positions.
func tableSizes() []int {
	var s []int
	for n := 1; n <= 64; n++ {
		s = append(s, n)
	}
	return append(s, 100, 1000, 5478, 8192)
}

// TestTableTicTacToe solves tic-tac-toe from the empty board with NegamaxAB
// and a Table of every size from 1 to 64 and a few larger ones, every
// scheme, fail-soft and fail-hard: a lossy table costs nodes, never the
// value (0, a draw), and the best move keeps the draw.
func TestTableTicTacToe(t *testing.T) {
	root := games.NewTicTacToe()
	var moveValue []int // the true value of each root move
	for _, c := range root.Children(nil) {
		moveValue = append(moveValue, truth(c, algos.FullDepth))
	}
	for _, r := range schemes {
		for _, size := range tableSizes() {
			for _, fail := range []algos.Fail{algos.FailSoft, algos.FailHard} {
				t.Run(fmt.Sprintf("%v/%d/%v", r, size, fail), func(t *testing.T) {
					tab := mustTable(t, size, r)
					res, err := algos.NegamaxAB(root, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tab, Fail: fail})
					if err != nil {
						t.Fatal(err)
					}
					if res.Value != 0 {
						t.Errorf("value %d, want 0 (a draw)", res.Value)
					}
					if res.Move < 0 || res.Move >= len(moveValue) || moveValue[res.Move] != 0 {
						t.Errorf("best move %d does not keep the draw", res.Move)
					}
					if err := checkPV(root, algos.FullDepth, res); err != nil {
						t.Error(err)
					}
					if tab.Len() > 5478 || tab.Len() > size {
						t.Errorf("Len %d: more than the game's 5478 positions or the size %d", tab.Len(), size)
					}
					if st := res.Stats; size <= 64 && st.TTOverwrites == 0 {
						t.Errorf("a table of %d entries overwrote nothing: %+v", size, st)
					}
				})
			}
		}
	}
}

// TestTableRandomTrees: on random uneven explicit trees, searched whole and
// to a depth limit, a Table of any size and scheme gives the minimax value.
// Explicit trees have no transpositions, but their keys (node numbers) are
// small consecutive integers and small tables are full of collisions.
func TestTableRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for i := range 60 {
		tree := gametree.MustTree(randomSpec(r, 1+r.IntN(6), 4, -20, 40), gametree.Player(1-2*(i%2)))
		root := tree.Root()
		for _, depth := range []int{algos.FullDepth, 1, 2, 3} {
			want := truth(root, depth)
			for _, scheme := range schemes {
				for _, size := range []int{1, 2, 3, 5, 16, 1000} {
					for _, fail := range []algos.Fail{algos.FailSoft, algos.FailHard} {
						res, err := algos.NegamaxAB(root, depth, &algos.Options[gametree.Node]{TT: mustTable(t, size, scheme), Fail: fail})
						if err != nil || res.Value != want {
							t.Fatalf("tree %d %v, depth %d, %v table of %d, %v: value %d, %v; want %d", i, tree, depth, scheme, size, fail, res.Value, err, want)
						}
					}
				}
			}
		}
	}
}

// TestTableTicTacToeDepths: depth-limited searches of tic-tac-toe positions,
// each with a fresh table, give the depth-limited minimax value; so does a
// table kept across depths 0, 1, 2, … as iterative deepening keeps it.
func TestTableTicTacToeDepths(t *testing.T) {
	boards := []string{"x.. ... ...", ".x. ... ...", "... .x. ...", "x.. .o. ...", "xo. ... ...", "x.. .o. ..x", "xo. .x. ..o", "x.o .x. o.."}
	sizes := []int{1, 2, 3, 7, 16, 100, 5478}
	for _, b := range boards {
		p, err := games.ParseTicTacToe(b)
		if err != nil {
			t.Fatal(err)
		}
		var wants [10]int
		for depth := range wants {
			wants[depth] = truth(p, depth)
		}
		for _, scheme := range schemes {
			for _, size := range sizes {
				kept := mustTable(t, size, scheme)
				for depth, want := range wants {
					for _, fail := range []algos.Fail{algos.FailSoft, algos.FailHard} {
						res, err := algos.NegamaxAB(p, depth, &algos.Options[games.TicTacToe]{TT: mustTable(t, size, scheme), Fail: fail})
						if err != nil || res.Value != want {
							t.Errorf("%q depth %d, fresh %v table of %d, %v: %d, %v; want %d", b, depth, scheme, size, fail, res.Value, err, want)
						}
					}
					res, err := algos.NegamaxAB(p, depth, &algos.Options[games.TicTacToe]{TT: kept})
					if err != nil || res.Value != want {
						t.Errorf("%q depth %d, %v table of %d kept from depths 0..%d: %d, %v; want %d", b, depth, scheme, size, depth-1, res.Value, err, want)
					}
				}
			}
		}
	}
}

// TestTableLikeMap: a Table that lost no entry (no overwrite, no
// rejection) searches exactly like a MapTT: same nodes, same counters,
// same entries. Whether a table loses entries depends on where the keys
// fall, not only on its size. The search stores about 2,100 positions:
// with 5,478 slots many share a slot; with 2²⁰ one-slot buckets the
// birthday paradox still leaves a pair in one slot (2,100²/2²¹ ≈ 2 expected;
// here always-replace overwrites once and depth-preferred rejects once),
// while two-tier buckets of 2 slots hold every pair from 2¹⁶ slots up.
// The keys are fixed, so the test pins those facts.
func TestTableLikeMap(t *testing.T) {
	root := games.NewTicTacToe()
	for _, fail := range []algos.Fail{algos.FailSoft, algos.FailHard} {
		mtt := algos.NewMapTT()
		ref, err := algos.NegamaxAB(root, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: mtt, Fail: fail})
		if err != nil {
			t.Fatal(err)
		}
		for _, scheme := range schemes {
			for _, size := range []int{5478, 1 << 16, 1 << 20} {
				tab := mustTable(t, size, scheme)
				res, err := algos.NegamaxAB(root, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tab, Fail: fail})
				if err != nil {
					t.Fatal(err)
				}
				lost := res.Stats.TTOverwrites > 0 || res.Stats.TTStores < ref.Stats.TTStores
				t.Logf("%v, %v table of %d: %d nodes (map: %d), %d entries (map: %d), %d overwrites", fail, scheme, size,
					res.Stats.Nodes, ref.Stats.Nodes, tab.Len(), mtt.Len(), res.Stats.TTOverwrites)
				if scheme == algos.ReplaceTwoTier && size >= 1<<16 && lost {
					t.Errorf("%v, %v table of %d: lost entries (%d overwrites, %d stores, map %d)", fail, scheme, size, res.Stats.TTOverwrites, res.Stats.TTStores, ref.Stats.TTStores)
				}
				if lost {
					continue
				}
				if res.Stats != ref.Stats || tab.Len() != mtt.Len() {
					t.Errorf("%v, %v table of %d lost nothing but searched differently:\n%+v\nmap:\n%+v", fail, scheme, size, res.Stats, ref.Stats)
				}
				for e := range mtt.All() {
					if got, ok := tab.Probe(e.Key); !ok || got != e {
						t.Errorf("%v, %v table of %d: map holds %v, table %v, %v", fail, scheme, size, e, got, ok)
						break
					}
				}
			}
		}
	}
}

// benchKeys returns n random keys, half of them stored in tab.
func benchKeys(tab algos.TT, n int) []uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = r.Uint64()
		if i%2 == 0 {
			tab.Store(algos.Entry{Key: keys[i], Depth: i % 9})
		}
	}
	return keys
}

// benchTables are the tables the benchmarks compare: each scheme with 2¹²
// entries (96 KiB, in the processor's cache: the cost of the code) and with
// 2²⁰ entries (24 MiB: the cost of a memory access, which dominates in real
// tables), and a MapTT.
func benchTables(b *testing.B) []benchTable {
	var out []benchTable
	for _, size := range []int{1 << 12, 1 << 20} {
		for _, r := range schemes {
			out = append(out, benchTable{fmt.Sprintf("%v/%d", r, size), mustTable(b, size, r)})
		}
	}
	return append(out, benchTable{"map", algos.NewMapTT()})
}

type benchTable struct {
	name string
	tt   algos.TT
}

func BenchmarkTTProbe(b *testing.B) {
	for _, bt := range benchTables(b) {
		keys := benchKeys(bt.tt, 1<<16)
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				bt.tt.Probe(keys[i&(1<<16-1)])
				i++
			}
		})
	}
}

func BenchmarkTTStore(b *testing.B) {
	for _, bt := range benchTables(b) {
		keys := benchKeys(bt.tt, 1<<16)
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				bt.tt.Store(algos.Entry{Key: keys[i&(1<<16-1)], Value: i & 63, Depth: i % 9, Bound: algos.Exact, Move: i % 9})
				i++
			}
		})
	}
}

// Nodes NegamaxAB visits to solve tic-tac-toe: without a table, with an
// unbounded MapTT, and with fixed-size Tables of each replacement scheme.
//
// One entry saves nothing: the entry stored last is the child just searched,
// and the next probe is for its sibling. Depth-preferred replacement does
// worst in a small table, which fills with entries near the root that are
// never probed again; two-tier does best from a few hundred entries up, and
// 4,096 entries come within 3% of the unbounded table.
func ExampleTable() {
	root := games.NewTicTacToe()
	nodes := func(tt algos.TT) int64 {
		res, err := algos.NegamaxAB(root, algos.FullDepth, &algos.Options[games.TicTacToe]{TT: tt})
		if err != nil {
			panic(err)
		}
		return res.Stats.Nodes
	}
	fmt.Printf("%-8s %8d\n", "none", nodes(nil))
	fmt.Printf("%-8s %8d\n", "MapTT", nodes(algos.NewMapTT()))
	fmt.Printf("%-8s %8s %8s %8s\n", "size", "always", "depth", "two-tier")
	for _, size := range []int{1, 16, 256, 4096} {
		fmt.Printf("%-8d", size)
		for _, r := range []algos.Replace{algos.ReplaceAlways, algos.ReplaceDepth, algos.ReplaceTwoTier} {
			tab, err := algos.NewTable(size, r)
			if err != nil {
				panic(err)
			}
			fmt.Printf(" %8d", nodes(tab))
		}
		fmt.Println()
	}
	// Output:
	// none        20866
	// MapTT        5453
	// size       always    depth two-tier
	// 1           20866    20866    20866
	// 16          18251    20697    19284
	// 256         10348    12619     9912
	// 4096         5845     5937     5599
}
