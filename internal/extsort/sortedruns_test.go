package extsort

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// TestSortUnique compares SortUnique with a comparison sort, on short
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
		got, scratch = SortUnique(buf, scratch)
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d bits=%d: sortUnique differs from a comparison sort", tc.n, tc.bits)
		}
		buf = got[:0]
	}
}

// TestMergeRuns merges runs of several sizes (one empty, one longer than
// a read block, all overlapping) and compares the file with the sorted
// union.
func TestMergeRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	dir := t.TempDir()
	var runs []string
	var all []uint64
	for i, n := range []int{0, 1, 1000, 300000, 5000} {
		var keys []uint64
		for range n {
			keys = append(keys, r.Uint64N(1<<20))
		}
		keys, _ = SortUnique(keys, nil)
		all = append(all, keys...)
		name := filepath.Join(dir, fmt.Sprintf("run-%d", i))
		if err := WriteWords(name, keys); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, name)
	}
	out := filepath.Join(dir, "merged")
	n, err := MergeRuns(out, runs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadWords(out)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Compact(slices.Sorted(slices.Values(all)))
	if int(n) != len(want) || !slices.Equal(got, want) {
		t.Fatalf("merged %d words (count %d), want %d", len(got), n, len(want))
	}
}

// TestSortedIndex finds every indexed word at its position and no other
// word, for lists dense and sparse in their range (buckets of many words,
// and words wider than the 16 low bits kept).
func TestSortedIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, tc := range []struct {
		n     int
		limit uint64
	}{{0, 10}, {1, 1}, {50, 60}, {1000, 1 << 12}, {1000, 1 << 40}, {100000, 1 << 20}, {100000, 1 << 35}} {
		set := map[uint64]bool{}
		for len(set) < tc.n {
			set[r.Uint64N(tc.limit)] = true
		}
		keys := slices.Sorted(func(yield func(uint64) bool) {
			for k := range set {
				if !yield(k) {
					return
				}
			}
		})
		ix := NewSortedIndex(keys, tc.limit)
		for i, k := range keys {
			if got := ix.Find(k); got != i {
				t.Fatalf("n=%d limit=%d: find(%d) = %d, want %d", tc.n, tc.limit, k, got, i)
			}
		}
		for range 1000 {
			k := r.Uint64N(tc.limit + 100)
			if got := ix.Find(k); got >= 0 != set[k] {
				t.Fatalf("n=%d limit=%d: find(%d) = %d, in the list: %v", tc.n, tc.limit, k, got, set[k])
			}
		}
	}
}

// BenchmarkSortedIndexFind looks up words present in a list as sparse in
// its range as the middle plies of the 3x3x3 build (one word in 86).
func BenchmarkSortedIndexFind(b *testing.B) {
	r := rand.New(rand.NewPCG(25, 26))
	const n = 1 << 22
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = r.Uint64N(86 * n)
	}
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	ix := NewSortedIndex(keys, 86*n)
	probe := make([]uint64, 1<<16)
	for i := range probe {
		probe[i] = keys[r.IntN(len(keys))]
	}
	i := 0
	for b.Loop() {
		if ix.Find(probe[i%len(probe)]) < 0 {
			b.Fatal("missing")
		}
		i++
	}
}
