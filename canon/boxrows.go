package canon

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/bits128"
)

// maxRows is the most rows a box may have for the row path of Canonical.
const maxRows = 16

// boxRows is the faster path of Canonical for a box whose third side
// differs from the other two, so that every symmetry keeps the third axis.
// The set is then A*B rows of C cells (row i*B+j holds cells (i,j,k), k =
// 0 to C-1, bits (i*B+j)*C to (i*B+j)*C+C-1), and each map moves whole
// rows, reversing all of them or none. The images are compared row by row
// from the highest, which is their order as numbers, without being built:
// most maps are rejected on the first row.
type boxRows struct {
	rows, width int
	// from[m][r] is where row r of map m's image comes from: a row of the
	// set (0 to rows-1), or its reversal (maxRows plus the row).
	from [][maxRows]uint8
}

// newBoxRows returns the row path of the group's maps, or nil when the
// box has another shape, more than maxRows rows or rows past a word.
func newBoxRows(g *BoxGroup) *boxRows {
	a, b, c := g.Dims[0], g.Dims[1], g.Dims[2]
	if c == a || c == b || a*b > maxRows || c > 64 {
		return nil
	}
	br := &boxRows{rows: a * b, width: c, from: make([][maxRows]uint8, len(g.Maps))}
	for m, mp := range g.Maps {
		for r := range br.rows {
			first := int(mp.Perm[r*c]) // where the row's first cell goes
			src := uint8(r)
			if c > 1 && first%c == c-1 {
				src += maxRows
			}
			br.from[m][first/c] = src
		}
	}
	return br
}

// canonical is Canonical on the row path: the same least image, the
// first map in the group's order that gives it.
func (br *boxRows) canonical(g *BoxGroup, b bits128.Set) (bits128.Set, *BoxMap) {
	var rows [2 * maxRows]uint64 // the rows, then their reversals
	w := uint(br.width)
	for r := range br.rows {
		x := b.ShrAny(uint(r)*w).Lo & (1<<w - 1)
		rows[r] = x
		rows[maxRows+r] = bits.Reverse64(x) >> (64 - w)
	}
	best := 0
	for m := 1; m < len(br.from); m++ {
		fm, fb := &br.from[m], &br.from[best]
		for r := br.rows - 1; r >= 0; r-- {
			x, y := rows[fm[r]], rows[fb[r]]
			if x != y {
				if x < y {
					best = m
				}
				break
			}
		}
	}
	var key bits128.Set
	for r := range br.rows {
		key = key.Or(bits128.Of(rows[br.from[best][r]]).ShlAny(uint(r) * w))
	}
	return key, &g.Maps[best]
}
