package rules

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tablebase/tablebase/internal/region"
)

// Position is a board with x's and o's stones and the blocked cells.
type Position struct {
	B             *Board
	X, O, Blocked uint64
}

// Empty returns the board of side n with no stones and the given blocked
// cells.
func Empty(b *Board, blocked uint64) Position { return Position{B: b, Blocked: blocked} }

// Parse reads a position in the notation of docs/contract.md: n^3 characters from x, o,
// '.' (empty) and '#' (blocked), n = 3 or 4, the cell at (layer, row,
// column) at index (layer*n + row)*n + column. It rejects counts that no
// game reaches (x moves first, so x has as many stones as o or one more)
// and positions where the side to move has a line.
func Parse(s string) (Position, error) {
	var b *Board
	switch len(s) {
	case 27:
		b = MustGet(3)
	case 64:
		b = MustGet(4)
	default:
		return Position{}, fmt.Errorf("ttt3d: a position has 27 cells (3x3x3) or 64 (4x4x4), not %d", len(s))
	}
	p := Position{B: b}
	for i := range len(s) {
		switch s[i] {
		case 'x':
			p.X |= 1 << i
		case 'o':
			p.O |= 1 << i
		case '#':
			p.Blocked |= 1 << i
		case '.':
		default:
			return Position{}, fmt.Errorf("ttt3d: bad character %q at cell %d (want x, o, . or #)", region.RuneAt(s, i), i)
		}
	}
	nx, no := Count(p.X), Count(p.O)
	if nx != no && nx != no+1 {
		return Position{}, fmt.Errorf("ttt3d: impossible counts: x has %d stones and o %d (x moves first, so x has as many as o or one more)", nx, no)
	}
	me, opp := p.Mover()
	switch {
	case b.HasLine(me) && b.HasLine(opp):
		return Position{}, fmt.Errorf("ttt3d: both x and o have a line")
	case b.HasLine(me):
		return Position{}, fmt.Errorf("ttt3d: %s, the side to move, already has a line", p.ToMove())
	}
	return p, nil
}

// String writes the position in the notation of docs/contract.md.
func (p Position) String() string {
	var sb strings.Builder
	for i := range p.B.Cells {
		switch {
		case p.X>>i&1 != 0:
			sb.WriteByte('x')
		case p.O>>i&1 != 0:
			sb.WriteByte('o')
		case p.Blocked>>i&1 != 0:
			sb.WriteByte('#')
		default:
			sb.WriteByte('.')
		}
	}
	return sb.String()
}

// XToMove reports whether x is to move (both have the same count).
func (p Position) XToMove() bool { return Count(p.X) == Count(p.O) }

// ToMove names the side to move, "x" or "o".
func (p Position) ToMove() string {
	if p.XToMove() {
		return "x"
	}
	return "o"
}

// Mover returns the stones of the side to move and of the other side.
func (p Position) Mover() (me, opp uint64) {
	if p.XToMove() {
		return p.X, p.O
	}
	return p.O, p.X
}

// EmptyCells returns the cells nobody has taken and that are not blocked.
func (p Position) EmptyCells() uint64 { return p.B.full &^ (p.X | p.O | p.Blocked) }

// Finished reports whether the game is over: the side that moved last has
// a line, or no cell is left.
func (p Position) Finished() bool {
	_, opp := p.Mover()
	return p.B.HasLine(opp) || p.EmptyCells() == 0
}

// Play returns the position after the side to move takes cell c, which
// must be empty.
func (p Position) Play(c int) Position {
	if p.XToMove() {
		p.X |= 1 << c
	} else {
		p.O |= 1 << c
	}
	return p
}

// LowCell returns the lowest cell of a nonempty set.
func LowCell(s uint64) int { return bits.TrailingZeros64(s) }

// CellList lists the cells of a set, lowest first.
func CellList(s uint64) []int {
	out := make([]int, 0, bits.OnesCount64(s))
	for ; s != 0; s &= s - 1 {
		out = append(out, LowCell(s))
	}
	return out
}
