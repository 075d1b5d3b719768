package qubic

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestChainState plays random chain steps (a chain move of x, then o on
// a random empty cell) from random positions on both boards and checks
// the kept-up chain moves against chainMoves computed afresh.
func TestChainState(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{3, 4} {
		b := rules.MustGet(n)
		pv := NewProver(b)
		for range 500 {
			p := plain.RandomPosition(r, b, 0, b.Cells-4-r.IntN(6))
			x, o := p.X, p.O
			st := newChainState(b, x, o)
			for {
				if want := pv.chainMoves(x, o, 0); st.moves != want {
					t.Fatalf("%s: chain moves %x, want %x", rules.Position{B: b, X: x, O: o}, st.moves, want)
				}
				empty := b.Full() &^ (x | o)
				if st.moves == 0 || bits.OnesCount64(empty) < 2 {
					break
				}
				c := pick(r, st.moves)
				playX(b, &st, x, o, c)
				x |= 1 << c
				tc := pick(r, b.Full()&^(x|o))
				playO(b, &st, x, o, tc)
				o |= 1 << tc
			}
		}
	}
}

// pick returns a random cell of the nonempty set s.
func pick(r *rand.Rand, s uint64) int {
	k := r.IntN(bits.OnesCount64(s))
	for range k {
		s &= s - 1
	}
	return bits.TrailingZeros64(s)
}
