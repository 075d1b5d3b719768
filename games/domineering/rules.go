// Package domineering holds the rules of Domineering and XT Domineering on
// regions, and computes exact values: a position is the sum of its
// orthogonally connected components, and each component's canonical form is
// computed once per symmetry class from the values of smaller components.
//
// Left is Vertical: she covers two vertically adjacent empty cells; Right is
// Horizontal. In XT Domineering a player may also cover a single empty cell
// s when no domino of his fits inside the component that contains s.
package domineering

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/region"
)

// Variant is a rule set.
type Variant uint8

// The two rule sets.
const (
	Plain Variant = iota // Domineering
	XT                   // XT Domineering
)

// Name returns the game's name in the command line and the JSON.
func (v Variant) Name() string {
	if v == XT {
		return "xt-domineering"
	}
	return "domineering"
}

// Moves appends to dst the cells each move of Left (left = true) or Right
// covers in the connected region c.
func (v Variant) Moves(c region.Region, left bool, dst []uint64) []uint64 {
	vert, horiz := region.Dominoes(c)
	pieces, second := horiz, uint64(2)
	if left {
		pieces, second = vert, uint64(1)<<c.W
	}
	if pieces == 0 && v == XT {
		for b := c.Bits; b != 0; b &= b - 1 {
			dst = append(dst, b&-b)
		}
		return dst
	}
	for b := pieces; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		dst = append(dst, 1<<i|second<<i)
	}
	return dst
}

// Placements appends to dst the cells each move of Left (left = true) or
// Right covers in r, which need not be connected, in r's own frame.
func (v Variant) Placements(r region.Region, left bool, dst []uint64) []uint64 {
	if v == Plain {
		return v.Moves(r, left, dst)
	}
	for _, comp := range r.ComponentCells(nil) {
		dst = v.Moves(r.With(comp), left, dst)
	}
	return dst
}
