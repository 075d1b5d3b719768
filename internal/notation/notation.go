// Package notation writes and reads moves: the cells a piece covers, by
// row and column.
//
// A cell of a 2D board is its column as a letter ('a' the leftmost) and its
// row as a number (1 the top row, as positions are written top to bottom):
// "b3" is row 3, column 2. A 3x3x3 or 4x4x4 tic-tac-toe cell puts its layer
// number in front: "2b3" is layer 2, row 3, column 2. A three-player
// Domineering cell is its three coordinates from 1, joined by dots: "1.2.1"
// is (i, j, k) = (0, 1, 0). A piece is its first and last cell joined by
// '-' ("a1-a2" is a vertical domino, "a1-c1" a horizontal triomino); a
// piece of one cell (XT Domineering) is that cell alone.
package notation

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// maxColumns is the widest board a column letter can name.
const maxColumns = 26

// Cell writes cell (row, col) of a 2D board, both counted from 0.
func Cell(row, col int) string {
	return string(rune('a'+col)) + strconv.Itoa(row+1)
}

// ParseCell reads a 2D cell and returns its row and column from 0.
func ParseCell(s string) (row, col int, err error) {
	if len(s) < 2 || s[0] < 'a' || s[0] >= 'a'+maxColumns {
		return 0, 0, fmt.Errorf("cell %q: want a column letter and a row number, such as b3", s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 || s[1] == '+' {
		return 0, 0, fmt.Errorf("cell %q: bad row number %q", s, s[1:])
	}
	return n - 1, int(s[0] - 'a'), nil
}

// Cell3 writes cell (layer, row, col) of a tic-tac-toe cube, from 0.
func Cell3(layer, row, col int) string {
	return strconv.Itoa(layer+1) + Cell(row, col)
}

// Point writes a cell of a box by its coordinates from 0, as "i.j.k" from 1.
func Point(coords ...int) string {
	parts := make([]string, len(coords))
	for i, c := range coords {
		parts[i] = strconv.Itoa(c + 1)
	}
	return strings.Join(parts, ".")
}

// Piece joins a piece's first and last cell; a one-cell piece is its cell.
func Piece(first, last string) string {
	if first == last {
		return first
	}
	return first + "-" + last
}

// SplitPiece returns a piece's first and last cell (the same cell for a
// one-cell piece).
func SplitPiece(s string) (first, last string) {
	s = strings.ToLower(strings.TrimSpace(s))
	first, last, ok := strings.Cut(s, "-")
	if !ok {
		return s, s
	}
	return first, last
}

// PieceOf writes a piece given as a set of cells in a straight line of a
// board w cells wide (bit row*w+col for each) as its first and last cell.
func PieceOf(w int, covered uint64) string {
	first, last := bits.TrailingZeros64(covered), 63-bits.LeadingZeros64(covered)
	return Piece(Cell(first/w, first%w), Cell(last/w, last%w))
}

// Covered returns the cells a 2D piece such as "a1-a3" covers on a board
// w cells wide, bit row*w+col for each: the straight line from its first
// cell to its last.
func Covered(piece string, w int) (uint64, error) {
	first, last := SplitPiece(piece)
	r0, c0, err := ParseCell(first)
	if err != nil {
		return 0, err
	}
	r1, c1, err := ParseCell(last)
	if err != nil {
		return 0, err
	}
	for _, rc := range [][2]int{{r0, c0}, {r1, c1}} {
		if rc[1] >= w || rc[0] >= 64/w || rc[0]*w+rc[1] >= 64 {
			return 0, fmt.Errorf("%q is off a board %d cells wide of at most 64 cells", piece, w)
		}
	}
	if r0 != r1 && c0 != c1 {
		return 0, fmt.Errorf("%q is not a straight piece", piece)
	}
	var m uint64
	for r := min(r0, r1); r <= max(r0, r1); r++ {
		for c := min(c0, c1); c <= max(c0, c1); c++ {
			m |= 1 << (r*w + c)
		}
	}
	return m, nil
}
