package tablebase

import (
	"math/rand/v2"
	"os"
	"testing"
)

// BenchmarkStoredLookups looks up random positions stored in blocks of the
// file named by TB_DB through a handle that has decoded no block before,
// and reports lookups a second. The keys are read first through another
// handle; run it with -count 1 and -benchtime Nx for a cold block cache.
func BenchmarkStoredLookups(b *testing.B) {
	path := os.Getenv("TB_DB")
	if path == "" {
		b.Skip("TB_DB names no tablebase")
	}
	f, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	var keys [][]byte
	err = f.ForEach(func(e Entry) error {
		keys = append(keys, e.Key)
		return nil
	})
	f.Close()
	if err != nil || len(keys) == 0 {
		b.Fatal("no positions in blocks", err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	sample := make([][]byte, 1<<16)
	for i := range sample {
		sample[i] = keys[r.IntN(len(keys))]
	}
	if f, err = Open(path); err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	i := 0
	for b.Loop() {
		if _, ok, err := f.Lookup(sample[i%len(sample)]); !ok || err != nil {
			b.Fatal("missing", err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
