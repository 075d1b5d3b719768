package placement

import (
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Refuted reports how far the search has got in showing that a
// connected, cropped region c of more than Small cells plus a heap of n
// is a second-player win: of the moves of the sum (c's moves and those
// to smaller heaps), how many it has found to leave a first-player win.
// When every one does, c's nim-value is n. A move that leaves two parts
// of more than Small cells is not counted as refuted. It answers from
// what the search has found (one stopped part way, or loaded), without
// searching.
func (h *HeapSearch) Refuted(c region.Region, n int) (refuted, moves int) {
	f := h.push()
	defer h.pop()
	o := &f.opts[0]
	f.box = sidesOf(c)
	for _, d := range h.rules.Moves(c, true, f.moves[:0]) {
		moves++
		h.prepare(c, &f.box, d, n, o)
		if lost, ok := h.outcome(o); ok && !lost {
			refuted++
		}
	}
	key, _ := canon.Canonical(c)
	for m := range n {
		moves++
		if lost, ok := h.found(key, m); ok && !lost {
			refuted++
		}
	}
	return refuted, moves
}
