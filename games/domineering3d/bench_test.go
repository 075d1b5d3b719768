package domineering3d

import "testing"

// BenchmarkEmptyBox solves all six turn orders of an empty box from a cold
// table, reporting positions searched per second.
func BenchmarkEmptyBox(b *testing.B) {
	for _, box := range []Box{{3, 3, 3}, {4, 3, 3}, {3, 3, 4}} {
		b.Run(box.String(), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := NewSolver(box, 24, 2)
				s.Outcomes(Full(box).Empty)
				nodes += s.Nodes()
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
