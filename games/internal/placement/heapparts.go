package placement

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
	return r, cutComponents(r, cut, dst)
}

// cutComponents appends to dst the cells of each component of r, in
// r's frame, where no cell of cut is linked to its right-hand neighbour.
func cutComponents(r region.Region, cut uint64, dst []uint64) []uint64 {
	if cut == 0 {
		return r.ComponentCells(dst)
	}
	w := r.W
	first, last := r.ColumnMasks()
	rest := r.Bits
	for rest != 0 {
		comp := rest & -rest
		for {
			next := (comp | comp<<w | comp>>w | ((comp&^cut)<<1)&^first | (comp>>1)&^last&^cut) & rest
			if next == comp {
				break
			}
			comp = next
		}
		rest &^= comp
		dst = append(dst, comp)
	}
	return dst
}
