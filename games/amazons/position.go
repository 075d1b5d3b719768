// Package amazons is the game of the Amazons for the late-game regions of
// small boards: queen moves followed by an arrow shot that burns a cell.
package amazons

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// Position is an Amazons board: the cells not burnt (empty or holding an
// amazon), Left's amazons and Right's, both subsets of Cells. Cell (row,
// col) is bit row*W + col; cells outside Cells are burnt or off the board.
type Position struct {
	H, W        int
	Cells, L, R uint64
}

// alphabet is the cells of the position notation.
var alphabet = notation.NewAlphabet("Lx", "Ro", ".", "#")

// Parse reads rows from top to bottom separated by '|' or '/': '.' an
// empty cell, '#' a burnt one, 'L' or 'x' Left's amazon, 'R' or 'o'
// Right's.
func Parse(s string) (Position, error) {
	g, err := notation.ParseGrid(s, alphabet)
	if err != nil {
		return Position{}, err
	}
	l, r := g.Sets[0], g.Sets[1]
	return Position{H: g.H, W: g.W, Cells: l | r | g.Sets[2], L: l, R: r}, nil
}

// String writes p in the position notation, with 'x' for Left's amazons
// and 'o' for Right's (the letters of the explorer's "stones" boards).
func (p Position) String() string {
	return notation.WriteGrid(p.H, p.W, func(bit uint64) byte {
		switch {
		case p.L&bit != 0:
			return 'x'
		case p.R&bit != 0:
			return 'o'
		case p.Cells&bit != 0:
			return '.'
		}
		return '#'
	})
}

// Components appends to dst the 8-connected components of p's cells that
// hold an amazon, each cropped to its bounding box. A queen line passes
// only between 8-adjacent cells, so no move reaches from one component
// into another; a component without amazons has no move and is worth 0.
func (p Position) Components(dst []Position) []Position {
	rest := p.Cells
	for rest != 0 {
		cells := p.component(rest & -rest)
		rest &^= cells
		if cells&(p.L|p.R) == 0 {
			continue
		}
		r := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: cells}
		c, l := r.CropAlong(p.L & cells)
		_, rr := r.CropAlong(p.R & cells)
		dst = append(dst, Position{H: int(c.H), W: int(c.W), Cells: c.Bits, L: l, R: rr})
	}
	return dst
}

// component returns the cells of p 8-connected to seed.
func (p Position) component(seed uint64) uint64 {
	first, last := region.Region{H: uint8(p.H), W: uint8(p.W)}.ColumnMasks()
	w := p.W
	board := uint64(1)<<(p.H*w) - 1 // the shifts below may leave the board
	if p.H*w == 64 {
		board = ^uint64(0)
	}
	for {
		g := (seed | seed>>w | seed<<w) & board
		g |= g&^first>>1 | g&^last<<1
		g &= p.Cells
		if g == seed {
			return seed
		}
		seed = g
	}
}

// dirs are the eight queen directions as (row, column) steps.
var dirs = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// ray calls fn with each cell reached from cell i along direction d over
// the cells of free, stopping at the first cell not in free.
func (p Position) ray(i int, d [2]int, free uint64, fn func(j int)) {
	r, c := i/p.W, i%p.W
	for {
		r, c = r+d[0], c+d[1]
		if r < 0 || r >= p.H || c < 0 || c >= p.W {
			return
		}
		j := r*p.W + c
		if free>>j&1 == 0 {
			return
		}
		fn(j)
	}
}

// Moves calls fn with each move of Left (left true) or Right: the amazon
// on from moves like a queen to the empty cell to, then shoots an arrow
// like a queen from to onto the empty cell arrow (from counts as empty).
func (p Position) Moves(left bool, fn func(from, to, arrow int)) {
	mine := p.L
	if !left {
		mine = p.R
	}
	empty := p.Cells &^ (p.L | p.R)
	for b := mine; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		for _, d := range dirs {
			p.ray(from, d, empty, func(to int) {
				free := empty | 1<<from
				free &^= 1 << to
				for _, e := range dirs {
					p.ray(to, e, free, func(arrow int) { fn(from, to, arrow) })
				}
			})
		}
	}
}

// Play returns the position after the move from-to/arrow.
func (p Position) Play(from, to, arrow int) Position {
	q := p
	if p.L>>from&1 != 0 {
		q.L = q.L&^(1<<from) | 1<<to
	} else {
		q.R = q.R&^(1<<from) | 1<<to
	}
	q.Cells &^= 1 << arrow
	return q
}

// Amazons returns the number of amazons on the board.
func (p Position) Amazons() int { return bits.OnesCount64(p.L | p.R) }

// Size returns the number of non-burnt cells.
func (p Position) Size() int { return bits.OnesCount64(p.Cells) }
