// Package region holds sets of cells of a rectangular board as bitboards:
// parsing and writing the position notation, connected components, and
// cropping to the bounding box. Cell (row, col) is bit row*W+col.
package region

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxCells is the largest board a Region can hold.
const MaxCells = 64

// Region is a set of empty cells inside an H x W rectangle (H*W <= 64).
type Region struct {
	H, W uint8
	Bits uint64
}

// Full returns the H x W rectangle with every cell empty.
func Full(h, w int) Region {
	return Region{H: uint8(h), W: uint8(w), Bits: mask(h * w)}
}

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// Parse reads rows from top to bottom separated by '|' or '/', with '.'
// for an empty cell and '#' for a covered or absent one.
func Parse(s string) (Region, error) {
	if r, ok := parseBoard(s); ok {
		return r, nil
	}
	return parseRows(s)
}

// parseRows is Parse through Rows, which says what is wrong with a board.
func parseRows(s string) (Region, error) {
	rows, err := Rows(s)
	if err != nil {
		return Region{}, err
	}
	w := len(rows[0])
	if len(rows)*w > MaxCells {
		return Region{}, fmt.Errorf("board of %dx%d cells is larger than the %d cells supported", len(rows), w, MaxCells)
	}
	r := Region{H: uint8(len(rows)), W: uint8(w)}
	for i, row := range rows {
		for j := range len(row) {
			if row[j] == '.' {
				r.Bits |= 1 << (i*w + j)
			}
		}
	}
	return r, nil
}

// parseBoard reads a well-written board of at most MaxCells cells in one
// pass, without allocating, as Parse reads it; ok is false for anything
// else, which Parse reads (or refuses) through Rows.
func parseBoard(s string) (r Region, ok bool) {
	s = strings.TrimSpace(s)
	// The width, once the first row ends; the cell's row and column, and
	// its index i*w+j.
	w, i, j, n := 0, 0, 0, 0
	for k := range len(s) {
		// One branch for a cell, whichever it is: '.' and '#' alternate
		// at random, which a branch on each would mispredict.
		c := boardChars[s[k]]
		if c-1 < 2 {
			if n >= MaxCells {
				return Region{}, false
			}
			r.Bits |= uint64(c&1) << n
			n, j = n+1, j+1
			continue
		}
		if c != 3 || j == 0 || i > 0 && j != w {
			return Region{}, false
		}
		w, i, j = j, i+1, 0
	}
	if j == 0 || i > 0 && j != w {
		return Region{}, false
	}
	if i == 0 {
		w = j
	}
	r.H, r.W = uint8(i+1), uint8(w)
	return r, true
}

// boardChars sorts the characters of a board: 1 for '.', 2 for '#', 3
// for a row's end ('|' or '/'), 0 for any other.
var boardChars = [256]uint8{'.': 1, '#': 2, '|': 3, '/': 3}

// Size reads the size of an empty board written "RxC" (R rows and C
// columns), as positions may be given. sized is false when s is not
// written so: it has no 'x', or a character of the rows notation ('.',
// '#', '|', '/'). h and w are 0 when it is, but R or C is not a positive
// integer, or R times C does not fit an int.
func Size(s string) (h, w int, sized bool) {
	rs, cs, ok := strings.Cut(s, "x")
	if !ok || strings.ContainsAny(s, ".#|/") {
		return 0, 0, false
	}
	h, err1 := strconv.Atoi(rs)
	w, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || h < 1 || w < 1 || h > math.MaxInt/w {
		return 0, 0, true
	}
	return h, w, true
}

// Rows splits a position into its rows and checks them: none empty, all
// as long as the first, only '.' and '#'.
func Rows(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty position")
	}
	rows := strings.FieldsFunc(s, func(c rune) bool { return c == '|' || c == '/' })
	if len(rows) != strings.Count(s, "|")+strings.Count(s, "/")+1 {
		return nil, fmt.Errorf("empty row in %q", s)
	}
	for i, row := range rows {
		if len(row) != len(rows[0]) {
			return nil, fmt.Errorf("ragged rows: row %d has %d cells, row 1 has %d", i+1, len(row), len(rows[0]))
		}
		for j := range len(row) {
			if row[j] != '.' && row[j] != '#' {
				return nil, fmt.Errorf("bad character %q in row %d (want '.' or '#')", RuneAt(row, j), i+1)
			}
		}
	}
	return rows, nil
}

