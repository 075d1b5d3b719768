package engine

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/region"
)

// The geometry of a board: its masks, its components, its symmetries and
// its lines. This file, search.go and root.go are written on sets of 128
// cells (bits128) and copied by genwide onto sets of 256 (bitsw) for the
// larger boards: the go:generate lines are in cells128.go.

// bb is a set of cells of a board of up to setCells cells: cell (row,
// col) is cell row*W+col.
type bb = bits128.Set

// setCells is the number of cells a set holds.
const setCells = bits128.Cells

func cell(i int) bb { return bits128.Cell(i) }

// geometry holds a board's shape and its masks.
type geometry struct {
	h, w     int
	all      bb // every cell
	notLast  bb // every cell but those of the last column
	notFirst bb // every cell but those of the first column
	firstCol bb // the cells of the first column
	firstRow bb // the cells of the first row
	stride   uint
	// rank holds, for Right [0] and Left [1], how early a domino starting
	// at each cell comes among moves that count the same (rankedStarts).
	rank [2][]int32
}

func newGeometry(h, w int) (*geometry, error) {
	if !fits(h, w) || h*w > setCells {
		return nil, fmt.Errorf("board of %dx%d cells: this search takes 1 to %d cells", h, w, setCells)
	}
	g := &geometry{h: h, w: w, stride: uint(w)}
	for r := range h {
		for c := range w {
			x := cell(r*w + c)
			g.all = g.all.Or(x)
			if c != w-1 {
				g.notLast = g.notLast.Or(x)
			}
			if c != 0 {
				g.notFirst = g.notFirst.Or(x)
			}
			if c == 0 {
				g.firstCol = g.firstCol.Or(x)
			}
			if r == 0 {
				g.firstRow = g.firstRow.Or(x)
			}
		}
	}
	g.rank[0], g.rank[1] = g.rankedStarts(false), g.rankedStarts(true)
	return g, nil
}

// rankedStarts values each cell where a domino of Left (left) or Right
// can start by where it lies, higher first, for breaking ties in the move
// order. Seen with the player's dominoes lying along the lines (rows for
// Right, columns for Left): lines an odd distance from the nearer edge
// parallel to them come first (a domino there walls the line between it
// and the edge off from the other player, making room for safe moves),
// then the others; among those, lines nearer an edge first, then dominoes
// nearer an end of their line. Mirror images tie. The values are 1 to
// the number of starts, at most setCells - 1.
func (g *geometry) rankedStarts(left bool) []int32 {
	lines, length := g.h, g.w // Right: rows of w cells
	if left {
		lines, length = g.w, g.h
	}
	type start struct{ parity, line, along, cell int }
	var starts []start
	for l := range lines {
		for a := 0; a+1 < length; a++ {
			d := min(l, lines-1-l)
			st := start{parity: 1 - d%2, line: d, along: min(a, length-2-a), cell: l*g.w + a}
			if left {
				st.cell = a*g.w + l
			}
			starts = append(starts, st)
		}
	}
	slices.SortStableFunc(starts, func(x, y start) int {
		return cmp.Or(cmp.Compare(x.parity, y.parity), cmp.Compare(x.line, y.line), cmp.Compare(x.along, y.along))
	})
	rank := make([]int32, g.h*g.w)
	top := 0 // the first start of the group of ties st is in
	for i, st := range starts {
		if i > 0 && (st.parity != starts[i-1].parity || st.line != starts[i-1].line || st.along != starts[i-1].along) {
			top = i
		}
		rank[st.cell] = int32(len(starts) - top)
	}
	return rank
}

// vertical returns the cells where a vertical domino can start (it covers
// the cell and the one below).
func (g *geometry) vertical(e bb) bb { return e.And(e.Shr(g.stride)) }

// horizontal returns the cells where a horizontal domino can start (it
// covers the cell and the one to its right).
func (g *geometry) horizontal(e bb) bb { return e.And(e.Shr(1)).And(g.notLast) }

// safeCells returns the cells of e that Right can never cover (Left's
// safe cells) and those Left can never cover (Right's), given the starts
// of each player's dominoes in e.
func (g *geometry) safeCells(e, vert, horiz bb) (left, right bb) {
	return e.AndNot(horiz.Or(horiz.Shl(1))), e.AndNot(vert.Or(vert.Shl(g.stride)))
}

// moverSafe returns the mover's safe cells (Left's when left): the cells
// of e the other can never cover.
func (g *geometry) moverSafe(e, vert, horiz bb, left bool) bb {
	leftSafe, rightSafe := g.safeCells(e, vert, horiz)
	if left {
		return leftSafe
	}
	return rightSafe
}

// safeStarts returns the mover's starts (mine) whose two cells are his
// safe cells (safe): moves the other can never take away.
func (g *geometry) safeStarts(mine, safe bb, left bool) bb {
	if left {
		return mine.And(safe).And(safe.Shr(g.stride))
	}
	return mine.And(safe).And(safe.Shr(1))
}

