package notation

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxGridCells is the most cells a grid holds: one bit of a uint64 each.
const MaxGridCells = 64

// MaxKinds is the most kinds of cells an alphabet has.
const MaxKinds = 8

// Alphabet says which characters ParseGrid reads as which kind of cell.
type Alphabet struct {
	kind  [256]int8 // the kind of each byte, -1 for none
	kinds []string
}

// NewAlphabet returns the alphabet in which kinds[k] lists the
// characters read as a cell of kind k ("xL": 'x' or 'L'), for at most
// MaxKinds kinds of ASCII characters.
func NewAlphabet(kinds ...string) *Alphabet {
	a := &Alphabet{kinds: kinds}
	for i := range a.kind {
		a.kind[i] = -1
	}
	for k, chars := range kinds[:min(len(kinds), MaxKinds)] {
		for i := range len(chars) {
			a.kind[chars[i]] = int8(k)
		}
	}
	return a
}

// Grid is a board read by ParseGrid: its height and width, and for each
// kind of cell the set of the cells of that kind (cell (row, col) is bit
// row*W + col).
type Grid struct {
	H, W int
	Sets [MaxKinds]uint64
}

// ParseGrid reads rows from top to bottom separated by '|' or '/', all
// of one length, of at most MaxGridCells cells, each cell a character of
// a. It reads a well-written board in one pass without allocating.
func ParseGrid(s string, a *Alphabet) (Grid, error) {
	s = strings.TrimSpace(s)
	var g Grid
	// The cell's row and column, and its index.
	i, j, n := 0, 0, 0
	for x := range len(s) {
		c := s[x]
		if k := a.kind[c]; k >= 0 {
			if n == MaxGridCells {
				return Grid{}, a.refuse(s)
			}
			g.Sets[k] |= 1 << n
			n, j = n+1, j+1
			continue
		}
		if c != '|' && c != '/' || j == 0 || i > 0 && j != g.W {
			return Grid{}, a.refuse(s)
		}
		if i == 0 {
			g.W = j
		}
		i, j = i+1, 0
	}
	if j == 0 || i > 0 && j != g.W {
		return Grid{}, a.refuse(s)
	}
	if i == 0 {
		g.W = j
	}
	g.H = i + 1
	return g, nil
}

// refuse says what is wrong with s, a position ParseGrid does not read.
func (a *Alphabet) refuse(s string) error {
	if s == "" {
		return fmt.Errorf("empty position")
	}
	rows := strings.FieldsFunc(s, func(c rune) bool { return c == '|' || c == '/' })
	if len(rows) != strings.Count(s, "|")+strings.Count(s, "/")+1 {
		return fmt.Errorf("empty row in %q", s)
	}
	if h, w := len(rows), len(rows[0]); h*w > MaxGridCells {
		return fmt.Errorf("board of %dx%d cells is larger than the %d cells supported", h, w, MaxGridCells)
	}
	for i, row := range rows {
		if len(row) != len(rows[0]) {
			return fmt.Errorf("ragged rows: row %d has %d cells, row 1 has %d", i+1, len(row), len(rows[0]))
		}
		for j := range len(row) {
			if a.kind[row[j]] < 0 {
				c, _ := utf8.DecodeRuneInString(row[j:])
				return fmt.Errorf("bad character %q in row %d (want %s)", c, i+1, a.wanted())
			}
		}
	}
	return fmt.Errorf("bad position %q", s)
}

// wanted lists the characters of a's kinds: "'x', 'o' or '.'".
func (a *Alphabet) wanted() string {
	var chars []string
	for _, k := range a.kinds {
		for _, c := range k {
			chars = append(chars, fmt.Sprintf("%q", c))
		}
	}
	if len(chars) == 1 {
		return chars[0]
	}
	return strings.Join(chars[:len(chars)-1], ", ") + " or " + chars[len(chars)-1]
}

// WriteGrid writes an h x w board as ParseGrid reads it: rows joined by
// '|', cell (row, col) written as cell(bit), bit = 1 << (row*w + col).
func WriteGrid(h, w int, cell func(bit uint64) byte) string {
	var b strings.Builder
	b.Grow(h*w + h)
	for i := range h {
		if i > 0 {
			b.WriteByte('|')
		}
		for j := range w {
			b.WriteByte(cell(1 << (i*w + j)))
		}
	}
	return b.String()
}
