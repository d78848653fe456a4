package gametree_test

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// A tree literal with labels; leaves are numbered left to right.
func ExampleParse() {
	t, err := gametree.Parse("A(B(3 12 8) C(2 4 6) D(14 5 2))")
	if err != nil {
		panic(err)
	}
	root := t.Root()
	kids := root.Children(nil)
	fmt.Println(t.Len(), "nodes,", t.Leaves(), "leaves, height", t.Height())
	fmt.Println(root.ToMove(), "to move at", root.Name(), "with moves", root.MoveName(0), root.MoveName(1), root.MoveName(2))
	fmt.Println(kids[1].ToMove(), "to move at", kids[1].Name(), "; its first leaf is leaf", kids[1].Children(nil)[0].LeafIndex())
	// Output:
	// 13 nodes, 9 leaves, height 2
	// Max to move at A with moves B C D
	// Min to move at C ; its first leaf is leaf 3
}

// Malformed literals are errors that say where and what was expected.
func ExampleParse_error() {
	_, err := gametree.Parse("((3 12 8) (2 4 6)")
	fmt.Println(err)
	// Output:
	// gametree: at byte 17: unexpected end of input, expected ')' to close '(' at byte 0
}

// Random uniform trees are generated lazily: the root of a tree with 8^8
// leaves costs nothing, and any leaf's value follows the documented formula.
func ExampleUniform() {
	root, err := random.Uniform{B: 8, D: 8, Seed: 1}.Root()
	if err != nil {
		panic(err)
	}
	n := root
	for range 8 {
		n = n.Children(nil)[7] // always the last move
	}
	fmt.Println(n.LeafIndex(), n.Value())
	// Output:
	// 16777215 486
}

// Tic-tac-toe positions are values; moves are named by square.
func ExampleTicTacToe() {
	g, err := games.ParseTicTacToe("x.o .x. ...")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.ToMove(), len(g.Children(nil)), "moves, the first", g.MoveName(0))
	fmt.Print(g)
	// Output:
	// Min 6 moves, the first b1
	// x.o
	// .x.
	// ...
}
