package synchronized

import (
	"fmt"
	"testing"
)

// BenchmarkEmptyBoard solves empty boards from a cold table, reporting
// positions searched per second, by the fast path and by the wide code
// (which boards past 128 cells take).
func BenchmarkEmptyBoard(b *testing.B) {
	for _, c := range []struct {
		v    Variant
		h, w int
	}{{Triomineering, 6, 7}, {Triomineering, 7, 6}, {Triomineering, 7, 7}, {Domineering, 6, 6}, {Triomineering, 10, 7}} {
		for _, wide := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/%dx%d/wide=%v", c.v.Name(), c.h, c.w, wide), func(b *testing.B) {
				var nodes int64
				for b.Loop() {
					s := NewSolver(c.v, 24)
					s.wide = wide
					s.Solve(FullBoard(c.h, c.w))
					nodes += s.Nodes()
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
			})
		}
	}
}
