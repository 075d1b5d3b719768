package build

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortUnique compares sortUnique with a comparison sort, on short
// and long inputs, keys of a few bits to 64, with many repeats or few,
// reusing the scratch it hands back as the forward pass does.
func TestSortUnique(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var buf, scratch []uint64
	for _, tc := range []struct{ n, bits int }{{0, 8}, {100, 8}, {5000, 8}, {5000, 40}, {100000, 12}, {100000, 37}, {100000, 64}, {300000, 33}} {
		buf = buf[:0]
		for range tc.n {
			buf = append(buf, r.Uint64()>>(64-tc.bits))
		}
		want := slices.Compact(slices.Sorted(slices.Values(buf)))
		var got []uint64
		got, scratch = sortUnique(buf, scratch)
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d bits=%d: sortUnique differs from a comparison sort", tc.n, tc.bits)
		}
		buf = got[:0]
	}
}
