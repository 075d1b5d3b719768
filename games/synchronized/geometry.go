package synchronized

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/bits128"
)

// row returns the cells of row i as the low W bits of a word.
func row(c bits128.Set, w, i int) uint64 {
	return c.ShrAny(uint(i*w)).Word() & lowBits(w)
}

// pack places rows of width w one after the other.
func pack(rows []uint64, w int) bits128.Set {
	var s bits128.Set
	for i, r := range rows {
		s = s.Or(bits128.Of(r).ShlAny(uint(i * w)))
	}
	return s
}

// geometry holds, for one board shape, where each player's pieces may
// start and the piece that starts at cell 0.
type geometry struct {
	h, w   int
	starts [2]bits128.Set
	step   [2]uint // from one cell of a piece to the next
	// pieces[p][c] is the piece of p that starts at cell c, and
	// meets[p][c] the starts of the other's pieces that it meets.
	pieces, meets [2][bits128.Cells]bits128.Set
}

func newGeometry(v Variant, h, w int) *geometry {
	g := &geometry{h: h, w: w, step: [2]uint{uint(w), 1}}
	for r := range h {
		for c := range w {
			if r+v.Length <= h {
				g.starts[Vertical] = g.starts[Vertical].Or(bits128.Cell(r*w + c))
			}
			if c+v.Length <= w {
				g.starts[Horizontal] = g.starts[Horizontal].Or(bits128.Cell(r*w + c))
			}
		}
	}
	for p := range Player(2) {
		for m := g.starts[p]; !m.Empty(); m = m.WithoutLow() {
			cell := m.Low()
			for k := range v.Length {
				g.pieces[p][cell] = g.pieces[p][cell].Or(bits128.Cell(cell + k*int(g.step[p])))
			}
			g.meets[p][cell] = g.reach(v, bits128.Cell(cell), p)
		}
	}
	return g
}

// moves returns the cells where p's pieces can start among the empty
// cells e.
func (g *geometry) moves(v Variant, e bits128.Set, p Player) bits128.Set {
	m := e.And(g.starts[p])
	for k := 1; k < v.Length; k++ {
		m = m.And(e.ShrAny(uint(k) * g.step[p]))
	}
	return m
}

// covered returns the cells that p's pieces starting at starts cover.
func (g *geometry) covered(v Variant, starts bits128.Set, p Player) bits128.Set {
	c := starts
	for k := 1; k < v.Length; k++ {
		c = c.Or(starts.ShlAny(uint(k) * g.step[p]))
	}
	return c
}

// piece returns the cells of p's piece starting at cell.
func (g *geometry) pieceAt(p Player, cell int) bits128.Set {
	return g.pieces[p][cell]
}

// canonicalKey returns the least image of the empty cells e of an h x w
// board, cropped to their bounding box, under the eight symmetries, with
// the image's shape; transposed reports that the image exchanges rows and
// columns (so the players' roles). Images are ordered by height, width,
// then cells, as canon.Key orders regions, and only the images of least
// height compete. symmetric reports that an image exchanging rows and
// columns and one keeping them are both the least: then the position is
// the same with the players exchanged.
func canonicalKey(e bits128.Set, h, w int) (key bits128.Set, kh, kw int, transposed, symmetric bool) {
	if e.Empty() {
		return e, 0, 0, false, true
	}
	var rows [MaxSide]uint64
	var cols uint64
	r0, r1 := -1, 0
	for i := range h {
		x := row(e, w, i)
		if x != 0 {
			if r0 < 0 {
				r0 = i
			}
			r1 = i
			cols |= x
		}
	}
	c0 := bits.TrailingZeros64(cols)
	cw := 64 - bits.LeadingZeros64(cols) - c0
	ch := r1 - r0 + 1
	for i := range ch {
		rows[i] = row(e, w, r0+i) >> c0
	}
	first := true
	try := func(rs []uint64, rw int, t bool) {
		img := pack(rs, rw)
		switch {
		case first || img.Less(key):
			key, first, transposed, symmetric = img, false, t, false
		case img == key && t != transposed:
			symmetric = true
		}
	}
	images := func(rs []uint64, rw int, t bool) {
		var lr, tb, both [MaxSide]uint64
		n := len(rs)
		for i, x := range rs {
			lr[i] = bits.Reverse64(x) >> (64 - rw)
			tb[n-1-i] = x
			both[n-1-i] = lr[i]
		}
		try(rs, rw, t)
		try(lr[:n], rw, t)
		try(tb[:n], rw, t)
		try(both[:n], rw, t)
	}
	if ch <= cw {
		images(rows[:ch], cw, false)
	}
	if ch >= cw {
		var tr [MaxSide]uint64
		for i := range ch {
			for x := rows[i]; x != 0; x &= x - 1 {
				tr[bits.TrailingZeros64(x)] |= 1 << i
			}
		}
		images(tr[:cw], ch, true)
	}
	return key, min(ch, cw), max(ch, cw), transposed, symmetric
}
