package clobber

import (
	"encoding/binary"
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Key is the canonical image of a cropped group of stones under Clobber's
// symmetry group: the eight symmetries of the rectangle, which keep a
// value (a stone captures along rows and columns alike), each with or
// without the colours swapped, which negates it. It is the least image,
// ordered by height, width, stones, then Left's stones.
type Key struct {
	H, W          uint8
	Stones, Black uint64
}

// KeyLen is the length of a key's byte form.
const KeyLen = 19

// Bytes encodes the key for storage: stones, height, width, then the two
// sets big-endian, so that keys of groups with the same number of stones
// are contiguous in byte order.
func (k Key) Bytes() []byte {
	b := []byte{byte(bits.OnesCount64(k.Stones)), k.H, k.W}
	b = binary.BigEndian.AppendUint64(b, k.Stones)
	return binary.BigEndian.AppendUint64(b, k.Black)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{H: b[1], W: b[2], Stones: binary.BigEndian.Uint64(b[3:]), Black: binary.BigEndian.Uint64(b[11:])}
	return k, int(b[0]) == bits.OnesCount64(k.Stones) && int(k.H)*int(k.W) <= 64 && k.Black&^k.Stones == 0
}

// Position returns the group the key stands for.
func (k Key) Position() Position {
	return Position{H: int(k.H), W: int(k.W), Stones: k.Stones, Black: k.Black}
}

// less orders keys by height, width, stones, then Left's stones.
func (k Key) less(o Key) bool {
	switch {
	case k.H != o.H:
		return k.H < o.H
	case k.W != o.W:
		return k.W < o.W
	case k.Stones != o.Stones:
		return k.Stones < o.Stones
	}
	return k.Black < o.Black
}

// Canonical returns the key of a cropped group and whether its value is
// the negative of the key's (the colours were swapped to reach it). A
// group whose colour-swapped image is itself is worth its own negative,
// so the answer does not depend on which image is taken.
func Canonical(p Position) (Key, bool) {
	var best Key
	var negated, first = false, true
	stones := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Stones}
	black := stones.With(p.Black)
	for s := canon.Symmetry(0); s < 8; s++ {
		img, b := s.Apply(stones), s.Apply(black)
		for _, swap := range []bool{false, true} {
			k := Key{H: img.H, W: img.W, Stones: img.Bits, Black: b.Bits}
			if swap {
				k.Black = img.Bits &^ b.Bits
			}
			if first || k.less(best) {
				best, negated, first = k, swap, false
			}
		}
	}
	return best, negated
}
