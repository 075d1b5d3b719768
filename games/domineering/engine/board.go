package engine

import (
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
)

// MaxCells is the largest board the engine searches (16x16 fits).
const MaxCells = bitsw.Cells

// maxSide is the longest side of a board of more than 128 cells the
// engine searches: a row or a column is one machine word.
const maxSide = 64

// fits reports whether the engine searches boards of h x w cells.
func fits(h, w int) bool {
	return h >= 1 && w >= 1 && h*w <= MaxCells && (h*w <= bits128.Cells || h <= maxSide && w <= maxSide)
}

// Position is a Domineering board of up to MaxCells cells.
type Position struct {
	H, W  int
	empty bitsw.Set
}

// Parse reads a board in the position notation (rows from top to bottom
// separated by '|' or '/', '.' empty, '#' covered), up to MaxCells cells.
func Parse(s string) (Position, error) {
	rows, err := region.Rows(s)
	if err != nil {
		return Position{}, err
	}
	p := Position{H: len(rows), W: len(rows[0])}
	if !fits(p.H, p.W) {
		return Position{}, fmt.Errorf("board of %dx%d cells is larger than the engine takes (%d cells; past %d, %d a side)", p.H, p.W, MaxCells, bits128.Cells, maxSide)
	}
	for i, row := range rows {
		for j := range len(row) {
			if row[j] == '.' {
				p.empty = p.empty.Or(bitsw.Cell(i*p.W + j))
			}
		}
	}
	return p, nil
}

// String writes the position in the notation.
func (p Position) String() string {
	var b strings.Builder
	for i := range p.H * p.W {
		if i > 0 && i%p.W == 0 {
			b.WriteByte('|')
		}
		if p.empty.Has(i) {
			b.WriteByte('.')
		} else {
			b.WriteByte('#')
		}
	}
	return b.String()
}

// transpose returns p with rows and columns exchanged.
func (p Position) transpose() Position {
	t := Position{H: p.W, W: p.H}
	for i := range p.H * p.W {
		if p.empty.Has(i) {
			t.empty = t.empty.Or(bitsw.Cell(i%p.W*p.H + i/p.W))
		}
	}
	return t
}

// Cells returns the number of empty cells.
func (p Position) Cells() int { return p.empty.Count() }

// Moves lists the dominoes Left (vertical, when left) or Right can place.
func (p Position) Moves(left bool) []Move {
	var moves []Move
	for b := p.empty; !b.Empty(); b = b.WithoutLow() {
		x := b.Low()
		second := x + 1
		if left {
			second = x + p.W
		}
		if (left || x%p.W != p.W-1) && second < p.H*p.W && p.empty.Has(second) {
			moves = append(moves, Move{First: x, Second: second})
		}
	}
	return moves
}

// Play returns p with the two cells of m covered.
func (p Position) Play(m Move) Position {
	p.empty = p.empty.AndNot(bitsw.Cell(m.First)).AndNot(bitsw.Cell(m.Second))
	return p
}
