package toadsfrogs

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// MaxCells is the longest strip: a move names its cells by column letter.
const MaxCells = 26

// Strip is one strip of n cells: cell i is bit i of Toads (Left's pieces)
// or Frogs (Right's), or empty. Toads move towards higher cells, frogs
// towards lower ones. Bits at or above N are clear.
type Strip struct {
	N            uint8
	Toads, Frogs uint64
}

// Position is a sum of strips, written one after the other and separated
// by '|'.
type Position []Strip

// Parse reads strips separated by '|' or '/', each a row of 'T' (a toad),
// 'F' (a frog) and '.' or '□' (an empty cell).
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty position")
	}
	rows := strings.FieldsFunc(s, func(c rune) bool { return c == '|' || c == '/' })
	if len(rows) != strings.Count(s, "|")+strings.Count(s, "/")+1 {
		return nil, fmt.Errorf("empty strip in %q", s)
	}
	p := make(Position, len(rows))
	for r, row := range rows {
		var st Strip
		for i, c := range row {
			if int(st.N) == MaxCells {
				return nil, fmt.Errorf("strip %d is longer than the %d cells supported", r+1, MaxCells)
			}
			bit := uint64(1) << st.N
			switch c {
			case 'T':
				st.Toads |= bit
			case 'F':
				st.Frogs |= bit
			case '.', '□':
			default:
				if c == utf8.RuneError {
					return nil, fmt.Errorf("bad character at byte %d of strip %d (want 'T', 'F', '.' or '□')", i+1, r+1)
				}
				return nil, fmt.Errorf("bad character %q in strip %d (want 'T', 'F', '.' or '□')", c, r+1)
			}
			st.N++
		}
		p[r] = st
	}
	return p, nil
}

// String writes the strip with '.' for empty cells.
func (s Strip) String() string {
	b := make([]byte, s.N)
	for i := range b {
		switch {
		case s.Toads>>i&1 != 0:
			b[i] = 'T'
		case s.Frogs>>i&1 != 0:
			b[i] = 'F'
		default:
			b[i] = '.'
		}
	}
	return string(b)
}

// String writes the position in its notation.
func (p Position) String() string {
	rows := make([]string, len(p))
	for i, s := range p {
		rows[i] = s.String()
	}
	return strings.Join(rows, "|")
}

// Cells returns the number of cells of all strips.
func (p Position) Cells() int {
	n := 0
	for _, s := range p {
		n += int(s.N)
	}
	return n
}

// mask returns the cells of the strip.
func (s Strip) mask() uint64 { return 1<<s.N - 1 }

// empty returns the empty cells of the strip.
func (s Strip) empty() uint64 { return s.mask() &^ (s.Toads | s.Frogs) }

// Moves calls fn with each move of Left (left true: a toad) or Right (a
// frog) on the strip: the piece on cell from goes to cell to, one cell
// on or two when it jumps over a piece of the other's.
func (s Strip) Moves(left bool, fn func(from, to int)) {
	empty := s.empty()
	if left {
		for b := s.Toads; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			if empty>>(i+1)&1 != 0 {
				fn(i, i+1)
			} else if s.Frogs>>(i+1)&1 != 0 && empty>>(i+2)&1 != 0 {
				fn(i, i+2)
			}
		}
		return
	}
	for b := s.Frogs; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		if i >= 1 && empty>>(i-1)&1 != 0 {
			fn(i, i-1)
		} else if i >= 2 && s.Toads>>(i-1)&1 != 0 && empty>>(i-2)&1 != 0 {
			fn(i, i-2)
		}
	}
}

// Play returns the strip after the piece on from goes to to.
func (s Strip) Play(from, to int) Strip {
	f, t := uint64(1)<<from, uint64(1)<<to
	if s.Toads&f != 0 {
		s.Toads = s.Toads&^f | t
	} else {
		s.Frogs = s.Frogs&^f | t
	}
	return s
}

// Frozen returns the cells whose pieces can never move again, whatever is
// played: the greatest set S of pieces such that each toad in S has the
// end of the strip on its right, or on its right a piece of S that is a
// toad or is followed by the end or by another piece of S; and each frog
// in S likewise on its left, mirrored. The cells of S stay occupied by
// the same pieces for ever (docs/games/toadsfrogs.md proves it), and no
// piece ever jumps over one of them: each has a neighbour in S or the end
// of the strip beside it.
func (s Strip) Frozen() uint64 {
	if s.N == 0 {
		return 0
	}
	last, beforeLast := uint64(1)<<(s.N-1), uint64(0)
	if s.N >= 2 {
		beforeLast = uint64(1) << (s.N - 2)
	}
	S := s.Toads | s.Frogs
	for {
		toads := s.Toads & (last | S>>1&(s.Toads>>1|S>>2|beforeLast))
		frogs := s.Frogs & (1 | S<<1&(s.Frogs<<1|S<<2|2))
		next := (toads | frogs) & s.mask()
		if next == S {
			return S
		}
		S = next
	}
}

// Parts appends to dst the independent parts of the strip: the runs of
// cells between its frozen pieces (and the ends), each as a strip of its
// own, leaving out runs with no piece (worth 0).
func (s Strip) Parts(dst []Strip) []Strip {
	frozen := s.Frozen()
	free := s.mask() &^ frozen
	for free != 0 {
		lo := bits.TrailingZeros64(free)
		run := free >> lo
		n := bits.TrailingZeros64(^run)
		m := uint64(1)<<n - 1
		part := Strip{N: uint8(n), Toads: s.Toads >> lo & m, Frogs: s.Frogs >> lo & m}
		if part.Toads|part.Frogs != 0 {
			dst = append(dst, part)
		}
		free &^= m << lo
	}
	return dst
}

// Parts appends to dst the independent parts of every strip of p.
func (p Position) Parts(dst []Strip) []Strip {
	for _, s := range p {
		dst = s.Parts(dst)
	}
	return dst
}
