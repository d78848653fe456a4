package gametree

import "testing"

func TestBoards(t *testing.T) {
	p, err := ParseTicTacToe("xo. .x. ..o")
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board()
	want := [][]Cell{{MaxPiece, MinPiece, Empty}, {Empty, MaxPiece, Empty}, {Empty, Empty, MinPiece}}
	if b.Kind != Marks || len(b.Cells) != 3 {
		t.Fatalf("tic-tac-toe board %+v", b)
	}
	for r := range 3 {
		for c := range 3 {
			if b.Cells[r][c] != want[r][c] {
				t.Errorf("tic-tac-toe cell (%d, %d) = %d, want %d", r, c, b.Cells[r][c], want[r][c])
			}
		}
	}
	c4, err := ParseConnectFour("4455")
	if err != nil {
		t.Fatal(err)
	}
	b = c4.Board()
	if b.Kind != Discs || len(b.Cells) != C4Height || len(b.Cells[0]) != C4Width {
		t.Fatalf("Connect Four board %d × %d", len(b.Cells), len(b.Cells[0]))
	}
	// Bottom row (last): X in column 4 (index 3), X in column 5; second
	// row from the bottom: O in both.
	bottom, above := b.Cells[C4Height-1], b.Cells[C4Height-2]
	if bottom[3] != MaxPiece || bottom[4] != MaxPiece || above[3] != MinPiece || above[4] != MinPiece || bottom[0] != Empty {
		t.Errorf("Connect Four 4455: bottom %v, above %v", bottom, above)
	}
	stones := 0
	for _, row := range b.Cells {
		for _, c := range row {
			if c != Empty {
				stones++
			}
		}
	}
	if stones != 4 {
		t.Errorf("%d stones, want 4", stones)
	}
	nim, err := NewNim(1, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	b = nim.Board()
	if b.Kind != Piles || len(b.Cells) != 3 || len(b.Cells[1]) != 3 {
		t.Fatalf("Nim board %+v", b)
	}
	for i, n := range []int{1, 3, 2} {
		tokens := 0
		for _, c := range b.Cells[i] {
			if c == Token {
				tokens++
			}
		}
		if tokens != n {
			t.Errorf("pile %d: %d tokens, want %d", i, tokens, n)
		}
	}
}
