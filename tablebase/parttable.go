package tablebase

import "github.com/tablebase/tablebase/internal/mix"

// partTable finds a part among a level's sorted parts: an open-addressing
// table of part<<32 | place+1 (0 for an empty slot), a power of 2 of
// slots at most half full, so that a lookup reads a slot or two where a
// binary search would make a dependent read at each of its steps.
type partTable struct {
	slots []uint64
}

// newPartTable returns the table of parts (at most 2^32-1 of them).
func newPartTable(parts []uint32) partTable {
	size := 1
	for size < 2*len(parts) {
		size *= 2
	}
	t := partTable{slots: make([]uint64, size)}
	mask := uint64(size - 1)
	for i, p := range parts {
		j := mix.Uint64(uint64(p)) & mask
		for t.slots[j] != 0 {
			j = (j + 1) & mask
		}
		t.slots[j] = uint64(p)<<32 | uint64(i+1)
	}
	return t
}

// find returns the place of part among the parts, and whether it is one
// (never in a table not made by newPartTable).
func (t *partTable) find(part uint32) (int, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for j := mix.Uint64(uint64(part)) & mask; ; j = (j + 1) & mask {
		e := t.slots[j]
		if e == 0 {
			return 0, false
		}
		if uint32(e>>32) == part {
			return int(uint32(e)) - 1, true
		}
	}
}
