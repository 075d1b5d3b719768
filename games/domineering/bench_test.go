package domineering

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/internal/region"
)

// BenchmarkEmptyBoard computes the canonical form of an empty board from
// nothing (a fresh universe and solver each time, the caches tb query
// uses), with one worker and two. 6x6 takes about 40 s and 0.3 GB; run
// it with -bench 'EmptyBoard/6x6' -benchtime 1x.
func BenchmarkEmptyBoard(b *testing.B) {
	for _, c := range []struct{ h, w int }{{3, 4}, {4, 4}, {4, 5}, {5, 5}, {5, 6}, {6, 5}, {6, 6}} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/workers=%d", c.h, c.w, workers), func(b *testing.B) {
				var s *placement.Solver
				for b.Loop() {
					s = placement.NewSolver(cgt.NewUniverse(20), Plain)
					s.Workers = workers
					s.Value(region.Full(c.h, c.w))
				}
				b.ReportMetric(float64(s.Solved()), "components")
				b.ReportMetric(float64(s.U.Len()), "forms")
				// What the solver keeps: the live heap, per component.
				runtime.GC()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				b.ReportMetric(float64(m.HeapAlloc)/float64(s.Solved()), "heap-B/component")
				runtime.KeepAlive(s)
			})
		}
	}
}

// BenchmarkOracleBaseline is the deliberately simple whole-board oracle of
// the tests on the same boards: the baseline the solver is measured against.
func BenchmarkOracleBaseline(b *testing.B) {
	for _, c := range []struct{ h, w int }{{3, 4}, {4, 4}, {4, 5}} {
		b.Run(fmt.Sprintf("%dx%d", c.h, c.w), func(b *testing.B) {
			for b.Loop() {
				o := &boardOracle{o: oracle.New(), h: c.h, w: c.w, memo: map[string]*oracle.Game{}}
				cells := make([]bool, c.h*c.w)
				for i := range cells {
					cells[i] = true
				}
				o.game(cells)
			}
		})
	}
}
