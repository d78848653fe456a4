package connect4

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMirror: the mirror of a position's bitboards is the position whose
// move string has every column c replaced by 8 − c, and mirroring twice is
// the identity.
func TestMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		var b strings.Builder
		p := NewPosition()
		for range rng.IntN(30) {
			col := rng.IntN(Width)
			if p.Over() || !p.CanPlay(col) {
				continue
			}
			p = p.Play(col)
			b.WriteByte(byte('1' + col))
		}
		mirrored := strings.Map(func(r rune) rune { return '1' + '7' - r }, b.String())
		q, err := ParsePosition(mirrored)
		if err != nil {
			t.Fatalf("%s mirrored to %s: %v", b.String(), mirrored, err)
		}
		px, pm := p.Bitboards()
		qx, qm := q.Bitboards()
		if mirror(px) != qx || mirror(pm) != qm || mirror(p.Key()) != q.Key() {
			t.Fatalf("Mirror of %s is not %s", b.String(), mirrored)
		}
		if mirror(mirror(p.Key())) != p.Key() {
			t.Fatalf("mirroring %s twice changed it", b.String())
		}
	}
}
