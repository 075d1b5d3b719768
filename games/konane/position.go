package konane

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// Position is a Konane board: its cells, the cells holding stones, and
// which of them are Left's (x); the others are Right's (o). Cell (row,
// col) is bit row*W + col. A board read from the notation has every cell
// of its rectangle; a part (Parts) has only the cells its stones can ever
// use, the others written '#'.
type Position struct {
	H, W   int
	Cells  uint64 // the cells of the board
	Stones uint64 // the cells holding stones, a subset of Cells
	Black  uint64 // Left's stones, a subset of Stones
}

// alphabet is the cells of the position notation.
var alphabet = notation.NewAlphabet("x", "o", ".", "#")

// Parse reads rows from top to bottom separated by '|' or '/', with 'x'
// for Left's stone, 'o' for Right's, '.' for an empty cell and '#' for a
// cell that is not part of the board (as parts are written).
func Parse(s string) (Position, error) {
	g, err := notation.ParseGrid(s, alphabet)
	if err != nil {
		return Position{}, err
	}
	x, o := g.Sets[0], g.Sets[1]
	return Position{H: g.H, W: g.W, Cells: x | o | g.Sets[2], Stones: x | o, Black: x}, nil
}

// String writes p in the position notation.
func (p Position) String() string {
	return notation.WriteGrid(p.H, p.W, func(bit uint64) byte {
		switch {
		case p.Black&bit != 0:
			return 'x'
		case p.Stones&bit != 0:
			return 'o'
		case p.Cells&bit != 0:
			return '.'
		}
		return '#'
	})
}

// Count returns the number of stones.
func (p Position) Count() int { return bits.OnesCount64(p.Stones) }

// directions are the four directions of a jump, as row and column steps.
var directions = [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}

// Moves calls fn with each move of Left (left true) or Right: the stone
// on cell from jumps in a straight line over one or more of the other's
// stones, each followed by an empty cell, and ends on cell to. Every
// prefix of a run of jumps is a move of its own.
func (p Position) Moves(left bool, fn func(from, to int)) {
	mine, theirs := p.Black, p.Stones&^p.Black
	if !left {
		mine, theirs = theirs, mine
	}
	empty := p.Cells &^ p.Stones
	for b := mine; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		r, c := i/p.W, i%p.W
		for _, d := range directions {
			for k := 1; ; k++ {
				lr, lc := r+2*k*d[0], c+2*k*d[1]
				if lr < 0 || lr >= p.H || lc < 0 || lc >= p.W {
					break
				}
				mid, land := (lr-d[0])*p.W+lc-d[1], lr*p.W+lc
				if theirs>>mid&1 == 0 || empty>>land&1 == 0 {
					break
				}
				fn(i, land)
			}
		}
	}
}

