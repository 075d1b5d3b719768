package heap

import (
	"math/bits"
	"unsafe"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/mix"
)

// heapTable is the heap search's memo: one slot per region, by its
// canonical key, holding its nim-value once found and the heaps with
// which the region is known to be a first-player win, in 16 bytes. A key
// may occupy any of probeSlots slots in a row from the cache line its
// hash points to (its window), so that a probe reads one line unless that
// line is full. The table doubles when half full, up to its most slots;
// a store into a full window (rare below the most) replaces the slot of
// the window's smallest region, the cheapest to search again. A lost
// slot only costs a search. It is not safe for concurrent use.
type heapTable struct {
	gen  *heapSlots
	mask uint64 // the slots a window may start at, less one
	used int
	most int // slots the table may grow to
}

// heapSlots is one size of the table's slots, the owner of their memory.
type heapSlots struct {
	s      []heapSlot
	mapped bool // mapped by hugemem, not from the Go heap
}

// heapSlot is one region's entry; h is 0 in an empty slot.
type heapSlot struct {
	bits uint64
	h, w uint8
	nim  uint8  // the nim-value plus one; 0 while unknown
	_    uint8  // padding to 16 bytes
	won  uint32 // bit n: the region plus a heap of n is a first-player win
}

// SlotBytes is the memory of one slot of the search's table of large
// regions.
const SlotBytes = 16

const (
	// probeSlots is how many slots in a row a key may occupy.
	probeSlots = 16
	// lineSlots is how many slots a cache line of 64 bytes holds: a
	// window starts on a line.
	lineSlots = 64 / SlotBytes
	// minHeapSlots is the table's first size.
	minHeapSlots = 1 << 12
	// mapSlots is the size from which slots are mapped by hugemem.
	mapSlots = 1 << 18
)

// newHeapTable returns a table of at most memo bytes (at least its first
// size).
func newHeapTable(memo int) *heapTable {
	t := &heapTable{most: minHeapSlots}
	if n := memo / SlotBytes; n > minHeapSlots {
		t.most = 1 << (bits.Len(uint(n)) - 1)
	}
	t.alloc(minHeapSlots)
	return t
}

// alloc gives the table n empty slots.
func (t *heapTable) alloc(n int) {
	g := &heapSlots{}
	if n >= mapSlots {
		g.s, g.mapped = hugemem.Map[heapSlot](g, n+probeSlots)
	}
	if !g.mapped {
		g.s = lineAligned(make([]heapSlot, n+probeSlots+lineSlots-1), n+probeSlots)
	}
	t.gen = g
	t.mask = uint64(n - 1)
	t.used = 0
}

// lineAligned returns n slots of s from the first that starts a cache
// line (s has lineSlots-1 slots to spare).
func lineAligned(s []heapSlot, n int) []heapSlot {
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(s)))%64) / SlotBytes
	if off != 0 {
		off = lineSlots - off
	}
	return s[off : off+n]
}

// window returns the slots a key may occupy: probeSlots in a row from
// the start of the cache line its hash points to.
func (t *heapTable) window(k canon.Key) []heapSlot {
	i := mix.Uint64(k.Bits^mix.Uint64(uint64(k.H)<<8|uint64(k.W))) & t.mask &^ (lineSlots - 1)
	return t.gen.s[i : i+probeSlots]
}

// prefetch asks for the first cache line of the key's window, the one a
// probe reads unless it is full.
func (t *heapTable) prefetch(k canon.Key) {
	prefetch(unsafe.Pointer(&t.window(k)[0]))
}

// get returns the key's slot, or nil.
func (t *heapTable) get(k canon.Key) *heapSlot {
	w := t.window(k)
	for i := range w {
		s := &w[i]
		if s.bits == k.Bits && s.h == k.H && s.w == k.W {
			return s
		}
		if s.h == 0 {
			break
		}
	}
	return nil
}

// put returns the key's slot, made (empty of results) when the key had
// none: in the first empty slot of its window, or, once the table is at
// its most, in place of the window's smallest region.
func (t *heapTable) put(k canon.Key) *heapSlot {
	if s := t.get(k); s != nil {
		return s
	}
	if t.used >= t.size()/2 && t.size() < t.most {
		t.grow()
	}
	w := t.window(k)
	victim := &w[0]
	for i := range w {
		s := &w[i]
		if s.h == 0 {
			t.used++
			victim = s
			break
		}
		if bits.OnesCount64(s.bits) < bits.OnesCount64(victim.bits) {
			victim = s
		}
	}
	*victim = heapSlot{bits: k.Bits, h: k.H, w: k.W}
	return victim
}

// size returns the slots a window may start at.
func (t *heapTable) size() int { return int(t.mask) + 1 }

// grow doubles the table, moving every slot into the new one and giving
// the old one's memory back.
func (t *heapTable) grow() {
	old := t.gen
	t.alloc(2 * t.size())
	for _, s := range old.s {
		if s.h != 0 {
			*t.put(canon.Key{H: s.h, W: s.w, Bits: s.bits}) = s
		}
	}
	if old.mapped {
		hugemem.Zero(old.s)
	}
}

// holds reports whether slot s holds a region and something found of it.
func (s *heapSlot) holds() bool { return s.h != 0 && (s.nim != 0 || s.won != 0) }

// result returns whether the region of slot s plus a heap of n is known
// to be a second-player win (lost), and ok when it is known either way.
func (s *heapSlot) result(n int) (lost, ok bool) {
	switch {
	case s == nil:
		return false, false
	case s.nim != 0:
		return int(s.nim)-1 == n, true
	case n < 32 && s.won&(1<<n) != 0:
		return false, true
	}
	return false, false
}
