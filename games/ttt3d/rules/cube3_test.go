package rules

import (
	"math/rand/v2"
	"testing"
)

// TestCube3Walk checks the bit-operation walk through the 3x3x3 group:
// its 48 steps are the 48 maps of the derived group, each once, and its
// canonical forms are those of the maps applied one by one.
func TestCube3Walk(t *testing.T) {
	b := MustGet(3)
	seen := map[int]bool{}
	for _, g := range b.walk3 {
		if g < 0 || seen[g] {
			t.Fatalf("walk indices %v: not the group once each", b.walk3)
		}
		seen[g] = true
	}
	if len(seen) != len(b.Group) {
		t.Fatalf("walk visits %d of %d maps", len(seen), len(b.Group))
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		x := r.Uint64() & b.Full()
		y := r.Uint64() & b.Full() &^ x
		if r.IntN(2) == 0 {
			x &= r.Uint64() // sparser sets, as in play
			y &= r.Uint64()
		}
		ca, cb, g := b.Canonical(x, y)
		wa, wb := x, y
		for _, m := range b.Group[1:] {
			if ia, ib := m.Apply(x), m.Apply(y); ia < wa || ia == wa && ib < wb {
				wa, wb = ia, ib
			}
		}
		if ca != wa || cb != wb || b.Group[g].Apply(x) != ca || b.Group[g].Apply(y) != cb {
			t.Fatalf("(%x, %x): walk gives (%x, %x) by map %d, maps one by one (%x, %x)", x, y, ca, cb, g, wa, wb)
		}
	}
}
