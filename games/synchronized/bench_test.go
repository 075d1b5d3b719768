package synchronized

import (
	"fmt"
	"testing"
)

// BenchmarkEmptyBoard solves empty boards from a cold table, reporting
// positions searched per second, on sets of two words (the fast path),
// three (the code boards of 129 to 192 cells take) and four (that of
// larger boards).
func BenchmarkEmptyBoard(b *testing.B) {
	for _, c := range []struct {
		v    Variant
		h, w int
	}{{Triomineering, 6, 7}, {Triomineering, 7, 6}, {Triomineering, 7, 7}, {Domineering, 6, 6}, {Triomineering, 10, 7}} {
		for _, words := range []int{2, 3, 4} {
			b.Run(fmt.Sprintf("%s/%dx%d/words=%d", c.v.Name(), c.h, c.w, words), func(b *testing.B) {
				var nodes int64
				for b.Loop() {
					s := NewSolver(c.v, 24)
					s.words = words
					s.Solve(FullBoard(c.h, c.w))
					nodes += s.Nodes()
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
			})
		}
	}
}

// BenchmarkQuestion answers one question at a time on one core, from a
// cold table, reporting the positions searched.
func BenchmarkQuestion(b *testing.B) {
	for _, c := range []struct {
		v    Variant
		h, w int
		k    Guarantee
	}{{Triomineering, 11, 7, Draw}, {Triomineering, 12, 7, Win}, {Triomineering, 13, 7, Win}, {Triomineering, 10, 7, Draw}, {Triomineering, 11, 8, Win}, {Domineering, 6, 7, Win}} {
		b.Run(fmt.Sprintf("%s/%dx%d/vertical-%s", c.v.Name(), c.h, c.w, c.k), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := NewSolver(c.v, 24)
				s.AtLeastWithin(nil, FullBoard(c.h, c.w), Vertical, c.k, false)
				nodes = s.Nodes()
			}
			b.ReportMetric(float64(nodes), "positions")
		})
	}
}
