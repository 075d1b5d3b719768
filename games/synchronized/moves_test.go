package synchronized

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// TestSynchronizedMoves checks that each player's best move guarantees
// what the position says he can guarantee (100 random regions a variant,
// 20 with -short).
func TestSynchronizedMoves(t *testing.T) {
	regions := 100
	if testing.Short() {
		regions = 20
	}
	for _, v := range []Variant{Triomineering, Domineering} {
		q, _ := NewQuerier(v, nil)
		rng := rand.New(rand.NewPCG(5, 6))
		for range regions {
			r := gametest.RandomRegion(rng, 4, 4)
			res, _, _ := q.Result(context.Background(), BoardOf(r), query.Options{})
			moves, _, err := q.Moves(context.Background(), BoardOf(r), query.Options{})
			rules := &naive{v: v, h: int(r.H), w: int(r.W)}
			vs, hs := len(rules.pieces(bitsw.Of(r.Bits), true)), len(rules.pieces(bitsw.Of(r.Bits), false))
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) == 0 {
				if vs != 0 && hs != 0 {
					t.Fatalf("%s: no moves listed", r)
				}
				continue
			}
			best := map[string]string{}
			count := map[string]int{}
			for _, m := range moves {
				if _, ok := best[m.Player]; !ok {
					best[m.Player] = MoveOf(m).Guarantee
				}
				count[m.Player]++
				if after, _ := region.Parse(m.Position); gametest.Covered(t, m.Move, int(r.W)) != r.Bits&^after.Bits {
					t.Fatalf("%s: move %s, position %s", r, m.Move, m.Position)
				}
			}
			if best["V"] != res.Vertical.String() || best["H"] != res.Horizontal.String() {
				t.Fatalf("%s %s: result %+v, best moves %v", v.Name(), r, res, best)
			}
			if count["V"] != vs || count["H"] != hs {
				t.Fatalf("%s: move counts %v", r, count)
			}
		}
	}
}
