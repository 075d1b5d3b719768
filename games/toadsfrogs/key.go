package toadsfrogs

import (
	"encoding/binary"
	"math/bits"
)

// Key is the canonical image of a part under Toads and Frogs' one
// symmetry: reversing the strip and swapping toads and frogs, which
// negates the value (each player's moves become the other's). It is the
// lesser of the part and its image, ordered by length, toads, then frogs.
type Key struct {
	N            uint8
	Toads, Frogs uint64
}

// KeyLen is the length of a key's byte form.
const KeyLen = 17

// Bytes encodes the key for storage: the length, then the toads and the
// frogs big-endian, so that the keys of one length are contiguous and in
// the order of less.
func (k Key) Bytes() []byte {
	b := []byte{k.N}
	b = binary.BigEndian.AppendUint64(b, k.Toads)
	return binary.BigEndian.AppendUint64(b, k.Frogs)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{N: b[0], Toads: binary.BigEndian.Uint64(b[1:]), Frogs: binary.BigEndian.Uint64(b[9:])}
	all := uint64(1)<<k.N - 1
	return k, k.N <= MaxCells && k.Toads&k.Frogs == 0 && (k.Toads|k.Frogs)&^all == 0
}

// Strip returns the part the key stands for.
func (k Key) Strip() Strip { return Strip(k) }

// less orders keys by length, toads, then frogs.
func (k Key) less(o Key) bool {
	switch {
	case k.N != o.N:
		return k.N < o.N
	case k.Toads != o.Toads:
		return k.Toads < o.Toads
	}
	return k.Frogs < o.Frogs
}

// reverse returns the cells of x in a strip of n cells, reversed.
func reverse(x uint64, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return bits.Reverse64(x) >> (64 - n)
}

// Mirror returns the strip reversed with toads and frogs swapped: its
// value is the negative of s's.
func (s Strip) Mirror() Strip {
	return Strip{N: s.N, Toads: reverse(s.Frogs, s.N), Frogs: reverse(s.Toads, s.N)}
}

// Canonical returns the key of a part and whether its value is the
// negative of the key's. A part that is its own mirror image is worth
// its own negative (0 or an infinitesimal of its kind), so the answer
// does not depend on which image is taken.
func Canonical(s Strip) (Key, bool) {
	k, m := Key(s), Key(s.Mirror())
	if m.less(k) {
		return m, true
	}
	return k, false
}
