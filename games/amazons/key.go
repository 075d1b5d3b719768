package amazons

import (
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Key is the canonical image of a cropped part under the eight symmetries
// of the rectangle (queens move alike along rows, columns and diagonals,
// so each keeps the value), each with or without the colours swapped
// (which negates it): the least image by height, width, cells, Left's
// amazons, then Right's.
type Key struct {
	H, W        uint8
	Cells, L, R uint64
}

// Position returns the part the key stands for.
func (k Key) Position() Position {
	return Position{H: int(k.H), W: int(k.W), Cells: k.Cells, L: k.L, R: k.R}
}

// less orders keys by height, width, cells, Left's amazons, Right's.
func (k Key) less(o Key) bool {
	switch {
	case k.H != o.H:
		return k.H < o.H
	case k.W != o.W:
		return k.W < o.W
	case k.Cells != o.Cells:
		return k.Cells < o.Cells
	case k.L != o.L:
		return k.L < o.L
	}
	return k.R < o.R
}

// Canonical returns the key of a cropped part and whether its value is
// the negative of the key's (the colours were swapped to reach it). A
// part equal to its own colour-swapped image is worth its own negative,
// so the answer does not depend on which image is taken.
func Canonical(p Position) (Key, bool) {
	var best Key
	negated, first := false, true
	cells := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Cells}
	l, r := cells.With(p.L), cells.With(p.R)
	for s := canon.Symmetry(0); s < 8; s++ {
		img, li, ri := s.Apply(cells), s.Apply(l), s.Apply(r)
		for _, swap := range [2]bool{false, true} {
			k := Key{H: img.H, W: img.W, Cells: img.Bits, L: li.Bits, R: ri.Bits}
			if swap {
				k.L, k.R = k.R, k.L
			}
			if first || k.less(best) {
				best, negated, first = k, swap, false
			}
		}
	}
	return best, negated
}
