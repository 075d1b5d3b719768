package cram

import "github.com/tablebase/tablebase/internal/region"

// Reduce returns the cells of r less cells whose removal keeps the
// nim-value of r, and the cells whose link to their right-hand
// neighbour may be cut (heap.Reduction), by three rules on the
// graph of the cells, where a move removes two neighbours (the
// reductions of Beling's igs):
//
//   - A cell with several tufts (neighbours whose only neighbour it is)
//     keeps one: any of its tufts played with it leaves the same
//     position, the others left alone, and any other move leaves it
//     with the same tufts, so the positions with one tuft and with
//     several have the same options, by induction.
//   - A cell each of whose neighbours has a tuft of its own goes
//     (isolated cells too): playing it with a neighbour leaves what
//     playing that neighbour with its tuft leaves, and any other move
//     keeps the rule true of it.
//   - In a square of four cells whose top-left cell has no neighbour
//     above or to its left and whose bottom-right cell none below or
//     to its right (or the mirror image), each row's domino leaves what
//     a column's leaves, up to exchanging two tufts: the top row's the
//     right column's, the bottom row's the left column's. The rows'
//     links may be cut, and the two columns valued apart when nothing
//     else joins them; any move keeps each cut domino the twin of one
//     left whole (when it breaks the square, by the first rule).
//
// One pass applies each rule to r as it is; a second may find more.
func (rules) Reduce(r region.Region) (cells, cut uint64) {
	p, w := r.Bits, r.W
	first, last := r.ColumnMasks()
	// The cells whose neighbour below, above, to the right or to the
	// left is a cell.
	below, above := p>>w, p<<w
	right, left := (p>>1)&^last, (p<<1)&^first
	two := below&above | right&left | (below|above)&(right|left)
	tufts := p & (below | above | right | left) &^ two
	// The cells with a tuft, met one direction at a time: a tuft whose
	// cell was met already goes.
	down, up, rt, lt := tufts&below, tufts&above, tufts&right, tufts&left
	out, stars := p, down<<w
	out &^= (rt << 1 & stars) >> 1
	stars |= rt << 1
	out &^= (up >> w & stars) << w
	stars |= up >> w
	out &^= (lt >> 1 & stars) << 1
	stars |= lt >> 1
	// The cells, neither tufts nor with one, with no neighbour that is
	// neither.
	q := p &^ (tufts | stars)
	out &^= q &^ (q>>w | q<<w | (q>>1)&^last | (q<<1)&^first)
	return out, squares(out, w, first, last)
}

// squares returns the cells of p (in a frame w wide, whose first and
// last columns are given) whose links to the right are cut by Reduce's
// third rule.
func squares(p uint64, w uint8, first, last uint64) uint64 {
	below, above := p>>w, p<<w
	right, left := (p>>1)&^last, (p<<1)&^first
	// The corners: open to the right and below but not above or to the
	// left, and so on.
	topLeft := p & right & below &^ left &^ above
	bottomRight := p & left & above &^ right &^ below
	topRight := p & left & below &^ right &^ above
	bottomLeft := p & right & above &^ left &^ below
	// Each square by its top-left cell, then by its top-right.
	down := topLeft & (bottomRight >> (w + 1))
	cut := down | down<<w
	if w > 1 {
		up := topRight & (bottomLeft >> (w - 1))
		cut |= up>>1 | (up<<w)>>1
	}
	return cut
}
