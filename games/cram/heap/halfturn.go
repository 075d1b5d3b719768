package heap

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/internal/region"
)

// halfTurnPaired reports whether the second player wins c (a cropped
// region of an impartial placement game, whose moves are list) by
// answering each move with its image under the half-turn of c's box:
// when c is its own image, every move's image is a move, and no move
// meets its image (in Cram, when the centre of the box is not a cell of
// c and does not split a domino of c in two). In a placement game a move
// can be made while its cells are empty, so after a move and its image
// the region is again its own image and every move left still has its
// image left, disjoint from it: the second player always has an answer,
// and c is a second-player win, of nim-value 0. Every even by even
// rectangle of Cram is one.
func halfTurnPaired(c region.Region, list []uint64) bool {
	turn := func(b uint64) uint64 { return halfTurn(c, b) }
	if turn(c.Bits) != c.Bits {
		return false
	}
	for _, d := range list {
		if d&turn(d) != 0 || !slices.Contains(list, turn(d)) {
			return false
		}
	}
	return true
}

// halfTurnOpening reports whether the first player wins c (a cropped
// region, whose moves are list) by a move that is its own image under
// the half-turn of c's box, after which the half-turn pairs what is
// left (halfTurnPaired): in Cram, the domino across the centre of an
// even by odd rectangle. Then c's nim-value is not 0.
func halfTurnOpening(c region.Region, list []uint64) bool {
	turn := func(b uint64) uint64 { return halfTurn(c, b) }
	if turn(c.Bits) != c.Bits {
		return false
	}
	var rest [maxMoves]uint64
	for _, d := range list {
		if turn(d) != d {
			continue
		}
		left := rest[:0]
		for _, m := range list {
			if m&d == 0 {
				left = append(left, m)
			}
		}
		if halfTurnPaired(c.With(c.Bits&^d), left) {
			return true
		}
	}
	return false
}

// halfTurn returns the image of the cells b of c's box under the box's
// half-turn.
func halfTurn(c region.Region, b uint64) uint64 {
	return bits.Reverse64(b) >> (64 - int(c.H)*int(c.W))
}
