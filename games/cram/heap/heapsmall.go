package heap

import (
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/mix"
	"github.com/tablebase/tablebase/internal/region"
)

// smallNim returns the nim-value of a connected, cropped region of at
// most Small cells: the mex of the nim-values its moves leave, each the
// XOR of those of the parts left (as the rules' Reduction leaves them).
// They are kept in the search's table of small regions by canonical key,
// and the last ones met also in a cache by their cells as they lie
// (recentNim), which skips the key.
func (h *HeapSearch) smallNim(c region.Region) int {
	e := &h.recent[mix.Uint64(c.Bits^uint64(c.W)<<58)>>(64-recentBits)]
	if e.bits == c.Bits && e.w == c.W && e.h == c.H {
		return int(e.nim)
	}
	n := h.smallNimKeyed(c)
	*e = recentNim{bits: c.Bits, h: c.H, w: c.W, nim: uint8(n)}
	return n
}

// recentBits is the log2 of the entries of the search's cache of the
// small regions it met last (16 bytes each: 256 KiB, which a core's
// second-level cache holds).
const recentBits = 14

// recentNim is an entry of the search's cache of the small regions it
// met last: a region's cells as they lay and its nim-value. It is
// direct-mapped, of 2^recentBits entries; an empty entry has no cells,
// which no region it is asked for has.
type recentNim struct {
	bits uint64
	h, w uint8
	nim  uint8
}

// smallNimKeyed is smallNim past its cache: the table of small regions,
// else the recursion.
func (h *HeapSearch) smallNimKeyed(c region.Region) int {
	key, _ := canon.Canonical(c)
	if s := h.smallMemo.get(key); s != nil {
		return int(s.nim) - 1
	}
	h.stop.Point()
	f := h.push()
	defer h.pop()
	var buf [32]uint64
	n := placement.MexOver(h.rules.Moves(c, true, f.moves[:0]), func(d uint64) int {
		rest, parts := h.parts(c.With(c.Bits&^d), buf[:0])
		x := 0
		for _, cells := range parts {
			x ^= h.smallNim(rest.With(cells).Crop())
		}
		return x
	})
	h.smallMemo.put(key).nim = uint8(n + 1)
	return n
}
