package heap

import (
	"math/bits"
	"testing"
	"unsafe"

	"github.com/tablebase/tablebase/canon"
)

// tableKey returns the i-th of a run of distinct keys.
func tableKey(i uint64) canon.Key {
	return canon.Key{H: 5, W: 9, Bits: i * 0x9E3779B97F4A7C15 >> 19}
}

// TestHeapTableGrows: below its most the table keeps nearly every key
// (a key is lost only when its window of 16 slots is full), with what was
// stored in its slot, across its doublings.
func TestHeapTableGrows(t *testing.T) {
	const n = 200_000
	tb := newHeapTable(1 << 30)
	for i := uint64(1); i <= n; i++ {
		tb.put(tableKey(i)).won = uint32(i)
	}
	found := 0
	for i := uint64(1); i <= n; i++ {
		if s := tb.get(tableKey(i)); s != nil {
			if s.won != uint32(i) {
				t.Fatalf("key %d: won %d", i, s.won)
			}
			found++
		}
	}
	if found < n*999/1000 || tb.size() > 4*n || tb.used != found {
		t.Errorf("found %d of %d keys, used %d, in %d slots", found, n, tb.used, tb.size())
	}
}

// TestHeapTableReplaces: at its most the table still takes every key,
// replacing the smallest region of a full window, and keeps the larger.
func TestHeapTableReplaces(t *testing.T) {
	tb := newHeapTable(1)
	small := func(i uint64) canon.Key { return canon.Key{H: 1, W: 8, Bits: i} }
	for i := uint64(1); i < 256; i++ {
		tb.put(small(i)).nim = 1
	}
	for i := uint64(1); i <= 3*minHeapSlots; i++ {
		k := tableKey(i)
		k.Bits |= 1<<63 | 1<<62 // more cells than any small key
		tb.put(k).nim = 2
		if s := tb.get(k); s == nil || s.nim != 2 {
			t.Fatalf("key %d not kept", i)
		}
	}
	if tb.size() != minHeapSlots {
		t.Errorf("%d slots, want %d", tb.size(), minHeapSlots)
	}
	for i := uint64(1); i < 256; i++ {
		if tb.get(small(i)) != nil {
			t.Errorf("small key %d of %d cells kept over larger ones", i, bits.OnesCount64(i))
		}
	}
}

// TestHeapSlotResult: what a slot says of a heap.
func TestHeapSlotResult(t *testing.T) {
	var none *heapSlot
	for _, c := range []struct {
		s        *heapSlot
		n        int
		lost, ok bool
	}{
		{none, 0, false, false},
		{&heapSlot{}, 0, false, false},
		{&heapSlot{nim: 3}, 2, true, true},
		{&heapSlot{nim: 3}, 1, false, true},
		{&heapSlot{won: 1 << 4}, 4, false, true},
		{&heapSlot{won: 1 << 4}, 3, false, false},
		{&heapSlot{won: 1 << 4}, 40, false, false},
	} {
		if lost, ok := c.s.result(c.n); lost != c.lost || ok != c.ok {
			t.Errorf("%+v with %d: %v %v, want %v %v", c.s, c.n, lost, ok, c.lost, c.ok)
		}
	}
}

// TestHeapTableLines: every key's window starts on a cache line, so that
// a probe reads one line unless it is full, in a table from the Go heap
// and in one mapped by hugemem.
func TestHeapTableLines(t *testing.T) {
	for _, slots := range []int{minHeapSlots, mapSlots} {
		tb := newHeapTable(slots * SlotBytes)
		tb.alloc(slots)
		for i := uint64(1); i <= 1000; i++ {
			if p := uintptr(unsafe.Pointer(&tb.window(tableKey(i))[0])); p%64 != 0 {
				t.Fatalf("%d slots: key %d's window at %#x, not on a line", slots, i, p)
			}
		}
	}
}
