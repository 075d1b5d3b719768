package cram

import (
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
)

// Game is Cram in the registry.
var Game = placement.Game{
	Rules:   rules{},
	About:   "either player places a domino either way (impartial): nim-values",
	Players: map[string]string{"L": "Left", "R": "Right"},
}

// rules are Cram's rules (placement.Rules).
type rules struct{}

// Name is the game's name on the command line and in the JSON.
func (rules) Name() string { return "cram" }

// Moves appends to dst the two cells of each domino that fits in c,
// vertical or horizontal: both players have the same moves.
func (rules) Moves(c region.Region, _ bool, dst []uint64) []uint64 {
	vert, horiz := region.Dominoes(c)
	for b := vert; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		dst = append(dst, 1<<i|1<<(i+int(c.W)))
	}
	for b := horiz; b != 0; b &= b - 1 {
		dst = append(dst, 3<<bits.TrailingZeros64(b))
	}
	return dst
}

// Placements is Moves: a domino fits the same way in a region that is
// not connected.
func (r rules) Placements(c region.Region, left bool, dst []uint64) []uint64 {
	return r.Moves(c, left, dst)
}

// Negates is false: every symmetry of the rectangle keeps a Cram value.
func (rules) Negates(canon.Symmetry) bool { return false }

// Impartial is true: values are nimbers, stored as nim-values.
func (rules) Impartial() bool { return true }

// MinCover is 2: every move covers a domino.
func (rules) MinCover() int { return 2 }
