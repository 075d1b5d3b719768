// Package canon maps positions to canonical keys under their symmetry
// groups, so that each position is stored once per symmetry class.
//
// For 2D regions the group is the eight symmetries of the rectangle: the
// four that keep rows as rows (identity, left-right and top-bottom
// reflections, half turn) and the four that exchange rows and columns
// (transpose, anti-transpose, the two quarter turns). What a symmetry does
// to a value is the game's to say: in Domineering the four that exchange
// rows and columns swap the players' roles and so negate it
// (Symmetry.Negates), in Cram none does, and Clobber adds the colour swap,
// which negates. For boxes (BoxGroup) the group is the reflections and the
// permutations of axes of equal length; for tic-tac-toe, the automorphisms
// of the board's lines.
package canon

import (
	"encoding/binary"
	"math/bits"

	"github.com/tablebase/tablebase/internal/region"
)

// Key is the canonical image of a cropped region: the least of its eight
// images, ordered by height, then width, then bits.
type Key struct {
	H, W uint8
	Bits uint64
}

// KeyLen is the length of a key's byte form.
const KeyLen = 11

// Bytes encodes the key for storage: cells, height, width, then the bits
// big-endian, so that keys of regions with the same number of cells are
// contiguous in byte order.
func (k Key) Bytes() []byte {
	b := append(make([]byte, 0, KeyLen), byte(bits.OnesCount64(k.Bits)), k.H, k.W)
	return binary.BigEndian.AppendUint64(b, k.Bits)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{H: b[1], W: b[2], Bits: binary.BigEndian.Uint64(b[3:])}
	return k, int(b[0]) == bits.OnesCount64(k.Bits) && int(k.H)*int(k.W) <= 64
}

// Region returns the region the key stands for.
func (k Key) Region() region.Region { return region.Region{H: k.H, W: k.W, Bits: k.Bits} }

// Less orders keys by height, width, then bits.
func (k Key) Less(o Key) bool {
	if k.H != o.H {
		return k.H < o.H
	}
	if k.W != o.W {
		return k.W < o.W
	}
	return k.Bits < o.Bits
}

// Compare orders keys as Less does, for sorting: -1, 0 or +1.
func Compare(a, b Key) int {
	switch {
	case a == b:
		return 0
	case a.Less(b):
		return -1
	}
	return 1
}

// Symmetry names one of the eight maps; bit 0 mirrors left-right, bit 1
// mirrors top-bottom, and bit 2 transposes first.
type Symmetry uint8

// Negates reports whether the map exchanges rows and columns (and so
// negates a Domineering value).
func (s Symmetry) Negates() bool { return s&4 != 0 }

// Apply returns the image of r under s.
func (s Symmetry) Apply(r region.Region) region.Region {
	if s&4 != 0 {
		r = Transpose(r)
	}
	if s&1 != 0 {
		r = MirrorLR(r)
	}
	if s&2 != 0 {
		r = MirrorTB(r)
	}
	return r
}

// Canonical returns the key of a cropped region and the symmetry that
// carries the region to it. When several do, any of them is returned: a
// region equal to its own transposed image has a value equal to its own
// negative, so the answer does not depend on the choice.
func Canonical(r region.Region) (Key, Symmetry) {
	// Keys order by height first, so only images of the least height can
	// win: the four that keep rows when H < W, the four that exchange them
	// when H > W, all eight when the box is square.
	var best Key
	var bestSym Symmetry
	first := true
	try := func(img region.Region, s Symmetry) {
		if k := Key(img); first || k.Less(best) {
			best, bestSym, first = k, s, false
		}
	}
	// A half turn reverses the cells' order, one bit reversal for the
	// whole board; mirroring it top to bottom mirrors r left to right,
	// which would reverse each row apart.
	if r.H <= r.W {
		half := halfTurn(r)
		try(r, 0)
		try(MirrorTB(half), 1)
		try(MirrorTB(r), 2)
		try(half, 3)
	}
	if r.H >= r.W {
		t := Transpose(r)
		half := halfTurn(t)
		try(t, 4)
		try(MirrorTB(half), 5)
		try(MirrorTB(t), 6)
		try(half, 7)
	}
	return best, bestSym
}

// halfTurn returns r turned half a turn: mirrored left to right and top
// to bottom.
func halfTurn(r region.Region) region.Region {
	return r.With(bits.Reverse64(r.Bits) >> (64 - int(r.H)*int(r.W)))
}

// MirrorLR reflects r left to right.
func MirrorLR(r region.Region) region.Region {
	w := int(r.W)
	rowMask := uint64(1)<<w - 1
	var out uint64
	for i := 0; i < int(r.H); i++ {
		row := r.Bits >> (i * w) & rowMask
		out |= bits.Reverse64(row) >> (64 - w) << (i * w)
	}
	return r.With(out)
}

// MirrorTB reflects r top to bottom.
func MirrorTB(r region.Region) region.Region {
	w, h := int(r.W), int(r.H)
	rowMask := uint64(1)<<w - 1
	var out uint64
	for i := 0; i < h; i++ {
		out |= (r.Bits >> (i * w) & rowMask) << ((h - 1 - i) * w)
	}
	return r.With(out)
}

// Transpose exchanges rows and columns.
func Transpose(r region.Region) region.Region {
	w, h := int(r.W), int(r.H)
	rowMask := uint64(1)<<w - 1
	var out uint64
	for i := 0; i < h; i++ {
		for row := r.Bits >> (i * w) & rowMask; row != 0; row &= row - 1 {
			col := bits.TrailingZeros64(row)
			out |= 1 << (col*h + i)
		}
	}
	return region.Region{H: r.W, W: r.H, Bits: out}
}
