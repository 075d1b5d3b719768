package cram

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
)

// TestHeapSearch: the heap search gives the solver's nim-value of random
// regions, with the solver's help for parts of at most 2, 6 and 10 cells,
// the oracle's on regions of at most 14 cells, and the published values
// of rectangles of at most 24 cells.
func TestHeapSearch(t *testing.T) {
	s := placement.NewSolver(cgt.NewUniverse(20), Game.Rules)
	rng := rand.New(rand.NewPCG(7, 8))
	for _, small := range []int{2, 6, 10} {
		h := NewHeapSearch(small)
		for range 300 {
			hgt, w := 2+rng.IntN(4), 2+rng.IntN(5)
			r := region.Region{H: uint8(hgt), W: uint8(w), Bits: rng.Uint64() & (1<<(hgt*w) - 1)}
			for _, c := range r.Components(nil) {
				got, want := h.Nimber(c), s.U.Nimber(s.Component(c))
				if got != want {
					t.Fatalf("small %d: %v: heap search %d, solver %d", small, c, got, want)
				}
				if c.Cells() <= 14 {
					if o := oracleNimber(strings.Split(c.String(), "|")); got != o {
						t.Fatalf("small %d: %v: heap search %d, oracle %d", small, c, got, o)
					}
				}
			}
		}
	}
	h := NewHeapSearch(6)
	for _, p := range publishedCram {
		if p.Rows*p.Cols <= 24 {
			if got := h.Nimber(region.Full(p.Rows, p.Cols)); got != p.Nimber {
				t.Errorf("%dx%d: heap search %d, published %d (%s)", p.Rows, p.Cols, got, p.Nimber, p.Source)
			}
		}
	}
}

// BenchmarkNimber values the empty 3x10 board from nothing by the heap
// search (parts of at most 16 cells valued by the solver) and by the
// solver alone.
func BenchmarkNimber(b *testing.B) {
	board := region.Full(3, 10)
	b.Run("heap", func(b *testing.B) {
		for b.Loop() {
			if NewHeapSearch(16).Nimber(board) != 2 {
				b.Fatal("3x10 is *2")
			}
		}
	})
	b.Run("solver", func(b *testing.B) {
		for b.Loop() {
			s := placement.NewSolver(cgt.NewUniverse(20), Game.Rules)
			if s.U.Nimber(s.Component(board)) != 2 {
				b.Fatal("3x10 is *2")
			}
		}
	})
}
