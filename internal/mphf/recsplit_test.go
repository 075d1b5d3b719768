package mphf

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

func randomHashes(n int, seed uint64) []uint64 {
	rng := rand.New(rand.NewPCG(seed, 11))
	hashes := make([]uint64, n)
	for i := range hashes {
		hashes[i] = rng.Uint64()
	}
	return hashes
}

// TestSplitSlots builds Split functions over random hashes of several
// sizes: the slots of the keys must be exactly 0 to n-1, other hashes must
// get some slot below n (the same through an Index), and the bits must
// be under 2 a key.
func TestSplitSlots(t *testing.T) {
	for _, n := range []int{1, 2, 7, 8, 9, 99, 100, 101, 1600, 1601, 100_000} {
		hashes := randomHashes(n, uint64(n))
		keys := append([]uint64(nil), hashes...)
		s, words, err := BuildSplit(hashes)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, n)
		for _, h := range keys {
			slot, err := s.Slot(h, Words(words))
			if err != nil || slot >= uint64(n) || seen[slot] {
				t.Fatalf("n=%d: hash %x: slot %d, %v", n, h, slot, err)
			}
			seen[slot] = true
		}
		x, err := s.Index(Words(words))
		if err != nil || x == nil {
			t.Fatalf("n=%d: index %v, %v", n, x, err)
		}
		for _, h := range append(randomHashes(1000, uint64(n)+1), keys...) {
			slot, err := s.Slot(h, Words(words))
			if err != nil || slot >= uint64(n) {
				t.Fatalf("n=%d: other hash %x: slot %d, %v", n, h, slot, err)
			}
			if got, err := x.Slot(h, Words(words)); err != nil || got != slot {
				t.Fatalf("n=%d: hash %x: indexed slot %d, %v; want %d", n, h, got, err, slot)
			}
		}
		if bits := float64(len(words) * 64); n >= 100_000 && bits > 2*float64(n) {
			t.Errorf("n=%d: %.2f bits a key", n, bits/float64(n))
		}
	}
}

// TestSplitRepeat refuses two keys with one hash.
func TestSplitRepeat(t *testing.T) {
	hashes := append(randomHashes(500, 3), 42, 42)
	if _, _, err := BuildSplit(hashes); !errors.Is(err, ErrRepeat) {
		t.Fatalf("got %v, want ErrRepeat", err)
	}
}

// TestSplitDamaged flips random bits of a function and changes its shape:
// a lookup, with an Index or without, gives a slot below n or an error,
// and never panics (300 trials, 100 with -short: 20 of each kind of
// damage).
func TestSplitDamaged(t *testing.T) {
	hashes := randomHashes(5000, 5)
	keys := append([]uint64(nil), hashes...)
	s, words, err := BuildSplit(hashes)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	trials := 300
	if testing.Short() {
		trials = 100
	}
	for trial := range trials {
		bad := append(Words(nil), words...)
		for range 1 + rng.IntN(20) {
			i := rng.IntN(len(bad) * 64)
			bad[i/64] ^= 1 << (i % 64)
		}
		params := append([]uint8(nil), s.Params...)
		offsetBits, sizeBits := s.OffsetBits, s.SizeBits
		switch trial % 5 {
		case 1:
			params[rng.IntN(len(params))] = uint8(rng.IntN(256))
		case 2:
			params = params[:rng.IntN(len(params))]
		case 3:
			sizeBits = uint8(rng.IntN(40))
		case 4:
			offsetBits = uint8(rng.IntN(70))
		}
		shape, err := NewSplit(s.N, s.Buckets, offsetBits, sizeBits, params)
		if err != nil {
			continue
		}
		x, xerr := shape.Index(bad)
		for _, h := range keys[:200] {
			if slot, err := shape.Slot(h, bad); err == nil && slot >= shape.N {
				t.Fatalf("trial %d: slot %d of %d", trial, slot, shape.N)
			}
			if x == nil {
				continue
			}
			if slot, err := x.Slot(h, bad); err == nil && slot >= shape.N {
				t.Fatalf("trial %d: indexed slot %d of %d", trial, slot, shape.N)
			}
		}
		if x == nil && xerr == nil {
			t.Fatalf("trial %d: no index and no error", trial)
		}
	}
}

// TestSplitSize builds a million keys (200,000 with -short): under 1.9
// bits a key, against the cascade's e = 2.72 (the build times are
// logged).
func TestSplitSize(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 200_000
	}
	hashes := randomHashes(n, 1)
	start := time.Now()
	_, words, err := BuildSplit(append([]uint64(nil), hashes...))
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	start = time.Now()
	_, cascade, err := Build(hashes)
	if err != nil {
		t.Fatal(err)
	}
	split, other := float64(len(words)*64)/float64(n), float64(len(cascade)*64)/float64(n)
	t.Logf("split %.3f bits a key in %v; cascade %.3f bits a key in %v", split, took, other, time.Since(start))
	if split > 1.9 || split > other {
		t.Errorf("split %.3f bits a key, cascade %.3f", split, other)
	}
}

func BenchmarkSplitSlot(b *testing.B) {
	hashes := randomHashes(1<<20, 2)
	keys := append([]uint64(nil), hashes...)
	s, words, err := BuildSplit(hashes)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Slot(keys[i&(1<<20-1)], Words(words)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSplit builds a Split function of a million keys on all
// cores; BenchmarkBuild the cascade of the same keys.
func BenchmarkBuildSplit(b *testing.B) {
	hashes := randomHashes(1_000_000, 3)
	for range b.N {
		if _, _, err := BuildSplit(append([]uint64(nil), hashes...)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuild(b *testing.B) {
	hashes := randomHashes(1_000_000, 3)
	for range b.N {
		if _, _, err := Build(append([]uint64(nil), hashes...)); err != nil {
			b.Fatal(err)
		}
	}
}
