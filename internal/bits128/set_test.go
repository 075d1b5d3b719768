package bits128

import (
	"testing"

	"github.com/tablebase/tablebase/internal/bitstest"
)

// TestAgainstNumbers checks every operation against the same operation
// on big numbers, on random sets.
func TestAgainstNumbers(t *testing.T) {
	bitstest.AgainstNumbers(t, bitstest.Kind[Set]{
		Cells: Cells,
		Words: func(a *Set) []*uint64 { return []*uint64{&a.Lo, &a.Hi} },
		Cell:  Cell, First: First, Of: Of,
	})
}

// TestHigh checks the highest cell of sets with cells in either word.
func TestHigh(t *testing.T) {
	for _, c := range []struct {
		set  Set
		want int
	}{
		{Set{}, -1},
		{Cell(0), 0},
		{Cell(63), 63},
		{Cell(64), 64},
		{Cell(127), 127},
		{First(70), 69},
		{Cell(3).Or(Cell(40)), 40},
		{Cell(3).Or(Cell(100)), 100},
	} {
		if got := c.set.High(); got != c.want {
			t.Errorf("%+v.High() = %d, want %d", c.set, got, c.want)
		}
	}
}
