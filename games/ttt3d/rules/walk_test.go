package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestWalks checks the bit-operation walks through the 3x3x3 and 4x4x4
// groups: their steps are the maps of the derived group, each once, and
// their canonical forms are those of the maps applied one by one.
func TestWalks(t *testing.T) {
	for _, n := range []int{3, 4} {
		b := MustGet(n)
		seen := map[int]bool{}
		for _, g := range b.walk {
			if g < 0 || seen[g] {
				t.Fatalf("%d: walk indices %v: not the group once each", n, b.walk)
			}
			seen[g] = true
		}
		if len(seen) != len(b.Group) {
			t.Fatalf("%d: walk visits %d of %d maps", n, len(seen), len(b.Group))
		}
		r := rand.New(rand.NewPCG(7, 8))
		for range 20000 {
			x, y := randomPair(r, b)
			ca, cb, g := b.Canonical(x, y)
			wa, wb := byTables(b, x, y)
			if ca != wa || cb != wb || b.Group[g].Apply(x) != ca || b.Group[g].Apply(y) != cb {
				t.Fatalf("%d: (%x, %x): walk gives (%x, %x) by map %d, maps one by one (%x, %x)", n, x, y, ca, cb, g, wa, wb)
			}
		}
	}
}

// TestSwapMasks: each mask of swapBits holds the cells whose index has
// bit i set and bit j clear.
func TestSwapMasks(t *testing.T) {
	for _, tc := range []struct {
		mask uint64
		i, j uint
	}{{swap01, 0, 1}, {swap02, 0, 2}, {swap13, 1, 3}, {swap23, 2, 3}, {swap24, 2, 4}, {swap35, 3, 5}, {swap45, 4, 5}} {
		var want uint64
		for c := range 64 {
			if c>>tc.i&1 == 1 && c>>tc.j&1 == 0 {
				want |= 1 << c
			}
		}
		if tc.mask != want {
			t.Errorf("bits %d and %d: mask %#x, want %#x", tc.i, tc.j, tc.mask, want)
		}
	}
}

// randomPair returns two disjoint random sets of cells of b, half the
// time sparse, as in play.
func randomPair(r *rand.Rand, b *Board) (x, y uint64) {
	x = r.Uint64() & b.Full()
	y = r.Uint64() & b.Full() &^ x
	if r.IntN(2) == 0 {
		x &= r.Uint64()
		y &= r.Uint64()
	}
	return x, y
}

// byTables is Canonical by the group's maps one by one (tables of
// bytes), as on a restricted board.
func byTables(b *Board, x, y uint64) (ca, cb uint64) {
	ca, cb = x, y
	for _, m := range b.Group[1:] {
		if ia, ib := m.Apply(x), m.Apply(y); ia < ca || ia == ca && ib < cb {
			ca, cb = ia, ib
		}
	}
	return ca, cb
}

// BenchmarkCanonical times Canonical by the walk and by the maps one by
// one, on random pairs of sets.
func BenchmarkCanonical(b *testing.B) {
	for _, n := range []int{3, 4} {
		board := MustGet(n)
		r := rand.New(rand.NewPCG(1, 2))
		pairs := make([][2]uint64, 1024)
		for i := range pairs {
			pairs[i][0], pairs[i][1] = randomPair(r, board)
		}
		var sink uint64
		b.Run(fmt.Sprintf("%d/walk", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				p := pairs[i%len(pairs)]
				ca, cb, _ := board.Canonical(p[0], p[1])
				sink += ca ^ cb
			}
		})
		b.Run(fmt.Sprintf("%d/tables", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				p := pairs[i%len(pairs)]
				ca, cb := byTables(board, p[0], p[1])
				sink += ca ^ cb
			}
		})
		_ = sink
	}
}
