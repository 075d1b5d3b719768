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
