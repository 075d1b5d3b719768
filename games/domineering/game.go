package domineering

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// A Variant is a game of the registry: its rules are above; these methods
// let the generic layers build, answer and play it.

// Negates reports whether s negates values: a symmetry that exchanges
// rows and columns swaps the players' roles (placement.Rules).
func (v Variant) Negates(s canon.Symmetry) bool { return s.Negates() }

// Impartial is false: the players have different moves.
func (v Variant) Impartial() bool { return false }

// MinCover is 2 for Domineering's dominoes and 1 for XT Domineering,
// where a player may cover a single cell.
func (v Variant) MinCover() int {
	if v == XT {
		return 1
	}
	return 2
}

// Summary describes the game for tb help.
func (v Variant) Summary() string {
	if v == XT {
		return "Domineering where a player with no domino left in a region may cover one cell of it: exact values"
	}
	return "Left places vertical dominoes, Right horizontal: exact values, and whole boards' outcomes by search"
}

// Board describes positions to the explorer and tb play.
func (v Variant) Board() query.Board {
	return query.Board{Kind: "2d", Size: "4x4", Start: "....|....|....|....", WholeBoard: v == Plain, Players: playerNames}
}

// Open returns a querier reading f when f is not nil.
func (v Variant) Open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	return NewQuerier(v, f, c)
}

// game is the variant as a placement game.
func (v Variant) game() placement.Game { return placement.Game{Rules: v, Players: playerNames} }

// Params lists the build's parameters.
func (v Variant) Params() []build.Param { return v.game().Params() }

// Build stores every connected region of at most --max-cells cells.
func (v Variant) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	return v.game().Build(ctx, p, opts)
}

// PlayOptions says which of tb play's options the game reads.
func (v Variant) PlayOptions() string {
	return "--as L (vertical) or R; --first L or R; --think D on boards of more than 30 empty cells"
}

// EachValue calls fn with every region a file stores, with its value
// (tb stats).
func (v Variant) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, g cgt.ID) error) error {
	return v.game().EachValue(f, u, fn)
}
