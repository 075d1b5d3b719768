package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
)

// TestBoxRowsMatchMaps checks the row path of BoxGroup.Canonical against
// applying every map: the same least image and the same map, on random
// sets of every density and on sets with symmetries of their own.
func TestBoxRowsMatchMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, dims := range [][3]int{{2, 2, 3}, {2, 2, 20}, {2, 2, 32}, {2, 3, 4}, {3, 2, 5}, {2, 4, 7}, {4, 4, 5}, {3, 4, 6}, {4, 2, 9}, {1, 2, 5}} {
		g := NewBoxGroup(dims[0], dims[1], dims[2])
		if g.rows == nil {
			t.Fatalf("%v: no row path", dims)
		}
		cells := g.Cells()
		for i := range 3000 {
			b := randomSet(rng, cells, i%8)
			if i%5 == 0 {
				b = b.Or(g.Maps[rng.IntN(len(g.Maps))].Apply(b)) // a set with a symmetry
			}
			key, m := g.Canonical(b)
			want, wantMap := g.canonicalByMaps(b)
			if key != want || m != wantMap {
				t.Fatalf("%v: %v: row path %v by map %v, maps %v by map %v", dims, b, key, m.Perm, want, wantMap.Perm)
			}
		}
	}
	for _, c := range []struct {
		dims [3]int
		rows bool
	}{
		{[3]int{2, 2, 2}, false}, {[3]int{3, 3, 3}, false}, {[3]int{2, 3, 3}, false},
		{[3]int{3, 3, 2}, true}, {[3]int{5, 4, 3}, false}, {[3]int{2, 2, 20}, true},
	} {
		if g := NewBoxGroup(c.dims[0], c.dims[1], c.dims[2]); (g.rows != nil) != c.rows {
			t.Errorf("%v: row path %v, want %v", c.dims, g.rows != nil, c.rows)
		}
	}
}

// randomSet returns a random set of the first n cells, each cell in it with
// probability (1+k)/9.
func randomSet(rng *rand.Rand, n, k int) bits128.Set {
	var b bits128.Set
	for c := range n {
		if rng.IntN(9) <= k {
			b = b.Or(bits128.Cell(c))
		}
	}
	return b
}
