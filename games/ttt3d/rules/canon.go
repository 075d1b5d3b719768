package rules

import "github.com/tablebase/tablebase/internal/mix"

// Canonical forms: a position is stored as the pair (a, b) = (mover's
// stones and blocked cells, other side's stones and blocked cells), which
// determines it (blocked = a & b). Its canonical image is the least pair,
// comparing a first, over the board's group.

// Canonical returns the least image of (a, b) under the group and the
// index of a map that gives it.
func (b *Board) Canonical(x, y uint64) (ca, cb uint64, g int) {
	switch {
	case b.walk != nil && b.N == 3:
		return b.canonical3(x, y)
	case b.walk != nil:
		return b.canonical4(x, y)
	}
	ca, cb = x, y
	for i, m := range b.Group[1:] {
		ia := m.Apply(x)
		if ia > ca {
			continue
		}
		ib := m.Apply(y)
		if ia < ca || ib < cb {
			ca, cb, g = ia, ib, i+1
		}
	}
	return ca, cb, g
}

// Key turns a canonical pair into the transposition table's key. On the
// 3x3x3 board it is exact: cell i takes bits 2i and 2i+1. On 4x4x4 it is a
// 64-bit hash of the pair.
func (b *Board) Key(ca, cb uint64) uint64 {
	if b.Cells <= 32 {
		return spread(ca) | spread(cb)<<1
	}
	return mix.Uint64(ca ^ mix.Uint64(cb+0x9E3779B97F4A7C15))
}

// spread moves bit i of the low 32 bits of x to bit 2i.
func spread(x uint64) uint64 {
	x &= 0xffffffff
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	x = (x | x<<4) & 0x0f0f0f0f0f0f0f0f
	x = (x | x<<2) & 0x3333333333333333
	x = (x | x<<1) & 0x5555555555555555
	return x
}
