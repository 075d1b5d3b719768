package toppling

import (
	"encoding/binary"
	"math/bits"
)

// Key is the canonical image of a part (a row) under Toppling Dominoes'
// symmetries: reversing the row keeps its value, swapping blue and red
// negates it. It is the least of the four images, ordered by length,
// blue, then red.
type Key struct {
	N         uint8
	Blue, Red uint32
}

// KeyLen is the length of a key's byte form.
const KeyLen = 9

// Bytes encodes the key for storage: the length, then blue and red
// big-endian, so that the keys of one length are contiguous and in the
// order of less.
func (k Key) Bytes() []byte {
	b := []byte{k.N}
	b = binary.BigEndian.AppendUint32(b, k.Blue)
	return binary.BigEndian.AppendUint32(b, k.Red)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen || b[0] > MaxCells {
		return Key{}, false
	}
	k := Key{N: b[0], Blue: binary.BigEndian.Uint32(b[1:]), Red: binary.BigEndian.Uint32(b[5:])}
	return k, k.Blue&k.Red == 0 && (k.Blue|k.Red)&^mask(int(k.N)) == 0
}

// Row returns the part the key stands for.
func (k Key) Row() Line {
	return Line{N: k.N, Dominoes: mask(int(k.N)), Blue: k.Blue, Red: k.Red}
}

// less orders keys by length, blue, then red.
func (k Key) less(o Key) bool {
	switch {
	case k.N != o.N:
		return k.N < o.N
	case k.Blue != o.Blue:
		return k.Blue < o.Blue
	}
	return k.Red < o.Red
}

// reverse returns the cells of x in a row of n cells, reversed.
func reverse(x uint32, n uint8) uint32 {
	if n == 0 {
		return 0
	}
	return bits.Reverse32(x) >> (32 - n)
}

// Canonical returns the key of a part and whether its value is the
// negative of the key's (the image taken swaps the colours). A part that
// is an image of itself with the colours swapped is worth its own
// negative, so the answer does not depend on which image is taken.
func Canonical(r Line) (Key, bool) {
	rb, rr := reverse(r.Blue, r.N), reverse(r.Red, r.N)
	best, negated := Key{r.N, r.Blue, r.Red}, false
	for i, k := range [3]Key{{r.N, rb, rr}, {r.N, r.Red, r.Blue}, {r.N, rr, rb}} {
		if k.less(best) {
			best, negated = k, i > 0
		}
	}
	return best, negated
}
