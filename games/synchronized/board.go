package synchronized

import (
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
)

// MaxCells, MaxSide and MaxColumns bound a board: at most 256 cells, no
// side longer than 64 (a row or a column is one machine word), and at
// most 26 columns (the letters a to z of the move notation).
const (
	MaxCells   = bitsw.Cells
	MaxSide    = 64
	MaxColumns = 26
)

// Board is a set of empty cells inside an H x W rectangle: cell
// (row, col) is cell row*W+col of Cells.
type Board struct {
	H, W  uint8
	Cells bitsw.Set
}

// FullBoard returns the empty h x w board.
func FullBoard(h, w int) Board {
	return Board{H: uint8(h), W: uint8(w), Cells: bitsw.First(h * w)}
}

// ParseBoard reads a board in the position notation (rows separated by
// '|' or '/', '.' empty, '#' covered).
func ParseBoard(s string) (Board, error) {
	rows, err := region.Rows(s)
	if err != nil {
		return Board{}, err
	}
	h, w := len(rows), len(rows[0])
	if h*w > MaxCells || h > MaxSide || w > MaxColumns {
		return Board{}, fmt.Errorf("board of %dx%d cells is larger than supported (at most %d cells, %d rows, %d columns)", h, w, MaxCells, MaxSide, MaxColumns)
	}
	b := Board{H: uint8(h), W: uint8(w)}
	for i, row := range rows {
		for j := range len(row) {
			if row[j] == '.' {
				b.Cells = b.Cells.Or(bitsw.Cell(i*w + j))
			}
		}
	}
	return b, nil
}

// BoardOf returns the board of a region.
func BoardOf(r region.Region) Board { return Board{H: r.H, W: r.W, Cells: bitsw.Of(r.Bits)} }

// Region returns b as a region, if it has at most 64 cells.
func (b Board) Region() (region.Region, bool) {
	return region.Region{H: b.H, W: b.W, Bits: b.Cells.Word()}, int(b.H)*int(b.W) <= region.MaxCells
}

// String writes b in the position notation.
func (b Board) String() string {
	var s strings.Builder
	for i := range int(b.H) {
		if i > 0 {
			s.WriteByte('|')
		}
		for j := range int(b.W) {
			s.WriteByte(".#"[boolIndex(!b.Cells.Has(i*int(b.W)+j))])
		}
	}
	return s.String()
}

func boolIndex(x bool) int {
	if x {
		return 1
	}
	return 0
}

// with returns b with its cells replaced by c.
func (b Board) with(c bitsw.Set) Board { return Board{H: b.H, W: b.W, Cells: c} }

// lowBits returns a word of n one bits, the lowest.
func lowBits(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}
