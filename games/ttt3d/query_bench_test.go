package ttt3d

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// BenchmarkTTT3DLookup looks up random 3x3x3 positions of at most 6 stones
// in a tablebase, canonical form included, and reports lookups per second.
func BenchmarkTTT3DLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "t.db")
	if _, err := Build(context.Background(), 6, build.Options{Path: path}); err != nil {
		b.Fatal(err)
	}
	q := gametest.Open(b, path, Game).(*Querier)
	r := rand.New(rand.NewPCG(5, 5))
	var positions []rules.Position
	for len(positions) < 1000 {
		cells := []byte(strings.Repeat(".", 27))
		for i, c := range r.Perm(27)[:r.IntN(7)] {
			cells[c] = "xo"[i%2]
		}
		if p, err := rules.Parse(string(cells)); err == nil && !p.Finished() {
			positions = append(positions, p)
		}
	}
	i := 0
	for b.Loop() {
		if _, ok, err := q.lookup(positions[i%len(positions)]); !ok || err != nil {
			b.Fatal("missing", err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
