package games

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

func TestBoards(t *testing.T) {
	p, err := ParseTicTacToe("xo. .x. ..o")
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board()
	want := [][]gametree.Cell{{gametree.MaxPiece, gametree.MinPiece, gametree.Empty}, {gametree.Empty, gametree.MaxPiece, gametree.Empty}, {gametree.Empty, gametree.Empty, gametree.MinPiece}}
	if b.Kind != gametree.Marks || len(b.Cells) != 3 {
		t.Fatalf("tic-tac-toe board %+v", b)
	}
	for r := range 3 {
		for c := range 3 {
			if b.Cells[r][c] != want[r][c] {
				t.Errorf("tic-tac-toe cell (%d, %d) = %d, want %d", r, c, b.Cells[r][c], want[r][c])
			}
		}
	}
	nim, err := NewNim(1, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	b = nim.Board()
	if b.Kind != gametree.Piles || len(b.Cells) != 3 || len(b.Cells[1]) != 3 {
		t.Fatalf("Nim board %+v", b)
	}
	for i, n := range []int{1, 3, 2} {
		tokens := 0
		for _, c := range b.Cells[i] {
			if c == gametree.Token {
				tokens++
			}
		}
		if tokens != n {
			t.Errorf("pile %d: %d tokens, want %d", i, tokens, n)
		}
	}
}
