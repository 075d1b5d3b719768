package build

import "testing"

// TestRegionCounts compares with the numbers of free polyominoes (OEIS
// A000105), which count connected sets of cells up to the 8 symmetries.
func TestRegionCounts(t *testing.T) {
	want := []int{0, 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655}
	levels := Regions(10)
	for n := 1; n <= 10; n++ {
		if len(levels[n]) != want[n] {
			t.Errorf("%d cells: %d regions, want %d", n, len(levels[n]), want[n])
		}
		for i, k := range levels[n] {
			if back, ok := ParseRegionKey(RegionKey(k)); !ok || back != k {
				t.Fatalf("key %v does not round-trip", k)
			}
			if i > 0 && string(RegionKey(levels[n][i-1])) >= string(RegionKey(k)) {
				t.Fatalf("level %d is not sorted by stored key", n)
			}
		}
	}
}
