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

// Dominance is what Rules may add: moves that another move of the same
// player is at least as good as, told from the cells alone. The solver
// leaves them out, which changes no value (a canonical form keeps no
// dominated option) and saves summing and comparing their options.
type Dominance interface {
	// Dominated returns the lowest cell of each move of Left (left true)
	// or Right in the connected region c that another move of that
	// player, not itself returned, is at least as good as.
	Dominated(c region.Region, left bool) uint64
}

// Searcher is what the rules of an impartial game may add: a search of
// its own that values a large component faster than the solver (Cram's
// heap search, games/cram/heap). The querier values by it the
// components of more than searchCells cells.
type Searcher interface {
	// Search returns a search on as many cores as workers, each keeping
	// what it finds in a table of at most 2^tableBits slots (0: the
	// search's own default).
	Search(tableBits uint, workers int) NimSearch
}

// NimSearch values the components of an impartial game (Searcher).
type NimSearch interface {
	// Run returns the nim-value of a connected, cropped region, unless
	// done is closed first: then ok is false.
	Run(done <-chan struct{}, c region.Region) (nim int, ok bool)
}

// undominatedMoves appends to dst the moves of Left (left true) or Right
// in the connected region c, less those the rules' Dominance, if they
// have one, says another move is at least as good as.
func undominatedMoves(rules Rules, c region.Region, left bool, dst []uint64) []uint64 {
	moves := rules.Moves(c, left, dst)
	d, ok := rules.(Dominance)
	if !ok {
		return moves
	}
	dominated := d.Dominated(c, left)
	if dominated == 0 {
		return moves
	}
	out := moves[:len(dst)]
	for _, p := range moves[len(dst):] {
		if p&-p&dominated == 0 {
			out = append(out, p)
		}
	}
	return out
}
