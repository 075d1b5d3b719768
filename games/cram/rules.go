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
	Players: map[string]string{"L": "the first player", "R": "the second player"},
}

// rules are Cram's rules (placement.Rules).
type rules struct{}

// Name is the game's name on the command line and in the JSON.
func (rules) Name() string { return "cram" }

// Moves calls fn with the region left after each domino placed in c,
// vertical or horizontal; both players have the same moves.
func (r rules) Moves(c region.Region, left bool, fn func(after region.Region)) {
	r.Placements(c, left, func(covered uint64) { fn(c.With(c.Bits &^ covered)) })
}

// Placements calls fn with the two cells of each domino that fits in r,
// for either player.
func (rules) Placements(r region.Region, _ bool, fn func(covered uint64)) {
	vert, horiz := region.Dominoes(r)
	for b := vert; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		fn(1<<i | 1<<(i+int(r.W)))
	}
	for b := horiz; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		fn(3 << i)
	}
}

// Negates is false: every symmetry of the rectangle keeps a Cram value.
func (rules) Negates(canon.Symmetry) bool { return false }

// Impartial is true: values are nimbers, stored as nim-values.
func (rules) Impartial() bool { return true }
