package rules

import (
	"slices"

	"github.com/tablebase/tablebase/canon"
)

// The 48 symmetries of the 3x3x3 board by bit operations. Cell 9i+3j+k
// has coordinates (i, j, k); the group is the 8 ways of reversing any of
// the three coordinates times the 6 orders of the coordinates. A walk
// through the group, one generator a step, visits all 48 images of a set
// with a few shifts and masks each, instead of a table lookup per byte.

// Masks of the cells with one coordinate 0 (the others follow by shifts).
const (
	k0 = 0b001_001_001_001_001_001_001_001_001 // k = 0
	j0 = 0b000_000_111_000_000_111_000_000_111 // j = 0
	i0 = 0b111_111_111                         // i = 0
)

// The generators the walk applies.
func flipK(s uint64) uint64 { return s&(k0<<1) | (s&k0)<<2 | s>>2&k0 }
func flipJ(s uint64) uint64 { return s&(j0<<3) | (s&j0)<<6 | s>>6&j0 }
func flipI(s uint64) uint64 { return s&(i0<<9) | (s&i0)<<18 | s>>18&i0 }

// swapJK exchanges j and k: cells 3j+k and 3k+j of each layer.
func swapJK(s uint64) uint64 {
	s = deltaSwap(s, 0b000_100_010*(1|1<<9|1<<18), 2) // (0,1)-(1,0), (1,2)-(2,1)
	return deltaSwap(s, 0b000_000_100*(1|1<<9|1<<18), 4)
}

// swapIJ exchanges i and j: cells 9i+3j+k and 9j+3i+k.
func swapIJ(s uint64) uint64 {
	s = deltaSwap(s, 0b111<<3|0b111<<15, 6) // (0,1)-(1,0), (1,2)-(2,1)
	return deltaSwap(s, 0b111<<6, 12)       // (0,2)-(2,0)
}

// deltaSwap exchanges the bits of s in mask with those d places above.
func deltaSwap(s, mask uint64, d uint) uint64 {
	t := (s>>d ^ s) & mask
	return s ^ t ^ t<<d
}

// The generators, by code.
const (
	genK = iota
	genJ
	genI
	genJK
	genIJ
)

func apply3(gen uint8, s uint64) uint64 {
	switch gen {
	case genK:
		return flipK(s)
	case genJ:
		return flipJ(s)
	case genI:
		return flipI(s)
	case genJK:
		return swapJK(s)
	}
	return swapIJ(s)
}

// cube3Walk lists the generator applied at each step of the walk: within
// each order of the coordinates a Gray code through the 8 reversals, then
// a swap to the next order (alternating swaps go round all 6 orders; the
// reversals form a normal subgroup, so each block of 8 is a whole coset).
var cube3Walk = func() []uint8 {
	var w []uint8
	for p := range 6 {
		w = append(w, genK, genJ, genK, genI, genK, genJ, genK)
		if p < 5 {
			w = append(w, []uint8{genJK, genIJ}[p%2])
		}
	}
	return w
}()

// walkIndex returns, for each position of a walk through the group (0:
// the start; apply gives each step's generator), the index in b.Group of
// the map applied so far.
func (b *Board) walkIndex(walk []uint8, apply func(uint8, uint64) uint64) []int {
	maps := make([]uint64, b.Cells) // the image of each cell so far
	for c := range maps {
		maps[c] = 1 << c
	}
	index := make([]int, 0, len(walk)+1)
	find := func() {
		index = append(index, slices.IndexFunc(b.Group, func(m *canon.CellMap) bool {
			for c, img := range maps {
				if img != 1<<m.Perm[c] {
					return false
				}
			}
			return true
		}))
	}
	find()
	for _, gen := range walk {
		for c := range maps {
			maps[c] = apply(gen, maps[c])
		}
		find()
	}
	return index
}

// canonical3 is Canonical on the 3x3x3 board, by the walk, written out
// in the order of cube3Walk (the generators inline; a switch per step, or
// a closure for the repeated steps, costs as much as they).
func (b *Board) canonical3(x, y uint64) (ca, cb uint64, g int) {
	ca, cb = x, y
	best, i := 0, 0
	keep := func() {
		i++
		if x < ca || x == ca && y < cb {
			ca, cb, best = x, y, i
		}
	}
	for p := range 6 {
		x, y = flipK(x), flipK(y)
		keep()
		x, y = flipJ(x), flipJ(y)
		keep()
		x, y = flipK(x), flipK(y)
		keep()
		x, y = flipI(x), flipI(y)
		keep()
		x, y = flipK(x), flipK(y)
		keep()
		x, y = flipJ(x), flipJ(y)
		keep()
		x, y = flipK(x), flipK(y)
		keep()
		switch p {
		case 5:
		case 0, 2, 4:
			x, y = swapJK(x), swapJK(y)
			keep()
		default:
			x, y = swapIJ(x), swapIJ(y)
			keep()
		}
	}
	return ca, cb, b.walk[best]
}
