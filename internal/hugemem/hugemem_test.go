package hugemem

import (
	"runtime"
	"testing"
)

// TestSlice checks that tables below and above the mapped size come back
// zeroed, of the length asked, and writable, and that a mapped one can be
// released and another mapped after it.
func TestSlice(t *testing.T) {
	type owner struct{ entries []uint64 }
	for _, n := range []int{1, 1000, minBytes / 8, 3 * minBytes / 8} {
		o := &owner{}
		o.entries = Slice[uint64](o, n)
		if len(o.entries) != n {
			t.Fatalf("%d entries, want %d", len(o.entries), n)
		}
		for i := range o.entries {
			if o.entries[i] != 0 {
				t.Fatalf("entry %d of %d is %d, want 0", i, n, o.entries[i])
			}
			o.entries[i] = uint64(i)
		}
		if o.entries[n-1] != uint64(n-1) {
			t.Fatalf("entry %d not written", n-1)
		}
		runtime.KeepAlive(o)
	}
	runtime.GC() // the cleanups may now release the mappings
	o := &owner{}
	o.entries = Slice[uint64](o, minBytes/8)
	o.entries[len(o.entries)-1] = 1
	runtime.KeepAlive(o)
}

// TestZero checks that a mapped slice reads as zeros after Zero and can
// be written again.
func TestZero(t *testing.T) {
	type owner struct{ entries []uint64 }
	o := &owner{}
	s, ok := Map[uint64](o, 1000)
	if !ok {
		t.Skip("no mapping on this system")
	}
	o.entries = s // the owner holds its table, as a memo does
	for i := range s {
		s[i] = uint64(i) + 1
	}
	Zero(s)
	for i := range s {
		if s[i] != 0 {
			t.Fatalf("entry %d is %d after Zero, want 0", i, s[i])
		}
	}
	s[999] = 7
	if s[999] != 7 {
		t.Fatal("entry 999 not written after Zero")
	}
	runtime.KeepAlive(o)
}
