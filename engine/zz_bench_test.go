package engine

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

func zzBoards() (*searcher, []bb) {
	g, _ := newGeometry(8, 8)
	e := New(nil, nil, Options{TableBits: 8})
	s := e.searcher(g, new(atomic.Bool), new(atomic.Bool))
	rng := rand.New(rand.NewPCG(1, 2))
	var bs []bb
	for range 1024 {
		x := g.all
		for range 8 + rng.IntN(10) {
			// random dominoes
			c := rng.IntN(64)
			if rng.IntN(2) == 0 && c%8 != 7 {
				x = x.andNot(cell(c)).andNot(cell(c + 1))
			} else if c < 56 {
				x = x.andNot(cell(c)).andNot(cell(c + 8))
			}
		}
		bs = append(bs, x)
	}
	return s, bs
}

func BenchmarkZZCount(b *testing.B) {
	s, bs := zzBoards()
	b.ResetTimer()
	for i := range b.N {
		s.countWith(bs[i&1023], 0, 0, i&1 == 0)
	}
}

func BenchmarkZZFill(b *testing.B) {
	s, bs := zzBoards()
	b.ResetTimer()
	var l lines
	for i := range b.N {
		l.fill(s.g, bs[i&1023])
	}
}

func BenchmarkZZTally(b *testing.B) {
	s, bs := zzBoards()
	var ls [1024]lines
	for i := range ls {
		ls[i].fill(s.g, bs[i])
	}
	b.ResetTimer()
	for i := range b.N {
		s.tl.tally(ls[i&1023].cols[:8])
	}
}

func BenchmarkZZCanonical(b *testing.B) {
	s, bs := zzBoards()
	b.ResetTimer()
	for i := range b.N {
		s.g.canonical(bs[i&1023])
	}
}

func BenchmarkZZOrdered(b *testing.B) {
	s, bs := zzBoards()
	b.ResetTimer()
	var dst []bb
	for i := range b.N {
		e := bs[i&1023]
		dst = s.ordered(dst[:0], e, s.g.vertical(e), true)
	}
}
