package clobber

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// Position is a Clobber board: the cells holding stones, and which of
// them are Left's (x); the others are Right's (o). Cell (row, col) is bit
// row*W + col.
type Position struct {
	H, W   int
	Stones uint64
	Black  uint64 // Left's stones, a subset of Stones
}

// alphabet is the cells of the position notation.
var alphabet = notation.NewAlphabet("x", "o", ".")

// Parse reads rows from top to bottom separated by '|' or '/', with 'x'
// for Left's stone, 'o' for Right's and '.' for an empty cell.
func Parse(s string) (Position, error) {
	g, err := notation.ParseGrid(s, alphabet)
	if err != nil {
		return Position{}, err
	}
	return Position{H: g.H, W: g.W, Stones: g.Sets[0] | g.Sets[1], Black: g.Sets[0]}, nil
}

// String writes p in the position notation.
func (p Position) String() string {
	return notation.WriteGrid(p.H, p.W, func(bit uint64) byte {
		switch {
		case p.Black&bit != 0:
			return 'x'
		case p.Stones&bit != 0:
			return 'o'
		}
		return '.'
	})
}

// region returns the cells holding stones.
func (p Position) region() region.Region {
	return region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Stones}
}

// Components appends to dst the orthogonally connected groups of stones
// of p that hold stones of both players, each cropped to its bounding box
// (a group of one colour has no move: it is worth 0).
func (p Position) Components(dst []Position) []Position {
	r := p.region()
	for _, cells := range r.ComponentCells(nil) {
		black := p.Black & cells
		if black == 0 || black == cells {
			continue
		}
		c, b := r.With(cells).CropAlong(black)
		dst = append(dst, Position{H: int(c.H), W: int(c.W), Stones: c.Bits, Black: b})
	}
	return dst
}

// Moves calls fn with each move of Left (left true) or Right: the stone
// on cell from captures the other's stone on the adjacent cell to.
func (p Position) Moves(left bool, fn func(from, to int)) {
	mine, theirs := p.Black, p.Stones&^p.Black
	if !left {
		mine, theirs = theirs, mine
	}
	first, last := p.region().ColumnMasks()
	w := p.W
	for b := mine; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		bit := b & -b
		if bit&first == 0 && theirs&(bit>>1) != 0 {
			fn(i, i-1)
		}
		if bit&last == 0 && theirs&(bit<<1) != 0 {
			fn(i, i+1)
		}
		if i >= w && theirs&(bit>>w) != 0 {
			fn(i, i-w)
		}
		if theirs&(bit<<w) != 0 {
			fn(i, i+w)
		}
	}
}

// Play returns the position after the stone on from captures the stone
// on to.
func (p Position) Play(from, to int) Position {
	q := p
	q.Stones &^= 1 << from
	if p.Black>>from&1 != 0 {
		q.Black = q.Black&^(1<<from) | 1<<to
	} else {
		q.Black &^= 1 << to
	}
	return q
}

// Cells returns the number of stones.
func (p Position) Cells() int { return bits.OnesCount64(p.Stones) }
