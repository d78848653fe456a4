package algos_test

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Sticks is a whole game in a dozen lines: a pile of sticks, each player
// takes 1, 2 or 3, and whoever takes the last stick wins. Implementing
// gametree.Position is all a search needs; being a small value type, it costs
// no allocation per node.
type Sticks struct {
	Left   int8
	Player gametree.Player // to move
}

// Children lists the piles after taking 1, 2 and 3 sticks.
func (s Sticks) Children(buf []Sticks) []Sticks {
	for take := int8(1); take <= 3 && take <= s.Left; take++ {
		buf = append(buf, Sticks{Left: s.Left - take, Player: -s.Player})
	}
	return buf
}

// Value is from Max's point of view: with no sticks left, the player to move
// has lost (the opponent took the last one).
func (s Sticks) Value() int {
	if s.Left == 0 {
		return -int(s.Player)
	}
	return 0
}

// ToMove returns the player to move.
func (s Sticks) ToMove() gametree.Player { return s.Player }

// MoveName says how many sticks move i takes.
func (s Sticks) MoveName(i int) string { return fmt.Sprintf("take %d", i+1) }

// Multiples of four lose for the player to move; alpha-beta proves it with a
// small fraction of minimax's work.
func Example_customGame() {
	for _, n := range []int8{15, 16} {
		start := Sticks{Left: n, Player: gametree.Max}
		mm, _ := algos.Minimax(start, algos.FullDepth, nil)
		ab, _ := algos.AlphaBeta(start, algos.FullDepth, nil)
		best := "every move loses"
		if ab.Value > 0 {
			best = start.MoveName(ab.Move)
		}
		fmt.Printf("%d sticks: value %+d, %s; minimax %d nodes, alpha-beta %d\n", n, ab.Value, best, mm.Stats.Nodes, ab.Stats.Nodes)
	}
	// Output:
	// 15 sticks: value +1, take 3; minimax 12640 nodes, alpha-beta 3993
	// 16 sticks: value -1, every move loses; minimax 23249 nodes, alpha-beta 6797
}
