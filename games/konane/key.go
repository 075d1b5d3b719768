package konane

import (
	"encoding/binary"
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Key is the canonical image of a cropped part under Konane's symmetry
// group: the eight symmetries of the rectangle, which keep a value (jumps
// go along rows and columns alike), each with or without the colours
// swapped, which negates it. It is the least image, ordered by height,
// width, cells, stones, then Left's stones.
type Key struct {
	H, W                 uint8
	Cells, Stones, Black uint64
}

// KeyLen is the length of a key's byte form.
const KeyLen = 27

// Bytes encodes the key for storage: stones (the key's level), height,
// width, then the three sets big-endian, so that keys of parts with the
// same number of stones are contiguous and in the order of less.
func (k Key) Bytes() []byte {
	b := []byte{byte(bits.OnesCount64(k.Stones)), k.H, k.W}
	b = binary.BigEndian.AppendUint64(b, k.Cells)
	b = binary.BigEndian.AppendUint64(b, k.Stones)
	return binary.BigEndian.AppendUint64(b, k.Black)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{H: b[1], W: b[2], Cells: binary.BigEndian.Uint64(b[3:]), Stones: binary.BigEndian.Uint64(b[11:]), Black: binary.BigEndian.Uint64(b[19:])}
	n := int(k.H) * int(k.W)
	ok := int(b[0]) == bits.OnesCount64(k.Stones) && k.H > 0 && k.W > 0 && n <= 64 &&
		(n == 64 || k.Cells>>n == 0) && k.Stones&^k.Cells == 0 && k.Black&^k.Stones == 0
	return k, ok
}

// Position returns the part the key stands for.
func (k Key) Position() Position {
	return Position{H: int(k.H), W: int(k.W), Cells: k.Cells, Stones: k.Stones, Black: k.Black}
}

// less orders keys by height, width, cells, stones, then Left's stones.
func (k Key) less(o Key) bool {
	switch {
	case k.H != o.H:
		return k.H < o.H
	case k.W != o.W:
		return k.W < o.W
	case k.Cells != o.Cells:
		return k.Cells < o.Cells
	case k.Stones != o.Stones:
		return k.Stones < o.Stones
	}
	return k.Black < o.Black
}

// compare is less as a three-way comparison.
func compare(a, b Key) int {
	switch {
	case a == b:
		return 0
	case a.less(b):
		return -1
	}
	return 1
}

// Canonical returns the key of a cropped part and whether its value is
// the negative of the key's (the colours were swapped to reach it). A
// part whose colour-swapped image is itself is worth its own negative,
// so the answer does not depend on which image is taken.
func Canonical(p Position) (Key, bool) {
	var best Key
	var negated, first = false, true
	cells := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Cells}
	for s := canon.Symmetry(0); s < 8; s++ {
		img := s.Apply(cells)
		stones, black := s.Apply(cells.With(p.Stones)).Bits, s.Apply(cells.With(p.Black)).Bits
		for _, swap := range []bool{false, true} {
			k := Key{H: img.H, W: img.W, Cells: img.Bits, Stones: stones, Black: black}
			if swap {
				k.Black = stones &^ black
			}
			if first || k.less(best) {
				best, negated, first = k, swap, false
			}
		}
	}
	return best, negated
}
