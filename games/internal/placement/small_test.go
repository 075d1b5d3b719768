package placement

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// dominoes is Domineering written again for these tests, Left placing
// vertical dominoes and Right horizontal ones.
type dominoes struct{}

func (dominoes) Name() string { return "dominoes" }

func (dominoes) Moves(c region.Region, left bool, dst []uint64) []uint64 {
	vert, horiz := region.Dominoes(c)
	pieces, second := horiz, uint64(2)
	if left {
		pieces, second = vert, uint64(1)<<c.W
	}
	for b := pieces; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		dst = append(dst, 1<<i|second<<i)
	}
	return dst
}

func (d dominoes) Placements(r region.Region, left bool, dst []uint64) []uint64 {
	return d.Moves(r, left, dst)
}

func (dominoes) Negates(s canon.Symmetry) bool { return s.Negates() }

func (dominoes) Impartial() bool { return false }
func (dominoes) MinCover() int   { return 2 }

// generalValue values a region on the general path alone (canonical keys
// of cropped regions, one worker), as the solver does past 8x8.
func generalValue(u *cgt.Universe, rules Rules, memo map[canon.Key]cgt.ID, c region.Region) cgt.ID {
	pr := PartRules(rules)
	var value func(canon.Key) cgt.ID
	value = func(k canon.Key) cgt.ID {
		v, ok := memo[k]
		if !ok {
			v = parts.Value(u, pr, k.Region(), parts.Keyed(u, pr, value))
			memo[k] = v
		}
		return v
	}
	return parts.Sum(u, pr, c, parts.Keyed(u, pr, value))
}

// TestSmallPathMatchesGeneral values random regions of up to 6x6 cells,
// most with 14 to 22 empty cells, with the small path (one worker and
// two, which help from 6 cells up here) and the general path in one
// universe: the IDs must be equal.
func TestSmallPathMatchesGeneral(t *testing.T) {
	defer func(n int) { helpedCells = n }(helpedCells)
	helpedCells = 6
	r := rand.New(rand.NewPCG(7, 8))
	u := cgt.NewUniverse(20)
	memo := map[canon.Key]cgt.ID{}
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for i := 0; i < trials; {
		h, w := 2+r.IntN(5), 2+r.IntN(5)
		g := region.Region{H: uint8(h), W: uint8(w), Bits: r.Uint64() | r.Uint64()&r.Uint64()}
		g.Bits &= 1<<(h*w) - 1
		if g.Cells() < 10 || g.Cells() > 22 {
			continue
		}
		i++
		s := NewSolver(u, dominoes{})
		s.Workers = 1 + i%2
		if got, want := s.Value(g), generalValue(u, dominoes{}, memo, g); got != want {
			t.Fatalf("%v with %d workers: %s, the general path %s", g, s.Workers, u.String(got), u.String(want))
		}
	}
}
