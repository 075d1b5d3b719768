// Package synchronized holds Synchronized Triomineering and Synchronized
// Domineering: Vertical places vertical pieces (3x1 or 2x1), Horizontal
// horizontal ones (1x3 or 1x2), both at the same time; the two new pieces
// may share a cell (perpendicular pieces never share more than one). When
// neither can move the game is a draw; when only one can, he wins at once.
//
// Each player's value is the best result he can guarantee whatever the
// other does, in pure strategies: he chooses a move without seeing the
// other's, then both see the result. The pair gives the outcome class.
package synchronized

import (
	"github.com/tablebase/tablebase/internal/region"
)

// Variant is one of the two games.
type Variant struct {
	name   string
	Length int // cells per piece
}

// Name returns the game's name on the command line and in the JSON.
func (v Variant) Name() string { return v.name }

// The two games.
var (
	Triomineering = Variant{name: "sync-triomineering", Length: 3}
	Domineering   = Variant{name: "sync-domineering", Length: 2}
)

// Player is Vertical or Horizontal.
type Player uint8

// The players.
const (
	Vertical Player = iota
	Horizontal
)

func (p Player) other() Player { return 1 - p }

// Moves returns the cells where p's pieces can start in r: for Vertical a
// piece covers the start and the cells below it, for Horizontal the cells
// to its right.
func (v Variant) Moves(r region.Region, p Player) uint64 {
	b := r.Bits
	if p == Vertical {
		m := b
		for k := 1; k < v.Length; k++ {
			m &= b >> (k * int(r.W))
		}
		return m
	}
	first, _ := r.ColumnMasks()
	m := b
	for k := 1; k < v.Length; k++ {
		m &= b >> k
	}
	// A horizontal piece must start in the first W-Length+1 columns.
	var ok uint64
	for c := 0; c+v.Length <= int(r.W); c++ {
		ok |= first << c
	}
	return m & ok
}

// Piece returns the cells of p's piece starting at cell.
func (v Variant) Piece(r region.Region, p Player, cell int) uint64 {
	step := 1
	if p == Vertical {
		step = int(r.W)
	}
	var m uint64
	for k := range v.Length {
		m |= 1 << (cell + k*step)
	}
	return m
}
