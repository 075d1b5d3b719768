package cram

import "github.com/tablebase/tablebase/internal/region"

// Reduce returns the cells of r less cells whose removal keeps the
// nim-value of r (placement.Reduction), by two rules on the graph of
// the cells, where a move removes two neighbours (the reductions of
// Beling's igs):
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
//
// One pass applies each rule to r as it is; a second may find more.
func (rules) Reduce(r region.Region) uint64 {
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
	return out &^ (q &^ (q>>w | q<<w | (q>>1)&^last | (q<<1)&^first))
}
