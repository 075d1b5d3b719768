package cgt

import (
	"math/rand/v2"
	"testing"
)

// TestBitCache stores answers for random pairs in a small cache, where
// most slots are taken over by other keys: a read either misses or gives
// the answer last stored for that very key.
func TestBitCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	c := newBitCache(8)
	want := map[uint64]bool{}
	var hits int
	for i := range 20000 {
		key := pairKey(ID(rng.IntN(30)), ID(rng.IntN(30)))
		if i%2 == 0 {
			a := rng.IntN(2) == 0
			c.put(key, a)
			want[key] = a
			continue
		}
		got, ok := c.get(key)
		if !ok {
			continue
		}
		hits++
		if w, stored := want[key]; !stored || got != w {
			t.Fatalf("key %x: got %v, stored %v (%v)", key, got, w, stored)
		}
	}
	if hits < 100 {
		t.Fatalf("only %d hits", hits)
	}
	if _, ok := newBitCache(8).get(pairKey(0, 0)); ok {
		t.Fatal("an empty cache answers")
	}
}
