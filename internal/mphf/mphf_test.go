package mphf

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestSlots builds over random hashes of several sizes: the slots of the
// keys must be exactly 0 to n-1, and the bits about e a key.
func TestSlots(t *testing.T) {
	for _, n := range []int{0, 1, 5, 33, 1000, 200_000} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		hashes := make([]uint64, n)
		for i := range hashes {
			hashes[i] = rng.Uint64()
		}
		keys := append([]uint64(nil), hashes...)
		shape, words, err := Build(hashes)
		if err != nil {
			t.Fatal(err)
		}
		m := NewMemory(words)
		seen := make([]bool, n)
		for _, h := range keys {
			slot, ok, err := shape.Slot(h, m)
			if err != nil || !ok || slot >= uint64(n) || seen[slot] {
				t.Fatalf("n=%d: hash %x: slot %d, %v, %v", n, h, slot, ok, err)
			}
			seen[slot] = true
		}
		if bits := float64(len(words) * 64); n >= 1000 && bits > 3.2*float64(n) {
			t.Errorf("n=%d: %.2f bits a key", n, bits/float64(n))
		}
	}
}

// TestRepeat refuses two keys with one hash.
func TestRepeat(t *testing.T) {
	hashes := []uint64{1, 2, 3, 3}
	for i := range 100 {
		hashes = append(hashes, uint64(i)*0x9E3779B97F4A7C15+17)
	}
	if _, _, err := Build(hashes); !errors.Is(err, ErrRepeat) {
		t.Fatalf("got %v, want ErrRepeat", err)
	}
}

func BenchmarkSlot(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	hashes := make([]uint64, 1<<20)
	for i := range hashes {
		hashes[i] = rng.Uint64()
	}
	keys := append([]uint64(nil), hashes...)
	shape, words, err := Build(hashes)
	if err != nil {
		b.Fatal(err)
	}
	m := NewMemory(words)
	b.ResetTimer()
	for i := range b.N {
		if _, ok, _ := shape.Slot(keys[i&(1<<20-1)], m); !ok {
			b.Fatal("missing")
		}
	}
}
