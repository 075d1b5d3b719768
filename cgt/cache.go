package cgt

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/mix"
)

// opCache is a fixed-size, lossy, lock-free memo for binary operations on
// IDs (sums, comparisons). An entry is guarded by a sequence number, as in a
// seqlock, so a reader never sees a key paired with another key's result; a
// writer that finds the entry busy simply skips the store. Losing an entry
// only costs a recomputation.
type opCache struct {
	entries []cacheEntry
	mask    uint64
}

type cacheEntry struct {
	seq atomic.Uint32
	val atomic.Uint32
	key atomic.Uint64
}

func newOpCache(log2Size uint) *opCache {
	c := &opCache{mask: 1<<log2Size - 1}
	c.entries = hugemem.Slice[cacheEntry](c, 1<<log2Size)
	return c
}

func pairKey(a, b ID) uint64 { return uint64(a)<<32 | uint64(b) }

// slot spreads keys over the table: both IDs of a pair, all their bits,
// choose the slot.
func (c *opCache) slot(key uint64) *cacheEntry {
	return &c.entries[mix.Uint64(key)&c.mask]
}

// get returns the value stored for key, if present. Key 0 is never stored.
func (c *opCache) get(key uint64) (uint32, bool) {
	e := c.slot(key)
	s := e.seq.Load()
	if s&1 != 0 {
		return 0, false
	}
	k, v := e.key.Load(), e.val.Load()
	if e.seq.Load() != s || k != key {
		return 0, false
	}
	return v, true
}

func (c *opCache) put(key uint64, val uint32) {
	e := c.slot(key)
	s := e.seq.Load()
	if s&1 != 0 || !e.seq.CompareAndSwap(s, s+1) {
		return
	}
	e.key.Store(key)
	e.val.Store(val)
	e.seq.Store(s + 2)
}

// bitCache is a fixed-size, lossy, lock-free memo of yes-or-no answers
// for pairs of IDs (comparisons), an entry one word. The hash of a key is
// a bijection (mix.Uint64): its low bits choose the slot, and the word
// holds the rest of it with the answer, so a word read whole names its key
// exactly and no sequence number is needed. A store overwrites the slot.
type bitCache struct {
	entries []atomic.Uint64
	bits    uint
	mask    uint64
}

func newBitCache(log2Size uint) *bitCache {
	if log2Size < 2 {
		log2Size = 2 // the tag must leave the word's top bit free
	}
	c := &bitCache{bits: log2Size, mask: 1<<log2Size - 1}
	c.entries = hugemem.Slice[atomic.Uint64](c, 1<<log2Size)
	return c
}

// locate returns the slot of key and the word that marks it there, with
// the answer false; the answer true is that word plus one. The top bit
// is set, so no marked word is 0, the empty slot.
func (c *bitCache) locate(key uint64) (*atomic.Uint64, uint64) {
	h := mix.Uint64(key)
	return &c.entries[h&c.mask], 1<<63 | h>>c.bits<<1
}

// get returns the answer stored for key, if present.
func (c *bitCache) get(key uint64) (answer, ok bool) {
	e, mark := c.locate(key)
	w := e.Load()
	return w == mark+1, w|1 == mark+1
}

// put stores the answer for key.
func (c *bitCache) put(key uint64, answer bool) {
	e, mark := c.locate(key)
	if answer {
		mark++
	}
	e.Store(mark)
}
