// Package placement derives everything but the rules for placement games
// valued exactly: games such as Domineering and Cram, played by covering
// empty cells of a board, where a position is the sum of its orthogonally
// connected regions of empty cells. Given a game's Rules it solves
// components (Solver), builds every region up to a size into a tablebase
// (Build), answers positions with their values and moves (Querier), and
// plays them in the terminal (Play).
package placement

import (
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Rules is what a placement game says of itself.
type Rules interface {
	// Name is the game's name on the command line and in the JSON.
	Name() string
	// Moves appends to dst the cells each move of Left (left true) or
	// Right covers in the connected, cropped region c.
	Moves(c region.Region, left bool, dst []uint64) []uint64
	// Placements appends to dst the cells each move of Left (left true)
	// or Right covers in r, which need not be connected, in r's frame.
	Placements(r region.Region, left bool, dst []uint64) []uint64
	// Negates reports whether the symmetry s of the rectangle (see
	// canon.Symmetry) negates a position's value rather than keeping it.
	Negates(s canon.Symmetry) bool
	// MinCover is the fewest cells a move covers.
	MinCover() int
	// Impartial reports whether both players have the same moves: values
	// are nimbers, stored as nim-values, and each move is listed once.
	Impartial() bool
}
