package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// TestHashKey checks hashKey against xxhash.Digest on keys of every
// length up to 40 bytes and random seeds.
func TestHashKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var d, ref xxhash.Digest
	for n := range 41 {
		for range 200 {
			key := make([]byte, n)
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
			seed := rng.Uint64()
			ref.ResetWithSeed(seed)
			_, _ = ref.Write(key)
			if got, want := hashKey(&d, key, seed), ref.Sum64(); got != want {
				t.Fatalf("key %x, seed %x: %x, want %x", key, seed, got, want)
			}
		}
	}
}
