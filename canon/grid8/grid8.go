// Package grid8 holds a region of at most 8 rows and 8 columns as one word
// in a fixed 8x8 frame, cell (row, col) being bit 8*row+col. In that frame
// the eight symmetries of the square are a few word operations, a region
// needs no cropping (moving it to the frame's corner places it), and its
// key under the symmetries is one word: the least of its eight images, each
// moved to the corner. Solvers of small boards keep positions this way;
// canon.Key remains the key of files.
package grid8

import (
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Side is the frame's number of rows and of columns.
const Side = 8

const (
	col0 = 0x0101010101010101 // the first column
	col7 = col0 << 7          // the last column
)

// Fits reports whether r fits the frame.
func Fits(r region.Region) bool { return r.H <= Side && r.W <= Side }

// FromRegion returns the cells of r, which fits the frame, in the frame.
func FromRegion(r region.Region) uint64 {
	w := int(r.W)
	row := uint64(1)<<w - 1
	var b uint64
	for i := range int(r.H) {
		b |= (r.Bits >> (i * w) & row) << (Side * i)
	}
	return b
}

// Region returns the cells b as a region cropped to their bounding box
// (0x0 if there are none).
func Region(b uint64) region.Region {
	if b == 0 {
		return region.Region{}
	}
	b = Corner(b)
	h := (63-bits.LeadingZeros64(b))/Side + 1
	w := Side - bits.LeadingZeros8(fold(b))
	var out uint64
	row := uint64(1)<<w - 1
	for i := range h {
		out |= (b >> (Side * i) & row) << (w * i)
	}
	return region.Region{H: uint8(h), W: uint8(w), Bits: out}
}

// Board returns the cells b as a region.Region of the whole frame, the
// form in which a game's rules list moves.
func Board(b uint64) region.Region { return region.Region{H: Side, W: Side, Bits: b} }

// fold returns the columns that hold a cell of b, as a bit per column.
func fold(b uint64) uint8 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return uint8(b)
}

// Corner moves the cells b, which are not none, up and left until they
// touch the first row and the first column.
func Corner(b uint64) uint64 {
	b >>= uint(bits.TrailingZeros64(b)) &^ (Side - 1)
	return b >> uint(bits.TrailingZeros8(fold(b)))
}

// Transpose exchanges rows and columns.
func Transpose(b uint64) uint64 {
	const (
		k1 = 0x5500550055005500
		k2 = 0x3333000033330000
		k4 = 0x0f0f0f0f00000000
	)
	t := k4 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = k2 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = k1 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// MirrorLR reflects the frame left to right.
func MirrorLR(b uint64) uint64 { return bits.ReverseBytes64(bits.Reverse64(b)) }

// MirrorTB reflects the frame top to bottom.
func MirrorTB(b uint64) uint64 { return bits.ReverseBytes64(b) }

// Canonical returns the key of the cells b (not none): the least of their
// eight images under the symmetries of the square, each moved to the
// corner, and a symmetry that carries b to it, as canon.Symmetry numbers
// them (transpose first, then mirror left-right, then top-bottom).
func Canonical(b uint64) (uint64, canon.Symmetry) {
	t := Transpose(b)
	lr, tlr := MirrorLR(b), MirrorLR(t)
	images := [8]uint64{
		b, lr, MirrorTB(b), MirrorTB(lr),
		t, tlr, MirrorTB(t), MirrorTB(tlr),
	}
	best, sym := Corner(images[0]), canon.Symmetry(0)
	for s := 1; s < len(images); s++ {
		if k := Corner(images[s]); k < best {
			best, sym = k, canon.Symmetry(s)
		}
	}
	return best, sym
}

// Components appends to dst the cells of each orthogonally connected
// component of b, in order of their lowest cell.
func Components(b uint64, dst []uint64) []uint64 {
	for b != 0 {
		comp := b & -b
		for {
			next := (comp | comp<<1&^col0 | comp>>1&^col7 | comp<<Side | comp>>Side) & b
			if next == comp {
				break
			}
			comp = next
		}
		b &^= comp
		dst = append(dst, comp)
	}
	return dst
}
