// Package ttable is a lossy, lock-free transposition table for searches
// that share it across goroutines: a key of 64 bits plus a tag of 16 bits
// maps to a result of 8 bits. An entry is guarded by a sequence number (a
// seqlock), so a reader never pairs one position's key with another's
// result; a writer that finds an entry busy skips the store, and a newer
// store replaces an older one. A missing answer only costs a search.
package ttable

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/mix"
)

// Table maps (key, tag) pairs to small results.
type Table struct {
	entries []entry
	mask    uint64
}

type entry struct {
	seq  atomic.Uint32
	info atomic.Uint32 // tag | result<<TagBits | 1<<31
	key  atomic.Uint64 // the canonical set of empty cells
}

// TagBits is the width of a tag; a tag must be below 1<<TagBits.
const TagBits = 16

const valid = 1 << 31

// New returns a table of 2^log2Size entries (16 bytes each).
func New(log2Size uint) *Table {
	return &Table{entries: make([]entry, 1<<log2Size), mask: 1<<log2Size - 1}
}

func (t *Table) slot(key uint64, tag uint32) *entry {
	return &t.entries[mix.Uint64(key^uint64(tag)*0x9E3779B97F4A7C15)&t.mask]
}

// Get returns the result stored for key and tag, if any.
func (t *Table) Get(key uint64, tag uint32) (uint32, bool) {
	e := t.slot(key, tag)
	s := e.seq.Load()
	if s&1 != 0 {
		return 0, false
	}
	k, info := e.key.Load(), e.info.Load()
	if e.seq.Load() != s || k != key || info&valid == 0 || info&(1<<TagBits-1) != tag {
		return 0, false
	}
	return info >> TagBits & 0xff, true
}

// Put stores a result (below 256) for key and tag.
func (t *Table) Put(key uint64, tag, result uint32) {
	e := t.slot(key, tag)
	s := e.seq.Load()
	if s&1 != 0 || !e.seq.CompareAndSwap(s, s+1) {
		return
	}
	e.key.Store(key)
	e.info.Store(tag | result<<TagBits | valid)
	e.seq.Store(s + 2)
}
