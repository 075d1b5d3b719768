// Package mix spreads the bits of a key over a hash, for tables indexed
// by some of the hash's bits.
package mix

// Uint64 returns a hash of x in which every bit depends on every bit of x:
// the finalizer of SplitMix64, a bijection of uint64. Keys that differ
// only in a few bits, high or low, get unrelated hashes, so any slice of
// the hash's bits can index a table.
func Uint64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
