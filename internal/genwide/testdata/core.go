package fixture

import "github.com/tablebase/tablebase/internal/bits128"

// shape holds a set.
type shape struct {
	cells bits128.Set
	shape int // a field named as the type
}

// newShape returns a shape of n cells.
func newShape(n int) *shape { return &shape{cells: bits128.First(n), shape: limit} }

// count returns the cells of s, as adapted.
func (s *shape) count() int { return adapt(s.cells) }
