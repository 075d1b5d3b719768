package heap

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/region"
)

// dominoes lists, for these tests, Domineering's moves: Left's vertical
// dominoes and Right's horizontal ones.
type dominoes struct{}

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
