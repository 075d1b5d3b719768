// Package idtable is a concurrent map from nonzero 64-bit keys to 32-bit
// values (below MaxUint32) that are never changed once stored: a solver's
// memo of values by position key, shared by its workers. Lookups take no
// lock; inserts lock one of many segments, each an open-addressing table
// of 12-byte slots that doubles when three quarters full.
package idtable

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/mix"
)

const (
	segmentBits = 10 // the table is 1<<segmentBits segments
	minSlots    = 16
)

// Table maps keys to values. Its zero value is not usable: call New.
type Table struct {
	segments [1 << segmentBits]segment
	len      atomic.Int64
}

// segment is one part of the table: its slots, replaced by a copy twice
// the size when three quarters of them are used.
type segment struct {
	mu    sync.Mutex
	slots atomic.Pointer[[]slot]
	used  int // guarded by mu
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
		s := make([]slot, size)
		t.segments[i].slots.Store(&s)
	}
	return t
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
	slots := *t.segments[h>>(64-segmentBits)].slots.Load()
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
		grown := grow(slots) // only this header goes to the heap
		s.slots.Store(&grown)
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

// grow returns a copy of slots twice the size. Readers of the old slots
// go on reading them until they load the new ones.
func grow(old []slot) []slot {
	slots := make([]slot, 2*len(old))
	for i := range old {
		if k, v, full, _ := old[i].load(); full {
			insert(slots, hash(k), k, v)
		}
	}
	return slots
}

// ForEach calls fn with every key and its value, in no order. Keys put
// while it runs may be missed.
func (t *Table) ForEach(fn func(key uint64, val uint32)) {
	for i := range t.segments {
		slots := *t.segments[i].slots.Load()
		for j := range slots {
			if k, v, full, _ := slots[j].load(); full {
				fn(k, v)
			}
		}
	}
}
