// Package domineering3d is Domineering for three players X, Y and Z on an
// A x B x C box: X places dominoes along the first axis, Y along the
// second, Z along the third. Players move in a cyclic order; one who cannot
// move when his turn comes leaves the game for good, and the last player
// left wins. For a position and each of the six turn orders the package
// finds who can force a win (against any play of the other two), if anyone.
package domineering3d

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/region"
)

// MaxCells is the largest box supported. A tablebase file holds boxes of
// at most 64 cells (FileCells); larger ones are solved.
const (
	MaxCells  = 128
	FileCells = 64
)

// Box is the shape of the board.
type Box struct{ A, B, C int }

// Cells returns A*B*C.
func (b Box) Cells() int { return b.A * b.B * b.C }

// String writes AxBxC.
func (b Box) String() string { return fmt.Sprintf("%dx%dx%d", b.A, b.B, b.C) }

// ParseBox reads AxBxC; every dimension must be 2 or more.
func ParseBox(s string) (Box, error) {
	var b Box
	parts := strings.Split(s, "x")
	if len(parts) != 3 {
		return b, fmt.Errorf("box %q: want AxBxC", s)
	}
	dims := [3]*int{&b.A, &b.B, &b.C}
	for i, p := range parts {
		n := 0
		if p == "" || len(p) > 2 {
			return b, fmt.Errorf("box %q: bad dimension %q", s, p)
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return b, fmt.Errorf("box %q: bad dimension %q", s, p)
			}
			n = 10*n + int(c-'0')
		}
		if n < 2 {
			return b, fmt.Errorf("box %q: every dimension must be at least 2", s)
		}
		*dims[i] = n
	}
	if b.Cells() > MaxCells {
		return b, fmt.Errorf("box %s has %d cells, more than the %d supported", b, b.Cells(), MaxCells)
	}
	return b, nil
}

// Position is a box and its empty cells: bit (i*B+j)*C+k is cell (i,j,k).
type Position struct {
	Box   Box
	Empty bits128.Set
}

// Parse reads "AxBxC:" followed by A*B*C characters '.' (empty) or '#'
// (covered); '|' separators are ignored. A bare "AxBxC" is the empty box.
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	head, cells, ok := strings.Cut(s, ":")
	if !ok {
		box, err := ParseBox(s)
		if err != nil {
			return Position{}, fmt.Errorf("position %q: want AxBxC: followed by the cells (%v)", s, err)
		}
		return Full(box), nil
	}
	box, err := ParseBox(head)
	if err != nil {
		return Position{}, err
	}
	p := Position{Box: box}
	n := 0
	for i := 0; i < len(cells); i++ {
		switch cells[i] {
		case '|':
			continue
		case '.':
			if n < box.Cells() {
				p.Empty = p.Empty.Or(bits128.Cell(n))
			}
		case '#':
		default:
			return Position{}, fmt.Errorf("bad character %q at cell %d (want '.', '#' or '|')", region.RuneAt(cells, i), n)
		}
		n++
	}
	if n != box.Cells() {
		return Position{}, fmt.Errorf("box %s has %d cells, the position gives %d", box, box.Cells(), n)
	}
	return p, nil
}

// String writes the position with a '|' after every row of C cells.
func (p Position) String() string {
	var b strings.Builder
	b.WriteString(p.Box.String() + ":")
	for i := range p.Box.Cells() {
		if i > 0 && i%p.Box.C == 0 {
			b.WriteByte('|')
		}
		if p.Empty.Has(i) {
			b.WriteByte('.')
		} else {
			b.WriteByte('#')
		}
	}
	return b.String()
}

// Full returns the empty box.
func Full(b Box) Position {
	return Position{Box: b, Empty: bits128.First(b.Cells())}
}

// KeyLen is the length of a stored key.
const KeyLen = 9

// Key encodes a board of at most FileCells cells (normally its canonical
// image) for storage: the
// number of dominoes placed, then the empty cells big-endian, so that each
// level of a build is contiguous in the file.
func Key(b Box, empty uint64) []byte {
	dominoes := (b.Cells() - bits.OnesCount64(empty)) / 2
	return binary.BigEndian.AppendUint64([]byte{byte(dominoes)}, empty)
}
