package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

// TestDominatedStarts checks on random boards of up to 5x6 that each
// move dominatedStarts reports is no better for its player than the move
// beside it in his line that it keeps, by the exact values of the positions they leave
// (the sum of their components', from the in-memory solver), and that
// some boards have such moves.
func TestDominatedStarts(t *testing.T) {
	u, values := solverValues()
	rng := rand.New(rand.NewPCG(3, 4))
	valueOf := func(g *geometry, e bb) cgt.ID {
		sum := cgt.Zero
		for rest := e; !rest.Empty(); {
			comp := g.component(rest, cell(rest.Low()))
			rest = rest.AndNot(comp)
			v, _ := values(g.regionOf(comp))
			sum = u.Add(sum, v)
		}
		return sum
	}
	reported := 0
	for range 1000 {
		g, _ := newGeometry(2+rng.IntN(4), 2+rng.IntN(5))
		e := g.all
		for range rng.IntN(g.h * g.w / 2) {
			e = e.AndNot(cell(rng.IntN(g.h * g.w)))
		}
		vert, horiz := g.vertical(e), g.horizontal(e)
		for _, left := range []bool{true, false} {
			step, mine := uint(1), horiz
			if left {
				step, mine = g.stride, vert
			}
			dominated := g.dominatedStarts(e, mine, g.moverSafe(e, vert, horiz, left), left)
			if !dominated.AndNot(mine).Empty() {
				t.Fatalf("%v left=%v: dominated starts %v are not moves", positionOf(g, e), left, dominated)
			}
			for d := dominated; !d.Empty(); d = d.WithoutLow() {
				reported++
				x := d.Low()
				a := valueOf(g, e.AndNot(cell(x).Or(cell(x).Shl(step))))
				// The dominating move overlaps it, one cell along the line.
				beaten := false
				for _, y := range []int{x - int(step), x + int(step)} {
					if y < 0 || y >= g.h*g.w || !mine.AndNot(dominated).Has(y) {
						continue
					}
					b := valueOf(g, e.AndNot(cell(y).Or(cell(y).Shl(step))))
					beaten = beaten || left && u.Le(a, b) || !left && u.Ge(a, b)
				}
				if !beaten {
					t.Fatalf("%v left=%v: the move at %d is reported dominated, but neither move kept beside it is as good", positionOf(g, e), left, x)
				}
			}
		}
	}
	if reported < 100 {
		t.Fatalf("only %d dominated moves reported on 1000 boards", reported)
	}
}
