package synchronized

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
)

// TestSizedTableGrows: a querier's solver makes its table at its first
// search, sized for the board, makes a larger one for a larger board and
// keeps it for smaller ones; the answers as it grows are the naive ones
// (10 positions a board; with -short the first 4, except the empty 4x5,
// whose naive search would be most of the test's time).
func TestSizedTableGrows(t *testing.T) {
	s := newSizedSolver(Domineering, 20)
	if s.tt.cur.Load() != nil {
		t.Fatal("a table before the first search")
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, c := range []struct{ h, w, bits int }{
		{2, 3, 10}, {3, 3, 13}, {4, 4, 20}, {2, 2, 20}, {4, 5, 20},
	} {
		n := &naive{v: Domineering, h: c.h, w: c.w}
		for trial := range 10 {
			b := uint64(1)<<(c.h*c.w) - 1
			if trial > 0 {
				b &= rng.Uint64() | rng.Uint64()
			}
			if testing.Short() && (trial >= 4 || trial == 0 && c.h*c.w > 16) {
				continue
			}
			r := region.Region{H: uint8(c.h), W: uint8(c.w), Bits: b}
			want := n.solve(bitsw.Of(b))
			if got := s.Solve(BoardOf(r)); int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
				t.Fatalf("%s: %v, naive %v", r, got, want)
			}
		}
		if got := s.tt.cur.Load().bits; got != uint(c.bits) {
			t.Errorf("after %dx%d boards: a table of 2^%d entries, want 2^%d", c.h, c.w, got, c.bits)
		}
	}
}
