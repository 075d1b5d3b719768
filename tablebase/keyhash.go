package tablebase

import (
	"encoding/binary"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// hashKey hashes a key with a seed: XXH64, as xxhash.Digest computes it
// after ResetWithSeed(seed) and Write(key), written out here for keys
// shorter than 32 bytes (every position key), which the Digest takes
// through its buffer.
func hashKey(d *xxhash.Digest, key []byte, seed uint64) uint64 {
	if len(key) >= 32 {
		d.ResetWithSeed(seed)
		_, _ = d.Write(key)
		return d.Sum64()
	}
	const (
		p1 = 11400714785074694791
		p2 = 14029467366897019727
		p3 = 1609587929392839161
		p4 = 9650029242287828579
		p5 = 2870177450012600261
	)
	h := seed + p5 + uint64(len(key))
	b := key
	for ; len(b) >= 8; b = b[8:] {
		k := bits.RotateLeft64(binary.LittleEndian.Uint64(b)*p2, 31) * p1
		h = bits.RotateLeft64(h^k, 27)*p1 + p4
	}
	if len(b) >= 4 {
		h = bits.RotateLeft64(h^uint64(binary.LittleEndian.Uint32(b))*p1, 23)*p2 + p3
		b = b[4:]
	}
	for _, c := range b {
		h = bits.RotateLeft64(h^uint64(c)*p5, 11) * p1
	}
	h ^= h >> 33
	h *= p2
	h ^= h >> 29
	h *= p3
	h ^= h >> 32
	return h
}
