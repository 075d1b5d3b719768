package placement

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/canon"
)

// placesByCells counts what dominoPlaces counts cell by cell: each
// row's and each column's runs, a run of n cells holding n/2 dominoes.
func placesByCells(k canon.Key) uint32 {
	h, w := int(k.H), int(k.W)
	cell := func(r, c int) bool { return r < h && c < w && k.Bits>>(r*w+c)&1 == 1 }
	var across, down, mostAcross, mostDown int
	for r := range h {
		run := 0
		for c := range w + 1 {
			if cell(r, c) {
				run++
				if cell(r, c+1) {
					across++
				}
				if cell(r+1, c) {
					down++
				}
				continue
			}
			mostAcross, run = mostAcross+run/2, 0
		}
	}
	for c := range w {
		run := 0
		for r := range h + 1 {
			if cell(r, c) {
				run++
				continue
			}
			mostDown, run = mostDown+run/2, 0
		}
	}
	return uint32(across)<<24 | uint32(down)<<16 | uint32(mostAcross)<<8 | uint32(mostDown)
}

// TestDominoPlaces checks the layout's bitwise counts against counting
// cell by cell, on random regions of every box up to 64 cells: a file
// sealed by one is read by the other.
func TestDominoPlaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for h := 1; h <= 64; h++ {
		for w := 1; h*w <= 64; w++ {
			for range 50 {
				bitsOf := rng.Uint64()&rng.Uint64() | rng.Uint64()
				if h*w < 64 {
					bitsOf &= 1<<(h*w) - 1
				}
				k := canon.Key{H: uint8(h), W: uint8(w), Bits: bitsOf}
				if got, want := dominoPlaces(k.Bytes()), placesByCells(k); got != want {
					t.Fatalf("%dx%d %064b: %08x, cell by cell %08x (%d cells)", h, w, bitsOf, got, want, bits.OnesCount64(bitsOf))
				}
			}
		}
	}
}
