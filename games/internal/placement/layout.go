package placement

import (
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/tablebase"
)

// Layout is how a region file's compact levels are laid out: each level
// split by four counts of the region, which values of alike regions share:
// its horizontal and its vertical domino places, and the most horizontal
// and the most vertical dominoes that fit at once. On the 15-cell regions
// of Domineering the split takes the values' entropy from 12.0 to 8.1
// bits, for 1.0 bit of codes.
var Layout = tablebase.Layout{Name: "regions by domino places", Part: dominoPlaces}

// dominoPlaces returns a region key's counts packed in one number:
// horizontal places << 24 | vertical places << 16 | most horizontal
// dominoes << 8 | most vertical dominoes.
func dominoPlaces(key []byte) uint32 {
	k, ok := canon.ParseKey(key)
	if !ok || k.W == 0 {
		return 0
	}
	w := uint(k.W)
	var firstCol uint64 // the cells of column 0
	for c := uint(0); c < 64; c += w {
		firstCol |= 1 << c
	}
	lastCol := firstCol << (w - 1)
	across := bits.OnesCount64(k.Bits & (k.Bits >> 1) &^ lastCol)
	down := bits.OnesCount64(k.Bits & (k.Bits >> w))
	mostAcross := mostPairs(k.Bits, 1, ^firstCol)
	mostDown := mostPairs(k.Bits, w, ^uint64(0))
	return uint32(across)<<24 | uint32(down)<<16 | uint32(mostAcross)<<8 | uint32(mostDown)
}

// mostPairs returns how many dominoes fit at once in the lines of cells x
// whose cells follow each other shift bits apart (a run of n cells holds
// n/2); follows masks the cells that may follow a cell of x. It takes
// each run's first two cells off at once, all runs together.
func mostPairs(x uint64, shift uint, follows uint64) int {
	n := 0
	for x != 0 {
		first := x &^ (x << shift & follows)
		second := first << shift & follows & x
		n += bits.OnesCount64(second)
		x &^= first | second
	}
	return n
}