// dominatedStarts returns the starts (mine) of the mover's dominoes
// (Left's when left) in e, his safe cells safe, that another of his
// dominoes, not itself returned, is at least as good as, told from the
// cells alone. A cell that only the other
// player can ever use is worth nothing to the mover, so taking it away
// can only help him. Take three empty cells c1, c2, c3 in one of the
// mover's lines, his dominoes A = c1c2 and B = c2c3, and H the position
// without all three: after A it is H + c3, after B H + c1. When the cell
// beyond c3 is not empty (or off the board), c3 is the other's alone in H
// + c3, so H + c3 is no better for the mover than H; when c1 is the
// mover's safe cell (the other can never cover it), H + c1 is no worse.
// Then B is at least as good as A. When each dominates the other, only
// one is returned. If B is safe then so is A (c1 is safe), so a move
// dominated by one the search leaves out as safe is left out as safe
// too.
func (g *geometry) dominatedStarts(e, mine, safe bb, left bool) bb {
	if left {
		w := g.stride
		// B below A (c1 is A's top), the cell below B not empty.
		down := mine.And(mine.Shr(w)).AndNot(e.ShrAny(3 * w)).And(safe)
		// B above A (c1 is A's bottom), the cell above B not empty.
		up := mine.And(e.Shl(w)).AndNot(e.ShlAny(2 * w)).And(safe.Shr(w))
		return down.Or(up.AndNot(down.Shl(w)))
	}
	last := g.all.AndNot(g.notLast)
	// B right of A (c1 is A's left cell), the cell right of B empty and in
	// the same row.
	right := mine.And(mine.Shr(1)).AndNot(e.And(g.notFirst).Shr(3)).And(safe)
	// B left of A (c1 is A's right cell), the cell left of B empty and in
	// the same row: not in either of the last two columns.
	sameRow2 := e.AndNot(last).AndNot(last.Shr(1)).Shl(2)
	leftOf := mine.And(e.AndNot(last).Shl(1)).AndNot(sameRow2).And(safe.Shr(1))
	return right.Or(leftOf.AndNot(right.Shl(1)))
}

// neighbours returns the cells orthogonally next to those of b.
func (g *geometry) neighbours(b bb) bb {
	n := b.Shl(1).And(g.notFirst).Or(b.Shr(1).And(g.notLast)).Or(b.Shl(g.stride)).Or(b.Shr(g.stride))
	return n.And(g.all)
}

// component returns the connected component of e that holds cell seed.
func (g *geometry) component(e bb, seed bb) bb {
	comp := seed
	for {
		next := comp.Or(g.neighbours(comp)).And(e)
		if next == comp {
			return comp
		}
		comp = next
	}
}

// columnPairs returns how many vertical dominoes fit in e at most: the sum
// over columns of half of each run of empty cells, rounded down.
func (g *geometry) columnPairs(e bb) int { return g.packedStarts(e, true).Count() }

// rowPairs returns how many horizontal dominoes fit in e at most.
func (g *geometry) rowPairs(e bb) int { return g.packedStarts(e, false).Count() }

// packedStarts packs as many dominoes of Left (left) or Right into e as
// fit, each run of a line from its first cell, and returns the cells
// where they start.
func (g *geometry) packedStarts(e bb, left bool) (firsts bb) {
	var pending bb // cells whose run so far has odd length
	if left {
		for r := range g.h {
			row := g.row(e, r)
			pair := pending.And(row.Shr(g.stride))
			firsts = firsts.Or(pair)
			pending = row.AndNot(pair.Shl(g.stride))
		}
		return firsts
	}
	for c := range g.w {
		col := e.And(g.firstCol.ShlAny(uint(c)))
		pair := pending.And(col.Shr(1))
		firsts = firsts.Or(pair)
		pending = col.AndNot(pair.Shl(1))
	}
	return firsts
}

// row returns the cells of e in row r, in place.
func (g *geometry) row(e bb, r int) bb {
	return e.And(g.firstRow.ShlAny(uint(r) * g.stride))
}

// regionOf returns the cells of comp (at most 64 in its bounding box) as
// a region cropped to that box.
func (g *geometry) regionOf(comp bb) region.Region {
	r0, c0, r1, c1 := g.h, g.w, -1, -1
	for b := comp; !b.Empty(); b = b.WithoutLow() {
		i := b.Low()
		r, c := i/g.w, i%g.w
		r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
	}
	out := region.Region{H: uint8(r1 - r0 + 1), W: uint8(c1 - c0 + 1)}
	for b := comp; !b.Empty(); b = b.WithoutLow() {
		i := b.Low()
		out.Bits |= 1 << ((i/g.w-r0)*int(out.W) + i%g.w - c0)
	}
	return out
}

