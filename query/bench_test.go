package query

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/ttt3d"
)

// BenchmarkLookup looks up random stored regions of a 12-cell Domineering
// tablebase, in process, through the whole query path (canonical key,
// block, value ID, canonical form).
func BenchmarkLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "d12.db")
	if _, err := build.Domineering(context.Background(), domineering.Plain, 12, build.Options{Path: path}); err != nil {
		b.Fatal(err)
	}
	q := openFile(b, path).Querier.(*Domineering)
	var keys []canon.Key
	for _, level := range build.Regions(12) {
		keys = append(keys, level...)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		k := keys[rng.IntN(len(keys))]
		if _, source, err := q.Value(k.Region(), Options{NoSolve: true}); err != nil || source != FromTablebase {
			b.Fatal(err)
		}
	}
}

// BenchmarkTTT3DLookup looks up random 3x3x3 positions of at most 6 stones
// in a tablebase, canonical form included, and reports lookups per second.
func BenchmarkTTT3DLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "t.db")
	if _, err := build.TTT3D(context.Background(), 6, build.Options{Path: path}); err != nil {
		b.Fatal(err)
	}
	q := openFile(b, path).Querier.(*TTT3D)
	r := rand.New(rand.NewPCG(5, 5))
	var positions []ttt3d.Position
	for len(positions) < 1000 {
		cells := []byte(strings.Repeat(".", 27))
		for i, c := range r.Perm(27)[:r.IntN(7)] {
			cells[c] = "xo"[i%2]
		}
		if p, err := ttt3d.Parse(string(cells)); err == nil && !p.Finished() {
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
