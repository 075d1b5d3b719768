package ttt3d

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// KeyLen is the length of a stored 3x3x3 key: the ply (stones on the
// board), then the rank of the canonical position among all placements of
// that many stones, big-endian.
const KeyLen = 9

// binom[n][k] is n choose k, for n up to 64.
var binom = func() (t [65][65]uint64) {
	for n := range 65 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// colex returns the rank of a set of cells in the colexicographic order
// of the sets of its size.
func colex(s uint64) uint64 {
	var r uint64
	for i := 1; s != 0; i++ {
		r += binom[bits.TrailingZeros64(s)][i]
		s &= s - 1
	}
	return r
}

// uncolex returns the set of k cells below n with colex rank r.
func uncolex(r uint64, k, n int) uint64 {
	var s uint64
	for ; k > 0; k-- {
		c := k - 1
		for c+1 < n && binom[c+1][k] <= r {
			c++
		}
		r -= binom[c][k]
		s |= 1 << c
		n = c
	}
	return s
}

// pext gathers the bits of x selected by mask into the low bits.
func pext(x, mask uint64) uint64 {
	var out uint64
	for i := 0; mask != 0; i++ {
		low := mask & -mask
		if x&low != 0 {
			out |= 1 << i
		}
		mask &^= low
	}
	return out
}

// pdep scatters the low bits of x to the bits of mask.
func pdep(x, mask uint64) uint64 {
	var out uint64
	for ; mask != 0; x >>= 1 {
		low := mask & -mask
		if x&1 != 0 {
			out |= low
		}
		mask &^= low
	}
	return out
}

// Ranks is the number of ranks at a ply on a board of cells cells: the
// placements of ply stones, half of them (rounded down) the mover's.
func Ranks(cells, ply int) uint64 { return binom[cells][ply] * binom[ply][ply/2] }

// Rank numbers a position with no blocked cells densely among those with
// as many stones: the side to move (me) has half the stones, rounded down.
func Rank(me, opp uint64) uint64 {
	occ := me | opp
	k := bits.OnesCount64(occ)
	return colex(occ)*binom[k][k/2] + colex(pext(me, occ))
}

// Unrank is the inverse of Rank for a board of cells cells and ply stones.
func Unrank(cells, ply int, r uint64) (me, opp uint64) {
	per := binom[ply][ply/2]
	occ := uncolex(r/per, ply, cells)
	me = pdep(uncolex(r%per, ply/2, ply), occ)
	return me, occ &^ me
}

// StoredKey returns the key under which a tablebase stores p's class.
// The 3x3x3 tablebase holds positions without blocked cells.
func StoredKey(p rules.Position) ([]byte, error) {
	if p.B.N != 3 || p.Blocked != 0 {
		return nil, fmt.Errorf("ttt3d: the tablebase holds 3x3x3 positions without blocked cells")
	}
	me, opp := p.Mover()
	a, b, _ := p.B.Canonical(me, opp)
	return KeyOf(a, b), nil
}

// KeyOf returns the stored key of a canonical pair.
func KeyOf(me, opp uint64) []byte {
	key := make([]byte, 1, KeyLen)
	key[0] = byte(bits.OnesCount64(me | opp))
	return binary.BigEndian.AppendUint64(key, Rank(me, opp))
}
