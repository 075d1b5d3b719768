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
	h, w := int(k.H), int(k.W)
	var lastCol uint64
	for r := range h {
		lastCol |= 1 << (r*w + w - 1)
	}
	across := bits.OnesCount64(k.Bits & (k.Bits >> 1) &^ lastCol)
	down := bits.OnesCount64(k.Bits & (k.Bits >> w))
	// A run of n cells in a row holds n/2 dominoes; the runs apart.
	cell := func(r, c int) bool { return k.Bits>>(r*w+c)&1 == 1 }
	mostAcross, mostDown := 0, 0
	for r := range h {
		run := 0
		for c := range w + 1 {
			if c < w && cell(r, c) {
				run++
			} else {
				mostAcross, run = mostAcross+run/2, 0
			}
		}
	}
	for c := range w {
		run := 0
		for r := range h + 1 {
			if r < h && cell(r, c) {
				run++
			} else {
				mostDown, run = mostDown+run/2, 0
			}
		}
	}
	return uint32(across)<<24 | uint32(down)<<16 | uint32(mostAcross)<<8 | uint32(mostDown)
}
