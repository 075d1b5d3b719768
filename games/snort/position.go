package snort

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// Rule is which of the two games is played: the adjacency rule.
type Rule uint8

const (
	// SnortRule: no cell may be coloured next to a cell of the other colour.
	SnortRule Rule = iota
	// ColRule: no cell may be coloured next to a cell of its own colour.
	ColRule
)

// Board is a position as written: an H x W rectangle whose cells are
// empty, blue (x, Left's), red (o, Right's), or not part of the board
// ('#', in none of the three sets). OnlyL and OnlyR are empty cells
// written as tagged, that only Left, or only Right, may colour whatever
// their neighbours. Cell (row, col) is bit row*W + col.
type Board struct {
	H, W         int
	Empty, X, O  uint64
	OnlyL, OnlyR uint64 // subsets of Empty
}

// alphabet is the cells of the position notation.
var alphabet = notation.NewAlphabet(".+", "x", "o", "#", "L", "R")

// Parse reads rows from top to bottom separated by '|' or '/', with '.'
// for an empty cell, 'x' for a blue one, 'o' for a red one and '#' for a
// cell that is not part of the board; and, as State.String writes a
// group, '+' for an empty cell either player may colour (as '.'), 'L'
// for one only Left may colour and 'R' for one only Right may. Any
// colouring is accepted: one that play could not reach (x next to o in
// Snort) is still a position, whose moves the rules say.
func Parse(s string) (Board, error) {
	g, err := notation.ParseGrid(s, alphabet)
	if err != nil {
		return Board{}, err
	}
	onlyL, onlyR := g.Sets[4], g.Sets[5]
	return Board{H: g.H, W: g.W, Empty: g.Sets[0] | onlyL | onlyR, X: g.Sets[1], O: g.Sets[2], OnlyL: onlyL, OnlyR: onlyR}, nil
}

// String writes b in the position notation.
func (b Board) String() string {
	return notation.WriteGrid(b.H, b.W, func(bit uint64) byte {
		switch {
		case b.OnlyL&bit != 0:
			return 'L'
		case b.OnlyR&bit != 0:
			return 'R'
		case b.Empty&bit != 0:
			return '.'
		case b.X&bit != 0:
			return 'x'
		case b.O&bit != 0:
			return 'o'
		}
		return '#'
	})
}

// neighbours returns the cells of an h x w frame orthogonally adjacent to
// those of set.
func neighbours(h, w int, set uint64) uint64 {
	r := region.Region{H: uint8(h), W: uint8(w)}
	first, last := r.ColumnMasks()
	n := (set<<1)&^first | (set>>1)&^last | set<<w | set>>w
	if h*w < 64 {
		n &= 1<<(h*w) - 1
	}
	return n
}

// State reduces b under rule: its empty cells, each tagged with who may
// still colour it (L, R); a cell nobody may colour is left out.
func (b Board) State(rule Rule) State {
	nx, no := neighbours(b.H, b.W, b.X), neighbours(b.H, b.W, b.O)
	s := State{H: uint8(b.H), W: uint8(b.W)}
	if rule == SnortRule {
		s.L, s.R = b.Empty&^no, b.Empty&^nx
	} else {
		s.L, s.R = b.Empty&^nx, b.Empty&^no
	}
	s.L &^= b.OnlyR
	s.R &^= b.OnlyL
	return s
}

// Play returns b after Left (left true) or Right colours cell i.
func (b Board) Play(i int, left bool) Board {
	b.Empty &^= 1 << i
	b.OnlyL &^= 1 << i
	b.OnlyR &^= 1 << i
	if left {
		b.X |= 1 << i
	} else {
		b.O |= 1 << i
	}
	return b
}

// State is a position reduced to what decides its play: the cells that
// are empty and that some player may still colour, L those Left may and R
// those Right may (every cell is in one or both), in an H x W frame. Once
// reduced, colours are forgotten: colouring a cell only takes tags from
// its empty neighbours (State.Play).
type State struct {
	H, W uint8
	L, R uint64
}

// Cells returns the number of cells.
func (s State) Cells() int { return bits.OnesCount64(s.L | s.R) }

// Play returns s after Left (left true) or Right colours cell i, which he
// may: the cell leaves, and under Snort its neighbours may no longer be
// coloured by the other player, under Col no longer by the mover.
func (s State) Play(rule Rule, i int, left bool) State {
	s.L &^= 1 << i
	s.R &^= 1 << i
	n := neighbours(int(s.H), int(s.W), 1<<i)
	if left == (rule == SnortRule) {
		s.R &^= n
	} else {
		s.L &^= n
	}
	return s
}

// Components appends to dst the connected groups of s's cells, each
// cropped to its bounding box with its tags.
func (s State) Components(dst []State) []State {
	r := region.Region{H: s.H, W: s.W, Bits: s.L | s.R}
	var buf [32]uint64
	for _, cells := range r.ComponentCells(buf[:0]) {
		c, l := r.With(cells).CropAlong(s.L & cells)
		_, rr := r.With(cells).CropAlong(s.R & cells)
		dst = append(dst, State{H: c.H, W: c.W, L: l, R: rr})
	}
	return dst
}

// String writes a group as rows of its cells: '+' for a cell both
// players may colour, 'L' for one only Left may, 'R' only Right, '#'
// for a cell not in it.
func (s State) String() string {
	var b []byte
	for i := range int(s.H) {
		if i > 0 {
			b = append(b, '|')
		}
		for j := range int(s.W) {
			bit := uint64(1) << (i*int(s.W) + j)
			c := byte('#')
			switch {
			case s.L&s.R&bit != 0:
				c = '+'
			case s.L&bit != 0:
				c = 'L'
			case s.R&bit != 0:
				c = 'R'
			}
			b = append(b, c)
		}
	}
	return string(b)
}
