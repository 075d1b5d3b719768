package mix

import (
	"math/bits"
	"testing"
)

// TestAvalanche flips each input bit of many keys: each output bit must
// change about half the time, whichever input bit was flipped.
func TestAvalanche(t *testing.T) {
	const keys = 2000
	for in := range 64 {
		var flips [64]int
		for k := range uint64(keys) {
			x := k * 0x9E3779B97F4A7C15
			d := Uint64(x) ^ Uint64(x^1<<in)
			for out := range 64 {
				flips[out] += int(d >> out & 1)
			}
		}
		for out, n := range flips {
			if n < keys*4/10 || n > keys*6/10 {
				t.Fatalf("input bit %d changes output bit %d in %d of %d keys", in, out, n, keys)
			}
		}
	}
}

// TestBijection checks that distinct keys of a few structured families
// keep distinct hashes.
func TestBijection(t *testing.T) {
	seen := map[uint64]uint64{}
	for i := range uint64(1 << 12) {
		for _, x := range []uint64{i, i << 52, bits.Reverse64(i) ^ i} {
			h := Uint64(x)
			if y, ok := seen[h]; ok && y != x {
				t.Fatalf("%#x and %#x share the hash %#x", x, y, h)
			}
			seen[h] = x
		}
	}
}