// String writes r in the position notation.
func (r Region) String() string {
	var b strings.Builder
	for i := 0; i < int(r.H); i++ {
		if i > 0 {
			b.WriteByte('|')
		}
		for j := 0; j < int(r.W); j++ {
			if r.Has(i, j) {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

// Has reports whether cell (row, col) is empty.
func (r Region) Has(row, col int) bool { return r.Bits>>(row*int(r.W)+col)&1 != 0 }

// Cells returns the number of empty cells.
func (r Region) Cells() int { return bits.OnesCount64(r.Bits) }

// With returns r with its cells replaced by b.
func (r Region) With(b uint64) Region { return Region{H: r.H, W: r.W, Bits: b} }

// ColumnMasks returns the bits of the first and the last column.
func (r Region) ColumnMasks() (first, last uint64) {
	for i := 0; i < int(r.H); i++ {
		first |= 1 << (i * int(r.W))
	}
	return first, first << (r.W - 1)
}

// neighbours returns the cells orthogonally adjacent to those of b.
func (r Region) neighbours(b uint64, first, last uint64) uint64 {
	w := r.W
	n := (b<<1)&^first | (b>>1)&^last | b<<w | b>>w
	return n & mask(int(r.H)*int(w))
}

// Components appends to dst the orthogonally connected components of r,
// each cropped to its bounding box, in order of their lowest cell.
func (r Region) Components(dst []Region) []Region {
	var buf [32]uint64 // a region has at most 32 components
	for _, comp := range r.ComponentCells(buf[:0]) {
		dst = append(dst, r.With(comp).Crop())
	}
	return dst
}

// ComponentCells appends to dst the cells of each orthogonally connected
// component of r, in r's own frame, in order of their lowest cell.
func (r Region) ComponentCells(dst []uint64) []uint64 { return r.CutComponentCells(0, dst) }

// CutComponentCells is ComponentCells with no cell of cut linked to its
// right-hand neighbour: the parts only such links join come apart.
func (r Region) CutComponentCells(cut uint64, dst []uint64) []uint64 {
	first, last := r.ColumnMasks()
	w := r.W
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

// Connected reports whether r's cells form one component (and r has cells).
func (r Region) Connected() bool {
	if r.Bits == 0 {
		return false
	}
	first, last := r.ColumnMasks()
	comp := r.Bits & -r.Bits
	for {
		next := (comp | r.neighbours(comp, first, last)) & r.Bits
		if next == comp {
			return comp == r.Bits
		}
		comp = next
	}
}

// Crop returns r cut down to the bounding box of its cells (0x0 if none).
func (r Region) Crop() Region {
	if r.Bits == 0 {
		return Region{}
	}
	r0, r1, c0, c1 := r.box()
	w, nw := int(r.W), c1-c0+1
	var out uint64
	rm := mask(nw)
	for i := r0; i <= r1; i++ {
		out |= (r.Bits >> (i*w + c0) & rm) << ((i - r0) * nw)
	}
	return Region{H: uint8(r1 - r0 + 1), W: uint8(nw), Bits: out}
}

// box returns the first and last rows and columns holding cells of r,
// which has some.
func (r Region) box() (r0, r1, c0, c1 int) {
	w := int(r.W)
	lo, hi := bits.TrailingZeros64(r.Bits), 63-bits.LeadingZeros64(r.Bits)
	r0, r1 = lo/w, hi/w
	rowMask := mask(w)
	var fold uint64
	for i := r0; i <= r1; i++ {
		fold |= r.Bits >> (i * w) & rowMask
	}
	return r0, r1, bits.TrailingZeros64(fold), 63 - bits.LeadingZeros64(fold)
}

// CropAlong returns r cut down to the bounding box of its cells (0x0 if
// none), and the cells of other, a set in r's frame, cut the same way
// (those outside the box are lost).
func (r Region) CropAlong(other uint64) (Region, uint64) {
	if r.Bits == 0 {
		return Region{}, 0
	}
	r0, r1, c0, c1 := r.box()
	w, nw := int(r.W), c1-c0+1
	var out, cut uint64
	rm := mask(nw)
	for i := r0; i <= r1; i++ {
		out |= (r.Bits >> (i*w + c0) & rm) << ((i - r0) * nw)
		cut |= (other >> (i*w + c0) & rm) << ((i - r0) * nw)
	}
	return Region{H: uint8(r1 - r0 + 1), W: uint8(nw), Bits: out}, cut
}

// Dominoes returns the placements of each player in r: bit i of vertical
// stands for cells i and i+W, bit i of horizontal for cells i and i+1.
func Dominoes(r Region) (vertical, horizontal uint64) {
	_, last := r.ColumnMasks()
	vertical = r.Bits & (r.Bits >> r.W)
	horizontal = r.Bits & (r.Bits >> 1) &^ last
	return vertical, horizontal
}

// RuneAt returns the character that starts at byte i of s, for messages
// about a bad character that may not be ASCII.
func RuneAt(s string, i int) rune {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}
