package build

import (
	"testing"

	"github.com/tablebase/tablebase/canon"
)

// TestRegionCounts compares with the numbers of free polyominoes (OEIS
// A000105), which count connected sets of cells up to the 8 symmetries.
func TestRegionCounts(t *testing.T) {
	want := []int{0, 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600}
	levels := Regions(12)
	for n := 1; n <= 12; n++ {
		if len(levels[n]) != want[n] {
			t.Errorf("%d cells: %d regions, want %d", n, len(levels[n]), want[n])
		}
		for i, k := range levels[n] {
			if back, ok := canon.ParseKey(k.Bytes()); !ok || back != k {
				t.Fatalf("key %v does not round-trip", k)
			}
			if i > 0 && string(levels[n][i-1].Bytes()) >= string(k.Bytes()) {
				t.Fatalf("level %d is not sorted by stored key", n)
			}
		}
	}
}
