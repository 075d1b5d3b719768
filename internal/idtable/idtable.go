// Package idtable is a concurrent map from nonzero 64-bit keys to 32-bit
// values (below MaxUint32) that are never changed once stored: a solver's
// memo of values by position key, shared by its workers. Lookups take no
// lock; inserts lock one of many segments, each an open-addressing table
// of 12-byte slots that doubles when three quarters full.
//
// Large tables are read at random and miss the processor's address cache
// at almost every read unless their pages are huge: once the segments
// together outgrow chunkBytes, their slots are carved from chunks mapped
// with huge pages (package hugemem), and a chunk whose segments have all
// grown out of it is given back to the system.
package idtable

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/mix"
)

const (
	segmentBits = 10 // the table is 1<<segmentBits segments
	minSlots    = 16
)

// chunkBytes is the size the slots of all segments together reach before
// they are carved from mapped chunks. Tests lower it.
var chunkBytes = 4 << 20

// Table maps keys to values. Its zero value is not usable: call New.
type Table struct {
	segments [1 << segmentBits]segment
	len      atomic.Int64

	mu     sync.Mutex // guards chunk and every chunk's counts
	chunk  *chunk     // the chunk slots are carved from
	chunks int        // chunks mapped so far
	zeroed int        // chunks given back
}

// segment is one part of the table: its slots, replaced by a copy twice
// the size when three quarters of them are used.
type segment struct {
	mu    sync.Mutex
	slots atomic.Pointer[[]slot]
	used  int    // guarded by mu
	in    *chunk // guarded by mu: the chunk of slots, nil for the Go heap
}

// chunk is mapped memory that segments' slots are carved from in turn.
type chunk struct {
	slots  []slot
	carved int // slots handed out
	live   int // segments whose slots are in the chunk
}

// slot holds a key, in two halves, and its value plus one; a value of 0
// marks a free slot or one being written. An insert stores the key before
// the value, so a reader that sees the value sees the whole key.
type slot struct {
	lo, hi, val atomic.Uint32
}

// load returns the slot's key and value when it is complete (full is
// true), or whether it is free (free is true; a slot being written is
// neither).
func (s *slot) load() (key uint64, val uint32, full, free bool) {
	if v := s.val.Load(); v != 0 {
		return uint64(s.hi.Load())<<32 | uint64(s.lo.Load()), v - 1, true, false
	}
	return 0, 0, false, s.lo.Load() == 0 && s.hi.Load() == 0
}

// New returns an empty table sized for about n keys.
func New(n int) *Table {
	t := &Table{}
	size := minSlots
	for size*(1<<segmentBits)*3/4 < n {
		size *= 2
	}
	for i := range t.segments {
		seg := &t.segments[i]
		s, in := t.alloc(size)
		seg.slots.Store(&s)
		seg.in = in
	}
	return t
}

// alloc returns n free slots for a segment, and the chunk they were
// carved from (nil when they come from the Go heap).
func (t *Table) alloc(n int) ([]slot, *chunk) {
	generation := n << segmentBits // slots of all segments at this size
	if generation*int(unsafe.Sizeof(slot{})) < chunkBytes {
		return make([]slot, n), nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.chunk
	if c == nil || len(c.slots)-c.carved < n {
		mem, ok := hugemem.Map[slot](t, generation)
		if !ok {
			return make([]slot, n), nil
		}
		t.chunks++
		if c != nil && c.live == 0 {
			t.zero(c)
		}
		c = &chunk{slots: mem}
		t.chunk = c
	}
	s := c.slots[c.carved : c.carved+n : c.carved+n]
	c.carved += n
	c.live++
	return s, c
}

// free records that a segment's slots in c are no longer used: when none
// of c's are and no more will be carved from it, c is given back.
func (t *Table) free(c *chunk) {
	if c == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c.live--
	if c.live == 0 && c != t.chunk {
		t.zero(c)
	}
}

// zero gives c's memory back. Readers may still be reading it: Get
// notices that the segment's slots changed under it and reads again.
func (t *Table) zero(c *chunk) {
	hugemem.Zero(c.slots)
	t.zeroed++
}

// Len returns the number of keys stored.
func (t *Table) Len() int { return int(t.len.Load()) }

// hash spreads a key: its top bits choose the segment, its low bits the
// first slot tried.
func hash(key uint64) uint64 { return mix.Uint64(key) }

// Get returns the value stored for key, which is not 0. A key being
// inserted while Get runs may be missed.
func (t *Table) Get(key uint64) (uint32, bool) {
	h := hash(key)
	seg := &t.segments[h>>(64-segmentBits)]
	for {
		p := seg.slots.Load()
		v, ok := find(*p, h, key)
		// Slots replaced while they were read may have been given back and
		// read as zeros, in part: only slots still in place are believed.
		if seg.slots.Load() == p {
			return v, ok
		}
	}
}

// find looks key, of hash h, up in slots.
func find(slots []slot, h, key uint64) (uint32, bool) {
	mask := uint64(len(slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		k, v, full, free := slots[i].load()
		switch {
		case full && k == key:
			return v, true
		case free:
			return 0, false
		}
	}
}

// Has reports whether key, which is not 0, has a value.
func (t *Table) Has(key uint64) bool {
	_, ok := t.Get(key)
	return ok
}

// Put stores val for key, which is not 0, unless key has a value
// already; it reports whether it stored it. val must be below MaxUint32.
func (t *Table) Put(key uint64, val uint32) bool {
	if val == math.MaxUint32 {
		panic("idtable: value out of range")
	}
	h := hash(key)
	s := &t.segments[h>>(64-segmentBits)]
	s.mu.Lock()
	defer s.mu.Unlock()
	slots := *s.slots.Load()
	if (s.used+1)*4 > 3*len(slots) {
		grown, in := t.alloc(2 * len(slots))
		copyInto(grown, slots)
		s.slots.Store(&grown) // only this header goes to the heap
		t.free(s.in)
		s.in = in
		slots = grown
	}
	if !insert(slots, h, key, val) {
		return false
	}
	s.used++
	t.len.Add(1)
	return true
}

// insert stores key and val in slots unless key is there; it reports
// whether it stored them. Inserts into one slice take turns (the segment's
// lock, or a slice no reader sees yet), so every slot they meet is free or
// complete.
func insert(slots []slot, h, key uint64, val uint32) bool {
	mask := uint64(len(slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		k, _, full, _ := slots[i].load()
		if !full {
			slots[i].lo.Store(uint32(key))
			slots[i].hi.Store(uint32(key >> 32))
			slots[i].val.Store(val + 1)
			return true
		}
		if k == key {
			return false
		}
	}
}

// copyInto inserts the keys of old into slots, which no reader sees yet.
// Readers of old go on reading it until they load the new slots.
func copyInto(slots, old []slot) {
	for i := range old {
		if k, v, full, _ := old[i].load(); full {
			insert(slots, hash(k), k, v)
		}
	}
}

// ForEach calls fn with every key and its value, in no order. Keys put
// while it runs may be missed; fn must not put into the table.
func (t *Table) ForEach(fn func(key uint64, val uint32)) {
	for i := range t.segments {
		seg := &t.segments[i]
		seg.mu.Lock() // the slots stay in place while they are read
		slots := *seg.slots.Load()
		for j := range slots {
			if k, v, full, _ := slots[j].load(); full {
				fn(k, v)
			}
		}
		seg.mu.Unlock()
	}
}
