// Package rules is the rules of 3D tic-tac-toe on an n x n x n board
// (n = 3 or 4) with optional blocked cells, which games/ttt3d and its
// 4x4x4 prover games/ttt3d/qubic share: the boards (winning lines,
// symmetry group, canonical forms, restriction to the cells not blocked,
// pairing strategies) and positions (parsing and writing). x moves first,
// and whoever completes a line of n own cells (a row, column or pillar, or
// a planar or space diagonal) wins.
//
// Cells are bits of a uint64: the cell at (layer, row, column) is bit
// (layer*n + row)*n + column, as in the position notation of docs/contract.md.
package rules

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/canon"
)

// Board is the geometry of one board size: its winning lines and its
// symmetry group.
type Board struct {
	N     int      // side length
	Cells int      // N^3
	Lines []uint64 // every winning line as a set of cells
	// Through[c] lists the lines through cell c.
	Through [][]uint64
	// Group holds the automorphisms of the board (maps of cells that send
	// lines to lines), the identity first.
	Group []*canon.CellMap
	full  uint64 // the cells a stone may take
	all   uint64 // every cell, blocked or not (full, but on a restricted board)
	walk  []int  // the Group index at each step of the board's walk (unrestricted boards)
}

var boards = [5]func() *Board{
	3: sync.OnceValue(func() *Board { return newBoard(3) }),
	4: sync.OnceValue(func() *Board { return newBoard(4) }),
}

// Get returns the board of side n (3 or 4).
func Get(n int) (*Board, error) {
	if n != 3 && n != 4 {
		return nil, fmt.Errorf("ttt3d: board side %d not supported (3 or 4)", n)
	}
	return boards[n](), nil
}

// MustGet is Get for a side known to be 3 or 4.
func MustGet(n int) *Board {
	b, err := Get(n)
	if err != nil {
		panic(err)
	}
	return b
}

func newBoard(n int) *Board {
	b := &Board{N: n, Cells: n * n * n, Lines: Lines(n)}
	b.full = 1<<b.Cells - 1
	if b.Cells == 64 {
		b.full = ^uint64(0)
	}
	b.all = b.full
	b.Through = make([][]uint64, b.Cells)
	for _, l := range b.Lines {
		for c := range b.Cells {
			if l>>c&1 != 0 {
				b.Through[c] = append(b.Through[c], l)
			}
		}
	}
	for _, p := range canon.Automorphisms(b.Cells, b.Lines) {
		b.Group = append(b.Group, canon.NewCellMap(p))
	}
	switch n {
	case 3:
		b.walk = b.walkIndex(cube3Walk, apply3)
	case 4:
		b.walk = b.walkIndex(cube4Walk, apply4)
	}
	return b
}

// Lines generates the winning lines of the n x n x n board: for each of
// the 13 directions (a nonzero step in {-1,0,1}^3, up to sign), every run
// of n cells in that direction that starts on the board's edge.
func Lines(n int) []uint64 {
	in := func(x int) bool { return x >= 0 && x < n }
	var lines []uint64
	for dz := -1; dz <= 1; dz++ {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				// Keep one of each pair of opposite directions.
				if d := [3]int{dz, dy, dx}; d == [3]int{} || firstNonzero(d) < 0 {
					continue
				}
				for z := range n {
					for y := range n {
						for x := range n {
							// A line starts where a step back leaves the board
							// and n-1 steps forward stay on it.
							if in(z-dz) && in(y-dy) && in(x-dx) {
								continue
							}
							ez, ey, ex := z+(n-1)*dz, y+(n-1)*dy, x+(n-1)*dx
							if !in(ez) || !in(ey) || !in(ex) {
								continue
							}
							var l uint64
							for i := range n {
								l |= 1 << (((z+i*dz)*n+y+i*dy)*n + x + i*dx)
							}
							lines = append(lines, l)
						}
					}
				}
			}
		}
	}
	return lines
}

func firstNonzero(d [3]int) int {
	for _, v := range d {
		if v != 0 {
			return v
		}
	}
	return 0
}

// Full is the set of all cells.
func (b *Board) Full() uint64 { return b.full }

// HasLine reports whether the cells s contain a whole line.
func (b *Board) HasLine(s uint64) bool {
	for _, l := range b.Lines {
		if s&l == l {
			return true
		}
	}
	return false
}

// Threats returns the empty cells that would complete a line of s: lines
// holding n-1 cells of s and one cell of empty.
func (b *Board) Threats(s, empty uint64) uint64 {
	var t uint64
	for _, l := range b.Lines {
		if e := l & empty; e != 0 && e&(e-1) == 0 && l&^e&^s == 0 {
			t |= e
		}
	}
	return t
}

// Completes reports whether adding cell c to s completes a line.
func (b *Board) Completes(s uint64, c int) bool {
	s |= 1 << c
	for _, l := range b.Through[c] {
		if s&l == l {
			return true
		}
	}
	return false
}

// Count returns the number of cells in a set.
func Count(s uint64) int { return bits.OnesCount64(s) }
