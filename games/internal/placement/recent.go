package placement

import "github.com/tablebase/tablebase/cgt"

// recentBits is the log2 of a recentCache's entries (16 bytes each: 256
// KiB, which a core's second-level cache holds; on 5x6 2^12 to 2^18 entries
// were measured, and 2^14 was the fastest).
const recentBits = 14

// recentCache remembers the values of the components a worker met last,
// by their cells as they lie in the frame, so that a component met again
// (the same cells, which happens when two moves are played in either
// order) skips its canonical key and the shared memo. It is direct-mapped:
// a component takes one entry, chosen by its cells, and replaces whatever
// was there. One worker owns it.
type recentCache [1 << recentBits]recentEntry

// recentEntry is a component's cells in the frame and their value (not
// that of the class's key: the negative where the symmetry negates).
// Cells 0 mark an empty entry; no component is empty.
type recentEntry struct {
	cells uint64
	value cgt.ID
}

// entry returns the entry where the component b goes.
func (c *recentCache) entry(b uint64) *recentEntry {
	return &c[b*0x9E3779B97F4A7C15>>(64-recentBits)]
}
