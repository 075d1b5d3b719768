package snort

import (
	"encoding/binary"
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Key is the canonical image of a cropped group of tagged cells under
// the games' symmetry group: the eight symmetries of the rectangle, which
// keep a value (adjacency is the same along rows and columns), each with
// or without the tags swapped, which negates it (Left's moves become
// Right's, under both rules). The image taken is the least by height,
// width, cells, then L and R: its frame and cells are those of the
// cells' canonical region (canon.Canonical), whatever the tags.
type Key struct {
	H, W uint8
	L, R uint64
}

// KeyLen is the length of a key's byte form.
const KeyLen = 19

// Bytes encodes the key for storage: cells, height, width, then L and R
// big-endian, so that the keys of groups of as many cells are contiguous.
func (k Key) Bytes() []byte {
	b := []byte{byte(bits.OnesCount64(k.L | k.R)), k.H, k.W}
	b = binary.BigEndian.AppendUint64(b, k.L)
	return binary.BigEndian.AppendUint64(b, k.R)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{H: b[1], W: b[2], L: binary.BigEndian.Uint64(b[3:]), R: binary.BigEndian.Uint64(b[11:])}
	n := int(k.H) * int(k.W)
	return k, int(b[0]) == bits.OnesCount64(k.L|k.R) && n <= 64 && (n == 64 || (k.L|k.R)>>n == 0)
}

// State returns the group the key stands for.
func (k Key) State() State { return State(k) }

// compareBytes orders keys of one level as their Bytes do: height,
// width, L, then R.
func compareBytes(a, b Key) int {
	switch {
	case a == b:
		return 0
	case a.H != b.H:
		return cmpInt(a.H < b.H)
	case a.W != b.W:
		return cmpInt(a.W < b.W)
	case a.L != b.L:
		return cmpInt(a.L < b.L)
	}
	return cmpInt(a.R < b.R)
}

func cmpInt(less bool) int {
	if less {
		return -1
	}
	return 1
}

// tagLess orders two taggings of one frame and set of cells: by L, then R.
func tagLess(l1, r1, l2, r2 uint64) bool {
	return l1 < l2 || l1 == l2 && r1 < r2
}

// Canonical returns the key of a cropped group and whether its value is
// the negative of the key's (the tags were swapped to reach it). A group
// whose swapped image is itself is worth its own negative, so the answer
// does not depend on which image is taken.
func Canonical(s State) (Key, bool) {
	cells := region.Region{H: s.H, W: s.W, Bits: s.L | s.R}
	// The images of the cells; the least (canon.Key order: height,
	// width, cells) is the frame of the key.
	var imgs [8]region.Region
	shape := 0
	for sym := range imgs {
		imgs[sym] = canon.Symmetry(sym).Apply(cells)
		if sym > 0 && canon.Key(imgs[sym]).Less(canon.Key(imgs[shape])) {
			shape = sym
		}
	}
	var best Key
	negated, first := false, true
	for sym, img := range imgs {
		if img != imgs[shape] {
			continue
		}
		l, r := canon.Symmetry(sym).Apply(cells.With(s.L)).Bits, canon.Symmetry(sym).Apply(cells.With(s.R)).Bits
		if first || tagLess(l, r, best.L, best.R) {
			best, negated, first = Key{H: img.H, W: img.W, L: l, R: r}, false, false
		}
		if tagLess(r, l, best.L, best.R) {
			best, negated = Key{H: img.H, W: img.W, L: r, R: l}, true
		}
	}
	return best, negated
}
