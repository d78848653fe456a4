package games

import "github.com/cutoff-go/cutoff/pkg/gametree"

var (
	_ gametree.Boarder = TicTacToe{}
	_ gametree.Boarder = Nim{}
)

// Board implements Boarder: 3 × 3 squares, X for Max, O for Min.
func (p TicTacToe) Board() gametree.Board {
	b := gametree.Board{Kind: gametree.Marks}
	for r := range 3 {
		row := make([]gametree.Cell, 3)
		for c := range 3 {
			switch p.At(3*r + c) {
			case 'x':
				row[c] = gametree.MaxPiece
			case 'o':
				row[c] = gametree.MinPiece
			}
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}

// Board implements Boarder: a row per pile, as many tokens as the pile
// holds (rows as long as the largest pile).
func (g Nim) Board() gametree.Board {
	b := gametree.Board{Kind: gametree.Piles}
	piles := g.Piles()
	width := 1
	for _, n := range piles {
		width = max(width, n)
	}
	for _, n := range piles {
		row := make([]gametree.Cell, width)
		for i := range n {
			row[i] = gametree.Token
		}
		b.Cells = append(b.Cells, row)
	}
	return b
}
