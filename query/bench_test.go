package query

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/domineering"
	"github.com/tablebase/tablebase/tablebase"
)

// BenchmarkLookup looks up random stored regions of a 12-cell Domineering
// tablebase, in process, through the whole query path (canonical key,
// block, value ID, canonical form).
func BenchmarkLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "d12.db")
	if _, err := build.Domineering(context.Background(), domineering.Plain, 12, build.Options{Path: path}); err != nil {
		b.Fatal(err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	q, err := NewDomineering(domineering.Plain, f)
	if err != nil {
		b.Fatal(err)
	}
	var keys []canon.Key
	for _, level := range build.Regions(12) {
		keys = append(keys, level...)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		k := keys[rng.IntN(len(keys))]
		if _, source, err := q.Value(k.Region(), true); err != nil || source != FromTablebase {
			b.Fatal(err)
		}
	}
}
