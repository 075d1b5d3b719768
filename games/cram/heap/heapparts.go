package heap

import "github.com/tablebase/tablebase/internal/region"

// parts appends to dst the cells of each part of r, in r's frame, as the
// rules' Reduction, if they have one, leaves them: less the cells it
// drops, and apart where it cuts links. It returns the region they are
// cells of.
func (h *HeapSearch) parts(r region.Region, dst []uint64) (region.Region, []uint64) {
	if h.reducer == nil {
		return r, r.ComponentCells(dst)
	}
	cells, cut := h.reducer.Reduce(r)
	r.Bits = cells
	return r, r.CutComponentCells(cut, dst)
}
