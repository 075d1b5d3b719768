package ttable

import (
	"sync"
	"testing"

	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/bitsw"
)

// table is what the test needs of Wide, Mid and Long.
type table interface {
	put(lo, hi uint64, tag, result uint32)
	get(lo, hi uint64, tag uint32) (uint32, bool)
}

func (w wideTable) put(lo, hi uint64, tag, r uint32)             { w.Put(lo, hi, tag, r, uint32(lo%100)) }
func (w wideTable) get(lo, hi uint64, tag uint32) (uint32, bool) { return w.Get(lo, hi, tag) }

type wideTable struct{ *Wide }

// longTable puts the second word of a key in the last word of a Long key.
type longTable struct{ *Long }

func (l longTable) key(lo, hi uint64) bitsw.Set {
	return bitsw.Set{A: lo, D: hi}
}
func (l longTable) put(lo, hi uint64, tag, r uint32) { l.Put(l.key(lo, hi), tag, r, uint32(lo%100)) }
func (l longTable) get(lo, hi uint64, tag uint32) (uint32, bool) {
	return l.Get(l.key(lo, hi), tag)
}

// midTable puts the second word of a key in the last word of a Mid key.
type midTable struct{ *Mid }

func (m midTable) key(lo, hi uint64) bits192.Set {
	return bits192.Set{A: lo, C: hi}
}
func (m midTable) put(lo, hi uint64, tag, r uint32) { m.Put(m.key(lo, hi), tag, r, uint32(lo%100)) }
func (m midTable) get(lo, hi uint64, tag uint32) (uint32, bool) {
	return m.Get(m.key(lo, hi), tag)
}

// TestConcurrentUse hammers a small table of each kind from several
// goroutines: every answer read must be the one written for that key and
// tag.
func TestConcurrentUse(t *testing.T) {
	for name, tab := range map[string]table{"Wide": wideTable{NewWide(8)}, "Mid": midTable{NewMid(8)}, "Long": longTable{NewLong(8)}} {
		result := func(lo, hi uint64, tag uint32) uint32 { return uint32(lo*31+hi*7+uint64(tag)) & 0xff }
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range uint64(200000) {
					lo, tag := i*2654435761+uint64(w), uint32(i%1000)
					hi := lo >> 3
					tab.put(lo, hi, tag, result(lo, hi, tag))
					if r, ok := tab.get(lo, hi, tag); ok && r != result(lo, hi, tag) {
						t.Errorf("%s: key %d,%d tag %d: %d, want %d", name, lo, hi, tag, r, result(lo, hi, tag))
						return
					}
					if r, ok := tab.get(lo^1, hi, tag); ok && r != result(lo^1, hi, tag) {
						t.Errorf("%s: key %d,%d tag %d: %d, want %d", name, lo^1, hi, tag, r, result(lo^1, hi, tag))
						return
					}
				}
			}()
		}
		wg.Wait()
		if _, ok := tab.get(12345, 0, 1<<TagBits-1); ok {
			t.Errorf("%s: a key never stored was found", name)
		}
	}
}

// TestKeepsDearerEntries fills the one bucket of a two-entry Wide, Mid or
// Long table: a third key replaces the entry that cost less work, and a key
// stored again replaces itself.
func TestKeepsDearerEntries(t *testing.T) {
	wide, mid, long := NewWide(1), midTable{NewMid(1)}, longTable{NewLong(1)}
	for name, tab := range map[string]struct {
		put func(lo uint64, result, work uint32)
		get func(lo uint64) (uint32, bool)
	}{
		"Wide": {func(lo uint64, r, w uint32) { wide.Put(lo, 0, 7, r, w) }, func(lo uint64) (uint32, bool) { return wide.Get(lo, 0, 7) }},
		"Mid":  {func(lo uint64, r, w uint32) { mid.Put(mid.key(lo, 0), 7, r, w) }, func(lo uint64) (uint32, bool) { return mid.Get(mid.key(lo, 0), 7) }},
		"Long": {func(lo uint64, r, w uint32) { long.Put(long.key(lo, 0), 7, r, w) }, func(lo uint64) (uint32, bool) { return long.Get(long.key(lo, 0), 7) }},
	} {
		tab.put(1, 11, 5)
		tab.put(2, 22, 1)
		tab.put(3, 33, 3)
		want := map[uint64]uint32{1: 11, 3: 33}
		for lo := uint64(1); lo <= 3; lo++ {
			r, ok := tab.get(lo)
			if w, kept := want[lo]; ok != kept || ok && r != w {
				t.Errorf("%s: key %d: %d %v, want %d %v", name, lo, r, ok, w, kept)
			}
		}
		tab.put(3, 44, 0)
		if r, _ := tab.get(3); r != 44 {
			t.Errorf("%s: restored key: %d, want 44", name, r)
		}
		if r, ok := tab.get(1); !ok || r != 11 {
			t.Errorf("%s: the dearer entry was lost: %d %v", name, r, ok)
		}
	}
}

// TestHighBitsSpread stores keys that differ only in their top bits (or
// only in the second word) in tables with room for four times as many:
// most must be found again, which needs the slot to depend on every bit
// of the key.
func TestHighBitsSpread(t *testing.T) {
	const n = 1 << 10
	keys := map[string]func(i uint64) (lo, hi uint64){
		"top bits of lo": func(i uint64) (uint64, uint64) { return i << 54, 0 },
		"hi only":        func(i uint64) (uint64, uint64) { return 0, i << 40 },
	}
	for name, key := range keys {
		for tabName, tab := range map[string]table{"Wide": wideTable{NewWide(12)}, "Mid": midTable{NewMid(12)}, "Long": longTable{NewLong(12)}} {
			for i := range uint64(n) {
				lo, hi := key(i)
				tab.put(lo, hi, 3, uint32(i&0xff))
			}
			found := 0
			for i := range uint64(n) {
				lo, hi := key(i)
				if r, ok := tab.get(lo, hi, 3); ok && r == uint32(i&0xff) {
					found++
				}
			}
			if found < n*3/4 {
				t.Errorf("%s, %s: %d of %d keys found again", tabName, name, found, n)
			}
		}
	}
}

// TestFitBits: the requested size, capped at 16 entries per set of
// covered cells unless that is below 2^10.
func TestFitBits(t *testing.T) {
	for _, c := range []struct {
		bits  uint
		cells int
		want  uint
	}{
		{24, 27, 24}, {24, 20, 24}, {24, 19, 23}, {24, 12, 16}, {24, 4, 10}, {24, 0, 10}, {24, -1, 10},
		{16, 64, 16}, {12, 9, 12}, {20, 9, 13}, {8, 2, 8},
	} {
		if got := FitBits(c.bits, c.cells); got != c.want {
			t.Errorf("FitBits(%d, %d) = %d, want %d", c.bits, c.cells, got, c.want)
		}
	}
}