// canonical returns the least of e and its reflections left-right and
// top-bottom, which have the same outcome for both players (boards of at
// most 64 columns; others are returned as they are).
func (g *geometry) canonical(e bb) bb {
	images, ok := g.reflections(e)
	if !ok {
		return e
	}
	return least(images)
}

// shape returns a key for a part of the board that is the same for all
// its translations and reflections: the least of its reflections, each
// moved to the top left corner.
func (g *geometry) shape(e bb) bb {
	images, ok := g.reflections(e)
	if !ok {
		return e
	}
	for i, x := range images {
		images[i] = g.toCorner(x)
	}
	return least(images)
}

// withSum returns the key of a part of the board (shape) together with
// the value of the rest, in the bits past the board's cells; ok is false
// when the value does not fit there. A rest worth zero leaves the part's
// own key: its outcome is the part's.
func (g *geometry) withSum(part bb, sum cgt.ID) (key bb, ok bool) {
	if sum == cgt.Zero {
		return part, true
	}
	cells := g.h * g.w
	if free := setCells - cells; free < 32 && uint64(sum)>>free != 0 {
		return part, false
	}
	return part.Or(bits128.Of(uint64(sum)).ShlAny(uint(cells))), true
}

// reflections returns e and its reflections left-right, top-bottom and
// both; ok is false for a board of more than 64 columns.
func (g *geometry) reflections(e bb) (images [4]bb, ok bool) {
	if g.w > 64 {
		return images, false
	}
	if g.h*g.w <= 64 {
		return g.reflections64(e), true
	}
	images[0] = e
	shift := uint(64 - g.w)
	for r := range g.h {
		row := g.rowBits(e, r)
		rev := bits.Reverse64(row) >> shift
		images[1] = images[1].Or(g.placeRow(rev, r))
		images[2] = images[2].Or(g.placeRow(row, g.h-1-r))
		images[3] = images[3].Or(g.placeRow(rev, g.h-1-r))
	}
	return images, true
}

// reflections64 is reflections for a board of at most 64 cells: one
// word, which reversed turns the board half round.
func (g *geometry) reflections64(e bb) (images [4]bb) {
	n, shift := uint(g.h*g.w), uint(64-g.w)
	var lr uint64
	for r := range g.h {
		lr |= bits.Reverse64(e.Word()>>(r*g.w)) >> shift << (r * g.w)
	}
	images[0] = e
	images[1] = bits128.Of(lr)
	images[2] = bits128.Of(bits.Reverse64(lr) >> (64 - n))
	images[3] = bits128.Of(bits.Reverse64(e.Word()) >> (64 - n))
	return images
}

func least(xs [4]bb) bb {
	best := xs[0]
	for _, x := range xs[1:] {
		if x.Less(best) {
			best = x
		}
	}
	return best
}

// toCorner moves the cells of e up and left until they touch the first
// row and the first column.
func (g *geometry) toCorner(e bb) bb {
	if e.Empty() {
		return e
	}
	r0 := e.Low() / g.w
	var fold uint64
	for r := r0; r < g.h; r++ {
		fold |= g.rowBits(e, r)
	}
	return e.ShrAny(uint(r0*g.w + bits.TrailingZeros64(fold)))
}

// placeRow returns the cells of v (w low bits) put in row r.
func (g *geometry) placeRow(v uint64, r int) bb {
	return bits128.Of(v).ShlAny(uint(r * g.w))
}

// fillLines sets l to the empty cells e of g's board; it returns false
// when the board has a side of more than 64 cells.
func (g *geometry) fillLines(l *lines, e bb) bool {
	if g.h > 64 || g.w > 64 {
		return false
	}
	l.bytes = g.h <= 8 && g.w <= 8
	if l.bytes {
		// Rows into the bytes of one word, which a transposition turns
		// into columns.
		var m uint64
		mask := uint64(1)<<g.w - 1
		for r := range g.h {
			row := e.Word() >> (r * g.w) & mask // a board of at most 64 cells is one word
			l.rows[r] = row
			m |= row << (8 * r)
		}
		l.rowBytes = m
		m = transpose8(m)
		l.colBytes = m
		for c := range g.w {
			l.cols[c] = m >> (8 * c) & 0xff
		}
		return true
	}
	clear(l.cols[:g.w])
	for r := range g.h {
		row := g.rowBits(e, r)
		l.rows[r] = row
		for b := row; b != 0; b &= b - 1 {
			l.cols[bits.TrailingZeros64(b)] |= 1 << r
		}
	}
	return true
}

// flipLines empties the cells of d in l, or fills them when they are
// empty.
func (g *geometry) flipLines(l *lines, d bb) {
	for b := d; !b.Empty(); b = b.WithoutLow() {
		x := b.Low()
		r, c := x/g.w, x%g.w
		l.rows[r] ^= 1 << c
		l.cols[c] ^= 1 << r
		if l.bytes {
			l.rowBytes ^= 1 << (8*r + c)
			l.colBytes ^= 1 << (8*c + r)
		}
	}
}
