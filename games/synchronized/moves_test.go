package synchronized

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// covered parses a 2D move back into the cells it covers on a board of
// width w.
func covered(t *testing.T, move string, w int) uint64 {
	t.Helper()
	m, err := notation.Covered(move, w)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomRegion returns a random board of h x w with about 3/4 of the
// cells empty.
func randomRegion(rng *rand.Rand, h, w int) region.Region {
	full := region.Full(h, w)
	return full.With(full.Bits & (rng.Uint64() | rng.Uint64()))
}

// TestSynchronizedMoves checks that each player's best move guarantees
// what the position says he can guarantee.
func TestSynchronizedMoves(t *testing.T) {
	for _, v := range []Variant{Triomineering, Domineering} {
		q, _ := NewQuerier(v, nil)
		rng := rand.New(rand.NewPCG(5, 6))
		for range 100 {
			r := randomRegion(rng, 4, 4)
			res, _, _ := q.Result(r, query.Options{})
			moves, _, err := q.Moves(r, query.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) == 0 {
				if v.Moves(r, Vertical) != 0 && v.Moves(r, Horizontal) != 0 {
					t.Fatalf("%s: no moves listed", r)
				}
				continue
			}
			best := map[string]string{}
			count := map[string]int{}
			for _, m := range moves {
				if _, ok := best[m.Player]; !ok {
					best[m.Player] = m.Guarantee
				}
				count[m.Player]++
				if after, _ := region.Parse(m.Position); covered(t, m.Move, int(r.W)) != r.Bits&^after.Bits {
					t.Fatalf("%s: move %s, position %s", r, m.Move, m.Position)
				}
			}
			if best["V"] != res.Vertical.String() || best["H"] != res.Horizontal.String() {
				t.Fatalf("%s %s: result %+v, best moves %v", v.Name(), r, res, best)
			}
			if count["V"] != bits.OnesCount64(v.Moves(r, Vertical)) || count["H"] != bits.OnesCount64(v.Moves(r, Horizontal)) {
				t.Fatalf("%s: move counts %v", r, count)
			}
		}
	}
}
