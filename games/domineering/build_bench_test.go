package domineering

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/internal/placement"
)

// BenchmarkBuild builds every region of up to 12 cells.
func BenchmarkBuild(b *testing.B) {
	for _, v := range []Variant{Plain, XT} {
		b.Run(v.Name(), func(b *testing.B) {
			var sum build.Summary
			for b.Loop() {
				var err error
				sum, err = placement.Build(context.Background(), v, 12, build.Options{Path: filepath.Join(b.TempDir(), "b.db")})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(sum.Positions)/b.Elapsed().Seconds()*float64(b.N), "positions/s")
			b.ReportMetric(float64(sum.FileBytes)/float64(sum.Positions), "bytes/position")
		})
	}
}
