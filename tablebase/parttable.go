package tablebase

// partTable finds a part among a level's sorted parts: an open-addressing
// table of part<<32 | place+1 (0 for an empty slot), at most half full,
// so that a lookup reads a slot or two where a binary search would make
// a dependent read at each of its steps.
type partTable struct {
	slots []uint64 // a power of 2 of them
	shift uint     // 64 less the bits of a slot's number
}

// partGolden is the odd constant that spreads parts over the slots.
const partGolden = 0x9E3779B97F4A7C15

// newPartTable returns the table of parts (at most 2^32-1 of them).
func newPartTable(parts []uint32) partTable {
	size, n := 1, uint(0)
	for size < 2*len(parts) {
		size, n = 2*size, n+1
	}
	t := partTable{slots: make([]uint64, size), shift: 64 - n}
	mask := uint64(size - 1)
	for i, p := range parts {
		j := t.home(p)
		for t.slots[j] != 0 {
			j = (j + 1) & mask
		}
		t.slots[j] = uint64(p)<<32 | uint64(i+1)
	}
	return t
}

// home is the slot where part's search begins.
func (t *partTable) home(part uint32) uint64 {
	return uint64(part) * partGolden >> t.shift
}

// find returns the place of part among the parts, and whether it is one
// (never in a table not made by newPartTable).
func (t *partTable) find(part uint32) (int, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for j := t.home(part); ; j = (j + 1) & mask {
		e := t.slots[j]
		if e == 0 {
			return 0, false
		}
		if uint32(e>>32) == part {
			return int(uint32(e)) - 1, true
		}
	}
}
