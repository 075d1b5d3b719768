package engine

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

// partsBoards returns a searcher on 8x8 and 1024 positions of it with 8
// to 17 random dominoes placed (some overlapping), for the benchmarks of
// the search's parts.
func partsBoards() (*searcher, []bb) {
	g, _ := newGeometry(8, 8)
	e := New(cgt.NewUniverse(8), nil, Options{TableBits: 8})
	s := newSearcher(e, g, new(atomic.Bool), new(atomic.Bool))
	rng := rand.New(rand.NewPCG(1, 2))
	var bs []bb
	for range 1024 {
		x := g.all
		for range 8 + rng.IntN(10) {
			c := rng.IntN(64)
			if rng.IntN(2) == 0 && c%8 != 7 {
				x = x.AndNot(cell(c)).AndNot(cell(c + 1))
			} else if c < 56 {
				x = x.AndNot(cell(c)).AndNot(cell(c + 8))
			}
		}
		bs = append(bs, x)
	}
	return s, bs
}

// BenchmarkCount times countWith, both players to move in turn.
func BenchmarkCount(b *testing.B) {
	s, bs := partsBoards()
	for i := 0; b.Loop(); i++ {
		s.countWith(bs[i&1023], 0, 0, i&1 == 0)
	}
}

// BenchmarkTally times one player's tally.
func BenchmarkTally(b *testing.B) {
	s, bs := partsBoards()
	var ls [1024]lines
	for i := range ls {
		s.g.fillLines(&ls[i], bs[i])
	}
	for i := 0; b.Loop(); i++ {
		s.tl.tally(ls[i&1023].cols[:8])
	}
}

// BenchmarkCanonical times the table key.
func BenchmarkCanonical(b *testing.B) {
	s, bs := partsBoards()
	for i := 0; b.Loop(); i++ {
		s.g.canonical(bs[i&1023])
	}
}

// BenchmarkOrdered times ordering Left's moves.
func BenchmarkOrdered(b *testing.B) {
	s, bs := partsBoards()
	var dst []bb
	for i := 0; b.Loop(); i++ {
		e := bs[i&1023]
		dst = s.ordered(dst[:0], e, s.g.vertical(e), true)
	}
}
