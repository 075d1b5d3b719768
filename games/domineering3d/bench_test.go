package domineering3d

import "testing"

// BenchmarkEmptyBox solves all six turn orders of an empty box from a cold
// table on one core, reporting the positions searched and their rate.
func BenchmarkEmptyBox(b *testing.B) {
	for _, box := range []Box{{3, 3, 3}, {4, 3, 3}, {3, 3, 4}, {2, 4, 7}, {2, 5, 6}} {
		b.Run(box.String(), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := NewSolver(box, 24, 1)
				s.Outcomes(Full(box).Empty)
				nodes += s.Nodes()
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "positions")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
