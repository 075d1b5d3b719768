package kayles

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxCells is the longest line: a move names its pins by column letters.
const MaxCells = 26

// Position is a sum of lines, each of pins 'x' and gaps '.'; a row is a
// maximal run of pins.
type Position []string

// Parse reads lines separated by '|' or '/', each a run of 'x' (a pin)
// and '.' (no pin).
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty position")
	}
	p := Position(strings.FieldsFunc(s, func(c rune) bool { return c == '|' || c == '/' }))
	if len(p) != strings.Count(s, "|")+strings.Count(s, "/")+1 {
		return nil, fmt.Errorf("empty line in %q", s)
	}
	for r, line := range p {
		if len(line) > MaxCells {
			return nil, fmt.Errorf("line %d is longer than the %d cells supported", r+1, MaxCells)
		}
		if i := strings.IndexFunc(line, func(c rune) bool { return c != 'x' && c != '.' }); i >= 0 {
			c, _ := utf8.DecodeRuneInString(line[i:])
			return nil, fmt.Errorf("bad character %q in line %d (want 'x' or '.')", c, r+1)
		}
	}
	return p, nil
}

// String writes the position in its notation.
func (p Position) String() string { return strings.Join(p, "|") }

// Rows is a part, a row of A pins, or what a move leaves of one: rows of
// A and B pins (either may be 0).
type Rows struct{ A, B uint8 }

// String writes the rows as one line, a gap between them.
func (r Rows) String() string {
	s := strings.Repeat("x", int(r.A))
	if r.B > 0 {
		s += "." + strings.Repeat("x", int(r.B))
	}
	return s
}

// Parts appends to dst each row of every line of p.
func (p Position) Parts(dst []Rows) []Rows {
	for _, line := range p {
		for _, run := range strings.Split(line, ".") {
			if run != "" {
				dst = append(dst, Rows{A: uint8(len(run))})
			}
		}
	}
	return dst
}

// Octal is an octal game's code: digit k (from 1) says what a move
// taking k adjacent pins of a row may leave, as the sum of 1 (nothing),
// 2 (one row: the pins taken at an end) and 4 (two rows: from the
// middle). Kayles is ".77", Dawson's Kayles ".07".
type Octal string

// allows reports whether taking k pins may leave rows of a and b pins.
func (o Octal) allows(k, a, b int) bool {
	if k < 1 || k >= len(o) {
		return false
	}
	d := o[k] - '0'
	switch {
	case a == 0 && b == 0:
		return d&1 != 0
	case a == 0 || b == 0:
		return d&2 != 0
	}
	return d&4 != 0
}

// Moves calls fn with each move of p: the line, its first pin taken and
// how many.
func (o Octal) Moves(p Position, fn func(line, first, k int)) {
	for r, line := range p {
		for lo := 0; lo < len(line); {
			n := strings.IndexByte(line[lo:]+".", '.')
			for k := 1; k < len(o); k++ {
				for i := lo; i+k <= lo+n; i++ {
					if o.allows(k, i-lo, lo+n-i-k) {
						fn(r, i, k)
					}
				}
			}
			lo += n + 1
		}
	}
}

// Play returns p with k pins of line r taken from column first on.
func Play(p Position, r, first, k int) Position {
	after := append(Position(nil), p...)
	after[r] = p[r][:first] + strings.Repeat(".", k) + p[r][first+k:]
	return after
}