// Play returns the position after the stone on from jumps to the cell to,
// in a straight line, removing every stone it jumps over.
func (p Position) Play(from, to int) Position {
	fr, fc, tr, tc := from/p.W, from%p.W, to/p.W, to%p.W
	dr, dc := sign(tr-fr), sign(tc-fc)
	step := dr*p.W + dc
	q := p
	q.Stones = q.Stones&^(1<<from) | 1<<to
	black := p.Black>>from&1 != 0
	q.Black &^= 1 << from
	if black {
		q.Black |= 1 << to
	}
	for c := from + step; c != to+step; c += 2 * step {
		q.Stones &^= 1 << c
		q.Black &^= 1 << c
	}
	return q
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// frame holds the masks of a board's shape that jumps need.
type frame struct {
	w                 uint
	firstTwo, lastTwo uint64 // the first two and the last two columns
	firstCol, lastCol uint64
	all               uint64
}

func newFrame(h, w int) frame {
	f := frame{w: uint(w)}
	for r := range h {
		row := uint64(1) << (r * w)
		f.firstCol |= row
		f.lastCol |= row << (w - 1)
		f.firstTwo |= row
		f.lastTwo |= row << (w - 1)
		if w > 1 {
			f.firstTwo |= row << 1
			f.lastTwo |= row << (w - 2)
		}
	}
	if h*w == 64 {
		f.all = ^uint64(0)
	} else {
		f.all = 1<<(h*w) - 1
	}
	return f
}

// jumps returns the cells of dest reached by one jump of a stone on a cell
// of src over a cell of mid, in any of the four directions.
func (f frame) jumps(src, mid, dest uint64) uint64 {
	w := f.w
	e := ((src&^f.lastTwo)<<1&mid)<<1 | ((src&^f.firstTwo)>>1&mid)>>1
	v := (src<<w&mid)<<w | (src>>w&mid)>>w
	return (e | v) & dest
}

// neighbours returns the cells orthogonally adjacent to those of b.
func (f frame) neighbours(b uint64) uint64 {
	return ((b&^f.lastCol)<<1 | (b&^f.firstCol)>>1 | b<<f.w | b>>f.w) & f.all
}

// reachOf returns the cells Left's stones xs and Right's stones os of one
// part may ever occupy, played alone on cells: the least sets Rx, Ro such
// that Rx holds xs and every cell reached from xs by at most |os| jumps,
// each over a cell of Ro onto a cell of cells, and Ro likewise. A stone
// jumps only over a stone of the other's, which stands on a cell that
// side may occupy, and a part of |os| stones of Right's lets Left capture
// at most |os| times, so no play of the part leaves these sets.
func (f frame) reachOf(xs, os, cells uint64) (rx, ro uint64) {
	mx, mo := bits.OnesCount64(xs), bits.OnesCount64(os)
	rx, ro = xs, os
	for {
		nx, no := f.spread(xs, ro, cells, mo), f.spread(os, rx, cells, mx)
		if nx == rx && no == ro {
			return rx, ro
		}
		rx, ro = nx, no
	}
}

// spread returns the cells reached from start by at most budget jumps
// over cells of mid onto cells of cells.
func (f frame) spread(start, mid, cells uint64, budget int) uint64 {
	seen, front := start, start
	for range budget {
		front = f.jumps(front, mid, cells) &^ seen
		if front == 0 {
			break
		}
		seen |= front
	}
	return seen
}

// cluster is a set of stones with the cells its Left and Right stones may
// ever occupy.
type cluster struct {
	stones, rx, ro uint64
}

// touches reports whether two clusters may ever meet: a cell both may
// occupy, or a cell of one side of one next to a cell of the other side
// of the other (the only way a stone of one could jump a stone of the
// other).
func (f frame) touches(a, b cluster) bool {
	return (a.rx|a.ro)&(b.rx|b.ro) != 0 || f.neighbours(a.rx)&b.ro != 0 || f.neighbours(a.ro)&b.rx != 0
}

// Parts appends to dst the parts of p: the least partition of its stones
// into clusters that can never meet (touches) when each is played alone
// on p's cells. Played together, no move of one cluster then depends on
// another: no stone of another stands where one of its stones may jump
// over or land. Each part is its stones on the cells they may ever occupy
// (the rest '#'), cropped; a part where neither player has a move now is
// worth 0 and left out.
func (p Position) Parts(dst []Position) []Position {
	if p.Stones == 0 {
		return dst
	}
	f := newFrame(p.H, p.W)
	white := p.Stones &^ p.Black
	var buf [64]cluster
	cs := buf[:0]
	// Stones next to a stone of the other's start together.
	for rest := p.Stones; rest != 0; {
		c := rest & -rest
		for {
			next := c | f.neighbours(c&p.Black)&white | f.neighbours(c&white)&p.Black
			if next == c {
				break
			}
			c = next
		}
		rest &^= c
		rx, ro := f.reachOf(c&p.Black, c&white, p.Cells)
		cs = append(cs, cluster{c, rx, ro})
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(cs); i++ {
			for j := i + 1; j < len(cs); j++ {
				if !f.touches(cs[i], cs[j]) {
					continue
				}
				s := cs[i].stones | cs[j].stones
				rx, ro := f.reachOf(s&p.Black, s&white, p.Cells)
				cs[i] = cluster{s, rx, ro}
				cs = append(cs[:j], cs[j+1:]...)
				merged = true
				j = i
			}
		}
	}
	empty := p.Cells &^ p.Stones
	for _, c := range cs {
		xs, os := c.stones&p.Black, c.stones&white
		if f.jumps(xs, os, empty) == 0 && f.jumps(os, xs, empty) == 0 {
			continue
		}
		dst = append(dst, crop(p.H, p.W, c.rx|c.ro, c.stones, xs))
	}
	return dst
}

// crop returns the part of cells (with its stones and Left's stones) cut
// down to the bounding box of cells.
func crop(h, w int, cells, stones, black uint64) Position {
	r := region.Region{H: uint8(h), W: uint8(w), Bits: cells}
	c, s := r.CropAlong(stones)
	_, b := r.CropAlong(black)
	return Position{H: int(c.H), W: int(c.W), Cells: c.Bits, Stones: s, Black: b}
}
