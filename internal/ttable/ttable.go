// Package ttable is a lossy, lock-free transposition table for searches
// that share it across goroutines: a key of 128 bits (Wide), 192 bits
// (Mid) or 256 bits (Long) plus a tag of 16 bits maps to a result of 8
// bits. An entry is guarded by a sequence number (a seqlock), so a reader
// never pairs one position's key with another's result; a writer that
// finds an entry busy skips the store. A missing answer only costs a
// search.
package ttable

// TagBits is the width of a tag; a tag must be below 1<<TagBits.
const TagBits = 16

const valid = 1 << 31
