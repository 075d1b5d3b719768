package domineering

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/query"
)

// BenchmarkLookup looks up random stored regions of a 12-cell Domineering
// tablebase, in process, through the whole query path (canonical key,
// block, value ID, canonical form).
func BenchmarkLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "d12.db")
	if _, err := placement.Build(context.Background(), Plain, 12, build.Options{Path: path}); err != nil {
		b.Fatal(err)
	}
	q := gametest.Open(b, path, Plain).(*Querier)
	var keys []canon.Key
	for _, level := range build.Regions(12) {
		keys = append(keys, level...)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		k := keys[rng.IntN(len(keys))]
		if _, source, err := q.Value(context.Background(), k.Region(), query.Options{NoSolve: true}); err != nil || source != query.FromTablebase {
			b.Fatal(err)
		}
	}
}
