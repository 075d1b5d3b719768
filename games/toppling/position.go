package toppling

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// MaxCells is the longest line: a move names its column by a letter.
const MaxCells = 26

// Line is one line of cells: a domino stands on cell i when bit i of
// Dominoes is set; it is blue (Left's) when bit i of Blue is set, red
// (Right's) when that of Red is, else green. A row is a maximal run of
// dominoes; a part is a line that is one row (every cell a domino). Bits
// at or above N are clear.
type Line struct {
	N                   uint8
	Dominoes, Blue, Red uint32
}

// Position is a sum of lines, written one after the other and separated
// by '|'.
type Position []Line

// Parse reads lines separated by '|' or '/', each a run of 'x' (a blue
// domino), 'o' (red), 'g' (green) and '.' (no domino: it separates rows).
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty position")
	}
	lines := strings.FieldsFunc(s, func(c rune) bool { return c == '|' || c == '/' })
	if len(lines) != strings.Count(s, "|")+strings.Count(s, "/")+1 {
		return nil, fmt.Errorf("empty line in %q", s)
	}
	p := make(Position, len(lines))
	for r, line := range lines {
		var l Line
		for i, c := range line {
			if int(l.N) == MaxCells {
				return nil, fmt.Errorf("line %d is longer than the %d cells supported", r+1, MaxCells)
			}
			bit := uint32(1) << l.N
			switch c {
			case 'x':
				l.Dominoes |= bit
				l.Blue |= bit
			case 'o':
				l.Dominoes |= bit
				l.Red |= bit
			case 'g':
				l.Dominoes |= bit
			case '.':
			default:
				if c == utf8.RuneError {
					return nil, fmt.Errorf("bad character at byte %d of line %d (want 'x', 'o', 'g' or '.')", i+1, r+1)
				}
				return nil, fmt.Errorf("bad character %q in line %d (want 'x', 'o', 'g' or '.')", c, r+1)
			}
			l.N++
		}
		p[r] = l
	}
	return p, nil
}

// String writes the line: 'x' blue, 'o' red, 'g' green, '.' no domino.
func (l Line) String() string {
	b := make([]byte, l.N)
	for i := range b {
		switch {
		case l.Blue>>i&1 != 0:
			b[i] = 'x'
		case l.Red>>i&1 != 0:
			b[i] = 'o'
		case l.Dominoes>>i&1 != 0:
			b[i] = 'g'
		default:
			b[i] = '.'
		}
	}
	return string(b)
}

// String writes the position in its notation.
func (p Position) String() string {
	lines := make([]string, len(p))
	for i, l := range p {
		lines[i] = l.String()
	}
	return strings.Join(lines, "|")
}

// Dominoes returns the number of dominoes of all lines.
func (p Position) Dominoes() int {
	n := 0
	for _, l := range p {
		n += bits.OnesCount32(l.Dominoes)
	}
	return n
}

// mask returns the bits of n cells.
func mask(n int) uint32 { return uint32(1)<<n - 1 }

// row returns the part of n dominoes whose colours are those of cells
// lo.. of l.
func (l Line) row(lo, n int) Line {
	m := mask(n)
	return Line{N: uint8(n), Dominoes: m, Blue: l.Blue >> lo & m, Red: l.Red >> lo & m}
}

// Parts appends to dst the rows of the line, each as a part (a line of
// its own, all dominoes).
func (l Line) Parts(dst []Line) []Line {
	for free := l.Dominoes; free != 0; {
		lo := bits.TrailingZeros32(free)
		n := bits.TrailingZeros32(^(free >> lo))
		dst = append(dst, l.row(lo, n))
		free &^= mask(n) << lo
	}
	return dst
}

// Parts appends to dst the rows of every line of p.
func (p Position) Parts(dst []Line) []Line {
	for _, l := range p {
		dst = l.Parts(dst)
	}
	return dst
}

// Moves calls fn with each move of Left (left true: a blue or green
// domino) or Right (red or green): the domino on cell col toppled to the
// right (right true) or to the left.
func (l Line) Moves(left bool, fn func(col int, right bool)) {
	mine := l.Dominoes &^ l.Red
	if !left {
		mine = l.Dominoes &^ l.Blue
	}
	for b := mine; b != 0; b &= b - 1 {
		i := bits.TrailingZeros32(b)
		fn(i, false)
		fn(i, true)
	}
}

// Play returns the line after the domino on cell col is toppled to the
// right (right true) or left: it and every domino of its row on that side
// of it fall and are removed.
func (l Line) Play(col int, right bool) Line {
	lo, hi := col, col // the row's first and last cells
	for lo > 0 && l.Dominoes>>(lo-1)&1 != 0 {
		lo--
	}
	for hi+1 < int(l.N) && l.Dominoes>>(hi+1)&1 != 0 {
		hi++
	}
	if right {
		lo = col
	} else {
		hi = col
	}
	fallen := mask(hi-lo+1) << lo
	l.Dominoes &^= fallen
	l.Blue &^= fallen
	l.Red &^= fallen
	return l
}

// Options appends to dst the part each move of Left (left true) or
// Right leaves of part r (a row): toppling its domino i to the left
// leaves dominoes i+1.., to the right dominoes ..i-1, each a part (or
// nothing).
func (r Line) Options(left bool, dst []Line) []Line {
	n := int(r.N)
	r.Moves(left, func(i int, right bool) {
		if right {
			dst = append(dst, r.row(0, i))
		} else {
			dst = append(dst, r.row(i+1, n-i-1))
		}
	})
	return dst
}
